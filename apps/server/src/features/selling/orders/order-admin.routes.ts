import {
  orderActionBodySchema,
  orderAdminDetailSchema,
  orderBulkBodySchema,
  orderBulkReplySchema,
  orderExportQuerySchema,
  orderRefundBodySchema,
  orderUpdateBodySchema,
} from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileReply, idParam, successDataReply } from '../../../lib/http.ts';
import { actingUserId, currentTeam, requirePermission } from '../../../plugins/auth.ts';
import { bulkAction, refundByStaff, resendByStaff } from './order-actions.service.ts';
import { getAdminDetail, updateOrder } from './order-admin.service.ts';
import { exportOrdersCsv } from './order-export.ts';
import { formatAmount } from './order-list.service.ts';

/**
 * The order edit page's calls and the list's mass actions (`nav.orders`, the team from the
 * session; another team's order: 404): editing customer and participants, refunds, sending the
 * confirmation again, mass actions and the CSV export of selected orders. Registered by
 * `ordersRoutes`. Every change is in the order's history with the staff member and the time.
 */
export async function orderAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const { db } = deps;
  const tags = ['orders'];
  const preValidation = requirePermission('nav.orders');
  const params = z.object({ id: idParam });
  const changed = successDataReply(orderAdminDetailSchema);
  const userId = actingUserId; // null for an API token (its changes name the token)

  app.put(
    '/api/orders/:id',
    {
      preValidation,
      schema: {
        tags,
        summary:
          'Changes the customer and the participants (each once, by id) with their booking answers, checked as at checkout ' +
          '(422 at customer.*, answers.<fieldId>, participants.N.*); written to the history as `updated` with every change',
        params,
        body: orderUpdateBodySchema,
        response: { 200: changed },
      },
    },
    async (request) => {
      const teamId = currentTeam(request).id;
      const { changed: didChange } = await updateOrder(deps, teamId, request.params.id, userId(request), request.body);
      return {
        success: true as const,
        message: request.t(didChange ? 'orders:order.saved' : 'orders:order.unchanged'),
        data: await getAdminDetail(db, teamId, request.params.id, request.lang),
      };
    },
  );

  app.post(
    '/api/orders/:id/refund',
    {
      preValidation,
      schema: {
        tags,
        summary:
          'Refunds a paid order in full (no amount) or in part: back through the payment provider for orders paid online, recorded for invoice, manual ' +
          'and test-mode orders; full refund: `refunded`, seats released; partial: `partially-refunded`. More than paid minus ' +
          'refunded: 422 at amount; not paid or nothing left: 409; the provider refused: 502 (nothing changed)',
        params,
        body: orderRefundBodySchema,
        response: { 200: changed },
      },
    },
    async (request) => {
      const teamId = currentTeam(request).id;
      const result = await refundByStaff(deps, teamId, request.params.id, userId(request), request.body);
      const detail = await getAdminDetail(db, teamId, request.params.id, request.lang);
      const amount = formatAmount(result.amountMinor, detail.currency);
      return {
        success: true as const,
        message: request.t(result.status === 'refunded' ? 'orders:order.refunded_full' : 'orders:order.refunded_part', { amount }),
        data: detail,
      };
    },
  );

  app.post(
    '/api/orders/:id/resend',
    {
      preValidation,
      schema: {
        tags,
        summary:
          'Sends the confirmation again (paid: tickets and receipt; free: tickets; unpaid invoice: the invoice) to the ' +
          "customer's e-mail; 409 when the order has none now",
        params,
        body: orderActionBodySchema,
        response: { 200: changed },
      },
    },
    async (request) => {
      const teamId = currentTeam(request).id;
      await resendByStaff(deps, teamId, request.params.id, userId(request));
      const data = await getAdminDetail(db, teamId, request.params.id, request.lang);
      return { success: true as const, message: request.t('orders:order.resent', { email: data.email }), data };
    },
  );

  app.post(
    '/api/orders/bulk',
    {
      preValidation,
      schema: {
        tags,
        summary:
          'One action on selected orders (`mark-paid` or `resend`, at most 100 ids): a result per id; one refusal does not stop ' +
          "the others; another company's id: not found",
        body: orderBulkBodySchema,
        response: { 200: orderBulkReplySchema },
      },
    },
    async (request) => {
      const result = await bulkAction(deps, currentTeam(request).id, userId(request), request.body, (key, params) =>
        request.t(key, params),
      );
      return { success: true as const, message: request.t('orders:bulk.done', { done: result.done, failed: result.failed }), ...result };
    },
  );

  app.get(
    '/api/orders/export',
    {
      preValidation,
      schema: {
        tags,
        summary: "The selected orders as CSV (`ids=1,2,3` or `ids[]=…`, at most 1000; another company's ids are left out)",
        querystring: orderExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: fileReply },
      },
    },
    async (request, reply) => {
      const team = currentTeam(request);
      const csv = await exportOrdersCsv(db, team, request.query.ids, request.lang);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );
}
