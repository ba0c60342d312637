import {
  orderActionBodySchema,
  orderAdminDetailSchema,
  orderAdminListQuerySchema,
  orderCancelBodySchema,
  orderSchema,
} from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataReply, idParam, listReply, successDataReply, toList } from '../../../lib/http.ts';
import { actingUserId, currentTeam, requirePermission } from '../../../plugins/auth.ts';
import { cancelOrderByStaff } from './order-actions.service.ts';
import { orderAdminRoutes } from './order-admin.routes.ts';
import { getAdminDetail } from './order-admin.service.ts';
import * as orders from './order-list.service.ts';

/**
 * Orders in the back office (`nav.orders`, the team from the session): the list (spec §7
 * `GET /api/orders`), one order with its history, payments, booking forms and open actions,
 * recording a payment by hand and cancelling. Another team's order answers 404. Editing,
 * refunds, resending, mass actions and the CSV export: order-admin.routes.ts.
 */
export async function ordersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const deps = app.deps;
  const tags = ['orders'];
  const preValidation = requirePermission('nav.orders');
  const params = z.object({ id: idParam });
  const changed = successDataReply(orderAdminDetailSchema);
  const userId = actingUserId; // null for an API token (its changes name the token)

  app.get(
    '/api/orders',
    {
      preValidation,
      schema: {
        tags,
        summary:
          'Orders of the current company (list; default 10 per page, id descending; sort id, number, created_at, paid_at, total, ' +
          'payment_status, payment_type, lastname, email — others 422; columnFilters number, name, email, activity_id, ' +
          'payment_status, payment_type, created_from, created_to (days in the company time zone), search)',
        querystring: orderAdminListQuerySchema,
        response: { 200: listReply(orderSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await orders.listOrders(db, currentTeam(request), q, request.lang);
      return toList(request, rows, total, q.page, q.perPage);
    },
  );

  app.get(
    '/api/orders/:id',
    {
      preValidation,
      schema: {
        tags,
        summary:
          'One order with its history (who changed what when), payments, platform fee, money refunded and refundable, ' +
          'booking forms (fields and answers) and the actions open now',
        params,
        response: { 200: dataReply(orderAdminDetailSchema) },
      },
    },
    async (request) => ({ data: await getAdminDetail(db, currentTeam(request).id, request.params.id, request.lang) }),
  );

  app.post(
    '/api/orders/:id/mark-paid',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Records the payment of an unpaid order by hand (manual payment; tickets mailed); 409 unless the order is waiting',
        params,
        body: orderActionBodySchema,
        response: { 200: changed },
      },
    },
    async (request) => {
      const teamId = currentTeam(request).id;
      await orders.markPaidByStaff(deps, teamId, request.params.id, userId(request));
      return {
        success: true as const,
        message: request.t('orders:order.marked_paid'),
        data: await getAdminDetail(db, teamId, request.params.id, request.lang),
      };
    },
  );

  app.post(
    '/api/orders/:id/cancel',
    {
      preValidation,
      schema: {
        tags,
        summary:
          'Cancels an unpaid or free order (seats, products and discount use released; customer told); a paid order only with ' +
          '{"refund": true}: everything still paid is refunded (back through the payment provider for orders paid online) and its seats released; else 409',
        params,
        body: orderCancelBodySchema,
        response: { 200: changed },
      },
    },
    async (request) => {
      const teamId = currentTeam(request).id;
      const ended = await cancelOrderByStaff(deps, teamId, request.params.id, userId(request), { refund: request.body?.refund });
      const message =
        ended.status === 'refunded'
          ? request.t('orders:order.cancelled_refunded', { amount: orders.formatAmount(ended.refundedMinor, ended.currency) })
          : request.t('orders:order.cancelled');
      return { success: true as const, message, data: await getAdminDetail(db, teamId, request.params.id, request.lang) };
    },
  );

  await orderAdminRoutes(fastify);
}
