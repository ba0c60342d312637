import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { safeEqual } from './session.ts';

const safeDecode = (v: string) => {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every state-changing request must send X-XSRF-TOKEN equal to the token stored in its
 * session row (not merely equal to a cookie), else 419 and nothing changes. Runs before
 * body validation so a forged request learns nothing about the payload rules.
 *
 * Attached to the routes that accept an unsafe method only, first among their preValidation
 * hooks: a hook costs every request it runs for, and a GET never needs this one (decision 036).
 */
export const csrfPlugin = fp(async (app: FastifyInstance) => {
  const check = async (request: FastifyRequest) => {
    if (SAFE_METHODS.has(request.method) || request.is404) return;
    if (request.routeOptions.config?.csrf === false) return;
    // An API token (plugins/api-token.ts) is a header no browser sends on its own: no CSRF risk.
    if (request.apiToken) return;
    const header = request.headers['x-xsrf-token'];
    const token = Array.isArray(header) ? header[0] : header;
    const expected = request.session?.csrfToken;
    if (!token || !expected || !safeEqual(safeDecode(token), expected)) {
      throw new AppError('CSRF_MISMATCH', 'errors:csrf_mismatch');
    }
  };
  prependOnUnsafeRoutes(app, 'preValidation', check);
});

/**
 * Puts `hook` first among a hook kind of every route registered from now on that accepts a method
 * other than GET, HEAD or OPTIONS (route hooks run after the app's own of the same kind).
 */
export function prependOnUnsafeRoutes(app: FastifyInstance, kind: 'preValidation', hook: (request: FastifyRequest) => Promise<void>) {
  app.addHook('onRoute', (route) => {
    if ([route.method].flat().every((method) => SAFE_METHODS.has(method))) return;
    const existing = route[kind];
    route[kind] = [hook, ...(existing ? [existing].flat() : [])] as typeof existing;
  });
}
