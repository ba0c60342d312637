import type { Translated } from '@bookla/shared';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import {
  activities,
  activityAttributeValues,
  activityFields,
  activityInstructors,
  activityProducts,
  activitySessions,
  teamMembers,
  tickets,
  users,
} from '../../../db/schema/index.ts';

/** SQL of one activity and its satellites (instructors, copies, deletion). Team id first, always. */

export type ActivityValues = Partial<Omit<typeof activities.$inferInsert, 'id' | 'teamId' | 'createdAt'>>;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export type ActivityRow = typeof activities.$inferSelect;

export async function findActivity(db: DbOrTx, teamId: number, id: number): Promise<ActivityRow | undefined> {
  const [row] = await db
    .select()
    .from(activities)
    .where(and(eq(activities.teamId, teamId), eq(activities.id, id)));
  return row;
}

/** The activity row, locked for the rest of the transaction. */
export async function lockActivity(db: DbOrTx, teamId: number, id: number): Promise<ActivityRow | undefined> {
  const [row] = await db
    .select()
    .from(activities)
    .where(and(eq(activities.teamId, teamId), eq(activities.id, id)))
    .for('update');
  return row;
}

export async function findActivitiesByIds(db: DbOrTx, teamId: number, ids: number[]): Promise<ActivityRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(activities)
    .where(and(eq(activities.teamId, teamId), inArray(activities.id, ids)))
    .orderBy(asc(activities.id));
}

export async function instructorIdsOf(db: DbOrTx, teamId: number, activityId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: activityInstructors.userId })
    .from(activityInstructors)
    .where(and(eq(activityInstructors.teamId, teamId), eq(activityInstructors.activityId, activityId)))
    .orderBy(asc(activityInstructors.sort), asc(activityInstructors.userId));
  return rows.map((r) => r.userId);
}

/** The first instructor of each activity with the user's name, for list pages (one query). */
export async function firstInstructors(db: DbOrTx, teamId: number, activityIds: number[]) {
  if (!activityIds.length) return [];
  return db
    .selectDistinctOn([activityInstructors.activityId], {
      activityId: activityInstructors.activityId,
      userId: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
    })
    .from(activityInstructors)
    .innerJoin(users, eq(users.id, activityInstructors.userId))
    .where(and(eq(activityInstructors.teamId, teamId), inArray(activityInstructors.activityId, activityIds)))
    .orderBy(asc(activityInstructors.activityId), asc(activityInstructors.sort), asc(activityInstructors.userId));
}

export async function attributeValuesOf(db: DbOrTx, teamId: number, activityId: number) {
  return db
    .select({ attributeId: activityAttributeValues.attributeId, value: activityAttributeValues.value })
    .from(activityAttributeValues)
    .where(and(eq(activityAttributeValues.teamId, teamId), eq(activityAttributeValues.activityId, activityId)))
    .orderBy(asc(activityAttributeValues.attributeId));
}

export async function updateActivity(db: DbOrTx, teamId: number, id: number, values: ActivityValues): Promise<ActivityRow | undefined> {
  const [row] = await db
    .update(activities)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(activities.teamId, teamId), eq(activities.id, id)))
    .returning();
  return row;
}

export async function replaceInstructors(db: DbOrTx, teamId: number, activityId: number, userIds: number[]): Promise<void> {
  await db.delete(activityInstructors).where(and(eq(activityInstructors.teamId, teamId), eq(activityInstructors.activityId, activityId)));
  if (userIds.length) {
    await db.insert(activityInstructors).values(userIds.map((userId, sort) => ({ teamId, activityId, userId, sort })));
  }
}

/** Team members (any role) usable as instructors. */
export async function listMembers(db: DbOrTx, teamId: number) {
  return db
    .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(users.lastname), asc(users.firstname), asc(users.id));
}

/** Which of these users are members of the team. */
export async function memberIds(db: DbOrTx, teamId: number, userIds: number[]): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const rows = await db
    .select({ id: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, userIds)));
  return new Set(rows.map((r) => r.id));
}

/** The chain of parents above an activity (itself first), within the team. */
export async function ancestorIds(db: DbOrTx, teamId: number, id: number): Promise<number[]> {
  const result = await db.execute(sql`
    WITH RECURSIVE up(id, parent_id, depth) AS (
      SELECT id, parent_id, 0 FROM activities WHERE team_id = ${teamId} AND id = ${id}
      UNION ALL
      SELECT a.id, a.parent_id, up.depth + 1 FROM activities a JOIN up ON a.id = up.parent_id
      WHERE a.team_id = ${teamId} AND up.depth < 1000
    )
    SELECT id FROM up ORDER BY depth`);
  return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
}

