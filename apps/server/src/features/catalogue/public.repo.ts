import { and, asc, eq, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  activities,
  activityAttributeValues,
  activitySessions,
  attributes,
  locations,
  teams,
  tickets,
  typeSets,
} from '../../db/schema/index.ts';
import { availableSql } from './tickets.repo.ts';

/**
 * SQL of the public read model. A page costs a fixed number of queries whatever its size:
 * team, activities (with total), sessions, tickets (with live stock), attribute values.
 * Indexes used: activities_team_status_idx, activity_sessions_activity_starts_idx,
 * tickets_activity_idx, ticket_reservations_ticket_idx, activity_attribute_values_pkey.
 */

export async function findTeam(db: DbOrTx, teamId: number) {
  const [row] = await db
    .select({ id: teams.id, currency: teams.currency, timeZone: teams.timeZone })
    .from(teams)
    .where(eq(teams.id, teamId));
  return row;
}

export interface PublicPageQuery {
  page: number;
  perPage: number;
  typeSetId?: number | undefined;
  locationId?: number | undefined;
  /** Sessions counted as upcoming: after `from` (at least now) and before `to`. */
  from: Date;
  to: Date | null;
  /** One activity (the detail view): shown even without an upcoming session. */
  activityId?: number;
}

/** Larger than any team's activity count; only there to fence the subquery (see activityPage). */
const FENCE = 1_000_000_000;
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
/** Spelled out: drizzle leaves columns unqualified in a one-table select list, where "id" would mean s.id. */
const ACTIVITY_ID = sql`${sql.identifier('activities')}.${sql.identifier('id')}`;

function upcoming(q: PublicPageQuery): SQL {
  return q.to ? sql`s.starts_at > ${ts(q.from)} AND s.starts_at < ${ts(q.to)}` : sql`s.starts_at > ${ts(q.from)}`;
}

/**
 * Published activities, soonest next date first, with the total in the same query. The page is
 * chosen on narrow rows (id, next date) first and only its 25 rows are joined to the wide ones;
 * A LIMIT on the candidates keeps PostgreSQL from pulling the subquery up and copying the
 * next-date expression into WHERE, window and sort, where it would run more than once per activity.
 */
export async function activityPage(db: DbOrTx, teamId: number, q: PublicPageQuery) {
  const where: SQL[] = [eq(activities.teamId, teamId), eq(activities.status, 'published')];
  if (q.typeSetId) where.push(eq(activities.typeSetId, q.typeSetId));
  if (q.locationId) where.push(eq(activities.locationId, q.locationId));
  if (q.activityId) where.push(eq(activities.id, q.activityId));
  const candidates = db
    .select({
      id: activities.id,
      nextAt: sql<Date | null>`(SELECT min(s.starts_at) FROM activity_sessions s
        WHERE s.activity_id = ${ACTIVITY_ID} AND s.status = 'scheduled' AND ${upcoming(q)})`.as('next_at'),
    })
    .from(activities)
    .where(and(...where))
    .limit(FENCE)
    .as('candidates');
  const page = db
    .select({ id: candidates.id, nextAt: candidates.nextAt, total: sql<number>`count(*) over ()`.as('total') })
    .from(candidates)
    .where(q.activityId ? undefined : isNotNull(candidates.nextAt))
    .orderBy(sql`${candidates.nextAt} ASC NULLS LAST`, asc(candidates.id))
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage)
    .as('page');
  return db
    .select({
      activity: activities,
      typeName: typeSets.name,
      location: locations,
      nextAt: sql<Date | null>`${page.nextAt}`.mapWith(activitySessions.startsAt),
      total: sql<number>`${page.total}`.mapWith(Number),
    })
    .from(page)
    .innerJoin(activities, eq(activities.id, page.id))
    .innerJoin(typeSets, eq(typeSets.id, activities.typeSetId))
    .leftJoin(locations, and(eq(locations.id, activities.locationId), eq(locations.teamId, teamId)))
    .orderBy(sql`${page.nextAt} ASC NULLS LAST`, asc(page.id));
}

/** How many activities the list has (only needed when the page asked for is past the end). */
export async function activityCount(db: DbOrTx, teamId: number, q: PublicPageQuery): Promise<number> {
  const where: SQL[] = [eq(activities.teamId, teamId), eq(activities.status, 'published')];
  if (q.typeSetId) where.push(eq(activities.typeSetId, q.typeSetId));
  if (q.locationId) where.push(eq(activities.locationId, q.locationId));
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(activities)
    .where(
      and(
        ...where,
        sql`EXISTS (SELECT 1 FROM activity_sessions s WHERE s.activity_id = ${ACTIVITY_ID} AND s.status = 'scheduled' AND ${upcoming(q)})`,
      ),
    );
  return row?.n ?? 0;
}

/** The first `limit` upcoming scheduled sessions of each activity, in one query. */
export async function sessionsOf(db: DbOrTx, teamId: number, activityIds: number[], q: PublicPageQuery, limit: number) {
  if (!activityIds.length) return [];
  const range = q.to
    ? and(sql`${activitySessions.startsAt} > ${ts(q.from)}`, sql`${activitySessions.startsAt} < ${ts(q.to)}`)
    : sql`${activitySessions.startsAt} > ${ts(q.from)}`;
  const ranked = db
    .select({
      id: activitySessions.id,
      activityId: activitySessions.activityId,
      startsAt: activitySessions.startsAt,
      endsAt: activitySessions.endsAt,
      note: activitySessions.note,
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
        range,
      ),
    )
    .as('ranked');
  return db
    .select({ id: ranked.id, activityId: ranked.activityId, startsAt: ranked.startsAt, endsAt: ranked.endsAt, note: ranked.note })
    .from(ranked)
    .where(lte(ranked.rn, limit))
    .orderBy(asc(ranked.activityId), asc(ranked.startsAt), asc(ranked.id));
}

/**
 * Public tickets on sale now, with live availability; a per-date ticket only while its date is
 * scheduled and still ahead.
 */
export async function ticketsOnSale(db: DbOrTx, teamId: number, activityIds: number[]) {
  if (!activityIds.length) return [];
  return db
    .select({ ticket: tickets, available: availableSql() })
    .from(tickets)
    .leftJoin(activitySessions, eq(activitySessions.id, tickets.sessionId))
    .where(
      and(
        eq(tickets.teamId, teamId),
        inArray(tickets.activityId, activityIds),
        eq(tickets.visibility, 'public'),
        sql`(${tickets.saleStart} IS NULL OR ${tickets.saleStart} <= now())`,
        sql`(${tickets.saleEnd} IS NULL OR ${tickets.saleEnd} > now())`,
        sql`(${tickets.sessionId} IS NULL OR (${activitySessions.status} = 'scheduled' AND ${activitySessions.startsAt} > now()))`,
      ),
    )
    .orderBy(asc(tickets.activityId), asc(tickets.sort), asc(tickets.id));
}

export async function attributeValuesOf(db: DbOrTx, teamId: number, activityIds: number[]) {
  if (!activityIds.length) return [];
  return db
    .select({
      activityId: activityAttributeValues.activityId,
      attributeId: attributes.id,
      type: attributes.type,
      label: attributes.label,
      options: attributes.options,
      value: activityAttributeValues.value,
    })
    .from(activityAttributeValues)
    .innerJoin(attributes, eq(attributes.id, activityAttributeValues.attributeId))
    .where(and(eq(activityAttributeValues.teamId, teamId), inArray(activityAttributeValues.activityId, activityIds)))
    .orderBy(asc(activityAttributeValues.activityId), asc(attributes.sort), asc(attributes.id));
}
