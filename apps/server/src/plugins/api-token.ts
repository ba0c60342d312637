import { createHash } from 'node:crypto';
import { API_TOKEN_PREFIX, type ApiTokenScope } from '@bookla/shared';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { apiTokens, teams } from '../db/schema/index.ts';
import { runAsToken } from '../lib/acting-token.ts';
import { AppError, unauthenticated } from '../lib/app-error.ts';
import { preparedName } from '../lib/sql.ts';
import { consumeLimit } from './rate-limit.ts';
import { guarded } from './route-docs.ts';
import { tokenScopeOf } from './token-routes.ts';

/**
 * `Authorization: Bearer bkl_…` on the back-office API (CONTRACT §8, decision 029).
 *
 * - Only on routes behind an auth guard: a token-enabled route (plugins/token-routes.ts) with the
 *   token's scope runs as the token's team; any other guarded route answers 403 (default deny).
 *   Public routes ignore the header.
 * - No session is read, none is started, no cookie is set, and no CSRF token is needed: the
 *   header is not sent by a browser on its own, so a forged cross-site request cannot carry it.
 * - Every request reads the token's row (unique index on the hash; revoked rows never match), so
 *   a revoke is refused at once on every instance: nothing is cached.
 * - Counted per token before the handler runs (`apiTokenRequests`), and `last_used_*` written at
 *   most once a minute by one conditional UPDATE.
 */

export type TeamRow = typeof teams.$inferSelect;

export interface ApiTokenPrincipal {
  id: number;
  name: string;
  scopes: ApiTokenScope[];
  team: TeamRow;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The API token the request acts with (never together with a session). */
    apiToken: ApiTokenPrincipal | null;
  }
  interface FastifyInstance {
    apiTokens: {
      /**
       * Takes the request when it carries a token on a guarded route: checks it, then calls `done`
       * inside the token's context (or with the refusal). Returns false, calling nothing, otherwise.
       */
      handle(request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void): boolean;
    };
  }
  interface FastifyContextConfig {
    /** Set from the route's hooks: the route needs a login (so a token is refused unless listed). */
    authGuarded?: boolean;
  }
}

/** `bkl_` and 43 base64url characters (256 bits). */
const TOKEN_FORMAT = /^bkl_[A-Za-z0-9_-]{43}$/;
const TOUCH_MS = 60_000;

export const hashApiToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The bearer credential of a request: undefined without an `Authorization: Bearer` header. */
export function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const m = /^Bearer(?:\s+(.*))?$/i.exec(header.trim());
  return m ? (m[1] ?? '').trim() : undefined;
}

function refuse(reply: FastifyReply, error: string): AppError {
  reply.header('www-authenticate', `Bearer realm="api", error="${error}"`);
  return unauthenticated();
}

export const apiTokenPlugin = fp(async (app: FastifyInstance) => {
  const { db } = app.deps;
  const lookup = db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      scopes: apiTokens.scopes,
      lastUsedAt: apiTokens.lastUsedAt,
      team: teams,
    })
    .from(apiTokens)
    .innerJoin(teams, eq(teams.id, apiTokens.teamId))
    .where(and(eq(apiTokens.tokenHash, sql.placeholder('hash')), isNull(apiTokens.revokedAt)))
    .prepare(preparedName('api_token_lookup'));

  app.decorateRequest('apiToken', null);
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), authGuarded: guarded(route) };
  });

  async function authenticate(request: FastifyRequest, reply: FastifyReply, raw: string): Promise<ApiTokenPrincipal> {
    const scope = tokenScopeOf(request.method, request.routeOptions.url ?? '');
    if (!TOKEN_FORMAT.test(raw) || !raw.startsWith(API_TOKEN_PREFIX)) throw refuse(reply, 'invalid_token');
    const [row] = await lookup.execute({ hash: hashApiToken(raw) });
    if (!row) throw refuse(reply, 'invalid_token');
    if (!scope || !row.scopes.includes(scope)) {
      reply.header('www-authenticate', `Bearer realm="api", error="insufficient_scope"${scope ? `, scope="${scope}"` : ''}`);
      throw new AppError('FORBIDDEN', scope ? 'integrations:token.scope_missing' : 'integrations:token.not_allowed', {
        params: { scope: scope ?? '' },
        // `success: false` as well: routes whose own 403 reply carries it (permission checks) document that body.
        extra: { success: false },
      });
    }
    await consumeLimit(app.deps.limiter, 'apiTokenRequests', String(row.id));
    if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > TOUCH_MS) {
      // Conditional: of parallel requests (or instances) in the same minute, one writes.
      await db
        .update(apiTokens)
        .set({ lastUsedAt: sql`now()`, lastUsedIp: request.ip })
        .where(
          and(eq(apiTokens.id, row.id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, sql`now() - interval '60 seconds'`))),
        );
    }
    return { id: row.id, name: row.name, scopes: row.scopes, team: row.team };
  }

  // No hook of its own (each costs every request, plugins/request-basics.ts): the auth hook
  // (plugins/auth.ts) asks this first. A request without a token passes at once; with one, the
  // rest of the request runs as the token, so audit records name it (lib/acting-token.ts).
  app.decorate('apiTokens', {
    handle(request, reply, done) {
      const raw = bearerOf(request);
      if (raw === undefined || request.is404 || !request.routeOptions.config?.authGuarded) return false;
      authenticate(request, reply, raw).then(
        (token) => {
          request.apiToken = token;
          runAsToken({ id: token.id, name: token.name }, done);
        },
        (error: unknown) => done(error as Error),
      );
      return true;
    },
  });
});
