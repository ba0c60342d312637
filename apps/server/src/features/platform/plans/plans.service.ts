import type { Plan, TeamPlan } from '@bookla/shared';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { firstOfNextMonth, nextDay, platformDay } from '../../../lib/plan-day.ts';
import * as repo from './plans.repo.ts';

/**
 * The team's platform plan (CONTRACT §6, decision 031). A change counts from the start of a day in
 * the platform's zone: an upgrade (to Business) from tomorrow, a downgrade (to Pay-As-You-Go) from
 * the 1st of next month, so a month already begun on Business is billed as such. At most one
 * change waits at a time: choosing again replaces it, choosing the plan in force cancels it.
 */

/** The day a change to `plan` made on `today` counts from. */
export function changeDay(plan: Plan, today: string): string {
  return plan === 'business' ? nextDay(today) : firstOfNextMonth(today);
}

/** The plan in force on `today`, since when, and the change waiting (the first after today). */
export function planState(changes: readonly repo.PlanChangeRow[], today: string, createdDay: string = today): TeamPlan {
  const past = changes.filter((c) => c.effectiveFrom <= today);
  const current = past.at(-1);
  const plan = current?.plan ?? 'payg';
  // Since: the first day of the run of days on this plan (consecutive changes to the same plan are one run).
  let since = current ? current.effectiveFrom : createdDay;
  for (let i = past.length - 2; i >= 0 && past[i]!.plan === plan; i--) since = past[i]!.effectiveFrom;
  const next = changes.find((c) => c.effectiveFrom > today && c.plan !== plan);
  return next ? { plan, since, scheduled: { plan: next.plan, from: next.effectiveFrom } } : { plan, since };
}

/** The team's plan as `GET /api/team/plan` answers it. */
export async function getTeamPlan(db: DbOrTx, teamId: number, now: Date = new Date()): Promise<TeamPlan> {
  const { changes, createdDay } = await repo.findPlanChanges(db, teamId);
  return planState(changes, platformDay(now), createdDay);
}

/**
 * `PUT /api/team/plan`: the plan in force again cancels a waiting change; the other plan is
 * scheduled (replacing a waiting change). One transaction with the team's row locked, so two
 * changes at once end as one of them, never as two waiting changes.
 */
export async function changeTeamPlan(db: Db, teamId: number, plan: Plan, userId: number | null, now: Date = new Date()): Promise<TeamPlan> {
  const today = platformDay(now);
  await db.transaction(async (tx) => {
    await repo.lockTeam(tx, teamId);
    const { changes, createdDay } = await repo.findPlanChanges(tx, teamId);
    const current = planState(changes, today, createdDay);
    await repo.deleteChangesAfter(tx, teamId, today);
    if (plan !== current.plan) await repo.insertChange(tx, teamId, plan, changeDay(plan, today), userId);
  });
  return getTeamPlan(db, teamId, now);
}

/**
 * The first plan of a new team, from the day it is made (sign-up, company creation, seeds and
 * test fixtures): written in the caller's transaction. A team without one is on Pay-As-You-Go anyway.
 */
export async function startTeamPlan(
  tx: DbOrTx,
  teamId: number,
  plan: Plan = 'payg',
  userId: number | null = null,
  now: Date = new Date(),
): Promise<void> {
  await repo.insertChange(tx, teamId, plan, platformDay(now), userId);
}
