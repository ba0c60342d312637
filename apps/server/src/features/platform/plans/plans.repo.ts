import { PLATFORM_TIME_ZONE, type Plan } from '@bookla/shared';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { teamPlanChanges, teams } from '../../../db/schema/index.ts';

/** SQL of the teams' plan changes (team_plan_changes, migration 0032). */

export interface PlanChangeRow {
  plan: Plan;
  effectiveFrom: string;
}

/** The team's changes, oldest first, and the day it was made (platform zone): a team without any change is on Pay-As-You-Go since then. */
export async function findPlanChanges(db: DbOrTx, teamId: number): Promise<{ changes: PlanChangeRow[]; createdDay: string | undefined }> {
  const [changes, [team]] = await Promise.all([
    db
      .select({ plan: teamPlanChanges.plan, effectiveFrom: teamPlanChanges.effectiveFrom })
      .from(teamPlanChanges)
      .where(eq(teamPlanChanges.teamId, teamId))
      .orderBy(asc(teamPlanChanges.effectiveFrom)),
    db
      .select({ day: sql<string>`to_char(${teams.createdAt} AT TIME ZONE ${PLATFORM_TIME_ZONE}, 'YYYY-MM-DD')` })
      .from(teams)
      .where(eq(teams.id, teamId)),
  ]);
  return { changes, createdDay: team?.day };
}

/** Holds the team's row until the transaction ends: two changes of one team run one after the other. */
export async function lockTeam(tx: DbOrTx, teamId: number): Promise<void> {
  await tx.execute(sql`SELECT id FROM teams WHERE id = ${teamId} FOR UPDATE`);
}

/** Drops the changes still to come (after `day`): a scheduled change is cancelled or replaced. */
export async function deleteChangesAfter(tx: DbOrTx, teamId: number, day: string): Promise<void> {
  await tx.delete(teamPlanChanges).where(and(eq(teamPlanChanges.teamId, teamId), gt(teamPlanChanges.effectiveFrom, day)));
}

/** A change from `day`; a second one for the same day leaves the first (the team's first plan is written once). */
export async function insertChange(tx: DbOrTx, teamId: number, plan: Plan, day: string, createdBy: number | null): Promise<void> {
  await tx.insert(teamPlanChanges).values({ teamId, plan, effectiveFrom: day, createdBy }).onConflictDoNothing();
}
