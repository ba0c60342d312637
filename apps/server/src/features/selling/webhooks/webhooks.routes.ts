import {
  webhookCreatedSchema,
  webhookCreateSchema,
  webhookDeliveryListQuerySchema,
  webhookListQuerySchema,
  webhookDeliverySchema,
  webhookSchema,
  webhookUpdatedSchema,
  webhookUpdateSchema,
} from '@bookla/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, listReply, successDataReply, successReply, toList } from '../../../lib/http.ts';
import { currentTeam, requirePermission } from '../../../plugins/auth.ts';
import * as webhooks from './webhooks.service.ts';

/**
 * Webhooks in the back office (CONTRACT §8, decision 030): `team.manage` (owners and admins),
 * a session only (an API token never reaches them). Deliveries are sent by the background sweep.
 */
export async function webhooksRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const { db } = deps;
  const tags = ['webhooks'];
  const preValidation = requirePermission('team.manage');
  const params = z.object({ id: idParam });
  const teamId = (request: FastifyRequest) => currentTeam(request).id;

  app.get(
    '/api/webhooks',
    {
      preValidation,
      schema: {
        tags,
        summary: 'The company’s webhook endpoints (list; newest first) with their pending deliveries and failures',
        querystring: webhookListQuerySchema,
        response: { 200: listReply(webhookSchema) },
      },
    },
    async (request) => {
      const { page, perPage } = request.query;
      const { rows, total } = await webhooks.listWebhooks(db, teamId(request), page, perPage);
      return toList(request, rows, total, page, perPage);
    },
  );

  app.post(
    '/api/webhooks',
    {
      preValidation,
      schema: {
        tags,
        summary:
          'Registers an endpoint for events (https; 422 on `url` for plain http or a loopback, private or link-local address unless WEBHOOKS_ALLOW_LOCAL=true; 409 past 10 endpoints). The reply carries the signing secret, shown only this once',
        body: webhookCreateSchema,
        response: { 201: webhookCreatedSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await webhooks.createWebhook(deps, teamId(request), request.auth?.user.id ?? null, request.body)),
  );

  app.get(
    '/api/webhooks/:id',
    { preValidation, schema: { tags, summary: 'One endpoint', params, response: { 200: z.object({ data: webhookSchema }) } } },
    async (request) => ({ data: await webhooks.getWebhook(db, teamId(request), request.params.id) }),
  );

  app.put(
    '/api/webhooks/:id',
    {
      preValidation,
      schema: {
        tags,
        summary:
          'Changes the URL, the events, switches it on or off (on again: what waited is sent, in order), or rotates the secret (`rotate_secret`: the new secret in the reply, once; the previous one signs too for 24 h)',
        params,
        body: webhookUpdateSchema,
        response: { 200: successDataReply(webhookUpdatedSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.t(request.body.rotate_secret ? 'webhooks:rotated' : 'webhooks:saved'),
      data: await webhooks.updateWebhook(deps, teamId(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/webhooks/:id',
    { preValidation, schema: { tags, summary: 'Deletes the endpoint with its delivery log', params, response: { 200: successReply } } },
    async (request) => {
      await webhooks.deleteWebhook(db, teamId(request), request.params.id);
      return { success: true as const, message: request.t('webhooks:deleted') };
    },
  );

  app.get(
    '/api/webhooks/:id/deliveries',
    {
      preValidation,
      schema: {
        tags,
        summary:
          'The endpoint’s delivery log, newest first (columnFilters status: pending, delivered, failed): body sent, last status, duration, answer excerpt',
        params,
        querystring: webhookDeliveryListQuerySchema,
        response: { 200: listReply(webhookDeliverySchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await webhooks.listDeliveries(db, teamId(request), request.params.id, q);
      return toList(request, rows, total, q.page, q.perPage);
    },
  );

  app.post(
    '/api/webhooks/:id/test',
    {
      preValidation,
      schema: {
        tags,
        summary:
          'Sends a `webhook.test` event to this endpoint (delivered by the background sweep within seconds, also while the endpoint is off)',
        params,
        response: { 200: successReply },
      },
    },
    async (request) => {
      await webhooks.sendTestEvent(db, teamId(request), request.params.id);
      return { success: true as const, message: request.t('webhooks:test_sent') };
    },
  );

  app.post(
    '/api/webhooks/:id/deliveries/:deliveryId/resend',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Sends the delivery’s event again (a new delivery with the same event id and body, after what is pending)',
        params: z.object({ id: idParam, deliveryId: idParam }),
        response: { 200: successDataReply(webhookDeliverySchema) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.t('webhooks:resent'),
      data: await webhooks.resendDelivery(db, teamId(request), request.params.id, request.params.deliveryId),
    }),
  );
}
