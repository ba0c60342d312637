import { apiTokenCreatedSchema, apiTokenCreateSchema, apiTokenSchema } from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataReply, idParam, successReply } from '../../lib/http.ts';
import { actingUserId, currentTeam, requirePermission } from '../../plugins/auth.ts';
import * as service from './api-tokens.service.ts';

/**
 * API tokens of the current company (CONTRACT §8, `team.manage`, session only: plugins/token-routes.ts
 * lists none of these, so a token cannot see or make tokens). Revoked tokens leave the list.
 */
export async function apiTokensRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['integrations'];
  const preValidation = requirePermission('team.manage');

  app.get(
    '/api/tokens',
    {
      preValidation,
      schema: {
        tags,
        summary:
          'API tokens of the current company, newest first (name, scopes, last four characters, created, last used at/from; never the secret)',
        response: { 200: dataReply(z.array(apiTokenSchema)) },
      },
    },
    async (request) => ({ data: await service.listTokens(db, currentTeam(request).id) }),
  );

  app.post(
    '/api/tokens',
    {
      preValidation,
      schema: {
        tags,
        summary:
          'Creates an API token with a name and scopes (read, orders, catalogue); the reply holds the secret, shown this once ' +
          '(only its SHA-256 is stored). 409 past 50 active tokens',
        body: apiTokenCreateSchema,
        response: { 201: apiTokenCreatedSchema.describe('The new token: `token` is shown only here') },
      },
    },
    async (request, reply) => {
      const created = await service.createToken(db, currentTeam(request).id, actingUserId(request)!, request.body);
      request.log.info({ apiTokenId: created.id }, 'api token created');
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.delete(
    '/api/tokens/:id',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Revokes an API token at once (its next call answers 401 on every instance); another company’s token: 404',
        params: z.object({ id: idParam }),
        response: { 200: successReply },
      },
    },
    async (request) => {
      await service.revokeToken(db, currentTeam(request).id, request.params.id);
      request.log.info({ apiTokenId: request.params.id }, 'api token revoked');
      return { success: true as const, message: request.t('integrations:token.revoked') };
    },
  );
}
