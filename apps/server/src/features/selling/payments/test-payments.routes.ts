import { testPaymentBodySchema, testPaymentReplySchema, testPaymentSchema } from '@bookla/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataReply, idParam } from '../../../lib/http.ts';
import { limitPerIp } from '../../../plugins/rate-limit.ts';
import * as payments from './payments.service.ts';

/**
 * The test-mode payment page's calls (public: no login, no cookies, no CSRF token; the link's
 * token is the key). A wrong token, another provider's attempt or a team without test mode: 404.
 */
export async function testPaymentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.deps.db, config: app.deps.config, log: app.log };
  const tags = ['public'];
  const params = z.object({ paymentId: idParam });
  // Any text: a token that cannot be right is simply not found (404), never a validation error.
  const querystring = z.object({ token: z.string().max(200).optional() });
  // Counted before the body is read; never stored by a proxy or the browser cache (the link's token is in the URL).
  const onRequest = [
    async (_request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
    },
    limitPerIp('publicOrdersPerIp'),
  ];

  app.get(
    '/api/public/test-payments/:paymentId',
    {
      onRequest,
      schema: {
        tags,
        summary: 'A test-mode payment (no money moves): amount, company, order number, status',
        params,
        querystring,
        response: { 200: dataReply(testPaymentSchema) },
      },
    },
    async (request) => ({ data: await payments.getTestPayment(deps, request.params.paymentId, request.query.token) }),
  );

  app.post(
    '/api/public/test-payments/:paymentId',
    {
      onRequest,
      config: { csrf: false },
      schema: {
        tags,
        summary:
          "Answers a test-mode payment ('pay' or 'decline') through the webhook's code path, keeping a test card for renewals when `save_card` is given (orders of a monthly or yearly tier); 409 when already answered otherwise",
        params,
        querystring,
        body: testPaymentBodySchema,
        response: { 200: testPaymentReplySchema },
      },
    },
    async (request) =>
      payments.submitTestPayment(deps, request.params.paymentId, request.query.token, request.body.outcome, request.body.save_card),
  );
}
