import type { SessionStatus, Translated } from '@bookla/shared';
import { and, asc, count, eq, gte, inArray, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { activities, activitySessions, resources, sessionResources, teamHolidays, tickets } from '../../../db/schema/index.ts';

/** SQL of an activity's sessions and their resources. Every function takes the team id first. */

export type SessionRow = typeof activitySessions.$inferSelect;

export async function findActivity(db: DbOrTx, teamId: number, id: number, lock = false) {
  const query = db
    .select({ id: activities.id, name: activities.name })
    .from(activities)
    .where(and(eq(activities.teamId, teamId), eq(activities.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function listSessions(db: DbOrTx, teamId: number, activityId: number): Promise<SessionRow[]> {
  return db
    .select()
    .from(activitySessions)
    .where(and(eq(activitySessions.teamId, teamId), eq(activitySessions.activityId, activityId)))
    .orderBy(asc(activitySessions.startsAt), asc(activitySessions.id));
}

export async function countSessions(db: DbOrTx, teamId: number, activityId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(activitySessions)
    .where(and(eq(activitySessions.teamId, teamId), eq(activitySessions.activityId, activityId)));
  return Number(row?.n ?? 0);
}

export async function findSession(db: DbOrTx, teamId: number, activityId: number, id: number): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(activitySessions)
    .where(and(eq(activitySessions.teamId, teamId), eq(activitySessions.activityId, activityId), eq(activitySessions.id, id)));
  return row;
}

/** These sessions of the activity, in time order (unknown ids are left out). */
export async function findSessions(db: DbOrTx, teamId: number, activityId: number, ids: number[]): Promise<SessionRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(activitySessions)
    .where(and(eq(activitySessions.teamId, teamId), eq(activitySessions.activityId, activityId), inArray(activitySessions.id, ids)))
    .orderBy(asc(activitySessions.startsAt), asc(activitySessions.id));
}

/** Start and end of every date of the activity (the duplicate check). */
export async function sessionRanges(db: DbOrTx, teamId: number, activityId: number) {
  return db
    .select({ startsAt: activitySessions.startsAt, endsAt: activitySessions.endsAt })
    .from(activitySessions)
    .where(and(eq(activitySessions.teamId, teamId), eq(activitySessions.activityId, activityId)));
}

/** A session of the team, whatever its activity (for the conflict check). */
export async function findTeamSession(db: DbOrTx, teamId: number, id: number): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(activitySessions)
    .where(and(eq(activitySessions.teamId, teamId), eq(activitySessions.id, id)));
  return row;
}

export interface NewSession {
  startsAt: Date;
  endsAt: Date;
  note?: Translated;
}

export async function insertSessions(db: DbOrTx, teamId: number, activityId: number, rows: NewSession[]): Promise<SessionRow[]> {
  if (!rows.length) return [];
  return db
    .insert(activitySessions)
    .values(rows.map((r) => ({ ...r, teamId, activityId })))
    .returning();
}

export async function updateSession(
  db: DbOrTx,
  teamId: number,
  id: number,
  values: Partial<{ startsAt: Date; endsAt: Date; note: Translated; status: SessionStatus }>,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .update(activitySessions)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(activitySessions.teamId, teamId), eq(activitySessions.id, id)))
    .returning();
  return row;
}

export async function deleteSession(db: DbOrTx, teamId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(activitySessions)
    .where(and(eq(activitySessions.teamId, teamId), eq(activitySessions.id, id)))
    .returning({ id: activitySessions.id });
  return rows.length > 0;
}

/** Seats sold on the session's own (drop-in) tickets. */
export async function soldOfSession(db: DbOrTx, teamId: number, sessionId: number): Promise<number> {
  const [row] = await db
    .select({ sold: sum(tickets.sold) })
    .from(tickets)
    .where(and(eq(tickets.teamId, teamId), eq(tickets.sessionId, sessionId)));
  return Number(row?.sold ?? 0);
}

/** Resources assigned to these sessions, with names and capacities, in one query. */
export async function resourcesOfSessions(db: DbOrTx, teamId: number, sessionIds: number[]) {
  if (!sessionIds.length) return [];
  return db
    .select({
      sessionId: sessionResources.sessionId,
      resourceId: sessionResources.resourceId,
      quantity: sessionResources.quantity,
      name: resources.name,
      capacity: resources.capacity,
      groupId: resources.groupId,
    })
    .from(sessionResources)
    .innerJoin(resources, eq(resources.id, sessionResources.resourceId))
    .where(and(eq(sessionResources.teamId, teamId), inArray(sessionResources.sessionId, sessionIds)))
    .orderBy(asc(resources.sort), asc(resources.id));
}

export async function replaceSessionResources(
  db: DbOrTx,
  teamId: number,
  sessionId: number,
  items: { resourceId: number; quantity: number }[],
): Promise<void> {
  await db.delete(sessionResources).where(and(eq(sessionResources.teamId, teamId), eq(sessionResources.sessionId, sessionId)));
  if (items.length) await db.insert(sessionResources).values(items.map((i) => ({ ...i, teamId, sessionId })));
}

/** Holidays ending on or after a day (the generator's look-up). */
export async function holidaysFrom(db: DbOrTx, teamId: number, from: string) {
  return db
    .select({ name: teamHolidays.name, startsOn: teamHolidays.startsOn, endsOn: teamHolidays.endsOn })
    .from(teamHolidays)
    .where(and(eq(teamHolidays.teamId, teamId), gte(teamHolidays.endsOn, from)))
    .orderBy(asc(teamHolidays.startsOn));
}
