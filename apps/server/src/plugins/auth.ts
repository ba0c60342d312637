import { ErrorCodes, isInternalStaff, roleHas, type Permission, type Role } from '@bookla/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { authGuard } from './route-docs.ts';
import { teamMembers, teams, users } from '../db/schema/index.ts';
import { AppError, forbidden, unauthenticated } from '../lib/app-error.ts';
import { SESSION_COOKIE, sessionPrincipal } from './session.ts';

export type UserRow = typeof users.$inferSelect;
export type TeamRow = typeof teams.$inferSelect;

/** Who is calling: the user, the current team of the session and the role there. */
export interface Auth {
  user: UserRow;
  team: TeamRow | null;
  role: Role | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
}

/**
 * What an API token sees inside the routes open to it (visibility rules keyed on the role): all
 * of its team's records, as an admin. Which routes it reaches is decided by its scopes alone.
 */
export const TOKEN_ROLE: Role = 'admin';

/**
 * The staff user behind a call, for audit columns: null for an API token, whose changes name the
 * token instead (lib/acting-token.ts). Only routes open to tokens need this over `request.auth`.
 */
export function actingUserId(request: FastifyRequest): number | null {
  if (request.apiToken) return null;
  if (!request.auth) throw unauthenticated();
  return request.auth.user.id;
}

/** True when the current team requires two-factor authentication and the user has none. */
export function twoFactorMissing(request: FastifyRequest): boolean {
  const auth = request.auth;
  return !!auth?.team?.require2fa && !auth.user.totpEnabledAt;
}

function twoFactorRequired(): AppError {
  return new AppError('FORBIDDEN', 'teams:two_factor_required', { extra: { code: ErrorCodes.TWO_FACTOR_REQUIRED } });
}

/** Whether the caller holds a permission right now: role matrix, e-mail domain, team's 2FA rule. */
export function can(request: FastifyRequest, permission: Permission): boolean {
  // An API token reaches only the routes listed for its scopes (plugins/token-routes.ts); within
  // them it may do what an admin may, never the staff-only or team-managing parts.
  if (request.apiToken) return permission !== 'internal.staff' && permission !== 'team.manage' && roleHas(TOKEN_ROLE, permission);
  const auth = request.auth;
  if (!auth) return false;
  if (permission === 'internal.staff') return isInternalStaff(auth.user.email, request.server.deps.config.internalStaffDomains);
  if (!auth.role || !auth.team || twoFactorMissing(request)) return false;
  return roleHas(auth.role, permission);
}

/** preHandler: a logged-in user (401 otherwise). */
export const requireUser = authGuard(async (request: FastifyRequest): Promise<void> => {
  if (!request.auth) throw unauthenticated();
});

/**
 * The current team: 401 without a session, 409 `NO_COMPANY` without a team (the client runs the
 * company check of spec §4), 403 `TWO_FACTOR_REQUIRED` when the team requires 2FA the user lacks.
 */
export function currentTeam(request: FastifyRequest): TeamRow & { role: Role } {
  if (request.apiToken) return Object.assign(request.apiToken.team, { role: TOKEN_ROLE });
  const auth = request.auth;
  if (!auth) throw unauthenticated();
  if (!auth.team || !auth.role) throw new AppError('CONFLICT', 'auth:no_company', { extra: { code: ErrorCodes.NO_COMPANY } });
  if (twoFactorMissing(request)) throw twoFactorRequired();
  return Object.assign(auth.team, { role: auth.role });
}

/** preHandler: logged in, with a current team whose rules the user meets. */
export const requireTeam = authGuard(async (request: FastifyRequest): Promise<void> => {
  currentTeam(request);
});

/** preHandler factory: `requireTeam` plus a permission of the role matrix (403 otherwise). */
export function requirePermission(permission: Permission) {
  return authGuard(async (request: FastifyRequest) => {
    if (permission !== 'internal.staff') currentTeam(request);
    else if (!request.auth) throw unauthenticated();
    if (!can(request, permission)) throw forbidden();
  });
}

/**
 * The session (plugins/session.ts), then user, team and role for its user, on every request, in
 * one hook: the principal is normally read in the same query as the session row; looked up here
 * only when it was not.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  const { db } = app.deps;
  app.decorateRequest('auth', null);
  // One hook for who calls (each hook costs every request, decision 035): an API token first
  // (plugins/api-token.ts), else the session; without a session cookie there is nothing to read.
  app.addHook('onRequest', (request, reply, done) => {
    if (app.apiTokens.handle(request, reply, done)) return;
    if (!request.cookies[SESSION_COOKIE]) return done();
    loadPrincipal(request).then(() => done(), done);
  });
  async function loadPrincipal(request: FastifyRequest) {
    await app.sessions.load(request);
    const userId = request.session?.userId;
    if (!userId) return;
    const preloaded = sessionPrincipal(request);
    if (preloaded !== undefined) {
      request.auth = preloaded;
      return;
    }
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) return;
    const teamId = request.session?.teamId ?? user.currentTeamId;
    let team: TeamRow | null = null;
    let role: Role | null = null;
    if (teamId) {
      const [row] = await db
        .select({ team: teams, role: teamMembers.role })
        .from(teamMembers)
        .innerJoin(teams, eq(teams.id, teamMembers.teamId))
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, user.id)));
      if (row) {
        team = row.team;
        role = row.role;
      }
    }
    request.auth = { user, team, role };
  }
});
