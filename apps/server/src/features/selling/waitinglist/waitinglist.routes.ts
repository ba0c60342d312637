import {
  waitingListEntryDetailSchema,
  waitingListEntrySchema,
  waitingListFiltersQuerySchema,
  waitingListFiltersSchema,
  waitingListQuerySchema,
} from '@bookla/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataReply, idParam, listReply, successDataReply, toList } from '../../../lib/http.ts';
import { actingUserId, currentTeam, requirePermission } from '../../../plugins/auth.ts';
import { getEntry, listEntries, offerManually, removeManually, waitingListFilterOptions } from './waitinglist-admin.service.ts';

/**
 * The waiting list in the back office (`/backend/customers/waitinglist`, `nav.customers.waitinglist`):
 * list, filters, an entry with its history, a manual offer and removal. The export is a kind of
 * `POST /api/exports` (`type: waiting_list`). Another company's entry: 404 on every route.
 */
export async function waitingListRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.deps.db, config: app.deps.config };
  const { db } = deps;
  const tags = ['customers'];
  const preValidation = requirePermission('nav.customers.waitinglist');
  const params = z.object({ id: idParam });
  const team = (request: FastifyRequest) => {
    const t = currentTeam(request);
    return { id: t.id, timeZone: t.timeZone };
  };
  const staff = (request: FastifyRequest) => ({ userId: actingUserId(request) });

  app.get(
    '/api/waitinglist',
    {
      preValidation,
      schema: {
        tags,
        summary:
          'Waiting-list entries with place in line, status and offer (list; sort id (line order), created_at, lastname, activity_name, status, quantity; columnFilters activity_id, session_id (or none), status (comma separated), search)',
        querystring: waitingListQuerySchema,
        response: { 200: listReply(waitingListEntrySchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await listEntries(db, team(request), q, request.lang);
      return toList(request, rows, total, q.page, q.perPage);
    },
  );

  app.get(
    '/api/waitinglist/filters',
    {
      preValidation,
      schema: {
        tags,
        summary: 'What the waiting list’s filters offer: activities with a waiting list or entries, and the chosen activity’s dates',
        querystring: waitingListFiltersQuerySchema,
        response: { 200: dataReply(waitingListFiltersSchema) },
      },
    },
    async (request) => ({ data: await waitingListFilterOptions(db, team(request), request.query.activity_id, request.lang) }),
  );

  app.get(
    '/api/waitinglist/:id',
    {
      preValidation,
      schema: {
        tags,
        summary: 'One waiting-list entry with its history',
        params,
        response: { 200: dataReply(waitingListEntryDetailSchema) },
      },
    },
    async (request) => ({ data: await getEntry(db, team(request), request.params.id, request.lang) }),
  );

  app.post(
    '/api/waitinglist/:id/offer',
    {
      preValidation,
      schema: {
        tags,
        summary:
          'Offers a waiting (or expired) entry its seats now, out of line order (held for the activity’s offer hours, mail with the booking link); 409 with `reason` not_waiting | closed | no_seats',
        params,
        response: { 200: successDataReply(waitingListEntryDetailSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.t('waitinglist:admin.offered'),
      data: await offerManually(deps, team(request), request.params.id, staff(request), request.lang),
    }),
  );

  app.post(
    '/api/waitinglist/:id/remove',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Takes an entry off the waiting list (an offer’s seats go to the next in line); 409 when it left already',
        params,
        response: { 200: successDataReply(waitingListEntryDetailSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.t('waitinglist:admin.removed'),
      data: await removeManually(deps, team(request), request.params.id, staff(request), request.lang),
    }),
  );
}
