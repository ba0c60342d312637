import { memberSchema, roleChangeSchema } from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentTeam, requirePermission } from '../../plugins/auth.ts';
import { dataReply, idParam, successDataReply, successReply } from '../../lib/http.ts';
import * as service from './staff.service.ts';

/** Staff of the current company (owner/admin). */
export async function staffRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['staff'];
  const manage = requirePermission('team.manage');
  const params = z.object({ userId: idParam });

  app.get(
    '/api/team/members',
    {
      preValidation: manage,
      schema: { tags, summary: 'Staff of the current company', response: { 200: dataReply(z.array(memberSchema)) } },
    },
    async (request) => ({ data: await service.listMembers(db, currentTeam(request).id) }),
  );

  app.put(
    '/api/team/members/:userId',
    {
      preValidation: manage,
      schema: {
        tags,
        summary: "Changes a staff member's role (not the owner's, not one's own)",
        params,
        body: roleChangeSchema,
        response: { 200: successDataReply(memberSchema) },
      },
    },
    async (request) => {
      const member = await service.changeRole(db, currentTeam(request), request.auth!.user.id, request.params.userId, request.body.role);
      return { success: true as const, message: request.t('teams:members.role_changed'), data: member };
    },
  );

  app.delete(
    '/api/team/members/:userId',
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Removes a staff member from the company (not the owner, not oneself)',
        params,
        response: { 200: successReply },
      },
    },
    async (request) => {
      await service.removeMember(db, currentTeam(request), request.auth!.user.id, request.params.userId);
      return { success: true as const, message: request.t('teams:members.removed') };
    },
  );
}
