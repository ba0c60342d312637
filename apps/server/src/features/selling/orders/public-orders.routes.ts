import { orderSchema, publicOrderQuerySchema } from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataReply, idParam } from '../../../lib/http.ts';
import { limitPerIp } from '../../../plugins/rate-limit.ts';
import { cancelPublicOrder, getPublicOrder } from './order-list.service.ts';

/**
 * The customer's order (CONTRACT §4): `GET /api/public/orders/{orderId}?token=…`, no login, no
 * cookies. The token of the order link is the only key; a wrong or missing one answers the same
 * 404 as an unknown order. Never stored by a proxy or the browser cache (`no-store`): the reply
 * holds the customer's data and the ticket codes.
 */
export async function publicOrdersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.get(
    '/api/public/orders/:id',
    {
      // Also on the 404 and 429 replies: nothing about this URL is kept anywhere.
      onRequest: async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      },
      preValidation: limitPerIp('publicOrdersPerIp'),
      schema: {
        tags: ['public'],
        summary: "The customer's order behind its link (status, items, participants with ticket codes, totals); wrong token: 404",
        params: z.object({ id: idParam }),
        querystring: publicOrderQuerySchema,
        response: { 200: dataReply(orderSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      return { data: await getPublicOrder(deps, request.params.id, q.token, q.lang ?? q.language) };
    },
  );

  app.post(
    '/api/public/orders/:id/cancel',
    {
      config: { csrf: false },
      onRequest: async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      },
      preValidation: limitPerIp('publicOrdersPerIp'),
      schema: {
        tags: ['public'],
        summary: 'The customer cancels an unpaid order behind its link (seats released at once); paid or ended: 409; wrong token: 404',
        params: z.object({ id: idParam }),
        querystring: publicOrderQuerySchema,
        response: { 200: dataReply(orderSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      return { data: await cancelPublicOrder(deps, request.params.id, q.token, q.lang ?? q.language) };
    },
  );
}
