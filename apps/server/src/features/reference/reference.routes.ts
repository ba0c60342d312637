import { contentPageReplySchema, currencyOptionsReplySchema, faqReplySchema, optionsReplySchema } from '@bookla/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './reference.service.ts';

const languageQuery = z.object({ language: z.string().optional() });

/** Reference data for forms (spec §7). Labels in the request language. */
export async function referenceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['reference'];
  // Lists change only with a release; let browsers keep them briefly. Vary on language inputs.
  const cacheable = { 'cache-control': 'private, max-age=300', vary: 'Accept-Language, Cookie' };

  // Reference data changes only when a release seeds it at start-up, so each list is built and
  // serialized once per language and kept for a while (time-zone offsets follow DST, hence the TTL).
  const TTL_MS = 10 * 60_000;
  // Kept as bytes: a string would be encoded to UTF-8 again for every answer (~8 KB for the countries).
  // `bytes` once built: a hit then answers without waiting on a promise.
  const cache = new Map<string, { at: number; body: Promise<Buffer>; bytes?: Buffer }>();
  const send = (reply: FastifyReply, body: Buffer) => reply.headers(cacheable).type('application/json; charset=utf-8').send(body);
  const cached = async (reply: FastifyReply, key: string, produce: () => Promise<unknown>) => {
    let hit = cache.get(key);
    if (hit?.bytes && Date.now() - hit.at <= TTL_MS) return send(reply, hit.bytes);
    if (!hit || Date.now() - hit.at > TTL_MS) {
      const entry: { at: number; body: Promise<Buffer>; bytes?: Buffer } = {
        at: Date.now(),
        body: produce().then((v) => (entry.bytes = Buffer.from(JSON.stringify(v)))),
      };
      entry.body.catch(() => cache.delete(key));
      cache.set(key, entry);
      hit = entry;
    }
    return send(reply, await hit.body);
  };

  app.get(
    '/api/srl/options/country',
    { schema: { tags, summary: 'Countries (ISO 3166-1 alpha-2)', querystring: languageQuery, response: { 200: optionsReplySchema } } },
    async (request, reply) => cached(reply, `country:${request.lang}`, () => service.countryOptions(db, request.lang)),
  );
  app.get(
    '/api/srl/options/currency',
    {
      schema: {
        tags,
        summary: 'Currencies with the countries that use them',
        querystring: languageQuery,
        response: { 200: currencyOptionsReplySchema },
      },
    },
    async (request, reply) => cached(reply, `currency:${request.lang}`, () => service.currencyOptions(db, request.lang)),
  );
  app.get(
    '/api/srl/options/language',
    { schema: { tags, summary: 'Languages of the product', response: { 200: optionsReplySchema } } },
    async (_request, reply) => cached(reply, 'language', () => service.languageOptions(db)),
  );
  app.get(
    '/api/srl/options/referral',
    { schema: { tags, summary: 'How did you hear of us', querystring: languageQuery, response: { 200: optionsReplySchema } } },
    async (request, reply) => cached(reply, `referral:${request.lang}`, () => service.referralOptions(db, request.lang)),
  );
  app.get(
    '/api/srl/options/timezones',
    { schema: { tags, summary: 'IANA time zones with their current UTC offset', response: { 200: optionsReplySchema } } },
    async (_request, reply) => cached(reply, 'timezones', () => service.timeZoneOptions(db)),
  );
  app.get(
    '/api/faq',
    {
      schema: {
        tags,
        summary: 'FAQ of the landing page, every language',
        response: { 200: faqReplySchema },
      },
    },
    async (_request, reply) => cached(reply, 'faq', () => service.faqList(db)),
  );

  const slug = z.string().max(64);
  app.get(
    '/api/content/:type',
    {
      schema: {
        tags,
        summary: 'Content page (group frontend)',
        params: z.object({ type: slug }),
        querystring: languageQuery,
        response: { 200: contentPageReplySchema },
      },
    },
    async (request, reply) => reply.headers(cacheable).send(await service.contentPage(db, request.params.type, 'frontend', request.lang)),
  );
  app.get(
    '/api/content/:type/:group',
    {
      schema: {
        tags,
        summary: 'Content page by type and group',
        params: z.object({ type: slug, group: slug }),
        querystring: languageQuery,
        response: { 200: contentPageReplySchema },
      },
    },
    async (request, reply) =>
      reply.headers(cacheable).send(await service.contentPage(db, request.params.type, request.params.group, request.lang)),
  );
}
