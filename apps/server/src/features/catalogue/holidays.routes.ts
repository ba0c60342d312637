import { calendarQuerySchema, calendarSessionSchema, holidayBodySchema, holidayItemSchema, holidayListQuerySchema } from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentTeam, requirePermission } from '../../plugins/auth.ts';
import { dataReply, idParam, successReply } from '../teams/http.ts';
import { calendarFeed } from './calendar.service.ts';
import * as holidays from './holidays.service.ts';
import { listReply, toList } from './list.ts';

/** Holidays of the company and the calendar feed of all sessions (docs/api/catalogue.md "Timetable"). */
export async function holidaysRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['timetable'];
  const config = requirePermission('nav.config');
  const params = z.object({ id: idParam });

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

  app.get(
    '/api/config/holidays',
    {
      preValidation: config,
      schema: {
        tags,
        summary: 'Holidays of the company (list)',
        querystring: holidayListQuerySchema,
        response: { 200: listReply(holidayItemSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await holidays.listHolidays(db, currentTeam(request).id, q, request.lang);
      return toList(request, rows, total, q.page, q.perPage);
    },
  );

  app.post(
    '/api/config/holidays',
    {
      preValidation: config,
      schema: {
        tags,
        summary: 'Adds a holiday (name in every company language, inclusive days)',
        body: holidayBodySchema,
        response: { 200: successReply.extend({ data: holidayItemSchema }) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.t('timetable:holiday.created'),
      data: await holidays.createHoliday(db, currentTeam(request), request.body, request.lang),
    }),
  );

  app.put(
    '/api/config/holidays/:id',
    {
      preValidation: config,
      schema: {
        tags,
        summary: 'Changes a holiday',
        params,
        body: holidayBodySchema,
        response: { 200: successReply.extend({ data: holidayItemSchema }) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.t('timetable:holiday.saved'),
      data: await holidays.updateHoliday(db, currentTeam(request), request.params.id, request.body, request.lang),
    }),
  );

  app.delete(
    '/api/config/holidays/:id',
    { preValidation: config, schema: { tags, summary: 'Deletes a holiday', params, response: { 200: successReply } } },
    async (request) => {
      await holidays.deleteHoliday(db, currentTeam(request).id, request.params.id);
      return { success: true as const, message: request.t('timetable:holiday.deleted') };
    },
  );
}
