import { publicOrderQuerySchema, publicOrderSchema, successSchema } from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataReply } from '../../../lib/http.ts';
import { limitPerIp } from '../../../plugins/rate-limit.ts';
import { FRESH_LINK_HOURS } from './order-links.ts';
import { mailFreshOrderLink } from './order-links.service.ts';
import { cancelPublicOrder, getPublicOrder } from './order-list.service.ts';

/**
 * The customer's order (CONTRACT §4): `GET /api/public/orders/{orderId}?token=…`, no login, no
 * cookies. `{orderId}` is the order's public id (a random UUID; a sequential id answers 404), the
 * token of the order link the only key; a wrong, missing or revoked one answers the same 404 as an
 * unknown order. Never stored by a proxy or the browser cache (`no-store`): the reply holds the
 * customer's data and the ticket codes.
 */
export async function publicOrdersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  // Any text: a malformed id is an unknown order (404), not a 422 that would tell ids apart.
  const params = z.object({ id: z.string().max(100) });
  // Also on the 404 and 429 replies: nothing about this URL is kept anywhere.
  const noStore = async (_request: unknown, reply: { header(name: string, value: string): unknown }) => {
    reply.header('cache-control', 'no-store');
  };

  app.get(
    '/api/public/orders/:id',
    {
      onRequest: noStore,
      preValidation: limitPerIp('publicOrdersPerIp'),
      schema: {
        tags: ['public'],
        summary: "The customer's order behind its link (status, items, participants with ticket codes, totals); wrong token: 404",
        params,
        querystring: publicOrderQuerySchema,
        response: { 200: dataReply(publicOrderSchema) },
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
      onRequest: noStore,
      preValidation: limitPerIp('publicOrdersPerIp'),
      schema: {
        tags: ['public'],
        summary:
          'The customer cancels an unpaid order behind its link (seats released at once); paid or ended: 409; wrong token: 404; ' +
          'a link past its change window (first session + 30 days): 403 LINK_STALE',
        params,
        querystring: publicOrderQuerySchema,
        response: { 200: dataReply(publicOrderSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      return { data: await cancelPublicOrder(deps, request.params.id, q.token, q.lang ?? q.language) };
    },
  );

  app.post(
    '/api/public/orders/:id/fresh-link',
    {
      config: { csrf: false },
      onRequest: noStore,
      preValidation: limitPerIp('publicOrdersPerIp'),
      schema: {
        tags: ['public'],
        summary: `Mails a fresh link (valid ${FRESH_LINK_HOURS} h, may change the order) to the order's e-mail address; needs the order link; 3 per order and hour`,
        params,
        querystring: publicOrderQuerySchema,
        response: { 200: successSchema },
      },
    },
    async (request) => {
      await mailFreshOrderLink(deps, request.params.id, request.query.token);
      return { success: true as const, message: request.t('orders:link.fresh_sent', { hours: FRESH_LINK_HOURS }) };
    },
  );
}
