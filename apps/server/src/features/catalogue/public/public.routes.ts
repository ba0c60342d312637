import { publicActivityListQuerySchema, publicActivityQuerySchema, publicActivitySchema, publicFiltersSchema } from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataReply, idParam, listReply, toList } from '../../../lib/http.ts';
import * as published from './public.service.ts';

/**
 * The public read model: no login, the team is the one named in the path. Only published
 * activities, upcoming dates and public tickets on sale; another team's or a draft activity's
 * id answers 404.
 */
export async function publicCatalogueRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['public'];

  app.get(
    '/api/public/teams/:teamId/activities',
    {
      schema: {
        tags,
        summary:
          'Published activities with upcoming dates, public tickets on sale, live availability, products and booking fields (list; filters type_set_id, location_id, from, to, attr[<id>]=<value>)',
        params: z.object({ teamId: idParam }),
        querystring: publicActivityListQuerySchema,
        response: { 200: listReply(publicActivitySchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const lang = q.lang ?? request.lang;
      const { rows, total } = await published.listPublicActivities(db, request.params.teamId, q, lang);
      return toList(request, rows, total, q.page, q.perPage);
    },
  );

  app.get(
    '/api/public/teams/:teamId/filters',
    {
      schema: {
        tags,
        summary: 'What the shop filters offer: type sets, locations and filterable attributes (with their values) of listed activities',
        params: z.object({ teamId: idParam }),
        querystring: z.object({ lang: publicActivityQuerySchema.shape.lang }),
        response: { 200: dataReply(publicFiltersSchema) },
      },
    },
    async (request, reply) => {
      const data = await published.getPublicFilters(db, request.params.teamId, request.query.lang ?? request.lang);
      // The same for every visitor and at most a minute old on the server anyway.
      reply.header('cache-control', 'public, max-age=60').header('vary', 'Accept-Language, Cookie');
      return { data };
    },
  );

  app.get(
    '/api/public/teams/:teamId/activities/:id',
    {
      schema: {
        tags,
        summary: 'One published activity with every upcoming date',
        params: z.object({ teamId: idParam, id: idParam }),
        querystring: z.object({ lang: publicActivityQuerySchema.shape.lang }),
        response: { 200: dataReply(publicActivitySchema) },
      },
    },
    async (request) => ({
      data: await published.getPublicActivity(db, request.params.teamId, request.params.id, request.query.lang ?? request.lang),
    }),
  );
}
