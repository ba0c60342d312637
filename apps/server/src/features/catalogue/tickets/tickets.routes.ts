import { ticketInputSchema, ticketItemSchema } from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentTeam, requirePermission } from '../../../plugins/auth.ts';
import { dataReply, idParam, successDataReply, successReply } from '../../../lib/http.ts';
import * as tickets from './tickets.service.ts';

/** Tickets of an activity (docs/api/catalogue.md, "Tickets, products, public read model"). */
export async function ticketsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['catalogue'];
  const read = requirePermission('nav.courses');
  const edit = requirePermission('course.edit');
  const params = z.object({ id: idParam });
  const ticketParams = z.object({ id: idParam, ticketId: idParam });
  /** The static shape; the service checks the whole against the team's languages and currency (ticketSchema). */
  const body = ticketInputSchema;

  app.get(
    '/api/courses/:id/tickets',
    {
      preValidation: read,
      schema: {
        tags,
        summary: 'Tickets of an activity with live stock (reserved = unexpired reservations)',
        params,
        response: { 200: dataReply(z.array(ticketItemSchema)) },
      },
    },
    async (request) => ({ data: await tickets.listTickets(db, currentTeam(request), request.params.id, request.lang) }),
  );

  app.post(
    '/api/courses/:id/tickets',
    {
      preValidation: edit,
      schema: {
        tags,
        summary: 'Creates a ticket (session_id null: for the whole activity; else for one date)',
        params,
        body,
        response: { 200: successDataReply(ticketItemSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.t('tickets:ticket.created'),
      data: await tickets.createTicket(db, currentTeam(request), request.params.id, request.body, request.lang),
    }),
  );

  app.put(
    '/api/courses/:id/tickets/:ticketId',
    {
      preValidation: edit,
      schema: {
        tags,
        summary: 'Changes the sent keys of a ticket; stock may not go below sold',
        params: ticketParams,
        body,
        response: { 200: successDataReply(ticketItemSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.t('tickets:ticket.saved'),
      data: await tickets.updateTicket(db, currentTeam(request), request.params.id, request.params.ticketId, request.body, request.lang),
    }),
  );

  app.delete(
    '/api/courses/:id/tickets/:ticketId',
    {
      preValidation: edit,
      schema: { tags, summary: 'Deletes an unsold ticket (422 once sold)', params: ticketParams, response: { 200: successReply } },
    },
    async (request) => {
      await tickets.deleteTicket(db, currentTeam(request).id, request.params.id, request.params.ticketId);
      return { success: true as const, message: request.t('tickets:ticket.deleted') };
    },
  );
}
