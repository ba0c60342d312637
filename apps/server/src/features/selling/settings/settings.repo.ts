import type { Plan } from '@bookla/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { teamMembers, teams, teamSellingSettings, users } from '../../../db/schema/index.ts';
import { planOnDaySql } from '../../../lib/plan-day.ts';
import { preparedPerDb } from '../../../lib/sql.ts';

/** SQL of a team's selling settings (one row per team, written on the first save) and its shop branding. */

export type SellingSettingsRow = typeof teamSellingSettings.$inferSelect;
export type SellingSettingsValues = Partial<Omit<typeof teamSellingSettings.$inferInsert, 'teamId' | 'createdAt' | 'updatedAt'>>;
export type TeamRow = typeof teams.$inferSelect;

export async function findSettings(db: DbOrTx, teamId: number): Promise<SellingSettingsRow | undefined> {
  const [row] = await db.select().from(teamSellingSettings).where(eq(teamSellingSettings.teamId, teamId));
  return row;
}

/**
 * Writes the given columns; a missing row is inserted with the column defaults for the rest
 * (safe against a concurrent first save: the conflict turns into an update).
 */
export async function upsertSettings(db: DbOrTx, teamId: number, values: SellingSettingsValues): Promise<SellingSettingsRow> {
  const [row] = await db
    .insert(teamSellingSettings)
    .values({ ...values, teamId })
    .onConflictDoUpdate({ target: teamSellingSettings.teamId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}

/** What a checkout needs of the team, with its settings row (null before the first save), in one read. */
export async function findCheckoutTeam(db: DbOrTx, teamId: number, day: string) {
  const [row] = await checkoutTeamQuery(db, { teamId, day });
  return row;
}

// Every checkout reads it: one prepared statement (lib/sql.ts), with the platform plan in force on
// the sale's day (decision 031: the plan, not the settings, decides the platform fee).
const checkoutTeamQuery = preparedPerDb('checkout_team', (db) =>
  db
    .select({
      id: teams.id,
      currency: teams.currency,
      languages: teams.languages,
      timeZone: teams.timeZone,
      plan: planOnDaySql(teams.id, sql.placeholder('day')),
      settings: teamSellingSettings,
    })
    .from(teams)
    .leftJoin(teamSellingSettings, eq(teamSellingSettings.teamId, teams.id))
    .where(eq(teams.id, sql.placeholder('teamId'))),
);

export async function findTeam(db: DbOrTx, teamId: number): Promise<TeamRow | undefined> {
  const [row] = await db.select().from(teams).where(eq(teams.id, teamId));
  return row;
}

/** The team whose shop address is `slug` (case-insensitive, like the unique index). */
export async function findTeamBySlug(db: DbOrTx, slug: string): Promise<TeamRow | undefined> {
  const [row] = await db
    .select()
    .from(teams)
    .where(sql`lower(${teams.slug}) = lower(${slug})`);
  return row;
}

/** Whether another team uses the slug already. */
export async function slugTaken(db: DbOrTx, teamId: number, slug: string): Promise<boolean> {
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(sql`lower(${teams.slug}) = lower(${slug})`, ne(teams.id, teamId)))
    .limit(1);
  return !!row;
}

export async function updateBranding(
  db: DbOrTx,
  teamId: number,
  values: { primaryColor?: string | null; slug?: string | null },
): Promise<void> {
  if (values.primaryColor === undefined && values.slug === undefined) return;
  await db
    .update(teams)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(teams.id, teamId));
}

/** The team's owners with what a mail to them needs. */
export async function teamOwners(db: DbOrTx, teamId: number) {
  return db
    .select({ email: users.email, firstname: users.firstname, language: users.language, dateFormat: users.dateFormat })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, 'owner')))
    .orderBy(users.id);
}

/** The platform plan in force on `day` (`YYYY-MM-DD`, platform zone); Pay-As-You-Go without any change. */
export async function findPlanOnDay(db: DbOrTx, teamId: number, day: string): Promise<Plan> {
  const result = await db.execute(sql`SELECT ${planOnDaySql(teamId, day)} AS plan`);
  return (result as unknown as { rows: { plan: Plan }[] }).rows[0]?.plan ?? 'payg';
}
