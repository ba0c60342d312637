import {
  isLanguage,
  publicActivityListQuerySchema,
  publicActivityQuerySchema,
  publicActivitySchema,
  publicFiltersSchema,
} from '@bookla/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataReply, idParam, listReply, notModifiedReply, toList } from '../../../lib/http.ts';
import { serialized } from '../../../lib/public-cache.ts';
import * as published from './public.service.ts';

/**
 * The public read model: no login, the team is the one named in the path. Only published
 * activities, upcoming dates and public tickets on sale; another team's or a draft activity's
 * id answers 404.
 */
export async function publicCatalogueRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, publicCache } = app.deps;
  const tags = ['public'];
  const json = 'application/json; charset=utf-8';
  /**
   * Cacheable by a CDN and kept in memory per team version (lib/public-cache.ts). The language
   * comes from `lang` when given (the shop and embeds give it), else from the cookie or
   * Accept-Language, which the answer then varies on. Answers with availability are kept at most
   * 5 s in memory; the filters (no availability) until the team's catalogue changes, at most 30 s.
   */
  const vary = (lang: string | undefined) => (lang ? 'Accept-Encoding' : 'Accept-Language, Cookie, Accept-Encoding');
  const AVAILABILITY_MS = 5_000;
  const CATALOGUE_MS = 30_000;
  // The key as the handlers make it, from the raw query: a hit is answered before validation.
  const rawLang = (request: FastifyRequest) => {
    const lang = (request.query as { lang?: unknown }).lang;
    return isLanguage(lang) ? lang : undefined;
  };
  const keyOf = (request: FastifyRequest) => `${rawLang(request) ?? request.lang}|${request.url}`;
  const answerHits = publicCache.answerHits(keyOf, (request) => vary(rawLang(request)));

  app.get(
    '/api/public/teams/:teamId/activities',
    {
      schema: {
        tags,
        summary:
          'Published activities with upcoming dates, public tickets on sale, live availability, products and booking fields (list; filters type_set_id, location_id, from, to, attr[<id>]=<value>)',
        params: z.object({ teamId: idParam }),
        querystring: publicActivityListQuerySchema,
        response: { 200: listReply(publicActivitySchema), 304: notModifiedReply },
      },
      onRequest: answerHits,
    },
    async (request, reply) => {
      const q = request.query;
      const lang = q.lang ?? request.lang;
      const { teamId } = request.params;
      reply.header('vary', vary(q.lang));
      return publicCache.serve(request, reply, keyOf(request), AVAILABILITY_MS, async () => {
        const { rows, total } = await published.listPublicActivities(db, teamId, q, lang);
        return { body: serialized(reply, toList(request, rows, total, q.page, q.perPage)), contentType: json, teamId };
      });
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
        response: { 200: dataReply(publicFiltersSchema), 304: notModifiedReply },
      },
      onRequest: answerHits,
    },
    async (request, reply) => {
      const lang = request.query.lang ?? request.lang;
      const { teamId } = request.params;
      reply.header('vary', vary(request.query.lang));
      return publicCache.serve(request, reply, keyOf(request), CATALOGUE_MS, async () => {
        const data = await published.getPublicFilters(db, teamId, lang);
        return { body: serialized(reply, { data }), contentType: json, teamId };
      });
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
        response: { 200: dataReply(publicActivitySchema), 304: notModifiedReply },
      },
      onRequest: answerHits,
    },
    async (request, reply) => {
      const lang = request.query.lang ?? request.lang;
      const { teamId, id } = request.params;
      reply.header('vary', vary(request.query.lang));
      return publicCache.serve(request, reply, keyOf(request), AVAILABILITY_MS, async () => {
        const data = await published.getPublicActivity(db, teamId, id, lang);
        return { body: serialized(reply, { data }), contentType: json, teamId };
      });
    },
  );
}
