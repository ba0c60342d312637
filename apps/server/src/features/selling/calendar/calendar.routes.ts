import {
  calendarFeedQuerySchema,
  instructorFeedCreatedSchema,
  instructorFeedSchema,
  isLanguage,
  publicOrderQuerySchema,
  successSchema,
} from '@bookla/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../../lib/app-error.ts';
import { dataReply, fileReply, idParam, notModifiedReply } from '../../../lib/http.ts';
import { actingUserId, currentTeam, requirePermission } from '../../../plugins/auth.ts';
import { limitPerIp } from '../../../plugins/rate-limit.ts';
import * as calendar from './calendar.service.ts';

/**
 * Calendar feeds (CONTRACT §8, docs/api/calendar.md):
 *
 * - `GET /{lang}/shop/{teamId}/calendar.ics`: the team's published programme (id or shop slug).
 *   Public and cacheable like the shop's other reads (lib/public-cache.ts: ETag, 304, kept until
 *   the team's catalogue changes, at most 30 s). Registered before the web app's `/:lang/*`
 *   fallback; its static segments win over that wildcard.
 * - `GET /api/public/instructor-calendars/{token}.ics`: an instructor's private feed; the token is
 *   the key, never cached by anybody (`private, no-store`), so a revoked one answers 404 at once.
 * - `GET /api/public/orders/{publicId}/calendar.ics?token=…`: the order's dates; the order link's
 *   token is the key, as for its PDFs.
 * - Staff with `nav.sa_resources`: list, make (or replace) and revoke the instructors' feeds.
 */
const ICS = 'text/calendar; charset=utf-8';
const PROGRAMME_MS = 30_000;

export async function calendarRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config, publicCache } = app.deps;
  const deps = { db, config };
  const limit = limitPerIp('calendarFeedsPerIp');
  const manage = requirePermission('nav.sa_resources');
  const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'private, no-store');
  };
  const calendarFile = (reply: FastifyReply, filename: string) =>
    reply.header('content-disposition', `inline; filename="${filename}"`).header('x-content-type-options', 'nosniff').type(ICS);

  app.get(
    '/:lang/shop/:teamId/calendar.ics',
    {
      onRequest: limit,
      schema: {
        tags: ['public'],
        summary:
          "The team's published programme as an iCalendar feed (RFC 5545): its dates of the last 30 days and ahead, cancelled ones " +
          'as STATUS:CANCELLED; lang de|en|fr; unknown team or language: 404',
        params: z.object({ lang: z.string().max(10), teamId: z.string().max(100) }),
        produces: [ICS],
        response: { 200: fileReply, 304: notModifiedReply },
      },
    },
    async (request, reply) => {
      const { lang, teamId } = request.params;
      if (!isLanguage(lang)) throw notFound();
      reply.header('vary', 'Accept-Encoding').header('content-disposition', 'inline; filename="calendar.ics"');
      return publicCache.serve(request, reply, `ics|${lang}|${teamId.toLowerCase()}`, PROGRAMME_MS, async () => {
        const feed = await calendar.programmeFeed(deps, teamId, lang);
        return { body: feed.body, contentType: ICS, teamId: feed.teamId };
      });
    },
  );

  app.get(
    '/api/public/instructor-calendars/:token.ics',
    {
      onRequest: [noStore, limit],
      schema: {
        tags: ['public'],
        summary:
          "An instructor's private iCalendar feed: their dates (last 30 days and ahead) with location and booked participants; " +
          'unknown or revoked token: 404',
        params: z.object({ token: z.string().max(100) }),
        querystring: calendarFeedQuerySchema,
        produces: [ICS],
        response: { 200: fileReply },
      },
    },
    async (request, reply) =>
      calendarFile(reply, 'calendar.ics').send(await calendar.instructorFeed(deps, request.params.token, request.query.lang)),
  );

  app.get(
    '/api/public/orders/:id/calendar.ics',
    {
      onRequest: [noStore, limit],
      schema: {
        tags: ['public'],
        summary:
          "The order's booked dates as an iCalendar file (add to calendar); the order's public id and its link's token; wrong token: 404",
        params: z.object({ id: z.string().max(100) }),
        querystring: publicOrderQuerySchema,
        produces: [ICS],
        response: { 200: fileReply },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const file = await calendar.publicOrderCalendar(deps, request.params.id, q.token, q.lang ?? q.language);
      return calendarFile(reply, file.filename).header('content-disposition', `attachment; filename="${file.filename}"`).send(file.content);
    },
  );

  const tags = ['resources'];
  app.get(
    '/api/sa/resources/:id/calendar-feeds',
    {
      preValidation: manage,
      schema: {
        tags,
        summary: "The group's instructors and whether each has a private calendar feed (empty for rooms and equipment)",
        params: z.object({ id: idParam }),
        response: { 200: dataReply(z.array(instructorFeedSchema)) },
      },
    },
    async (request) => {
      const team = currentTeam(request);
      return { data: await calendar.listInstructorFeeds(db, team.id, request.params.id, request.lang) };
    },
  );

  app.post(
    '/api/sa/instructors/:id/calendar-feed',
    {
      preValidation: manage,
      schema: {
        tags,
        summary: "Makes an instructor's private feed address (shown once; an earlier address stops working); not an instructor: 404",
        params: z.object({ id: idParam }),
        response: { 201: successSchema.extend({ data: instructorFeedCreatedSchema }) },
      },
    },
    async (request, reply) => {
      const team = currentTeam(request);
      const data = await calendar.createInstructorFeed(deps, team.id, request.params.id, actingUserId(request), request.lang);
      return reply.code(201).send({ success: true as const, message: request.t('calendar:feed_created'), data });
    },
  );

  app.delete(
    '/api/sa/instructors/:id/calendar-feed',
    {
      preValidation: manage,
      schema: {
        tags,
        summary: "Revokes an instructor's private feed: its address answers 404 from now on; none: 404",
        params: z.object({ id: idParam }),
        response: { 200: successSchema },
      },
    },
    async (request) => {
      await calendar.revokeInstructorFeed(db, currentTeam(request).id, request.params.id);
      return { success: true as const, message: request.t('calendar:feed_revoked') };
    },
  );
}
