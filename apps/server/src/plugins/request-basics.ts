import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { resolveLanguage } from './language.ts';
import { nulInUrl } from './nul-guard.ts';
import { requestKind, securityHeaderSets } from './security.ts';

/**
 * What every request gets before anything reads it, in one `onRequest` hook: its language
 * (plugins/language.ts), the security headers of its kind (plugins/security.ts), and the refusal
 * of a NUL byte in its address (plugins/nul-guard.ts). One hook, not three: Fastify's hook runner
 * costs every request per hook (measured on bare Fastify: eight hooks that did nothing took 23 % of
 * its answers per second, async or callback alike; issue 23's country options). Needs the cookies
 * parsed (@fastify/cookie, registered before). The liveness check through `inject` is answered
 * here too (a real server answers it before Fastify: app.ts `serverFactory`).
 */
export const requestBasicsPlugin = fp(
  async (app: FastifyInstance, opts: { health: { headers: Record<string, string>; body: string } }) => {
    const headers = securityHeaderSets(app.deps.config.secure);
    const { health } = opts;
    app.addHook('onRequest', (request, reply, done) => {
      if (request.url === '/api/health' && (request.method === 'GET' || request.method === 'HEAD')) {
        reply.headers(health.headers).type('application/json; charset=utf-8').send(health.body);
        return;
      }
      request.lang = resolveLanguage(request);
      reply.headers(headers[requestKind(request.url)]);
      // After the headers: the refusal carries them, in the request's language.
      done(nulInUrl(request.raw.url) ? new AppError('BAD_REQUEST', 'errors:nul_byte') : undefined);
    });
  },
  { name: 'request-basics', dependencies: ['@fastify/cookie'] },
);
