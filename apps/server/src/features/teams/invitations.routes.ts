import { acceptInvitationSchema, invitationCheckReplySchema, invitationSchema, inviteSchema } from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentTeam, requirePermission } from '../../plugins/auth.ts';
import { dataReply, idParam, successDataReply, successReply } from '../../lib/http.ts';
import * as service from './invitations.service.ts';

/** Invitations of the current company (owner/admin) and the public accept flow (spec §4). */
export async function invitationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const tags = ['invitations'];
  const manage = requirePermission('team.manage');
  const params = z.object({ id: idParam });
  const inviter = (u: { id: number; firstname: string; lastname: string }) => ({ id: u.id, firstname: u.firstname, lastname: u.lastname });

  app.get(
    '/api/team/invitations',
    {
      preValidation: manage,
      schema: { tags, summary: 'Open invitations (pending and expired)', response: { 200: dataReply(z.array(invitationSchema)) } },
    },
    async (request) => ({ data: await service.listInvitations(deps, currentTeam(request).id) }),
  );

  app.post(
    '/api/team/invitations',
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Invites someone by e-mail, with a role',
        body: inviteSchema,
        response: { 200: successDataReply(invitationSchema) },
      },
    },
    async (request) => {
      const invitation = await service.invite(deps, currentTeam(request), inviter(request.auth!.user), request.body, request.lang);
      return { success: true as const, message: request.t('teams:invitations.sent', { email: invitation.email }), data: invitation };
    },
  );

  app.delete(
    '/api/team/invitations/:id',
    { preValidation: manage, schema: { tags, summary: 'Revokes an open invitation', params, response: { 200: successReply } } },
    async (request) => {
      await service.revoke(deps, currentTeam(request).id, request.params.id);
      return { success: true as const, message: request.t('teams:invitations.revoked') };
    },
  );

  app.post(
    '/api/team/invitations/:id/resend',
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Mails an open invitation again, with a new link and expiry',
        params,
        response: { 200: successDataReply(invitationSchema) },
      },
    },
    async (request) => {
      const invitation = await service.resend(deps, currentTeam(request), inviter(request.auth!.user), request.params.id);
      return { success: true as const, message: request.t('teams:invitations.resent', { email: invitation.email }), data: invitation };
    },
  );

  const linkParams = z.object({ teamid: z.string().max(20), invitationid: z.string().max(20), hash: z.string().max(200) });

  app.get(
    '/api/srl/team/:teamid/invite/:invitationid/validate/:hash',
    {
      schema: {
        tags,
        summary: 'Checks an invitation link (public)',
        params: linkParams,
        response: { 200: invitationCheckReplySchema },
      },
    },
    async (request) => {
      const { teamid, invitationid, hash } = request.params;
      return service.validate(deps, teamid, invitationid, hash);
    },
  );

  app.post(
    '/api/srl/team/:teamid/invite/:invitationid/accept/:hash',
    {
      schema: {
        tags,
        summary: 'Accepts an invitation: registers the invited address, or one click when it has an account (public)',
        params: linkParams,
        body: acceptInvitationSchema,
        response: { 200: successReply },
      },
    },
    async (request) => {
      const { teamid, invitationid, hash } = request.params;
      await service.accept(deps, teamid, invitationid, hash, request.body?.user);
      return { success: true as const, message: request.t('teams:invitations.accepted') };
    },
  );
}
