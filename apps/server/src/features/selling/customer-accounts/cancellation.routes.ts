import {
  cancellationBodySchema,
  cancellationQuoteSchema,
  cancellationReplySchema,
  dataReplySchema,
  publicOrderQuerySchema,
} from '@bookla/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../lib/http.ts';
import { limitPerIp } from '../../../plugins/rate-limit.ts';
import type { PaymentDeps } from '../payments/index.ts';
import { cancelOrder, orderByToken, ownOrder, quoteOrder } from './cancellation.service.ts';
import { requireCustomer } from './customer-session.ts';
import { CUSTOMER_SECURITY } from '../../../plugins/route-docs.ts';

/**
 * Self-service cancellation, two ways in, one service:
 * - the order page: `/api/public/orders/{id}/cancellation?token=…` — the order link's token is the
 *   key (no cookie, so no CSRF token: it carries no ambient credential, and works in an iframe);
 * - "my bookings": `/api/customer/teams/{teamId}/orders/{id}/cancellation` — the customer session
 *   (own orders of the confirmed address only; anything else 404), writes with the XSRF token.
 * `GET` quotes (what cancelling now would do), `POST` cancels (409 when the policy refuses, or when
 * the terms differ from `expect`).
 */
const tags = ['customer accounts'];

export async function cancellationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: PaymentDeps = { ...app.deps, log: app.log };
  const noStore = async (_request: FastifyRequest, reply: { header(k: string, v: string): unknown }) => {
    reply.header('cache-control', 'no-store');
  };
  const language = (request: FastifyRequest, q: { lang?: 'de' | 'en' | 'fr' | undefined; language?: 'de' | 'en' | 'fr' | undefined }) =>
    q.lang ?? q.language ?? request.lang;

  // The order's public id; a malformed one is an unknown order (404).
  const publicParams = z.object({ id: z.string().max(100) });
  app.get(
    '/api/public/orders/:id/cancellation',
    {
      onRequest: noStore,
      preValidation: limitPerIp('publicOrdersPerIp'),
      schema: {
        tags: ['public', ...tags],
        summary: 'What cancelling this order now would do (policy, refund); wrong token: 404',
        params: publicParams,
        querystring: publicOrderQuerySchema,
        response: { 200: dataReplySchema(cancellationQuoteSchema) },
      },
    },
    async (request) => {
      const order = await orderByToken(deps, request.params.id, request.query.token, 'view');
      return { data: await quoteOrder(deps, order, language(request, request.query)) };
    },
  );
  app.post(
    '/api/public/orders/:id/cancellation',
    {
      config: { csrf: false },
      onRequest: noStore,
      preValidation: limitPerIp('publicOrdersPerIp'),
      schema: {
        tags: ['public', ...tags],
        summary: 'The customer cancels the order behind its link within the policy (refund by payment type); refused: 409',
        params: publicParams,
        querystring: publicOrderQuerySchema,
        body: cancellationBodySchema,
        response: { 200: cancellationReplySchema },
      },
    },
    async (request) => {
      const order = await orderByToken(deps, request.params.id, request.query.token, 'change');
      const { message, ...data } = await cancelOrder(deps, order, request.body.expect, language(request, request.query));
      return { success: true as const, message, data };
    },
  );

  const ownParams = z.object({ teamId: idParam, id: idParam });
  const own = async (request: FastifyRequest, params: { teamId: number; id: number }) => {
    const { customer } = await requireCustomer(deps.db, request, params.teamId);
    return ownOrder(deps.db, params.teamId, customer, params.id);
  };
  app.get(
    '/api/customer/teams/:teamId/orders/:id/cancellation',
    {
      onRequest: noStore,
      schema: {
        tags,
        summary: "What cancelling one of the customer's orders now would do; another's order: 404",
        security: CUSTOMER_SECURITY,
        params: ownParams,
        response: { 200: dataReplySchema(cancellationQuoteSchema) },
      },
    },
    async (request) => ({ data: await quoteOrder(deps, await own(request, request.params), request.lang) }),
  );
  app.post(
    '/api/customer/teams/:teamId/orders/:id/cancellation',
    {
      onRequest: noStore,
      schema: {
        tags,
        summary: 'The customer cancels one of their orders within the policy; refused: 409; another’s order: 404',
        security: CUSTOMER_SECURITY,
        params: ownParams,
        body: cancellationBodySchema,
        response: { 200: cancellationReplySchema },
      },
    },
    async (request) => {
      const { message, ...data } = await cancelOrder(deps, await own(request, request.params), request.body.expect, request.lang);
      return { success: true as const, message, data };
    },
  );
}
