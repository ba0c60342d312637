import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { receiveStripeWebhook } from './payments.service.ts';

/** Stripe events arrive well below this; anything larger is not Stripe. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * `POST /api/webhooks/stripe` (CONTRACT §4). The signature covers the exact bytes Stripe sent, so
 * this plugin keeps the body as a raw Buffer: its own content-type parser, which — Fastify
 * encapsulation: this function is registered without fastify-plugin — applies to the routes of
 * this plugin only; every other route keeps the app's JSON parser. No session and no CSRF token:
 * the signature is the authentication.
 */
export async function stripeWebhookRoutes(fastify: FastifyInstance) {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.deps.db, config: app.deps.config, log: app.log };

  app.post(
    '/api/webhooks/stripe',
    {
      config: { csrf: false },
      schema: {
        tags: ['payments'],
        summary:
          "Stripe's signed events (Checkout completed/expired/async succeeded/failed, charge refunded): connected accounts' events with the platform's Connect secret, a team's own account's at ?team={id} with its secret; bad signature: 400",
        querystring: z.object({ team: z.coerce.number().int().min(1).max(2_147_483_647).optional() }),
        response: { 200: z.object({ received: z.literal(true) }) },
      },
    },
    async (request) => {
      await receiveStripeWebhook(deps, request.body, request.headers['stripe-signature'], request.query.team);
      return { received: true as const };
    },
  );
}
