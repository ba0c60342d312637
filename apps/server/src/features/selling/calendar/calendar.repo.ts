import { PAID_STATUSES, type Translated } from '@bookla/shared';
import { and, eq, lt, or, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { instructorCalendarFeeds, resourceGroups, resources } from '../../../db/schema/index.ts';
import { executePrepared } from '../../../lib/sql.ts';

/**
 * SQL of the calendar feeds; every function takes the team first. One query per feed: the
 * sessions with their activity and location (and, for an instructor, the booked participants).
 */

export interface SessionRow {
  id: number;
  activity_id: number;
  activity_status: string;
  starts_at: Date | string;
  ends_at: Date | string;
  status: 'scheduled' | 'cancelled';
  name: Translated;
  note: Translated;
  /** The latest change of the session, its activity or its location. */
  modified: Date | string;
  location_name: Translated | null;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  /** Instructor feed only: participants of paid (or free) orders, and of unpaid orders holding seats. */
  paid?: number | string;
  unpaid?: number | string;
}

const columns = sql`s.id, s.activity_id, a.status AS activity_status, s.starts_at, s.ends_at, s.status, a.name, s.note,
  greatest(s.updated_at, a.updated_at, coalesce(l.updated_at, s.updated_at)) AS modified,
  l.name AS location_name, l.address, l.postal_code, l.city`;

/** The team's published dates ending after `from`, earliest first. */
export function programmeSessions(db: DbOrTx, teamId: number, from: Date, limit: number): Promise<SessionRow[]> {
  return executePrepared<SessionRow>(
    db,
    sql`SELECT ${columns}
      FROM activity_sessions s
      JOIN activities a ON a.id = s.activity_id AND a.team_id = s.team_id
      LEFT JOIN locations l ON l.id = a.location_id AND l.team_id = a.team_id
     WHERE s.team_id = ${teamId}::int AND a.status = 'published' AND s.ends_at >= ${from}::timestamptz
     ORDER BY s.starts_at, s.id
     LIMIT ${limit}::int`,
  );
}

const paidList = sql.raw(PAID_STATUSES.map((s) => `'${s}'`).join(', '));

/**
 * The dates an instructor resource is assigned to (activities not archived), ending after `from`,
 * with the participants booked for each: a ticket for that date or for the whole activity, in an
 * order that is paid (or free) or unpaid but still holds its seats; test orders left out.
 */
export function instructorSessions(db: DbOrTx, teamId: number, resourceId: number, from: Date, limit: number): Promise<SessionRow[]> {
  return executePrepared<SessionRow>(
    db,
    sql`SELECT ${columns},
           coalesce(booked.paid, 0) AS paid, coalesce(booked.unpaid, 0) AS unpaid
      FROM session_resources sr
      JOIN activity_sessions s ON s.id = sr.session_id AND s.team_id = sr.team_id
      JOIN activities a ON a.id = s.activity_id AND a.team_id = s.team_id
      LEFT JOIN locations l ON l.id = a.location_id AND l.team_id = a.team_id
      LEFT JOIN LATERAL (
        SELECT sum(i.quantity) FILTER (WHERE o.payment_status IN (${paidList})) AS paid,
               sum(i.quantity) FILTER (WHERE o.payment_status = 'waiting') AS unpaid
          FROM tickets t
          JOIN order_items i ON i.ticket_id = t.id AND i.team_id = t.team_id
          JOIN orders o ON o.id = i.order_id AND o.team_id = i.team_id
         WHERE t.activity_id = s.activity_id AND (t.session_id IS NULL OR t.session_id = s.id)
           AND (i.session_id IS NULL OR i.session_id = s.id)
           AND o.is_test = false AND o.payment_status IN (${paidList}, 'waiting')
      ) booked ON true
     WHERE sr.team_id = ${teamId}::int AND sr.resource_id = ${resourceId}::int
       AND a.status <> 'archived' AND s.ends_at >= ${from}::timestamptz
     ORDER BY s.starts_at, s.id
     LIMIT ${limit}::int`,
  );
}

/** The dates an order's lines booked: a line's own date, or every date of an activity bought as a whole. */
export function orderSessions(db: DbOrTx, teamId: number, orderId: number): Promise<SessionRow[]> {
  return executePrepared<SessionRow>(
    db,
    sql`SELECT DISTINCT ON (s.starts_at, s.id) ${columns}
      FROM order_items i
      JOIN activity_sessions s ON s.team_id = i.team_id
       AND (s.id = i.session_id OR (i.session_id IS NULL AND s.activity_id = i.activity_id))
      JOIN activities a ON a.id = s.activity_id AND a.team_id = s.team_id
      LEFT JOIN locations l ON l.id = a.location_id AND l.team_id = a.team_id
     WHERE i.order_id = ${orderId}::int AND i.team_id = ${teamId}::int
     ORDER BY s.starts_at, s.id
     LIMIT 1000`,
  );
}

/** An instructor resource of the team (a resource in a group of kind `instructor`). */
export async function findInstructor(db: DbOrTx, teamId: number, resourceId: number) {
  const [row] = await db
    .select({ id: resources.id, name: resources.name, groupId: resources.groupId })
    .from(resources)
    .innerJoin(resourceGroups, eq(resourceGroups.id, resources.groupId))
    .where(and(eq(resources.id, resourceId), eq(resources.teamId, teamId), eq(resourceGroups.kind, 'instructor')));
  return row;
}

/** Whether the team has this resource group. */
export async function groupExists(db: DbOrTx, teamId: number, groupId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: resourceGroups.id })
    .from(resourceGroups)
    .where(and(eq(resourceGroups.id, groupId), eq(resourceGroups.teamId, teamId)));
  return !!row;
}

