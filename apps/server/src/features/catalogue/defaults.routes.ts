import { courseDefaultsBodySchema, courseDefaultsSchema } from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentTeam, requirePermission } from '../../plugins/auth.ts';
import { dataReply, successReply } from '../teams/http.ts';
import * as defaults from './defaults.service.ts';

/** Course defaults of the company (`/backend/config/course/defaults`), applied to new activities. */
export async function defaultsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['catalogue'];
  const config = requirePermission('nav.config');

  app.get(
    '/api/config/course/defaults',
    {
      preValidation: config,
      schema: { tags, summary: 'Course defaults of the company', response: { 200: dataReply(courseDefaultsSchema) } },
    },
    async (request) => ({ data: await defaults.getDefaults(db, currentTeam(request).id) }),
  );

  app.put(
    '/api/config/course/defaults',
    {
      preValidation: config,
      schema: {
        tags,
        summary: 'Changes the course defaults (tax rate in percent, up to 2 decimals)',
        body: courseDefaultsBodySchema,
        response: { 200: successReply.extend({ data: courseDefaultsSchema }) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.t('activities:defaults.saved'),
      data: await defaults.saveDefaults(db, currentTeam(request), request.body),
    }),
  );
}
