import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { unauthenticated } from '../../../lib/app-error.ts';
import { randomToken, sha256 } from '../../../lib/tokens.ts';
import * as repo from './customer-accounts.repo.ts';

/**
 * Sessions of shop customers, apart from staff sessions: their own cookie, their own table, one
 * team each (docs/decisions/013-customer-accounts.md).
 *
 * - The cookie `bookla_customer` holds a 256-bit random token (signed like the staff cookie);
 *   `customer_sessions` keeps only its SHA-256. HttpOnly, SameSite=Lax, Secure under https.
 * - Its path is the team's customer API, `/api/customer/teams/{teamId}`: the browser sends it to
 *   that team's calls only (never to staff calls, page loads or another team's shop), and each
 *   team's shop has its own cookie. The server checks the team as well: a session of team A is no
 *   session for team B, whatever cookie arrives.
 * - 30 days at most, 7 days without use; `last_seen_at` written at most once a minute. Login and
 *   link landings rotate the token; logout deletes the row; a new password ends the other sessions.
 */
export const CUSTOMER_COOKIE = 'bookla_customer';
export const CUSTOMER_ABSOLUTE_MS = 30 * 24 * 3600_000;
export const CUSTOMER_IDLE_MS = 7 * 24 * 3600_000;
const TOUCH_MS = 60_000;

export const customerCookiePath = (teamId: number) => `/api/customer/teams/${teamId}`;

export interface CustomerPrincipal {
  sessionId: string;
  customer: repo.CustomerRow;
}

/** What the request's cookie named, per team (loaded once per request). */
const loaded = new WeakMap<FastifyRequest, Map<number, CustomerPrincipal | null>>();

function cookieToken(request: FastifyRequest): string | null {
  const raw = request.cookies[CUSTOMER_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : null;
}

const isExpired = (s: { expiresAt: Date; lastSeenAt: Date }, now: number) =>
  s.expiresAt.getTime() <= now || s.lastSeenAt.getTime() + CUSTOMER_IDLE_MS <= now;

/** The customer logged in to this team's shop, or null. */
export async function customerOf(db: Db, request: FastifyRequest, teamId: number): Promise<CustomerPrincipal | null> {
  const cache = loaded.get(request) ?? new Map<number, CustomerPrincipal | null>();
  loaded.set(request, cache);
  if (cache.has(teamId)) return cache.get(teamId)!;
  const token = cookieToken(request);
  let principal: CustomerPrincipal | null = null;
  if (token) {
    const id = sha256(token);
    const found = await repo.findSession(db, teamId, id);
    const now = Date.now();
    if (found && isExpired(found.session, now)) await repo.deleteSession(db, id);
    else if (found) {
      if (now - found.session.lastSeenAt.getTime() > TOUCH_MS) await repo.touchSession(db, id, new Date(now));
      principal = { sessionId: id, customer: found.customer };
    }
  }
  cache.set(teamId, principal);
  return principal;
}

/** 401 without a session of this team. */
export async function requireCustomer(db: Db, request: FastifyRequest, teamId: number): Promise<CustomerPrincipal> {
  const principal = await customerOf(db, request, teamId);
  if (!principal) throw unauthenticated();
  return principal;
}

const cookieOptions = (request: FastifyRequest, teamId: number) => ({
  path: customerCookiePath(teamId),
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: request.server.deps.config.secure,
});

/** Logs the customer in: the old session of this team (if any) ends, a new token is set. */
export async function startCustomerSession(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  teamId: number,
  customerId: number,
): Promise<CustomerPrincipal> {
  const previous = await customerOf(db, request, teamId);
  if (previous) await repo.deleteSession(db, previous.sessionId);
  await repo.deleteExpiredSessions(db, customerId, new Date(Date.now() - CUSTOMER_IDLE_MS));
  const token = randomToken(32);
  const id = sha256(token);
  const now = new Date();
  await repo.insertSession(db, {
    id,
    customerId,
    teamId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + CUSTOMER_ABSOLUTE_MS),
  });
  reply.setCookie(CUSTOMER_COOKIE, token, { ...cookieOptions(request, teamId), signed: true, maxAge: CUSTOMER_ABSOLUTE_MS / 1000 });
  const customer = await repo.findCustomer(db, teamId, customerId);
  if (!customer) throw unauthenticated();
  const principal = { sessionId: id, customer };
  loaded.get(request)?.set(teamId, principal);
  return principal;
}

/** Logout: the row goes, the cookie is cleared. */
export async function endCustomerSession(db: Db, request: FastifyRequest, reply: FastifyReply, teamId: number): Promise<void> {
  const current = await customerOf(db, request, teamId);
  if (current) await repo.deleteSession(db, current.sessionId);
  loaded.get(request)?.set(teamId, null);
  reply.clearCookie(CUSTOMER_COOKIE, cookieOptions(request, teamId));
}
