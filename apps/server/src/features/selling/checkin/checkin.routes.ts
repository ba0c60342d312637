import { checkinReplySchema, checkinTicketSchema } from '@bookla/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataReply, successDataReply } from '../../../lib/http.ts';
import { currentTeam, requirePermission } from '../../../plugins/auth.ts';
import * as checkin from './checkin.service.ts';

/** Ticket check-in (CONTRACT §4): the QR page and the scanner page call these. */
export async function checkinRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['selling'];
  const read = requirePermission('nav.courses');
  // Any text: a code that cannot exist is simply not found (404), never a validation error.
  const params = z.object({ code: z.string().max(500) });
  const staff = (request: FastifyRequest): checkin.Staff => {
    const team = currentTeam(request);
    return { teamId: team.id, userId: request.auth!.user.id, role: team.role };
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
}
