import {
  passwordProblem,
  passwordRuleMessage,
  type Invitation,
  type InviteInput,
  type InviteRegistrationInput,
  type Language,
} from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import { AppError, notFound, validationError } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { constantTimeEqual, randomToken, sha256 } from '../../lib/tokens.ts';
import { consumeLimit, tooManyRequests } from '../../plugins/rate-limit.ts';
import * as repo from './invitations.repo.ts';
import type { InvitationRow } from './invitations.repo.ts';
import { queueInvitationMail } from './invitations.mail.ts';
import { insertMember } from './teams.repo.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';

/**
 * Staff invitations. The token is 32 random bytes, stored as SHA-256 only, valid 7 days and
 * single use; the mail links to the web app's accept page with the raw token as `hash`.
 */
export const INVITATION_TTL_MS = 7 * 24 * 3600_000;
/** Invitation mails (new and resent) per company per hour: keeps a compromised account from spamming. */
export const INVITATION_MAILS_PER_TEAM = { limit: 50, windowMs: 3600_000 };

type Deps = Pick<FastifyInstance['deps'], 'db' | 'config' | 'limiter'>;
interface Inviter {
  id: number;
  firstname: string;
  lastname: string;
}
interface TeamRef {
  id: number;
  name: string;
}

export function toInvitation(row: InvitationRow, inviter: string | null, now = Date.now()): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    language: row.language,
    status: row.expiresAt.getTime() > now ? 'pending' : 'expired',
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    invited_by: inviter,
  };
}

const fullName = (u: Inviter) => `${u.firstname} ${u.lastname}`.trim();

/** Counts one invitation mail per company and per sending user (across all their companies). */
async function countMail(deps: Deps, teamId: number, userId: number): Promise<void> {
  const { limit, windowMs } = INVITATION_MAILS_PER_TEAM;
  const r = await deps.limiter.hit(`invitationMails:${teamId}`, limit, windowMs);
  if (!r.allowed) throw tooManyRequests(r.retryAfter);
  await consumeLimit(deps.limiter, 'invitationMailsPerUser', String(userId));
}

export async function listInvitations(deps: Deps, teamId: number): Promise<Invitation[]> {
  const now = Date.now();
  return (await repo.listOpen(deps.db, teamId)).map((r) => toInvitation(r, r.inviter, now));
}

export async function invite(deps: Deps, team: TeamRef, inviter: Inviter, input: InviteInput, lang: Language): Promise<Invitation> {
  const { db, config } = deps;
  const email = input.email.trim().toLowerCase();
  if (await repo.isMemberByEmail(db, team.id, email)) throw validationError({ email: ['teams:invitations.already_member'] });
  if (await repo.hasPending(db, team.id, email)) throw validationError({ email: ['teams:invitations.already_invited'] });
  await countMail(deps, team.id, inviter.id);
  const token = randomToken(32);
  const row = await db.transaction(async (tx) => {
    await repo.revokeExpired(tx, team.id, email);
    const invitation = await repo.insertInvitation(tx, team.id, {
      email,
      role: input.role,
      tokenHash: sha256(token),
      language: lang,
      invitedBy: inviter.id,
      expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
    });
    await queueInvitationMail(tx, config, {
      teamId: team.id,
      teamName: team.name,
      invitationId: invitation.id,
      email,
      role: invitation.role,
      language: invitation.language,
      inviterName: fullName(inviter),
      token,
    });
    return invitation;
  });
  return toInvitation(row, fullName(inviter));
}

/** New token, new expiry, mailed again (the old link stops working). */
export async function resend(deps: Deps, team: TeamRef, actor: Inviter, invitationId: number): Promise<Invitation> {
  const { db, config } = deps;
  const current = await repo.findOpen(db, team.id, invitationId);
  if (!current) throw notFound();
  if (await repo.isMemberByEmail(db, team.id, current.email)) throw validationError({ email: ['teams:invitations.already_member'] });
  await countMail(deps, team.id, actor.id);
  const token = randomToken(32);
  const row = await db.transaction(async (tx) => {
    const renewed = await repo.renewToken(tx, team.id, invitationId, sha256(token), new Date(Date.now() + INVITATION_TTL_MS));
    if (!renewed) throw notFound();
    await queueInvitationMail(tx, config, {
      teamId: team.id,
      teamName: team.name,
      invitationId: renewed.id,
      email: renewed.email,
      role: renewed.role,
      language: renewed.language,
      inviterName: fullName(actor),
      token,
    });
    return renewed;
  });
  const [listed] = await repo.listOpen(db, team.id, row.id);
  return toInvitation(row, listed?.inviter ?? null);
}

