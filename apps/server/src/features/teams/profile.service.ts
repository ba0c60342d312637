import {
  passwordProblem,
  passwordRuleMessage,
  type PasswordChangeInput,
  type Profile,
  type ProfileInput,
  type SessionInfo,
} from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import { notFound, validationError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { tooManyRequests } from '../../plugins/rate-limit.ts';
import { INACTIVITY_MS } from '../../plugins/session.ts';
import * as repo from './profile.repo.ts';
import type { UserRow } from './profile.repo.ts';

/** The user's own profile, password and sessions. */

type Deps = Pick<FastifyInstance['deps'], 'db' | 'limiter'>;

/** Wrong current passwords per user in 15 minutes, so a stolen session cannot guess the password. */
export const PASSWORD_CHECKS = { limit: 10, windowMs: 15 * 60_000 };
/** The opaque session id shown to the user: a prefix of the stored hash (never the cookie token). */
export const SESSION_ID_LENGTH = 12;

export function toProfile(u: UserRow): Profile {
  return {
    id: u.id,
    email: u.email,
    salutation: u.salutation,
    firstname: u.firstname,
    lastname: u.lastname,
    language: u.language,
    two_factor_enabled: !!u.totpEnabledAt,
    date_format: u.dateFormat ?? 'auto',
  };
}

export async function updateProfile(deps: Deps, userId: number, input: ProfileInput): Promise<Profile> {
  const user = await repo.updateProfile(deps.db, userId, {
    salutation: input.salutation,
    firstname: input.firstname,
    lastname: input.lastname,
    language: input.language,
    // Absent (an older client): unchanged; `auto` is stored as null (follow the team's country).
    ...(input.date_format === undefined ? {} : { dateFormat: input.date_format === 'auto' ? null : input.date_format }),
  });
  if (!user) throw notFound();
  return toProfile(user);
}

/** Checks the current password (rate-limited) and the new one's rules, then stores its hash. */
export async function changePassword(deps: Deps, user: UserRow, input: PasswordChangeInput): Promise<void> {
  const key = `passwordChange:${user.id}`;
  const { limit, windowMs } = PASSWORD_CHECKS;
  // Counted before the check (atomic increment-and-check), so parallel guesses cannot outrun it.
  const state = await deps.limiter.hit(key, limit, windowMs);
  if (!state.allowed || !state.token) throw tooManyRequests(state.retryAfter);
  if (!(await verifyPassword(user.passwordHash, input.current_password))) {
    throw validationError({ current_password: ['teams:profile.current_password_wrong'] });
  }
  await deps.limiter.refund(key, state.token);
  const problem = passwordProblem(input.password, { email: user.email, name: `${user.firstname}${user.lastname}` });
  if (problem) throw validationError({ password: [passwordRuleMessage(problem)] });
  await repo.updatePasswordHash(deps.db, user.id, await hashPassword(input.password));
  await deps.limiter.reset(key);
}

export async function listSessions(deps: Deps, userId: number, currentId: string | undefined): Promise<SessionInfo[]> {
  const rows = await repo.listSessions(deps.db, userId, new Date(Date.now() - INACTIVITY_MS));
  return rows.map((s) => ({
    id: s.id.slice(0, SESSION_ID_LENGTH),
    created_at: s.createdAt.toISOString(),
    last_seen_at: s.lastSeenAt.toISOString(),
    ip: s.ip,
    user_agent: s.userAgent,
    current: s.id === currentId,
  }));
}

/** Ends one of the user's own sessions (another user's id: 404). */
export async function endSession(deps: Deps, userId: number, id: string): Promise<void> {
  if (!new RegExp(`^[0-9a-f]{${SESSION_ID_LENGTH}}$`).test(id)) throw notFound();
  if ((await repo.deleteSessionsByPrefix(deps.db, userId, id)) === 0) throw notFound();
}
