import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { AppDeps } from '../../types.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { deriveKey } from '../../lib/keys.ts';
import { decryptWithKey, encryptWithKey } from '../../lib/secret-box.ts';
import { takeAttempt } from '../../plugins/rate-limit.ts';
import { constantTimeEqual, sha256 } from '../../lib/tokens.ts';
import * as repo from './auth.repo.ts';
import { clearLoginFailures, loginLimits } from './login-limits.ts';

/**
 * Two-factor authentication with TOTP (RFC 6238: HMAC-SHA-1, 30 s steps, 6 digits, one step
 * of clock drift either way) and ten single-use recovery codes (stored as HMAC-SHA-256 under a
 * key derived from SESSION_SECRET, so a leaked table cannot be searched with precomputed hashes).
 * The TOTP secret is stored encrypted (AES-256-GCM, key derived from SESSION_SECRET by HKDF).
 */
export const TOTP_STEP_S = 30;
export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;

// ------------------------------------------------------------------------------ base32 (RFC 4648)

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(input: string): Buffer {
  const clean = input.toUpperCase().replace(/[\s=-]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const idx = ALPHABET.indexOf(ch);
    if (idx < 0) throw new Error('invalid base32');
    value = (value << 5) | idx;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

// ------------------------------------------------------------------------------ TOTP

/** HOTP (RFC 4226) of a counter. */
export function hotp(secret: Buffer, counter: number, digits = TOTP_DIGITS): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', secret).update(msg).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const code = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(code).padStart(digits, '0');
}

/** The TOTP code of a base32 secret at a time (ms). */
export function totp(secretBase32: string, at = Date.now(), digits = TOTP_DIGITS): string {
  return hotp(base32Decode(secretBase32), Math.floor(at / 1000 / TOTP_STEP_S), digits);
}

/** The time step the code belongs to (current step or one before/after), or null. */
export function matchTotpStep(secretBase32: string, code: string, at = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const secret = base32Decode(secretBase32);
  const step = Math.floor(at / 1000 / TOTP_STEP_S);
  let matched: number | null = null;
  for (const drift of [-1, 0, 1]) if (constantTimeEqual(hotp(secret, step + drift), code)) matched = step + drift;
  return matched;
}

/** True when the code matches the current step or one step before/after. */
export function verifyTotp(secretBase32: string, code: string, at = Date.now()): boolean {
  return matchTotpStep(secretBase32, code, at) !== null;
}

export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

export function otpauthUrl(issuer: string, account: string, secret: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const q = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: String(TOTP_DIGITS), period: String(TOTP_STEP_S) });
  return `otpauth://totp/${label}?${q.toString()}`;
}

// ------------------------------------------------------------------------------ secret at rest

/**
 * The TOTP secret's key: HKDF of SESSION_SECRET with its own salt and info (it predates lib/keys.ts;
 * changing the derivation would make every stored secret unreadable). The cipher is lib/secret-box.
 */
function key(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'bookla-totp', 'totp-secret-v1', 32));
}

/** `v1.<iv>.<tag>.<ciphertext>` (base64url). */
export function encryptSecret(sessionSecret: string, plain: string): string {
  return encryptWithKey(key(sessionSecret), plain);
}

export function decryptSecret(sessionSecret: string, stored: string): string {
  return decryptWithKey(key(sessionSecret), stored);
}

// ------------------------------------------------------------------------------ recovery codes

/** `xxxxx-xxxxx` from an unambiguous alphabet, 50 bits each. */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('');
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
}

const normalizeRecovery = (code: string) => code.trim().toLowerCase().replace(/[\s-]/g, '');
/** The stored form of a recovery code: `v2:` + HMAC-SHA-256 under the server's recovery-code key. */
export const recoveryHash = (sessionSecret: string, code: string) =>
  'v2:' + createHmac('sha256', deriveKey(sessionSecret, 'recovery-codes')).update(normalizeRecovery(code)).digest('hex');
/**
 * Codes issued before v2 were stored as plain SHA-256 (no prefix). They cannot be re-hashed without
 * the plaintext, so they keep working until used or replaced by a new setup.
 */
const legacyRecoveryHash = (code: string) => sha256(normalizeRecovery(code));

// ------------------------------------------------------------------------------ service

type Deps = Pick<AppDeps, 'db' | 'config' | 'limiter'>;
type User = repo.UserRow;

export const isTwoFactorEnabled = (user: Pick<User, 'totpEnabledAt' | 'totpSecret'>) => !!user.totpEnabledAt && !!user.totpSecret;

/** Checks a TOTP or recovery code of a user with 2FA enabled; a recovery code is used up. */
export async function checkUserCode(deps: Deps, user: User, code: string): Promise<boolean> {
  const trimmed = code.trim().replace(/\s/g, '');
  if (/^\d{6}$/.test(trimmed)) {
    if (!user.totpSecret) return false;
    const step = matchTotpStep(decryptSecret(deps.config.sessionSecret, user.totpSecret), trimmed);
    // Each code works once: a code seen on the wire cannot be replayed within its window.
    return step !== null && repo.claimTotpStep(deps.db, user.id, step);
  }
  if (normalizeRecovery(code).length !== 10) return false;
  return (
    (await repo.consumeRecoveryCode(deps.db, user.id, recoveryHash(deps.config.sessionSecret, code))) ||
    repo.consumeRecoveryCode(deps.db, user.id, legacyRecoveryHash(code))
  );
}

/**
 * Attempts with a wrong code or password count as failed logins of the account (from this IP).
 * The attempt is counted before it is checked, so parallel guesses cannot outrun the limit, and
 * refunded when it succeeds.
 */