/** The instructor resources of a group with their feeds (none for a group of another kind). */
export function feedsOfGroup(db: DbOrTx, teamId: number, groupId: number) {
  return db
    .select({
      resourceId: resources.id,
      name: resources.name,
      createdAt: instructorCalendarFeeds.createdAt,
      lastUsedAt: instructorCalendarFeeds.lastUsedAt,
    })
    .from(resources)
    .innerJoin(resourceGroups, eq(resourceGroups.id, resources.groupId))
    .leftJoin(instructorCalendarFeeds, eq(instructorCalendarFeeds.resourceId, resources.id))
    .where(and(eq(resources.teamId, teamId), eq(resources.groupId, groupId), eq(resourceGroups.kind, 'instructor')))
    .orderBy(resources.sort, resources.id);
}

/** A new token's hash for the resource's feed, replacing any earlier one (which stops working with this statement). */
export async function saveFeed(db: DbOrTx, teamId: number, resourceId: number, tokenHash: string, userId: number | null) {
  const [row] = await db
    .insert(instructorCalendarFeeds)
    .values({ teamId, resourceId, tokenHash, createdBy: userId })
    .onConflictDoUpdate({
      target: instructorCalendarFeeds.resourceId,
      set: { tokenHash, createdBy: userId, createdAt: sql`now()`, lastUsedAt: null },
    })
    .returning({ createdAt: instructorCalendarFeeds.createdAt });
  return row!;
}

export async function deleteFeed(db: DbOrTx, teamId: number, resourceId: number): Promise<boolean> {
  const rows = await db
    .delete(instructorCalendarFeeds)
    .where(and(eq(instructorCalendarFeeds.teamId, teamId), eq(instructorCalendarFeeds.resourceId, resourceId)))
    .returning({ id: instructorCalendarFeeds.resourceId });
  return rows.length > 0;
}

/** The feed behind a token's hash, with its resource's name (still an instructor's). */
export async function feedByHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      teamId: instructorCalendarFeeds.teamId,
      resourceId: instructorCalendarFeeds.resourceId,
      name: resources.name,
      lastUsedAt: instructorCalendarFeeds.lastUsedAt,
    })
    .from(instructorCalendarFeeds)
    .innerJoin(resources, eq(resources.id, instructorCalendarFeeds.resourceId))
    .innerJoin(resourceGroups, eq(resourceGroups.id, resources.groupId))
    .where(and(eq(instructorCalendarFeeds.tokenHash, tokenHash), eq(resourceGroups.kind, 'instructor')));
  return row;
}

/** Notes a fetch, at most once per 10 minutes (a calendar polls; each poll need not write). */
export async function touchFeed(db: DbOrTx, resourceId: number, now: Date): Promise<void> {
  const before = new Date(now.getTime() - 10 * 60_000);
  await db
    .update(instructorCalendarFeeds)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(instructorCalendarFeeds.resourceId, resourceId),
        or(isNull(instructorCalendarFeeds.lastUsedAt), lt(instructorCalendarFeeds.lastUsedAt, before)),
      ),
    );
}
