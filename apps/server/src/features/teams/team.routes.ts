import { currentTeamReplySchema, teamCreateReplySchema, teamCreateSchema, teamsReplySchema, teamSwitchReplySchema } from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can, requireUser } from '../../plugins/auth.ts';
import { idParam } from '../../lib/http.ts';
import * as service from './teams.service.ts';

/** The current company, the list of companies, switching and creating companies. */
export async function teamRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['teams'];

  app.get(
    '/api/srl/team',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'The current company of the session (null when there is none)',
        response: { 200: currentTeamReplySchema },
      },
    },
    async (request) => {
      const { team, role } = request.auth!;
      return { team: team && role ? service.toTeam(team, role, can(request, 'team.manage')) : null };
    },
  );

  app.get(
    '/api/srl/teams',
    {
      preValidation: requireUser,
      schema: { tags, summary: 'The companies of the user', response: { 200: teamsReplySchema } },
    },
    async (request) => ({ teams: await service.teamsOfUser(db, request.auth!.user) }),
  );

  app.post(
    '/api/srl/team/switch/:teamId',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'Switches the current company (a company of the user; 404 otherwise)',
        params: z.object({ teamId: idParam }),
        response: { 200: teamSwitchReplySchema },
      },
    },
    async (request) => {
      const team = await service.switchTeam(db, request.auth!.user, request.params.teamId);
      await app.sessions.update(request, { teamId: team.id });
      return { success: true as const, team };
    },
  );

  app.post(
    '/api/team',
    {
      preValidation: requireUser,
      // Shape errors and the server's checks (name, country, VAT ID…) answer in one 422.
      attachValidation: true,
      schema: {
        tags,
        summary: 'Creates a company; the creator becomes its owner and switches to it',
        body: teamCreateSchema,
        response: { 200: teamCreateReplySchema },
      },
    },
    async (request) => {
      if (request.validationError) throw await service.invalidTeamInput(db, teamCreateSchema, request.body);
      const team = await service.createTeam(app.deps, request.auth!.user.id, request.body);
      await app.sessions.update(request, { teamId: team.id });
      return { success: true as const, team_id: team.id, message: request.t('teams:team.created') };
    },
  );
}
