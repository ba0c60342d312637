import { publicTeamSchema, type PublicTeam } from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../config/env.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { notFound } from '../../../lib/app-error.ts';
import { dataReply, notModifiedReply } from '../../../lib/http.ts';
import { serialized } from '../../../lib/public-cache.ts';
import { logoUrl } from '../../teams/index.ts';
import { enabledPaymentMethods, findShopTeam, getSellingSettings } from './settings.service.ts';

/** The public face of a team (CONTRACT §4): what the shop and embeds show and may offer. */
export async function getPublicTeam(db: DbOrTx, config: Pick<Config, 'appUrl'>, ref: string): Promise<PublicTeam> {
  const team = await findShopTeam(db, ref);
  if (!team) throw notFound();
  const settings = await getSellingSettings(db, team.id);
  return {
    id: team.id,
    name: team.name,
    slug: team.slug,
    logo_url: team.logoPath ? new URL(logoUrl(team), `${config.appUrl}/`).toString() : null,
    primary_color: team.primaryColor,
    languages: team.languages,
    currency: team.currency,
    time_zone: team.timeZone,
    country: team.billingCountry,
    payment_methods: enabledPaymentMethods(settings),
    terms_url: settings.termsUrl,
    charges_vat: settings.chargesVat,
    offers_subscriptions: team.features.subscriptions === true,
  };
}

/** `GET /api/public/teams/{teamId}`: no login, no cookies; the id or the shop slug. */
export async function publicTeamRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config, publicCache } = app.deps;

  app.get(
    '/api/public/teams/:teamId',
    {
      schema: {
        tags: ['public'],
        summary: 'A team as its shop shows it: name, logo, colour, languages, currency, payment methods, terms (by id or shop slug)',
        params: z.object({ teamId: z.string().max(80) }),
        response: { 200: dataReply(publicTeamSchema), 304: notModifiedReply },
      },
    },
    // Cacheable by a CDN, and kept in memory until the team changes (at most 30 s): lib/public-cache.ts.
    async (request, reply) =>
      publicCache.serve(request, reply, `team|${request.params.teamId}`, 30_000, async () => {
        const data = await getPublicTeam(db, config, request.params.teamId);
        return { body: serialized(reply, { data }), contentType: 'application/json; charset=utf-8', teamId: data.id };
      }),
  );
}
