import { orderActionBodySchema, orderAdminDetailSchema } from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, successDataReply } from '../../../lib/http.ts';
import { actingUserId, currentTeam, requirePermission } from '../../../plugins/auth.ts';
import { getAdminDetail } from './order-admin.service.ts';
import { revokeOrderLinks } from './order-links.service.ts';

/** The order edit page's "revoke links" (`nav.orders`, the team from the session; another team's order: 404). */
export async function orderLinksRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.post(
    '/api/orders/:id/revoke-links',
    {
      preValidation: requirePermission('nav.orders'),
      schema: {
        tags: ['orders'],
        summary:
          'Revokes every link sent so far for the order (they answer 404 from now on); sending the confirmation again (/resend) ' +
          'gives the customer a new one',
        params: z.object({ id: idParam }),
        body: orderActionBodySchema,
        response: { 200: successDataReply(orderAdminDetailSchema) },
      },
    },
    async (request) => {
      const teamId = currentTeam(request).id;
      await revokeOrderLinks(deps, teamId, request.params.id, actingUserId(request));
      const data = await getAdminDetail(deps.db, teamId, request.params.id, request.lang);
      return { success: true as const, message: request.t('orders:link.revoked'), data };
    },
  );
}
