import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { receiveWebhook } from './payments.service.ts';
import { paymentAdapters } from './registry.ts';

/** Provider events arrive well below this; anything larger is no provider's. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * `POST /api/webhooks/{provider}` for every provider whose adapter handles webhooks (the paths
 * CONTRACT §4 fixes stay as they are). A signature covers the exact bytes the provider sent, so this plugin keeps the body as a raw Buffer: its own content-type
 * parser, which — Fastify encapsulation: this function is registered without fastify-plugin —
 * applies to the routes of this plugin only; every other route keeps the app's JSON parser. No
 * session and no CSRF token: the signature is the authentication.
 */
export async function providerWebhookRoutes(fastify: FastifyInstance) {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.deps.db, config: app.deps.config, log: app.log };

  for (const { provider, webhookSummary, handleWebhook } of paymentAdapters()) {
    if (!handleWebhook) continue;
    app.post(
      `/api/webhooks/${provider}`,
      {
        config: { csrf: false },
        schema: {
          tags: ['payments'],
          summary: webhookSummary ?? `${provider} webhook`,
          querystring: z.object({ team: z.coerce.number().int().min(1).max(2_147_483_647).optional() }),
          response: { 200: z.object({ received: z.literal(true) }) },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        await receiveWebhook(deps, provider, { raw, headers: request.headers, urlTeamId: request.query.team });
        return { received: true as const };
      },
    );
  }
}
