import { calendarQuerySchema, calendarSessionSchema, holidayBodySchema, holidayItemSchema, holidayListQuerySchema } from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentTeam, requirePermission } from '../../plugins/auth.ts';
import { dataReply } from '../teams/http.ts';
import { calendarFeed } from './calendar.service.ts';
import { crudRoutes } from './crud-routes.ts';
import * as holidays from './holidays.service.ts';

/** Holidays of the company and the calendar feed of all sessions (docs/api/catalogue.md "Timetable"). */
export async function holidaysRoutes(fastify: FastifyInstance) {
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

  // No GET of one holiday (docs/api/catalogue.md lists none): the list carries everything.
  crudRoutes(fastify, {
    path: '/api/config/holidays',
    tags,
    permission: 'nav.config',
    item: holidayItemSchema,
    list: { summary: 'Holidays of the company (list)', query: holidayListQuerySchema, run: holidays.listHolidays },
    create: {
      summary: 'Adds a holiday (name in every company language, inclusive days)',
      message: 'timetable:holiday.created',
      body: holidayBodySchema,
      run: holidays.createHoliday,
    },
    update: { summary: 'Changes a holiday', message: 'timetable:holiday.saved', body: holidayBodySchema, run: holidays.updateHoliday },
    remove: { summary: 'Deletes a holiday', message: 'timetable:holiday.deleted', run: holidays.deleteHoliday },
  });
}
