import {
  checkinReplySchema,
  checkinSessionListQuerySchema,
  checkinSessionSchema,
  checkinSessionTicketListQuerySchema,
  checkinSessionTicketSchema,
  checkinSyncBodySchema,
  checkinSyncReplySchema,
  checkinTicketSchema,
} from '@bookla/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataReply, idParam, listReply, successDataReply, toList } from '../../../lib/http.ts';
import { actingUserId, currentTeam, requirePermission } from '../../../plugins/auth.ts';
import * as sessions from './checkin-sessions.service.ts';
import { syncScans } from './checkin-sync.service.ts';
import * as checkin from './checkin.service.ts';

/**
 * Ticket check-in (CONTRACT §4): the QR page and the scanner page call these. The scanner's
 * offline mode (issue 11) adds the dates to check in for, a date's tickets (hashed codes) to cache,
 * and the sync of scans queued offline. All behind `nav.courses`; instructors: own activities only.
 */
export async function checkinRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['selling'];
  const read = requirePermission('nav.courses');
  // Any text: a code that cannot exist is simply not found (404), never a validation error.
  const params = z.object({ code: z.string().max(500) });
  const staff = (request: FastifyRequest): checkin.Staff => {
    const team = currentTeam(request);
    return { teamId: team.id, userId: actingUserId(request), role: team.role };
  };

  app.get(
    '/api/tickets/:code',
    {
      preValidation: read,
      schema: {
        tags,
        summary: 'A ticket by its code, as the check-in shows it (nothing changes)',
        params,
        response: { 200: dataReply(checkinTicketSchema) },
      },
    },
    async (request) => ({ data: await checkin.getTicket(db, staff(request), request.params.code, request.lang) }),
  );

  app.post(
    '/api/tickets/:code/checkin',
    {
      preValidation: read,
      schema: {
        tags,
        summary: 'Checks a ticket in once; again: already_checked_in with the first time. 422 TICKET_UNPAID / TICKET_CANCELLED',
        params,
        // The 422 body is `checkinRefusalSchema` (not declared: other 422s have the usual shape).
        response: { 200: checkinReplySchema },
      },
    },
    async (request) => checkin.checkIn(db, staff(request), request.params.code, request.lang),
  );

  app.delete(
    '/api/tickets/:code/checkin',
    {
      preValidation: read,
      schema: { tags, summary: 'Undoes a mistaken check-in', params, response: { 200: successDataReply(checkinTicketSchema) } },
    },
    async (request) => ({
      success: true as const,
      message: request.t('checkin:undone'),
      data: await checkin.undoCheckIn(db, staff(request), request.params.code, request.lang),
    }),
  );

  app.get(
    '/api/checkin/sessions',
    {
      preValidation: read,
      schema: {
        tags,
        summary:
          'Dates to check in for, with checked-in / expected counts (list; columnFilters date YYYY-MM-DD (default: from today), activity_id, name)',
        querystring: checkinSessionListQuerySchema,
        response: { 200: listReply(checkinSessionSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const team = currentTeam(request);
      const { rows, total } = await sessions.listSessions(db, { ...staff(request), timeZone: team.timeZone }, q, request.lang);
      return toList(request, rows, total, q.page, q.perPage);
    },
  );

  app.get(
    '/api/checkin/sessions/:sessionId/tickets',
    {
      preValidation: read,
      schema: {
        tags,
        summary: 'A date’s participants for the offline cache: hashed codes (SHA-256 hex), names, status (list; columnFilters code_hash)',
        params: z.object({ sessionId: idParam }),
        querystring: checkinSessionTicketListQuerySchema,
        response: { 200: listReply(checkinSessionTicketSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await sessions.listSessionTickets(db, staff(request), request.params.sessionId, q, request.lang);
      return toList(request, rows, total, q.page, q.perPage);
    },
  );

  app.post(
    '/api/checkin/sync',
    {
      preValidation: read,
      schema: {
        tags,
        summary: 'Scans queued offline ({code, scanned_at}); the first scan wins; one result per scan, in the order sent',
        body: checkinSyncBodySchema,
        response: { 200: checkinSyncReplySchema },
      },
    },
    async (request) => ({ data: await syncScans(db, staff(request), request.body.scans, request.lang) }),
  );
}