export async function revoke(deps: Deps, teamId: number, invitationId: number): Promise<void> {
  if (!(await repo.revoke(deps.db, teamId, invitationId))) throw notFound();
}

// ------------------------------------------------------------------------------ public

/** The spec's message for every invalid, expired, revoked or used invitation. */
export const invalidInvitation = () => new AppError('VALIDATION_FAILED', 'teams:invitations.invalid', { extra: { success: false } });

/** The open, unexpired invitation the link names, when its token matches. */
async function openInvitation(deps: Deps, teamId: number, invitationId: number, token: string): Promise<InvitationRow | undefined> {
  const row = await repo.findOpen(deps.db, teamId, invitationId);
  if (!row || row.expiresAt.getTime() <= Date.now()) return undefined;
  return constantTimeEqual(sha256(token), row.tokenHash) ? row : undefined;
}

/** Path segments as the link carries them; anything malformed is simply not valid. */
export function parseIds(teamid: string, invitationid: string): { teamId: number; invitationId: number } | undefined {
  const ok = (s: string) => /^\d{1,10}$/.test(s) && Number(s) > 0 && Number(s) <= 2_147_483_647;
  return ok(teamid) && ok(invitationid) ? { teamId: Number(teamid), invitationId: Number(invitationid) } : undefined;
}

export async function validate(deps: Deps, teamid: string, invitationid: string, token: string) {
  const ids = parseIds(teamid, invitationid);
  const row = ids && (await openInvitation(deps, ids.teamId, ids.invitationId, token));
  if (!ids || !row) return { valid: false, user_found: false, team_name: null };
  const [user, name] = await Promise.all([repo.findUserByEmail(deps.db, row.email), repo.teamName(deps.db, ids.teamId)]);
  return { valid: true, user_found: !!user, team_name: name ?? null };
}

/**
 * Accepts an invitation for its e-mail address: an existing account joins at once (whoever is
 * logged in, if anyone); otherwise the registration form creates a verified account (the
 * invitation proves the address). Nobody is logged in.
 */
export async function accept(
  deps: Deps,
  teamid: string,
  invitationid: string,
  token: string,
  form: InviteRegistrationInput | undefined,
  retried = false,
): Promise<void> {
  const { db } = deps;
  const ids = parseIds(teamid, invitationid);
  const row = ids && (await openInvitation(deps, ids.teamId, ids.invitationId, token));
  if (!ids || !row) throw invalidInvitation();
  const existing = await repo.findUserByEmail(db, row.email);

  let passwordHash: string | undefined;
  if (!existing) {
    if (!form) throw validationError({ user: ['required'] }, { success: false });
    const problem = passwordProblem(form.password, { email: row.email, name: `${form.firstname}${form.lastname}` });
    if (problem) throw validationError({ 'user.password': [passwordRuleMessage(problem)] }, { success: false });
    passwordHash = await hashPassword(form.password);
  }

  try {
    await db.transaction(async (tx) => {
      if (!(await repo.markAccepted(tx, row.teamId, row.id))) throw invalidInvitation();
      const user =
        existing ??
        (await repo.insertUser(tx, {
          email: row.email,
          salutation: form!.salutation,
          firstname: form!.firstname,
          lastname: form!.lastname,
          passwordHash: passwordHash!,
          language: row.language,
          newsletter: form!.newsletter ?? false,
          emailVerifiedAt: new Date(),
          currentTeamId: row.teamId,
        }));
      await insertMember(tx, row.teamId, user.id, row.role);
      if (existing) await repo.setCurrentTeamIfNone(tx, row.teamId, user.id);
    });
  } catch (err) {
    // The address was registered between our check and the insert: accept for that account.
    if (isUniqueViolation(err) && !retried) return accept(deps, teamid, invitationid, token, undefined, true);
    throw err;
  }
}
