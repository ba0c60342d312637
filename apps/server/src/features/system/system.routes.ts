import { appStateSchema, healthReplySchema, LANGUAGES, okReplySchema, readyReplySchema } from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGE_COOKIE } from '../../plugins/language.ts';
import { DATABASE_RETRY_SECONDS } from '../../lib/db-errors.ts';
import { buildAppState } from './app-state.ts';
import { readinessChecks } from './readiness.ts';

/** The liveness answer, written once (app.ts answers it before the plumbing; this route documents it). */
export const HEALTH_OK = JSON.stringify({ status: 'ok' } satisfies z.infer<typeof healthReplySchema>);

export async function systemRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Liveness (CONTRACT §7): 200 while the process runs, whatever its dependencies do; a load
  // balancer asks /api/ready instead, which an instance answers 503 while it cannot serve.
  app.get(
    '/api/health',
    {
      schema: { tags: ['system'], summary: 'Liveness: the process runs (asks no dependency)', response: { 200: healthReplySchema } },
    },
    // Written once: a load balancer or monitor asks this many times a second (no serializer per call).
    async (_request, reply) => reply.type('application/json; charset=utf-8').send(HEALTH_OK as never),
  );

  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database answers, migrations are applied and the jobs runner is alive (Redis down: degraded, still 200)',
        response: {
          200: readyReplySchema.describe('Ready to serve.'),
          503: readyReplySchema.describe('Not ready: `checks` names the failing check; try again after Retry-After.'),
        },
      },
    },
    async (request, reply) => {
      const { ready, checks } = await readinessChecks(app.deps);
      reply.header('cache-control', 'no-store');
      if (ready) return { status: 'ok' as const, checks };
      reply.header('retry-after', String(DATABASE_RETRY_SECONDS));
      return reply.status(503).send({
        status: 'unavailable' as const,
        message: request.t('errors:unavailable', { seconds: DATABASE_RETRY_SECONDS }),
        checks,
      });
    },
  );

  app.get(
    '/sanctum/csrf-cookie',
    { schema: { tags: ['auth'], summary: 'Starts a session and sets the XSRF-TOKEN cookie', response: { 204: z.null() } } },
    async (request, reply) => {
      await app.sessions.ensure(request, reply);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/language/change/:lang',
    {
      schema: {
        tags: ['system'],
        summary: 'Sets the language of this client (cookie)',
        params: z.object({ lang: z.enum(LANGUAGES, { message: 'language' }) }),
        response: { 200: okReplySchema },
      },
    },
    async (request, reply) => {
      request.lang = request.params.lang;
      reply.setCookie(LANGUAGE_COOKIE, request.params.lang, {
        path: '/',
        sameSite: 'lax',
        secure: app.deps.config.secure,
        httpOnly: false,
        maxAge: 365 * 24 * 3600,
      });
      return { success: true as const };
    },
  );

  app.get(
    '/api/srl/state',
    {
      schema: {
        tags: ['system'],
        summary: 'App-wide state the web app starts with (also preloaded into the HTML)',
        response: { 200: appStateSchema },
      },
    },
    async (request) => buildAppState(request),
  );
}
