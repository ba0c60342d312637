import { clientKey } from '../../../lib/client-key.ts';
import type { RateLimiter } from '../../../lib/rate-limit.ts';
import { tooManyRequests, type LimitName } from '../../../plugins/rate-limit.ts';

/**
 * Limits of the customer accounts, beside the contract's (CONTRACT §2; failed logins use the
 * staff logins' keys, see `login-limits.ts`). Counted before the work, keyed per team where an
 * address is involved: a shop's customer is a different person in another team's shop.
 */
export const CUSTOMER_LIMITS = {
  /** New accounts (and re-registrations) per IP, as staff registrations. */
  registrationsPerIp: { limit: 30, windowMs: 3600_000 },
  /** Mails with a link (log-in link, confirmation, "you already have an account") per address, as reset mails. */
  linkMailsPerEmail: { limit: 5, windowMs: 3600_000 },
  /** Such mails per IP, so one client cannot mail many addresses. */
  linkMailsPerIp: { limit: 30, windowMs: 3600_000 },
  /** Link landings per IP (a token has 256 bits; this keeps guessing and load bounded). */
  linkLandingsPerIp: { limit: 60, windowMs: 15 * 60_000 },
} as const;

export type CustomerLimit = keyof typeof CUSTOMER_LIMITS;

/** Counts one attempt; 429 with Retry-After past the limit. */
export async function consumeCustomerLimit(limiter: RateLimiter, name: CustomerLimit, key: string): Promise<void> {
  const { limit, windowMs } = CUSTOMER_LIMITS[name];
  const r = await limiter.hit(`customer.${name}:${key}`, limit, windowMs);
  if (!r.allowed) throw tooManyRequests(r.retryAfter);
}

/**
 * Failed log-ins count on the staff log-ins' limits and keys (features/auth/login-limits.ts): 100
 * per IP, and 10 per account from one IP, the account being the address in this team's shop.
 */
export const customerLoginLimits = (teamId: number, email: string, ip: string): [LimitName, string][] => [
  ['loginFailuresPerIp', clientKey(ip)],
  ['loginFailuresPerAccount', `customer:${teamId}:${email.trim().toLowerCase()}|${clientKey(ip)}`],
];

/** Forgets the failures of an address from an IP after a completed log-in. */
export async function clearCustomerLoginFailures(limiter: RateLimiter, teamId: number, email: string, ip: string): Promise<void> {
  await limiter.reset(`loginFailuresPerAccount:customer:${teamId}:${email.trim().toLowerCase()}|${clientKey(ip)}`);
}
