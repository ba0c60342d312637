import { errorBodySchema } from '@bookla/shared';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { tokenScopeOf } from './token-routes.ts';

/**
 * Completes each route's documented contract where the route itself leaves it out (issue 22
 * item 18), so the OpenAPI document (GET /api/docs) says what the server really answers and
 * `redocly lint` finds no errors:
 *
 * - **security** per operation (an API token, `bearerAuth` with its scope, where plugins/token-routes.ts lists the route): the staff session (`session`) on routes behind an auth guard
 *   (requireUser, requireTeam, requirePermission), the XSRF header (`xsrf`, with the session
 *   cookie it is checked against) on every state-changing route the CSRF check covers, nothing
 *   (`[]`) on public reads and on calls that carry their own proof (signed links, webhooks).
 *   A route whose guard runs inside its handler (customer accounts) states its security itself.
 * - **error replies**: 401/403 behind a guard, 404 with path parameters, 419 under the CSRF check,
 *   422 with any input schema, and `4XX`/`5XX` for the rest (409 conflicts, 429 limits, 413, 503
 *   when a dependency is down), all with the shared error body. The body is also what the
 *   serializer checks an error reply against, so a reply that breaks the contract fails loudly.
 * - an **operationId** from the method and path.
 *
 * The server tests check the other direction (test/documented-replies.ts): every status a test
 * sees is documented for its route, and a 401 only comes from a route that documents security.
 */

/** Marks an auth guard (a preValidation/preHandler/onRequest hook) so the route's security is documented. */
export const AUTH_GUARD = Symbol.for('bookla.authGuard');

export function authGuard<F extends (...args: never[]) => unknown>(fn: F): F {
  return Object.assign(fn, { [AUTH_GUARD]: true });
}

type Security = Record<string, string[]>[];
/** The staff session (and, on writes, the XSRF header): what the back office's calls carry. */
export const SESSION_SECURITY: Security = [{ session: [] }];
/** A shop customer's own session (customer accounts), per team. */
export const CUSTOMER_SECURITY: Security = [{ customer: [] }];

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export const guarded = (route: RouteOptions): boolean =>
  [route.onRequest, route.preValidation, route.preHandler]
    .flat()
    .some((hook) => typeof hook === 'function' && (hook as unknown as Record<symbol, unknown>)[AUTH_GUARD] === true);

/** `post /api/orders/:id/mark-paid` → `postApiOrdersIdMarkPaid`. */
export function operationIdOf(method: string, url: string): string {
  const words = `${method} ${url}`
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return words.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
}

function withXsrf(security: Security): Security {
  if (!security.length) return [{ session: [], xsrf: [] }];
  return security.map((s) => ({ ...s, session: [], xsrf: [] }));
}

export const routeDocsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    const schema = (route.schema ??= {}) as Record<string, unknown> & { hide?: boolean };
    if (schema.hide) return;
    const method = (Array.isArray(route.method) ? route.method[0]! : route.method).toUpperCase();
    const config = (route.config ?? {}) as { csrf?: boolean };
    const csrf = !SAFE.has(method) && config.csrf !== false;
    const guard = guarded(route);

    // What the caller must be logged in with (none: public); writes add the XSRF header.
    // (A GET's HEAD route shares its schema: the bearer entry added the first time is left out here.)
    const stated = (schema.security as Security | undefined)?.filter((s) => !('bearerAuth' in s));
    const login = stated ?? (guard ? SESSION_SECURITY : []);
    // Or an API token with the route's scope (plugins/token-routes.ts), which needs no XSRF header.
    const scope = guard ? tokenScopeOf(method, route.url) : undefined;
    schema.security = [...(csrf ? withXsrf(login) : login), ...(scope ? [{ bearerAuth: [scope] }] : [])];
    if (scope) {
      const note = `API token: needs the scope \`${scope}\` (\`Authorization: Bearer\`, no XSRF header).`;
      const before = typeof schema.description === 'string' ? schema.description : '';
      if (!before.includes(note)) schema.description = before ? `${before}\n\n${note}` : note;
    }
    schema.operationId ??= operationIdOf(method, route.url);

    const response = (schema.response ??= {}) as Record<string, unknown>;
    const add = (status: string, description: string) => {
      if (!(status in response)) response[status] = errorReply(description);
    };
    if (login.length) add('401', 'Not logged in (no session, or it ended).');
    if (guard) add('403', 'The role may not do this, or the company requires two-factor authentication first.');
    if (route.url.includes(':')) add('404', 'Not found (or not of the current company).');
    if (csrf) add('419', 'The X-XSRF-TOKEN header is missing or does not match the session.');
    if (schema.body || schema.querystring || schema.params) add('422', 'The input is invalid: `errors` by dotted field path.');
    add('4XX', 'Refused (e.g. 409 conflict, 429 too many requests with Retry-After, 413 too large): the error body.');
    add('5XX', 'Failed (500), or a dependency is unavailable (503, with Retry-After): the error body.');
  });
});

/** The documented error reply: the shared body; fastify's serializer checks a sent error against it. */
function errorReply(description: string) {
  return errorBodySchema.describe(description);
}
