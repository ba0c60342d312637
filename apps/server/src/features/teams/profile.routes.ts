import { passwordChangeSchema, profileReplySchema, profileSchema, sessionInfoSchema } from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/auth.ts';
import { dataReply, successDataReply, successReply } from '../../lib/http.ts';
import * as service from './profile.service.ts';

/** The user's own profile, password and sessions (no team needed, no two-factor rule). */
export async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const tags = ['profile'];

  app.get(
    '/api/profile',
    { preValidation: requireUser, schema: { tags, summary: 'The own profile', response: { 200: dataReply(profileReplySchema) } } },
    async (request) => ({ data: service.toProfile(request.auth!.user) }),
  );

  app.put(
    '/api/profile',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Saves name, salutation, language and the English date format',
        body: profileSchema,
        response: { 200: successDataReply(profileReplySchema) },
      },
    },
    async (request) => {
      const profile = await service.updateProfile(deps, request.auth!.user.id, request.body);
      return { success: true as const, message: request.t('teams:profile.saved'), data: profile };
    },
  );

  app.put(
    '/api/profile/password',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Changes the password and ends every other session',
        body: passwordChangeSchema,
        response: { 200: successReply },
      },
    },
    async (request, reply) => {
      const user = request.auth!.user;
      await service.changePassword(deps, user, request.body);
      // A new session id here (a stolen old id stops working too), and every other session ends.
      const fresh = await app.sessions.rotate(request, reply, { userId: user.id, teamId: request.session?.teamId ?? null });
      await app.sessions.destroyUserSessions(user.id, fresh.id);
      return { success: true as const, message: request.t('teams:profile.password_changed') };
    },
  );

  app.get(
    '/api/profile/sessions',
    {
      preValidation: requireUser,
      schema: { tags, summary: 'The own active sessions', response: { 200: dataReply(z.array(sessionInfoSchema)) } },
    },
    async (request) => ({ data: await service.listSessions(deps, request.auth!.user.id, request.session?.id) }),
  );

  app.delete(
    '/api/profile/sessions/:id',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Ends one of the own sessions',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: successReply },
      },
    },
    async (request) => {
      await service.endSession(deps, request.auth!.user.id, request.params.id);
      return { success: true as const, message: request.t('teams:profile.session_ended') };
    },
  );
}
