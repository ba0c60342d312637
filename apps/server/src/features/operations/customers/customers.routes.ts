import {
  additionalSalesQuerySchema,
  additionalSalesReplySchema,
  customerOrderSchema,
  customerOrdersQuerySchema,
  orderCustomerListQuerySchema,
  orderCustomerSchema,
  participantFiltersQuerySchema,
  participantFiltersSchema,
  participantListQuerySchema,
  participantRowSchema,
} from '@bookla/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataReply, idParam, listReply, toList } from '../../../lib/http.ts';
import { actingUserId, currentTeam, requirePermission } from '../../../plugins/auth.ts';
import { listAdditionalSales } from './additional-sales.service.ts';
import { customerOrders, listOrderCustomers } from './order-customers.service.ts';
import { listParticipants, participantFilterOptions, type Viewer } from './participants.service.ts';

/**
 * Operations lists about customers: additional sales (`nav.orders`), participants
 * (`nav.customers.participant`, instructors: their activities only) and order customers
 * (`nav.customers.order`). All answer the list shape of CONTRACT §2.
 */
export async function customersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const viewer = (request: FastifyRequest): Viewer => {
    const team = currentTeam(request);
    return { teamId: team.id, userId: actingUserId(request), role: team.role, timeZone: team.timeZone };
  };

  app.get(
    '/api/orders/additional_sales',
    {
      preValidation: requirePermission('nav.orders'),
      schema: {
        tags: ['orders'],
        summary:
          'Products sold with paid orders per product and activity (list; sort revenue, quantity, tax, product_name, activity_name; columnFilters from, to, activity_id, product_id, search) with totals per currency',
        querystring: additionalSalesQuerySchema,
        response: { 200: additionalSalesReplySchema },
      },
    },
    async (request) => {
      const q = request.query;
      const team = currentTeam(request);
      const { rows, total, totals } = await listAdditionalSales(db, team, q, request.lang);
      return { ...toList(request, rows, total, q.page, q.perPage), totals };
    },
  );

  app.get(
    '/api/customers/participants',
    {
      preValidation: requirePermission('nav.customers.participant'),
      schema: {
        tags: ['customers'],
        summary:
          'Participants with order, ticket, payment and check-in status and booking answers (list; columnFilters activity_id, session_id, status paid|unpaid|cancelled, checked_in, search); instructors: their activities only',
        querystring: participantListQuerySchema,
        response: { 200: listReply(participantRowSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await listParticipants(db, viewer(request), q, request.lang);
      return toList(request, rows, total, q.page, q.perPage);
    },
  );

  app.get(
    '/api/customers/participants/filters',
    {
      preValidation: requirePermission('nav.customers.participant'),
      schema: {
        tags: ['customers'],
        summary: 'The activities the participants list offers (instructors: theirs) and the chosen activity’s dates',
        querystring: participantFiltersQuerySchema,
        response: { 200: dataReply(participantFiltersSchema) },
      },
    },
    async (request) => ({ data: await participantFilterOptions(db, viewer(request), request.query.activity_id, request.lang) }),
  );

  app.get(
    '/api/customers/orders',
    {
      preValidation: requirePermission('nav.customers.order'),
      schema: {
        tags: ['customers'],
        summary:
          'Order customers, one per e-mail address (case-insensitive), with order count, paid total and latest order (list; sort last_order_at, email, lastname, order_count, total_paid; columnFilters search)',
        querystring: orderCustomerListQuerySchema,
        response: { 200: listReply(orderCustomerSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await listOrderCustomers(db, currentTeam(request), q);
      return toList(request, rows, total, q.page, q.perPage);
    },
  );

  app.get(
    '/api/customers/orders/:id/orders',
    {
      preValidation: requirePermission('nav.customers.order'),
      schema: {
        tags: ['customers'],
        summary: 'The orders of the customer who placed order {id} (same e-mail, any case), newest first; another company’s order: 404',
        params: z.object({ id: idParam }),
        querystring: customerOrdersQuerySchema,
        response: { 200: listReply(customerOrderSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await customerOrders(db, currentTeam(request), request.params.id, q, request.lang);
      return toList(request, rows, total, q.page, q.perPage);
    },
  );
}
