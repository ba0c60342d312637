import {
  bulkSessionResourcesBodySchema,
  bulkSessionResourcesReplySchema,
  calendarQuerySchema,
  calendarSessionSchema,
  sessionBodySchema,
  sessionGenerateBodySchema,
  sessionGenerateReplySchema,
  sessionItemSchema,
  sessionResourcesBodySchema,
  sessionSavedReplySchema,
  sessionSaveReplySchema,
} from '@bookla/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentTeam, requirePermission } from '../../../plugins/auth.ts';
import { dataReply, idParam, successReply } from '../../../lib/http.ts';
import * as sessions from './sessions.service.ts';
import { calendarFeed } from './calendar.service.ts';

/** Every route of the timetable: an activity's sessions (generator, moves, resources) and the calendar feed. */
export async function timetableRoutes(app: FastifyInstance) {
  await app.register(sessionsRoutes);
  await app.register(calendarRoutes);
}

/** The timetable of one course or event (docs/api/catalogue.md "Timetable"). */
async function sessionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['timetable'];
  const read = requirePermission('nav.courses');
  const edit = requirePermission('course.edit');
  const params = z.object({ id: idParam });
  const sessionParams = z.object({ id: idParam, sessionId: idParam });

  const reply = (request: FastifyRequest, result: sessions.SaveResult, savedKey: string) =>
    result.saved
      ? { success: true as const, message: request.t(savedKey), data: result.session }
      : { success: false as const, message: request.t('timetable:conflicts.found'), conflicts: result.conflicts };

  app.get(
    '/api/courses/:id/sessions',
    {
      preValidation: read,
      schema: {
        tags,
        summary: 'Sessions of a course with resources and conflicts, in time order (at most 500, not paginated)',
        params,
        response: { 200: dataReply(z.array(sessionItemSchema)) },
      },
    },
    async (request) => ({ data: await sessions.listSessions(db, currentTeam(request), request.params.id, request.lang) }),
  );

  app.post(
    '/api/courses/:id/sessions',
    {
      preValidation: edit,
      schema: {
        tags,
        summary: 'Adds one session (times with offset or local in the company zone)',
        params,
        body: sessionBodySchema,
        response: { 200: sessionSavedReplySchema },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.t('timetable:session.created'),
      data: await sessions.createSession(db, currentTeam(request), request.params.id, request.body, request.lang),
    }),
  );

  app.post(
    '/api/courses/:id/sessions/generate',
    {
      preValidation: edit,
      schema: {
        tags,
        summary: 'Previews or stores a weekly, biweekly or monthly series (holidays and exceptions skipped)',
        params,
        body: sessionGenerateBodySchema,
        response: { 200: sessionGenerateReplySchema },
      },
    },
    async (request) => {
      const { occurrences, created } = await sessions.generateSessions(
        db,
        currentTeam(request),
        request.params.id,
        request.body,
        request.lang,
      );
      if (request.body.preview) return { data: occurrences };
      return { success: true as const, message: request.t('timetable:session.generated', { count: created }), created, data: occurrences };
    },
  );

  app.put(
    '/api/courses/:id/sessions/:sessionId',
    {
      preValidation: edit,
      schema: {
        tags,
        summary: 'Moves a session; over-booked resources answer success false with conflicts unless confirm is true',
        params: sessionParams,
        body: sessionBodySchema,
        response: { 200: sessionSaveReplySchema },
      },
    },
    async (request) => {
      const { id, sessionId } = request.params;
      const result = await sessions.moveSession(db, currentTeam(request), id, sessionId, request.body, request.lang);
      return reply(request, result, 'timetable:session.saved');
    },
  );

  for (const [action, status] of [
    ['cancel', 'cancelled'],
    ['restore', 'scheduled'],
  ] as const) {
    app.post(
      `/api/courses/:id/sessions/:sessionId/${action}`,
      {
        preValidation: edit,
        schema: { tags, summary: `Sets a session ${status}`, params: sessionParams, response: { 200: sessionSavedReplySchema } },
      },
      async (request) => {
        const { id, sessionId } = request.params;
        const data = await sessions.setSessionStatus(db, currentTeam(request), id, sessionId, status, request.lang);
        return { success: true as const, message: request.t(`timetable:session.${status}`), data };
      },
    );
  }

  app.delete(
    '/api/courses/:id/sessions/:sessionId',
    {
      preValidation: edit,
      schema: {
        tags,
        summary: 'Deletes a session (refused once seats of its tickets were sold)',
        params: sessionParams,
        response: { 200: successReply },
      },
    },
    async (request) => {
      await sessions.deleteSession(db, currentTeam(request), request.params.id, request.params.sessionId);
      return { success: true as const, message: request.t('timetable:session.deleted') };
    },
  );

  app.put(
    '/api/courses/:id/sessions/:sessionId/resources',
    {
      preValidation: edit,
      schema: {
        tags,
        summary: 'Replaces the resources of a session; over-booking answers success false with conflicts unless confirm is true',
        params: sessionParams,
        body: sessionResourcesBodySchema,
        response: { 200: sessionSaveReplySchema },
      },
    },
    async (request) => {
      const { id, sessionId } = request.params;
      const result = await sessions.assignResources(db, currentTeam(request), id, sessionId, request.body, request.lang);
      return reply(request, result, 'timetable:session.resources_saved');
    },
  );

  app.put(
    '/api/courses/:id/sessions/resources',
    {
      preValidation: edit,
      schema: {
        tags,
        summary:
          'Gives several sessions of the course the same resources (all or the following dates); conflicts over all of them answer success false unless confirm is true',
        params,
        body: bulkSessionResourcesBodySchema,
        response: { 200: bulkSessionResourcesReplySchema },
      },
    },
    async (request) => {
      const result = await sessions.assignResourcesToMany(db, currentTeam(request), request.params.id, request.body, request.lang);
      if (!result.saved) return { success: false as const, message: request.t('timetable:conflicts.found'), conflicts: result.conflicts };
      const updated = result.sessions.length;
      return {
        success: true as const,
        message: request.t('timetable:session.resources_saved_many', { count: updated }),
        data: result.sessions,
        updated,
      };
    },
  );
}

/** The calendar feed of all sessions (docs/api/catalogue.md "Timetable"). */
async function calendarRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['timetable'];

  app.get(
    '/api/calendar/sessions',
    {
      preValidation: requirePermission('nav.courses'),
      schema: {
        tags,
        summary: 'Sessions of all courses between from and to (days or times, at most 400 days) with conflict flags',
        querystring: calendarQuerySchema,
        response: { 200: dataReply(z.array(calendarSessionSchema)) },
      },
    },
    async (request) => ({ data: await calendarFeed(db, currentTeam(request), request.query, request.lang) }),
  );
}
