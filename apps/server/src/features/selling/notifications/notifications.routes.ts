import { notificationSettingsBodySchema, notificationSettingsSchema } from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataReply, successDataReply } from '../../../lib/http.ts';
import { currentTeam, requirePermission } from '../../../plugins/auth.ts';
import * as service from './notifications.service.ts';

/**
 * The company's notification settings (`/backend/config/notifications`): who of the staff is
 * mailed about orders, cancellations and refunds, and how. They name staff members and their
 * addresses, so they are the owners' and admins' (`team.manage`), like the staff list.
 */
export async function notificationSettingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['selling'];
  const manage = requirePermission('team.manage');

  app.get(
    '/api/config/notifications',
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Provider notifications: recipients (user ids), events, immediate or daily digest, and the members to choose from',
        response: { 200: dataReply(notificationSettingsSchema) },
      },
    },
    async (request) => ({ data: await service.getNotificationSettings(db, currentTeam(request).id) }),
  );

  app.put(
    '/api/config/notifications',
    {
      preValidation: manage,
      schema: {
        tags,
        summary:
          'Saves the notification settings: recipients must be members of the company who see orders (422 at recipients.<i> otherwise), events, delivery',
        body: notificationSettingsBodySchema,
        response: { 200: successDataReply(notificationSettingsSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.t('provider-notifications:saved'),
      data: await service.saveNotificationSettings(db, currentTeam(request), request.body),
    }),
  );
}
