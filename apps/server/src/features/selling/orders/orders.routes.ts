import { orderDetailSchema, orderListQuerySchema, orderSchema } from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataReply, idParam, listReply, successDataReply, toList } from '../../../lib/http.ts';
import { currentTeam, requirePermission } from '../../../plugins/auth.ts';
import * as orders from './order-list.service.ts';

/**
 * Orders in the back office (`nav.orders`, the team from the session): the list (spec §7
 * `GET /api/orders`), one order with its history and payments, recording a payment by hand and
 * cancelling an unpaid order. Another team's order answers 404.
 */
export async function ordersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const deps = app.deps;
  const tags = ['orders'];
  const preValidation = requirePermission('nav.orders');
  const params = z.object({ id: idParam });
  const changed = successDataReply(orderDetailSchema);
  const userId = (request: { auth: { user: { id: number } } | null }) => request.auth!.user.id;

  app.get(
    '/api/orders',
    {
      preValidation,
      schema: {
        tags,
        summary:
          'Orders of the current company (list; newest first; sort id, number, created_at, total, payment_status, lastname; columnFilters payment_status, search)',
        querystring: orderListQuerySchema,
        response: { 200: listReply(orderSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await orders.listOrders(db, currentTeam(request).id, q, request.lang);
      return toList(request, rows, total, q.page, q.perPage);
    },
  );

  app.get(
    '/api/orders/:id',
    {
      preValidation,
      schema: {
        tags,
        summary: 'One order with its history (who changed what when), payment attempts and platform fee',
        params,
        response: { 200: dataReply(orderDetailSchema) },
      },
    },
    async (request) => ({ data: await orders.getOrderDetail(db, currentTeam(request).id, request.params.id, request.lang) }),
  );

  app.post(
    '/api/orders/:id/mark-paid',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Records the payment of an unpaid order by hand (manual payment; tickets mailed); 409 unless the order is waiting',
        params,
        response: { 200: changed },
      },
    },
    async (request) => {
      const teamId = currentTeam(request).id;
      await orders.markPaidByStaff(deps, teamId, request.params.id, userId(request));
      return {
        success: true as const,
        message: request.t('orders:order.marked_paid'),
        data: await orders.getOrderDetail(db, teamId, request.params.id, request.lang),
      };
    },
  );

  app.post(
    '/api/orders/:id/cancel',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Cancels an unpaid order (seats, products and discount use released; customer told); a paid order: 409, refund first',
        params,
        response: { 200: changed },
      },
    },
    async (request) => {
      const teamId = currentTeam(request).id;
      await orders.cancelByStaff(deps, teamId, request.params.id, userId(request));
      return {
        success: true as const,
        message: request.t('orders:order.cancelled'),
        data: await orders.getOrderDetail(db, teamId, request.params.id, request.lang),
      };
    },
  );
}