/** These activities and every sub-item below them (parent_id cascades on delete). */
export async function withDescendants(db: DbOrTx, teamId: number, ids: number[]): Promise<ActivityRow[]> {
  if (!ids.length) return [];
  const result = await db.execute(sql`
    WITH RECURSIVE down(id, depth) AS (
      SELECT id, 0 FROM activities WHERE team_id = ${teamId} AND id IN ${ids}
      UNION
      SELECT a.id, down.depth + 1 FROM activities a JOIN down ON a.parent_id = down.id
      WHERE a.team_id = ${teamId} AND down.depth < 1000
    )
    SELECT DISTINCT id FROM down`);
  const all = rowsOf<{ id: number }>(result).map((r) => Number(r.id));
  return findActivitiesByIds(db, teamId, all);
}

/**
 * Activities among these that have a ticket with sold seats. With `lock`, the tickets stay locked
 * for the rest of the transaction, so no sale can slip in before a delete.
 */
export async function activitiesWithSales(db: DbOrTx, teamId: number, ids: number[], lock = false): Promise<number[]> {
  if (!ids.length) return [];
  const query = db
    .select({ activityId: tickets.activityId, sold: tickets.sold })
    .from(tickets)
    .where(and(eq(tickets.teamId, teamId), inArray(tickets.activityId, ids)));
  const rows = lock ? await query.for('update') : await query;
  return [...new Set(rows.filter((r) => r.sold > 0).map((r) => r.activityId))];
}

export async function deleteActivities(db: DbOrTx, teamId: number, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const rows = await db
    .delete(activities)
    .where(and(eq(activities.teamId, teamId), inArray(activities.id, ids)))
    .returning({ id: activities.id });
  return rows.length;
}

export interface PublishReadiness {
  upcomingDate: boolean;
  ticketOnSale: boolean;
  /** One of the public tickets on sale costs money (then the team needs a payment method, issue 22). */
  paidTicketOnSale: boolean;
}

/**
 * What publishing needs, per activity: a scheduled date still ahead, and a public ticket whose
 * sale has not ended (sold out is fine; a per-date ticket only for such an upcoming date); and
 * whether such a ticket costs money. One query for any number of activities; unknown ids are
 * missing from the map.
 */
export async function publishReadiness(
  db: DbOrTx,
  teamId: number,
  ids: number[],
  now = new Date(),
): Promise<Map<number, PublishReadiness>> {
  if (!ids.length) return new Map();
  const at = now.toISOString();
  const onSale = sql`FROM tickets t LEFT JOIN activity_sessions ts ON ts.id = t.session_id
        WHERE t.team_id = a.team_id AND t.activity_id = a.id AND t.visibility = 'public'
          AND (t.sale_end IS NULL OR t.sale_end > ${at}::timestamptz)
          AND (t.session_id IS NULL OR (ts.status = 'scheduled' AND ts.starts_at > ${at}::timestamptz))`;
  const result = await db.execute(sql`
    SELECT a.id,
      EXISTS (SELECT 1 FROM activity_sessions s WHERE s.team_id = a.team_id AND s.activity_id = a.id
        AND s.status = 'scheduled' AND s.starts_at > ${at}::timestamptz) AS upcoming_date,
      EXISTS (SELECT 1 ${onSale}) AS ticket_on_sale,
      EXISTS (SELECT 1 ${onSale} AND t.price_minor > 0) AS paid_ticket_on_sale
    FROM activities a WHERE a.team_id = ${teamId} AND a.id IN ${ids}`);
  const rows = rowsOf<{ id: number; upcoming_date: boolean; ticket_on_sale: boolean; paid_ticket_on_sale: boolean }>(result);
  return new Map(
    rows.map((r) => [
      Number(r.id),
      { upcomingDate: r.upcoming_date === true, ticketOnSale: r.ticket_on_sale === true, paidTicketOnSale: r.paid_ticket_on_sale === true },
    ]),
  );
}

