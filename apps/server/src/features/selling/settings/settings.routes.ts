import { integrationSettingsBodySchema, integrationSettingsSchema, taxSettingsBodySchema, taxSettingsSchema } from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataReply, successDataReply } from '../../../lib/http.ts';
import { clientKey } from '../../../lib/client-key.ts';
import { can, currentTeam, requirePermission } from '../../../plugins/auth.ts';
import * as settings from './settings.service.ts';

/** The company's taxes (`/backend/config/tax`) and payment integrations and shop branding (`/backend/config/integration`). */
export async function sellingSettingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config, limiter } = app.deps;
  const tags = ['selling'];
  const configure = requirePermission('nav.config');

  app.get(
    '/api/config/tax',
    {
      preValidation: configure,
      schema: {
        tags,
        summary: 'Taxes of the company: VAT number, rates (percent), default rate',
        response: { 200: dataReply(taxSettingsSchema) },
      },
    },
    async (request) => ({ data: await settings.getTaxSettings(db, currentTeam(request).id) }),
  );

  app.put(
    '/api/config/tax',
    {
      preValidation: configure,
      schema: {
        tags,
        summary: 'Saves the taxes (rates in percent with up to 2 decimals, each once; the default one of them; VAT number checked offline)',
        body: taxSettingsBodySchema,
        response: { 200: successDataReply(taxSettingsSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.t('selling-settings:tax.saved'),
      data: await settings.saveTaxSettings(db, currentTeam(request), request.body),
    }),
  );

  app.get(
    '/api/config/integration',
    {
      preValidation: configure,
      schema: {
        tags,
        summary: 'Payment integrations and shop branding of the company (secrets only as "set" flags)',
        response: { 200: dataReply(integrationSettingsSchema) },
      },
    },
    async (request) => ({ data: await settings.getIntegrationSettings(db, config, currentTeam(request)) }),
  );

  app.put(
    '/api/config/integration',
    {
      preValidation: configure,
      schema: {
        tags,
        summary:
          'Saves the sections sent (invoice, stripe, test_mode, terms_url, branding); a Stripe secret is changed only when sent, "" removes it. Changing test mode or where the money goes (IBANs, Stripe keys, webhook secret, account) needs team.manage (403); the latter also current_password (and totp_code with two-factor on), and mails every owner',
        body: integrationSettingsBodySchema,
        response: { 200: successDataReply(integrationSettingsSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.t('selling-settings:integration.saved'),
      data: await settings.saveIntegrationSettings({ db, config, limiter }, currentTeam(request), request.body, {
        user: request.auth!.user,
        canManage: can(request, 'team.manage'),
        clientKey: clientKey(request.ip),
      }),
    }),
  );
}