async function guarded<T>(deps: Deps, user: User, ip: string, check: () => Promise<T | false>): Promise<T | false> {
  const attempt = await takeAttempt(deps.limiter, loginLimits(user.email, ip));
  const result = await check();
  if (result !== false) await attempt.refund();
  return result;
}

/** Second step of a login: true when the code is right (limits apply). */
export async function verifyLoginCode(deps: Deps, user: User, code: string, ip: string): Promise<boolean> {
  const ok = await guarded(deps, user, ip, async () => (await checkUserCode(deps, user, code)) || false);
  if (ok) await clearLoginFailures(deps.limiter, user.email, ip);
  return ok === true;
}

/** A password-step login waits this long for its second factor. */
export const PENDING_LOGIN_TTL_MS = 10 * 60_000;

/**
 * Second login step: the user whose password was accepted (kept in the session) and a valid
 * code. Wrong codes count as failed logins; an old or missing first step must be redone.
 */
export async function completeLogin(deps: Deps, pending: { userId: unknown; at: unknown }, code: string, ip: string): Promise<User> {
  const fresh = typeof pending.at === 'number' && Date.now() - pending.at < PENDING_LOGIN_TTL_MS;
  const user = fresh && typeof pending.userId === 'number' ? await repo.findUserById(deps.db, pending.userId) : undefined;
  if (!user || !isTwoFactorEnabled(user)) throw new AppError('VALIDATION_FAILED', 'auth:two_factor_expired', { extra: { success: false } });
  if (!(await verifyLoginCode(deps, user, code, ip))) {
    throw new AppError('VALIDATION_FAILED', 'auth:two_factor_invalid', { extra: { success: false } });
  }
  return user;
}

/** Setup: a new secret, kept (encrypted) in the session until confirmed. */
export function startSetup(deps: Deps, user: User): { secret: string; otpauth_url: string; pendingEncrypted: string } {
  if (isTwoFactorEnabled(user)) throw new AppError('CONFLICT', 'auth:two_factor_already_enabled');
  const secret = newTotpSecret();
  return {
    secret,
    otpauth_url: otpauthUrl(deps.config.appName, user.email, secret),
    pendingEncrypted: encryptSecret(deps.config.sessionSecret, secret),
  };
}

/** Confirm: the first code proves the app has the secret; enables 2FA and returns the recovery codes once. */
export async function confirmSetup(deps: Deps, user: User, pendingEncrypted: unknown, code: string, ip: string): Promise<string[]> {
  if (isTwoFactorEnabled(user)) throw new AppError('CONFLICT', 'auth:two_factor_already_enabled');
  if (typeof pendingEncrypted !== 'string')
    throw new AppError('VALIDATION_FAILED', 'auth:two_factor_not_pending', { fields: { code: ['auth:two_factor_not_pending'] } });
  let secret: string;
  try {
    secret = decryptSecret(deps.config.sessionSecret, pendingEncrypted);
  } catch {
    throw new AppError('VALIDATION_FAILED', 'auth:two_factor_not_pending', { fields: { code: ['auth:two_factor_not_pending'] } });
  }
  const ok = await guarded(deps, user, ip, async () => verifyTotp(secret, code.trim()) || false);
  if (!ok) throw validationError({ code: ['auth:two_factor_invalid'] });
  const codes = newRecoveryCodes();
  await repo.enableTotp(
    deps.db,
    user.id,
    encryptSecret(deps.config.sessionSecret, secret),
    codes.map((c) => recoveryHash(deps.config.sessionSecret, c)),
  );
  return codes;
}

/**
 * Disable: needs the current password *and* a current TOTP code or a recovery code, so a stolen
 * session plus a phished password is not enough. One counted attempt covers both; a wrong one
 * counts as a failed login. The code is only checked (and a recovery code only used up) after
 * the password is right.
 */
export async function disable(deps: Deps, user: User, input: { password: string; code: string }, ip: string): Promise<void> {
  // Which one was wrong is not secret here: the session's owner is asking.
  const wrong: { field: 'password' | 'code' } = { field: 'password' };
  const ok = await guarded(deps, user, ip, async () => {
    if (!(await verifyPassword(user.passwordHash, input.password))) return false;
    wrong.field = 'code';
    return (await checkUserCode(deps, user, input.code)) || false;
  });
  if (!ok)
    throw validationError(wrong.field === 'password' ? { password: ['auth:password_incorrect'] } : { code: ['auth:two_factor_invalid'] });
  await repo.disableTotp(deps.db, user.id);
}

/**
 * Confirms a logged-in user before a sensitive change (where a company's money goes): the current
 * password and, when two-factor is on, a current TOTP or recovery code. Counted like a failed login
 * before it is checked (parallel guesses cannot outrun the limit) and refunded when right; wrong:
 * 422 on `current_password` or `totp_code`, missing: 422 `required` on the field.
 */
export async function confirmIdentity(
  deps: Deps,
  user: User,
  input: { password?: string | null | undefined; code?: string | null | undefined },
  ip: string,
): Promise<void> {
  const twoFactor = isTwoFactorEnabled(user);
  const missing: Record<string, string[]> = {};
  if (!input.password) missing.current_password = ['required'];
  if (twoFactor && !input.code?.trim()) missing.totp_code = ['required'];
  if (Object.keys(missing).length) throw validationError(missing);
  const wrong: { field: 'current_password' | 'totp_code' } = { field: 'current_password' };
  const ok = await guarded(deps, user, ip, async () => {
    if (!(await verifyPassword(user.passwordHash, input.password!))) return false;
    if (!twoFactor) return true;
    wrong.field = 'totp_code';
    return (await checkUserCode(deps, user, input.code!)) || false;
  });
  if (!ok)
    throw validationError(
      wrong.field === 'current_password' ? { current_password: ['auth:password_incorrect'] } : { totp_code: ['auth:two_factor_invalid'] },
    );
}
