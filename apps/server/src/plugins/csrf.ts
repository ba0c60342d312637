import type { FastifyInstance } from 'fastify';
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
 */
export const csrfPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
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
  });
});
