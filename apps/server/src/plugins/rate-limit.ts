import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { clientKey } from '../lib/client-key.ts';
import type { RateLimiter } from '../lib/rate-limit.ts';

/** The contract's limits (CONTRACT §2), in one place. */
export const LIMITS = {
  /** Keyed on account *and* IP, so failures from one place cannot lock the owner out (auth.service `login`). */
  loginFailuresPerAccount: { limit: 10, windowMs: 15 * 60_000 },
  loginFailuresPerIp: { limit: 100, windowMs: 15 * 60_000 },
  registrationsPerIp: { limit: 30, windowMs: 3600_000 },
  resetMailsPerEmail: { limit: 5, windowMs: 3600_000 },
  verificationResendsPerUser: { limit: 5, windowMs: 3600_000 },
  validatorsPerIp: { limit: 300, windowMs: 60_000 },
  /** Companies a user creates per day: a new company would otherwise reset the invitation limit. */
  teamCreationsPerUser: { limit: 5, windowMs: 24 * 3600_000 },
  /** Invitation mails (new and resent) a user sends per day, across all companies. */
  invitationMailsPerUser: { limit: 100, windowMs: 24 * 3600_000 },
  /** Public selling calls (reservations, orders, the customer's order page): CONTRACT §4, 600 per minute. */
  publicOrdersPerIp: { limit: 600, windowMs: 60_000 },
  /** Calendar feeds (programme, instructor, an order's file): calendar apps poll them; CONTRACT §8. */
  calendarFeedsPerIp: { limit: 300, windowMs: 60_000 },
  /** Mails resent from the email archive: per staff user per day, and copies of one mail per hour. */
  archiveResendsPerUser: { limit: 100, windowMs: 24 * 3600_000 },
  archiveResendsPerMail: { limit: 5, windowMs: 3600_000 },
  /** Public waiting-list sign-ups: CONTRACT §4, 30 per hour. */
  waitinglistPerIp: { limit: 30, windowMs: 3600_000 },
  /**
   * PDF downloads (tickets, invoice, receipt; public link and back office alike), counted before
   * the order is read or anything rendered: a render of 100 tickets costs a worker a few hundred ms.
   */
  documentDownloadsPerIp: { limit: 30, windowMs: 60_000 },
  /** Wrong discount codes at the public checkout/quote, per client and per team (only failures count: takeAttempt). */
  discountFailuresPerIp: { limit: 20, windowMs: 10 * 60_000 },
  discountFailuresPerTeam: { limit: 20, windowMs: 10 * 60_000 },
  /**
   * Mails an anonymous caller causes (order confirmations, waiting-list sign-ups, customer account
   * and reset links), per recipient address across teams and per team, in hourly windows. Counted
   * in PostgreSQL by the statement that writes the mail (lib/mail-quota.ts), not by the limiter:
   * jobs write some of them. Past either, the mail is archived as `skipped` and not sent.
   */
  mailsPerRecipient: { limit: 10, windowMs: 3600_000 },
  mailsPerTeam: { limit: 1000, windowMs: 3600_000 },
  // Order links (issue 20 item 12): a fresh, short-lived link mailed to the order's address on request, per order.
  freshOrderLinksPerOrder: { limit: 3, windowMs: 3600_000 },
  /** Calls with one API token (decision 029), counted before the handler runs. */
  apiTokenRequests: { limit: 600, windowMs: 60_000 },
} as const;

export type LimitName = keyof typeof LIMITS;

export function tooManyRequests(retryAfter: number): AppError {
  return new AppError('RATE_LIMITED', 'errors:too_many_requests', { params: { seconds: retryAfter } });
}

/** Records one attempt against a named limit; throws 429 (with Retry-After) past it. */
export async function consumeLimit(limiter: RateLimiter, name: LimitName, key: string): Promise<void> {
  const { limit, windowMs } = LIMITS[name];
  const r = await limiter.hit(`${name}:${key}`, limit, windowMs);
  if (!r.allowed) throw tooManyRequests(r.retryAfter);
}

/** Throws 429 when the limit is already used up, without counting this attempt. */
export async function checkLimit(limiter: RateLimiter, name: LimitName, key: string): Promise<void> {
  const { limit, windowMs } = LIMITS[name];
  const r = await limiter.peek(`${name}:${key}`, limit, windowMs);
  if (!r.allowed) throw tooManyRequests(r.retryAfter);
}

/** One counted attempt against several limits; `refund` un-counts it (e.g. the password was right). */
export interface Attempt {
  refund(): Promise<void>;
}

/**
 * Counts one attempt against each named limit *before* the work it limits (increment-and-check
 * in one atomic step per limit), so N parallel guesses cannot all pass a check first. Past any
 * limit the attempt is un-counted everywhere and 429 is thrown. For limits that count only
 * failures, call `refund()` when the attempt succeeds.
 */
export async function takeAttempt(limiter: RateLimiter, limits: [LimitName, string][]): Promise<Attempt> {
  const taken: [string, string][] = [];
  const refund = async () => {
    await Promise.all(taken.map(([key, token]) => limiter.refund(key, token)));
  };
  for (const [name, key] of limits) {
    const { limit, windowMs } = LIMITS[name];
    const r = await limiter.hit(`${name}:${key}`, limit, windowMs);
    if (!r.allowed || !r.token) {
      await refund();
      throw tooManyRequests(r.retryAfter);
    }
    taken.push([`${name}:${key}`, r.token]);
  }
  return { refund };
}

/** A preHandler that limits a route per client (an IPv4 address, or an IPv6 /64: `clientKey`). */
export function limitPerIp(name: LimitName) {
  return async (request: FastifyRequest) => consumeLimit(request.server.deps.limiter, name, clientKey(request.ip));
}
