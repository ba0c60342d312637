import { validateVatId, type Language, type LoginInput, type RegisterInput } from '@bookla/shared';
import type { AppDeps } from '../../types.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { randomToken, sha256, verifySignedPath } from '../../lib/tokens.ts';
import { checkLimit, consumeLimit } from '../../plugins/rate-limit.ts';
import { isCountry } from '../reference/reference.service.ts';
import { createDefaultTypeSets } from '../catalogue/catalogue.service.ts';
import * as repo from './auth.repo.ts';
import { queueVerificationMail, VERIFY_TTL_MS } from './mails.ts';
import { isTwoFactorEnabled } from './two-factor.ts';

/** Registration, validators, e-mail verification and the password step of login (spec §7). */
type Deps = Pick<AppDeps, 'db' | 'config' | 'limiter'>;

// ------------------------------------------------------------------------------ validators

/** A validator's answer; `messageKey` only when invalid. */
export interface Validity {
  valid: boolean;
  messageKey?: string;
}

const VAT_MESSAGES = { format: 'auth:vat_format', checksum: 'auth:vat_checksum', country_mismatch: 'auth:vat_country_mismatch' } as const;

export function checkVatId(vatId: string, country?: string): Validity & { normalized?: string } {
  if (!vatId.trim()) return { valid: true };
  const r = validateVatId(vatId, country || undefined);
  return r.valid ? { valid: true, normalized: r.normalized } : { valid: false, messageKey: VAT_MESSAGES[r.reason ?? 'format'] };
}

export async function checkCountry(deps: Deps, country: string): Promise<Validity> {
  const ok = /^[a-z]{2}$/i.test(country.trim()) && (await isCountry(deps.db, country.trim()));
  return ok ? { valid: true } : { valid: false, messageKey: 'auth:country_invalid' };
}

export async function checkTeamName(deps: Deps, name: string): Promise<Validity> {
  if (!name.trim()) return { valid: false, messageKey: 'validation:required' };
  return (await repo.teamNameTaken(deps.db, name)) ? { valid: false, messageKey: 'auth:team_name_taken' } : { valid: true };
}

export async function checkEmail(deps: Deps, email: string): Promise<Validity> {
  const trimmed = email.trim();
  if (!trimmed) return { valid: false, messageKey: 'validation:required' };
  if (trimmed.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed)) return { valid: false, messageKey: 'validation:email' };
  return (await repo.emailTaken(deps.db, trimmed)) ? { valid: false, messageKey: 'auth:email_taken' } : { valid: true };
}

// ------------------------------------------------------------------------------ registration

/** What the shape check cannot know: uniqueness and reference data. All problems at once. */
async function registrationProblems(deps: Deps, input: RegisterInput): Promise<{ fields: Record<string, string[]>; vatId: string | null }> {
  const { user, team } = input;
  const fields: Record<string, string[]> = {};
  const add = (path: string, key: string | undefined) => {
    if (key) (fields[path] ??= []).push(key);
  };
  const [email, name, country, currency, zone, referral] = await Promise.all([
    checkEmail(deps, user.email),
    checkTeamName(deps, team.name),
    checkCountry(deps, team.billing_country),
    repo.currencyExists(deps.db, team.currency),
    repo.timeZoneExists(deps.db, team.time_zone),
    repo.referralExists(deps.db, user.referral_id),
  ]);
  add('user.email', email.messageKey);
  add('team.name', name.messageKey);
  add('team.billing_country', country.messageKey);
  if (!currency) add('team.currency', 'auth:currency_invalid');
  if (!zone) add('team.time_zone', 'auth:time_zone_invalid');
  if (!referral) add('user.referral_id', 'auth:referral_invalid');
  const vat = checkVatId(team.vat_id ?? '', team.billing_country);
  add('team.vat_id', vat.messageKey);
  return { fields, vatId: vat.normalized ?? null };
}

function uniqueViolation(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505') return constraint ?? '';
  }
  return undefined;
}

/**
 * Creates user (unverified), company, owner membership and current team in one transaction
 * with the verification mail (outbox), so either all of it exists or none.
 */
