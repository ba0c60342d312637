import type { ActivityKind, ActivityStatus, Language, Translated } from '@bookla/shared';
import { and, asc, count, desc, eq, exists, gt, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { activities, activityInstructors, activitySessions, locations, teams, tickets, typeSets } from '../../db/schema/index.ts';
import { likePattern, pickedText } from './list.ts';

/** SQL of type sets and activities. Every function takes the team id first. */

export type TypeSetRow = typeof typeSets.$inferSelect;
export type ActivityRow = typeof activities.$inferSelect;

export async function listTypeSets(db: DbOrTx, teamId: number): Promise<TypeSetRow[]> {
  return db.select().from(typeSets).where(eq(typeSets.teamId, teamId)).orderBy(asc(typeSets.sort), asc(typeSets.id));
}

export async function findTypeSet(db: DbOrTx, teamId: number, id: number): Promise<TypeSetRow | undefined> {
  const [row] = await db
    .select()
    .from(typeSets)
    .where(and(eq(typeSets.teamId, teamId), eq(typeSets.id, id)));
  return row;
}

export async function insertTypeSets(db: DbOrTx, teamId: number, rows: { name: Translated; kind: ActivityKind; sort: number }[]) {
  await db.insert(typeSets).values(rows.map((r) => ({ ...r, teamId })));
}

/** Locks the team row for the rest of the transaction (serialises lazy default creation). */
export async function lockTeam(db: DbOrTx, teamId: number): Promise<void> {
  await db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('update');
}

export async function insertActivity(
  db: DbOrTx,
  teamId: number,
  values: { typeSetId: number; kind: ActivityKind; name: Translated } & Partial<
    Pick<ActivityRow, 'reservationMinutes' | 'bookingClosesMinutes' | 'cancellationPolicy' | 'waitingList' | 'locationId' | 'capacity'>
  >,
): Promise<ActivityRow> {
  const [row] = await db
    .insert(activities)
    .values({ ...values, teamId })
    .returning();
  return row!;
}

export interface ActivityListQuery {
  page: number;
  perPage: number;
  sort: { field: 'id' | 'created_at' | 'name' | 'status'; type: 'asc' | 'desc' };
  filters: { name?: string; status?: ActivityStatus; typeSetId?: number; locationId?: number; instructorId?: number };
  lang: Language;
}

export async function listActivities(db: DbOrTx, teamId: number, q: ActivityListQuery): Promise<{ rows: ActivityRow[]; total: number }> {
  const where: SQL[] = [eq(activities.teamId, teamId)];
  if (q.filters.name) where.push(ilike(pickedText(activities.name, q.lang), likePattern(q.filters.name)));
  if (q.filters.status) where.push(eq(activities.status, q.filters.status));
  if (q.filters.typeSetId) where.push(eq(activities.typeSetId, q.filters.typeSetId));
  if (q.filters.locationId) where.push(eq(activities.locationId, q.filters.locationId));
  if (q.filters.instructorId) {
    where.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(activityInstructors)
          .where(
            and(
              eq(activityInstructors.teamId, teamId),
              eq(activityInstructors.activityId, activities.id),
              eq(activityInstructors.userId, q.filters.instructorId),
            ),
          ),
      ),
    );
  }
  const sortColumn = {
    id: activities.id,
    created_at: activities.createdAt,
    name: pickedText(activities.name, q.lang),
    status: activities.status,
  }[q.sort.field];
  const dir = q.sort.type === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(activities)
    .where(and(...where))
    .orderBy(dir(sortColumn), dir(activities.id))
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  const [total] = await db
    .select({ n: count() })
    .from(activities)
    .where(and(...where));
  return { rows, total: Number(total?.n ?? 0) };
}

/** The next `limit` scheduled sessions of each activity, in one query. */
export async function upcomingSessions(db: DbOrTx, teamId: number, activityIds: number[], limit: number, now = new Date()) {
  if (!activityIds.length) return [];
  const ranked = db
    .select({
      activityId: activitySessions.activityId,
      startsAt: activitySessions.startsAt,
      rn: sql<number>`row_number() over (partition by ${activitySessions.activityId} order by ${activitySessions.startsAt}, ${activitySessions.id})`.as(
        'rn',
      ),
    })
    .from(activitySessions)
    .where(
      and(
        eq(activitySessions.teamId, teamId),
        inArray(activitySessions.activityId, activityIds),
        eq(activitySessions.status, 'scheduled'),
        gt(activitySessions.startsAt, now),
      ),
    )
    .as('ranked');
  return db
    .select({ activityId: ranked.activityId, startsAt: ranked.startsAt })
    .from(ranked)
    .where(lte(ranked.rn, limit))
    .orderBy(asc(ranked.activityId), asc(ranked.startsAt));
}

export async function ticketsOf(db: DbOrTx, teamId: number, activityIds: number[]) {
  if (!activityIds.length) return [];
  return db
    .select()
    .from(tickets)
    .where(and(eq(tickets.teamId, teamId), inArray(tickets.activityId, activityIds)))
    .orderBy(asc(tickets.sort), asc(tickets.id));
}

export async function typeSetsByIds(db: DbOrTx, teamId: number, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: typeSets.id, name: typeSets.name })
    .from(typeSets)
    .where(and(eq(typeSets.teamId, teamId), inArray(typeSets.id, ids)));
}

export async function locationNamesByIds(db: DbOrTx, teamId: number, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(and(eq(locations.teamId, teamId), inArray(locations.id, ids)));
}
