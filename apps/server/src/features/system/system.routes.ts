import { appStateSchema, healthReplySchema, LANGUAGES, okReplySchema } from '@bookla/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGE_COOKIE } from '../../plugins/language.ts';
import { buildAppState } from './app-state.ts';

export async function systemRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/health',
    {
      schema: { tags: ['system'], summary: 'Liveness and database reachability', response: { 200: healthReplySchema } },
    },
    async () => {
      await app.deps.db.execute(sql`select 1`);
      return { status: 'ok' as const };
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
