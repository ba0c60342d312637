import {
  teamBillingReplySchema,
  teamGeneralReplySchema,
  teamBillingSchema,
  teamFeaturesSchema,
  teamFeaturesUpdateSchema,
  teamGeneralSchema,
  teamSecuritySchema,
  teamSettingsSchema,
  teamWithBillingSchema,
  type TeamWithBilling,
} from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { currentTeam, requirePermission, requireTeam } from '../../plugins/auth.ts';
import { dataReply, idParam, successDataReply } from '../../lib/http.ts';
import * as service from './teams.service.ts';

const general = (t: TeamWithBilling) => ({
  name: t.name,
  phone_prefix: t.phone_prefix,
  phone_number: t.phone_number,
  currency: t.currency,
  languages: t.languages,
  time_zone: t.time_zone,
});
const billing = (t: TeamWithBilling) => ({
  billing_address: t.billing_address,
  billing_address_line_2: t.billing_address_line_2,
  billing_city: t.billing_city,
  billing_state: t.billing_state,
  billing_postal_code: t.billing_postal_code,
  billing_country: t.billing_country,
  vat_id: t.vat_id,
});

/** Company settings (general, billing, security), features and additional settings. */
export async function settingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['teams'];
  const manage = requirePermission('team.manage');

  app.get(
    '/api/team/general',
    { preValidation: manage, schema: { tags, summary: 'Company settings: general', response: { 200: dataReply(teamGeneralReplySchema) } } },
    async (request) => {
      const team = currentTeam(request);
      return { data: general(service.toTeamWithBilling(team, team.role)) };
    },
  );

  app.put(
    '/api/team/general',
    {
      preValidation: manage,
      attachValidation: true,
      schema: {
        tags,
        summary: 'Saves company settings: general',
        body: teamGeneralSchema,
        response: { 200: successDataReply(teamWithBillingSchema) },
      },
    },
    async (request) => {
      const current = currentTeam(request);
      if (request.validationError) throw await service.invalidTeamInput(db, teamGeneralSchema, request.body, { exceptTeamId: current.id });
      const team = await service.updateGeneral(db, current.id, request.body);
      return { success: true as const, message: request.t('teams:team.saved'), data: service.toTeamWithBilling(team, current.role) };
    },
  );

  app.get(
    '/api/team/billing',
    {
      preValidation: manage,
      schema: { tags, summary: 'Company settings: billing address and VAT ID', response: { 200: dataReply(teamBillingReplySchema) } },
    },
    async (request) => {
      const team = currentTeam(request);
      return { data: billing(service.toTeamWithBilling(team, team.role)) };
    },
  );

  app.put(
    '/api/team/billing',
    {
      preValidation: manage,
      attachValidation: true,
      schema: {
        tags,
        summary: 'Saves the billing address and VAT ID',
        body: teamBillingSchema,
        response: { 200: successDataReply(teamWithBillingSchema) },
      },
    },
    async (request) => {
      const current = currentTeam(request);
      if (request.validationError) throw await service.invalidTeamInput(db, teamBillingSchema, request.body, { exceptTeamId: current.id });
      const team = await service.updateBilling(db, current.id, request.body);
      return { success: true as const, message: request.t('teams:team.saved'), data: service.toTeamWithBilling(team, current.role) };
    },
  );

  app.put(
    '/api/team/security',
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Requires two-factor authentication of every staff member (or not)',
        body: teamSecuritySchema,
        response: { 200: successDataReply(teamSecuritySchema) },
      },
    },
    async (request) => {
      const current = currentTeam(request);
      const team = await service.updateSecurity(db, current.id, request.body.require_2fa, !!request.auth!.user.totpEnabledAt);
      return { success: true as const, message: request.t('teams:team.saved'), data: { require_2fa: team.require2fa } };
    },
  );

  app.get(
    '/api/config/features',
    {
      preValidation: requireTeam,
      schema: { tags, summary: 'Feature switches of the current company', response: { 200: dataReply(teamFeaturesSchema) } },
    },
    async (request) => ({ data: service.toTeamSettings(currentTeam(request)).features }),
  );

  app.put(
    '/api/config/features',
    {
      preValidation: requirePermission('nav.config'),
      schema: {
        tags,
        summary: 'Turns features of the current company on or off',
        body: teamFeaturesUpdateSchema,
        response: { 200: successDataReply(teamFeaturesSchema) },
      },
    },
    async (request) => {
      const features = await service.updateFeatures(db, currentTeam(request).id, request.body);
      return { success: true as const, message: request.t('teams:features.saved'), data: features };
    },
  );

  app.get(
    '/api/team/:id/additional/settings',
    {
      preValidation: requireTeam,
      schema: {
        tags,
        summary: 'Additional settings of the current company (another id: 404)',
        params: z.object({ id: idParam }),
        response: { 200: dataReply(teamSettingsSchema) },
      },
    },
    async (request) => {
      const team = currentTeam(request);
      if (team.id !== request.params.id) throw notFound();
      return { data: service.toTeamSettings(team) };
    },
  );
}