/** Publishes (keeping the first publication date) or takes back to draft; returns changed ids. */
export async function setStatus(db: DbOrTx, teamId: number, ids: number[], status: 'published' | 'draft'): Promise<number[]> {
  if (!ids.length) return [];
  const where = and(eq(activities.teamId, teamId), inArray(activities.id, ids), ne(activities.status, status));
  const rows = await db
    .update(activities)
    .set({
      status,
      updatedAt: new Date(),
      ...(status === 'published' ? { publishedAt: sql`coalesce(${activities.publishedAt}, now())` } : {}),
    })
    .where(status === 'draft' ? and(where, eq(activities.status, 'published')) : where)
    .returning({ id: activities.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Everything a duplicate copies, read in one go per table. */
export async function satellitesOf(db: DbOrTx, teamId: number, activityId: number) {
  // One after another: inside a transaction these share one connection, which runs one query at a time.
  const sessions = await db
    .select()
    .from(activitySessions)
    .where(and(eq(activitySessions.teamId, teamId), eq(activitySessions.activityId, activityId)))
    .orderBy(asc(activitySessions.startsAt), asc(activitySessions.id));
  const ticketRows = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.teamId, teamId), eq(tickets.activityId, activityId)))
    .orderBy(asc(tickets.sort), asc(tickets.id));
  const instructors = await db
    .select()
    .from(activityInstructors)
    .where(and(eq(activityInstructors.teamId, teamId), eq(activityInstructors.activityId, activityId)));
  const values = await db
    .select()
    .from(activityAttributeValues)
    .where(and(eq(activityAttributeValues.teamId, teamId), eq(activityAttributeValues.activityId, activityId)));
  const fields = await db
    .select()
    .from(activityFields)
    .where(and(eq(activityFields.teamId, teamId), eq(activityFields.activityId, activityId)));
  const productRows = await db
    .select()
    .from(activityProducts)
    .where(and(eq(activityProducts.teamId, teamId), eq(activityProducts.activityId, activityId)));
  return { sessions, tickets: ticketRows, instructors, values, fields, products: productRows };
}

type Satellites = Awaited<ReturnType<typeof satellitesOf>>;

/**
 * Inserts a copy of an activity and its satellites: sessions, tickets (nothing sold), instructors,
 * attribute values, extra booking fields and products (ticket ids mapped to the copies).
 */
export async function insertCopy(
  db: DbOrTx,
  teamId: number,
  source: ActivityRow,
  s: Satellites,
  overrides: { name: Translated; headerImagePath: string | null },
): Promise<ActivityRow> {
  const { id: _id, createdAt: _c, updatedAt: _u, publishedAt: _p, ...rest } = source;
  const [copy] = await db
    .insert(activities)
    .values({ ...rest, ...overrides, teamId, status: 'draft', publishedAt: null })
    .returning();
  const activityId = copy!.id;
  const sessionMap = new Map<number, number>();
  if (s.sessions.length) {
    const inserted = await db
      .insert(activitySessions)
      .values(s.sessions.map(({ id: _, createdAt: _c2, updatedAt: _u2, ...x }) => ({ ...x, teamId, activityId })))
      .returning({ id: activitySessions.id });
    s.sessions.forEach((old, i) => sessionMap.set(old.id, inserted[i]!.id));
  }
  const ticketMap = new Map<number, number>();
  if (s.tickets.length) {
    const inserted = await db
      .insert(tickets)
      .values(
        s.tickets.map(({ id: _, createdAt: _c2, updatedAt: _u2, ...x }) => ({
          ...x,
          teamId,
          activityId,
          sold: 0,
          sessionId: x.sessionId === null ? null : (sessionMap.get(x.sessionId) ?? null),
        })),
      )
      .returning({ id: tickets.id });
    s.tickets.forEach((old, i) => ticketMap.set(old.id, inserted[i]!.id));
  }
  if (s.instructors.length) await db.insert(activityInstructors).values(s.instructors.map((x) => ({ ...x, teamId, activityId })));
  if (s.values.length) await db.insert(activityAttributeValues).values(s.values.map((x) => ({ ...x, teamId, activityId })));
  if (s.fields.length) await db.insert(activityFields).values(s.fields.map((x) => ({ ...x, teamId, activityId })));
  if (s.products.length) {
    await db.insert(activityProducts).values(
      s.products.map((x) => ({
        ...x,
        teamId,
        activityId,
        ticketIds: x.ticketIds.map((t) => ticketMap.get(t)).filter((t): t is number => t !== undefined),
      })),
    );
  }
  return copy!;
}
