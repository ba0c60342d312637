import type { Role } from '@bookla/shared';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { currencies, teamMembers, teams, timeZones, users, type TeamFeatures } from '../../db/schema/index.ts';

/** SQL of companies and memberships. Team-owned queries take the team id first. */

export type TeamRow = typeof teams.$inferSelect;
export type NewTeam = typeof teams.$inferInsert;

export async function findTeam(db: DbOrTx, teamId: number): Promise<TeamRow | undefined> {
  const [row] = await db.select().from(teams).where(eq(teams.id, teamId));
  return row;
}

/** Name and logo only: what the public avatar may show. */
export async function findTeamBadge(db: DbOrTx, teamId: number): Promise<{ name: string; logoPath: string | null } | undefined> {
  const [row] = await db.select({ name: teams.name, logoPath: teams.logoPath }).from(teams).where(eq(teams.id, teamId));
  return row;
}

/** The role of a user in a team, or undefined when not a member. */
export async function findRole(db: DbOrTx, teamId: number, userId: number): Promise<Role | undefined> {
  const [row] = await db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row?.role;
}

/** Every team a user belongs to, with the role there, oldest membership first. */
export async function listTeamsOfUser(db: DbOrTx, userId: number): Promise<{ team: TeamRow; role: Role }[]> {
  return db
    .select({ team: teams, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(asc(teamMembers.createdAt), asc(teams.id));
}

/** Case-insensitive, optionally ignoring one team (its own name when renaming). */
export async function teamNameTaken(db: DbOrTx, name: string, exceptTeamId?: number): Promise<boolean> {
  const byName = sql`lower(${teams.name}) = lower(${name})`;
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(exceptTeamId ? and(byName, ne(teams.id, exceptTeamId)) : byName)
    .limit(1);
  return !!row;
}

export async function insertTeam(db: DbOrTx, values: NewTeam): Promise<TeamRow> {
  const [row] = await db.insert(teams).values(values).returning();
  return row!;
}

export async function insertMember(db: DbOrTx, teamId: number, userId: number, role: Role): Promise<boolean> {
  const rows = await db
    .insert(teamMembers)
    .values({ teamId, userId, role })
    .onConflictDoNothing()
    .returning({ userId: teamMembers.userId });
  return rows.length > 0;
}

/**
 * Whether the team has anything priced or owed in its currency: a ticket or product with a price,
 * or an order still waiting for its money. While it has, the currency stays (issue 20 item 6).
 */
export async function currencyInUse(db: DbOrTx, teamId: number): Promise<boolean> {
  const result = await db.execute(sql`SELECT
    EXISTS (SELECT 1 FROM tickets WHERE team_id = ${teamId} AND price_minor > 0)
    OR EXISTS (SELECT 1 FROM products WHERE team_id = ${teamId} AND price_minor > 0)
    OR EXISTS (SELECT 1 FROM orders WHERE team_id = ${teamId} AND payment_status = 'waiting') AS used`);
  return !!(result as unknown as { rows: { used: boolean }[] }).rows[0]?.used;
}

/** The team's free tickets and products take the new currency with it (nothing priced to convert). */
export async function moveFreeItemsToCurrency(db: DbOrTx, teamId: number, currency: string): Promise<void> {
  await db.execute(
    sql`UPDATE tickets SET currency = ${currency} WHERE team_id = ${teamId} AND price_minor = 0 AND currency <> ${currency}`,
  );
  await db.execute(
    sql`UPDATE products SET currency = ${currency} WHERE team_id = ${teamId} AND price_minor = 0 AND currency <> ${currency}`,
  );
}

export async function updateTeam(
  db: DbOrTx,
  teamId: number,
  values: Partial<Omit<NewTeam, 'id' | 'ownerId' | 'createdAt'>>,
): Promise<TeamRow | undefined> {
  const [row] = await db
    .update(teams)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(teams.id, teamId))
    .returning();
  return row;
}

/** Merges feature switches in one statement, so concurrent changes of different switches both stay. */
export async function mergeFeatures(db: DbOrTx, teamId: number, changes: Partial<TeamFeatures>): Promise<TeamRow | undefined> {
  const [row] = await db
    .update(teams)
    .set({ features: sql`${teams.features} || ${JSON.stringify(changes)}::jsonb`, updatedAt: new Date() })
    .where(eq(teams.id, teamId))
    .returning();
  return row;
}

export async function setCurrentTeam(db: DbOrTx, userId: number, teamId: number | null): Promise<void> {
  await db.update(users).set({ currentTeamId: teamId, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function currencyExists(db: DbOrTx, code: string): Promise<boolean> {
  const [row] = await db.select({ code: currencies.code }).from(currencies).where(eq(currencies.code, code.toUpperCase()));
  return !!row;
}

export async function timeZoneExists(db: DbOrTx, name: string): Promise<boolean> {
  const [row] = await db.select({ name: timeZones.name }).from(timeZones).where(eq(timeZones.name, name));
  return !!row;
}
