import { teamPlanSchema, teamPlanUpdateSchema, type Language } from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dateLocaleOf, plainSpaces } from '../../../lib/date-locale.ts';
import { currentTeam, requirePermission, requireTeam } from '../../../plugins/auth.ts';
import * as service from './plans.service.ts';

/**
 * `GET/PUT /api/team/plan` (CONTRACT §6): every member of the company reads its plan, `team.manage`
 * changes it. Session only: an API token is refused by the default deny of plugins/token-routes.ts.
 */
export async function platformPlanRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['teams'];

  app.get(
    '/api/team/plan',
    {
      preValidation: requireTeam,
      schema: {
        tags,
        summary: "The company's platform plan: the plan in force today, since when, and a change waiting to count",
        response: { 200: teamPlanSchema },
      },
    },
    async (request) => service.getTeamPlan(db, currentTeam(request).id),
  );

  app.put(
    '/api/team/plan',
    {
      preValidation: requirePermission('team.manage'),
      schema: {
        tags,
        summary:
          'Changes the platform plan: an upgrade to business counts from tomorrow, a downgrade to payg from the 1st of next month (Europe/Zurich); the plan in force cancels a waiting change',
        body: teamPlanUpdateSchema,
        response: { 200: teamPlanSchema.extend({ message: z.string().describe('What happens, in the request language') }) },
      },
    },
    async (request) => {
      const team = currentTeam(request);
      const plan = await service.changeTeamPlan(db, team.id, request.body.plan, request.auth?.user.id ?? null);
      const name = (p: string) => request.t(`teams:plan.names.${p}`);
      const message = plan.scheduled
        ? request.t('teams:plan.scheduled', { plan: name(plan.scheduled.plan), from: longDay(plan.scheduled.from, request.lang) })
        : request.t('teams:plan.unchanged', { plan: name(plan.plan) });
      return { ...plan, message };
    },
  );
}

/** `2026-12-01` → "1. Dezember 2026", "1 December 2026", "1 décembre 2026". */
function longDay(day: string, lang: Language): string {
  const locale = dateLocaleOf(lang, 'CH');
  return plainSpaces(
    new Date(`${day}T12:00:00Z`).toLocaleDateString(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
  );
}
