import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { RateLimiter } from '../lib/rate-limit.ts';

/** The contract's limits (CONTRACT §2), in one place. */
export const LIMITS = {
  loginFailuresPerAccount: { limit: 10, windowMs: 15 * 60_000 },
  loginFailuresPerIp: { limit: 100, windowMs: 15 * 60_000 },
  registrationsPerIp: { limit: 30, windowMs: 3600_000 },
  resetMailsPerEmail: { limit: 5, windowMs: 3600_000 },
  verificationResendsPerUser: { limit: 5, windowMs: 3600_000 },
  validatorsPerIp: { limit: 300, windowMs: 60_000 },
} as const;

export type LimitName = keyof typeof LIMITS;

export function tooManyRequests(retryAfter: number): AppError {
  return new AppError('RATE_LIMITED', 'errors:too_many_requests', { seconds: retryAfter });
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

/** A preHandler that limits a route per client IP. */
export function limitPerIp(name: LimitName) {
  return async (request: FastifyRequest) => consumeLimit(request.server.deps.limiter, name, request.ip);
}