export async function register(deps: Deps, input: RegisterInput, lang: Language): Promise<{ userId: number }> {
  const { fields, vatId } = await registrationProblems(deps, input);
  if (Object.keys(fields).length) throw validationError(fields);
  const { user, team } = input;
  const passwordHash = await hashPassword(user.password);
  try {
    return await deps.db.transaction(async (tx) => {
      const { userId, teamId } = await repo.insertAccount(
        tx,
        {
          email: user.email,
          firstname: user.firstname,
          lastname: user.lastname,
          salutation: user.salutation,
          passwordHash,
          language: lang,
          newsletter: user.newsletter,
          referralId: user.referral_id,
        },
        {
          name: team.name,
          phonePrefix: team.phone_prefix,
          phoneNumber: team.phone_number,
          currency: team.currency,
          languages: [...new Set(team.languages)],
          timeZone: team.time_zone,
          billingAddress: team.billing_address,
          billingAddressLine2: team.billing_address_line_2,
          billingCity: team.billing_city,
          billingState: team.billing_state,
          billingPostalCode: team.billing_postal_code,
          billingCountry: team.billing_country,
          vatId,
        },
      );
      await createDefaultTypeSets(tx, teamId);
      await issueVerification(tx, deps.config, { id: userId, email: user.email, firstname: user.firstname, language: lang });
      return { userId };
    });
  } catch (err) {
    // Two sign-ups racing for the same address or name: the unique index decides.
    const constraint = uniqueViolation(err);
    if (constraint === undefined) throw err;
    throw validationError(
      constraint.startsWith('teams') ? { 'team.name': ['auth:team_name_taken'] } : { 'user.email': ['auth:email_taken'] },
    );
  }
}

// ------------------------------------------------------------------------------ verification

/** Where the verification link leads: login with `registration_success` or `expired`. */
export async function verifyEmail(
  deps: Deps,
  params: { id: string; hash: string; expires?: string; signature?: string },
  fallbackLang: Language,
): Promise<{ status: 'registration_success' | 'expired'; lang: Language }> {
  const path = `/api/srl/email/verify/${params.id}/${params.hash}`;
  const signed = verifySignedPath(deps.config.sessionSecret, path, params.expires, params.signature);
  // An authentic link (even an expired one) names its user: answer in that user's language.
  const user = signed !== 'invalid' && /^\d{1,9}$/.test(params.id) ? await repo.findUserById(deps.db, Number(params.id)) : undefined;
  if (signed !== 'ok' || !user) return { status: 'expired', lang: user?.language ?? fallbackLang };
  const token = await repo.findLiveToken(deps.db, 'verify_email', sha256(params.hash));
  if (token && token.subjectId === user.id && (await repo.consumeToken(deps.db, token.id))) {
    await repo.markEmailVerified(deps.db, user.id);
    return { status: 'registration_success', lang: user.language };
  }
  // A used (or replaced) link of an already verified address still lands on the success notice.
  return { status: user.emailVerifiedAt ? 'registration_success' : 'expired', lang: user.language };
}

/** A new single-use token (older unused ones stop working) and its mail. */
async function issueVerification(
  db: DbOrTx,
  config: Deps['config'],
  user: { id: number; email: string; firstname: string; language: Language },
) {
  const token = randomToken();
  await repo.replaceToken(db, 'verify_email', user.id, sha256(token), new Date(Date.now() + VERIFY_TTL_MS));
  await queueVerificationMail(db, config, user, token);
}

/** A new link, at most 5 per user and hour; silent about unknown or verified users. */
export async function resendVerification(deps: Deps, userId: number): Promise<void> {
  await consumeLimit(deps.limiter, 'verificationResendsPerUser', String(userId));
  const user = await repo.findUserById(deps.db, userId);
  if (!user || user.emailVerifiedAt) return;
  await issueVerification(deps.db, deps.config, user);
}

// ------------------------------------------------------------------------------ login

export type LoginOutcome = { kind: 'ok'; user: repo.UserRow } | { kind: 'two_factor'; user: repo.UserRow };

const loginFailed = () => new AppError('VALIDATION_FAILED', 'auth:login_failed', {}, undefined, { success: false });

/**
 * The password step. Unknown address and wrong password answer the same, in about the same
 * time (a dummy hash is verified). Only failures count against the limits (10 per account,
 * 100 per IP in 15 min); a locked account is refused even with the right password.
 */
export async function login(deps: Deps, input: LoginInput, ip: string): Promise<LoginOutcome> {
  const account = input.email.trim().toLowerCase();
  await checkLimit(deps.limiter, 'loginFailuresPerIp', ip);
  await checkLimit(deps.limiter, 'loginFailuresPerAccount', account);
  const user = await repo.findUserByEmail(deps.db, account);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) {
    await consumeLimit(deps.limiter, 'loginFailuresPerIp', ip);
    await consumeLimit(deps.limiter, 'loginFailuresPerAccount', account);
    throw loginFailed();
  }
  if (!user.emailVerifiedAt) {
    throw new AppError('VALIDATION_FAILED', 'auth:need_verification', {}, undefined, {
      success: false,
      need_verification: true,
      user_id: user.id,
    });
  }
  if (isTwoFactorEnabled(user)) return { kind: 'two_factor', user };
  await deps.limiter.reset(`loginFailuresPerAccount:${account}`);
  return { kind: 'ok', user };
}

/** The user as `GET /api/srl/user` shows it. */
export function publicUser(user: repo.UserRow) {
  return {
    id: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    salutation: user.salutation,
    language: user.language,
    two_factor_enabled: isTwoFactorEnabled(user),
  };
}
