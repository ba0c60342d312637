import { isVatRegistered, registerSchema, validateVatId, type Language, type LoginInput, type RegisterInput } from '@bookla/shared';
import type { AppDeps } from '../../types.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import { uniqueViolation } from '../../lib/db-errors.ts';
import { mergedValidationError, type DeepPartial } from '../../lib/partial-input.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { randomToken, sha256, urlSigningKey, verifySignedPath } from '../../lib/tokens.ts';
import { consumeLimit, takeAttempt } from '../../plugins/rate-limit.ts';
import { isCountry } from '../reference/index.ts';
import { createDefaultTypeSets } from '../catalogue/setup/index.ts';
import { startVatRegistration } from '../selling/settings/index.ts';
import { startTeamPlan } from '../platform/index.ts';
import * as repo from './auth.repo.ts';
import { queueVerificationMail, VERIFY_TTL_MS } from './mails.ts';
import { clearLoginFailures, loginLimits } from './login-limits.ts';
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

/**
 * What the shape check cannot know: uniqueness and reference data. All problems at once, also
 * for a partly valid body (a check runs whenever its own field parsed; see partial-input.ts).
 */
async function registrationProblems(
  deps: Deps,
  input: DeepPartial<RegisterInput>,
): Promise<{ fields: Record<string, string[]>; vatId: string | null }> {
  const user = input.user ?? {};
  const team = input.team ?? {};
  const fields: Record<string, string[]> = {};
  const add = (path: string, key: string | undefined) => {
    if (key) (fields[path] ??= []).push(key);
  };
  const when = <T, R>(value: T | undefined, check: (v: T) => Promise<R>) => (value === undefined ? undefined : check(value));
  const [email, name, country, currency, zone, referral] = await Promise.all([
    when(user.email, (v) => checkEmail(deps, v)),
    when(team.name, (v) => checkTeamName(deps, v)),
    when(team.billing_country, (v) => checkCountry(deps, v)),
    when(team.currency, (v) => repo.currencyExists(deps.db, v)),
    when(team.time_zone, (v) => repo.timeZoneExists(deps.db, v)),
    when(user.referral_id, (v) => repo.referralExists(deps.db, v)),
  ]);
  add('user.email', email?.messageKey);
  add('team.name', name?.messageKey);
  add('team.billing_country', country?.messageKey);
  if (currency === false) add('team.currency', 'auth:currency_invalid');
  if (zone === false) add('team.time_zone', 'auth:time_zone_invalid');
  if (referral === false) add('user.referral_id', 'auth:referral_invalid');
  if (team.vat_id === undefined) return { fields, vatId: null };
  // A malformed country leaves the VAT ID's own check (format, check digit).
  const vat = checkVatId(team.vat_id ?? '', country?.valid ? team.billing_country : undefined);
  add('team.vat_id', vat.messageKey);
  return { fields, vatId: vat.normalized ?? null };
}

/** The 422 of a registration body that failed its shape check, with the server's checks merged in. */
export function invalidRegistration(deps: Deps, body: unknown): Promise<AppError> {
  return mergedValidationError(registerSchema, body, async (partial) => (await registrationProblems(deps, partial)).fields);
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
      // The plan chosen at sign-up, from today (CONTRACT §6).
      await startTeamPlan(tx, teamId, input.plan, userId);
      // Registered for VAT (its choice, else a VAT ID given): VAT is charged with that number (issue 22 item 1).
      if (vatId && isVatRegistered({ vat_registered: team.vat_registered, vat_id: vatId })) await startVatRegistration(tx, teamId, vatId);
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

/**
 * Where the verification link leads (issue 9): login with `verified` (address confirmed, also when
 * a used link is followed again), `verification_expired` (an authentic link that no longer works:
 * expired or replaced by a newer one; `userId` lets the page offer a new link) or
 * `verification_invalid` (tampered, unsigned or of an unknown user).
 */
export type VerificationStatus = 'verified' | 'verification_expired' | 'verification_invalid';

export async function verifyEmail(
  deps: Deps,
  params: { id: string; hash: string; expires?: string; signature?: string },
  fallbackLang: Language,
): Promise<{ status: VerificationStatus; lang: Language; userId?: number }> {
  const path = `/api/srl/email/verify/${params.id}/${params.hash}`;
  const signed = verifySignedPath(urlSigningKey(deps.config), path, params.expires, params.signature);
  // An authentic link (even an expired one) names its user: answer in that user's language.
  const user = signed !== 'invalid' && /^\d{1,9}$/.test(params.id) ? await repo.findUserById(deps.db, Number(params.id)) : undefined;
  if (!user) return { status: 'verification_invalid', lang: fallbackLang };
  if (signed === 'ok') {
    const token = await repo.findLiveToken(deps.db, 'verify_email', sha256(params.hash));
    if (token && token.subjectId === user.id && (await repo.consumeToken(deps.db, token.id))) {
      await repo.markEmailVerified(deps.db, user.id);
      return { status: 'verified', lang: user.language };
    }
  }
  // A used (or replaced, or expired) link of an already verified address still says so.
  if (user.emailVerifiedAt) return { status: 'verified', lang: user.language };
  return { status: 'verification_expired', lang: user.language, userId: user.id };
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

const loginFailed = () => new AppError('VALIDATION_FAILED', 'auth:login_failed', { extra: { success: false } });

/**
 * The password step. Unknown address and wrong password answer the same, in about the same
 * time (a dummy hash is verified). Each attempt is counted *before* the password is verified
 * (so parallel guesses cannot outrun the limit) and refunded when the password is right: only
 * failures count. A locked account+IP is refused even with the right password.
 */
export async function login(deps: Deps, input: LoginInput, ip: string): Promise<LoginOutcome> {
  const account = input.email.trim().toLowerCase();
  const attempt = await takeAttempt(deps.limiter, loginLimits(account, ip));
  const user = await repo.findUserByEmail(deps.db, account);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) throw loginFailed();
  await attempt.refund();
  if (!user.emailVerifiedAt) {
    throw new AppError('VALIDATION_FAILED', 'auth:need_verification', {
      extra: {
        success: false,
        need_verification: true,
        user_id: user.id,
      },
    });
  }
  if (isTwoFactorEnabled(user)) return { kind: 'two_factor', user };
  await clearLoginFailures(deps.limiter, account, ip);
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
