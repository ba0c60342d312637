import { PAID_STATUSES, type ParticipantSortField, type ParticipantStatusFilter, type PaymentStatus } from '@bookla/shared';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { activities, activitySessions, bookingFields, orderItems, orderParticipants, orders } from '../../../db/schema/index.ts';
import { likePattern, pickedText } from '../../../lib/sql.ts';
import type { AnswerField } from './answers.ts';

/**
 * SQL of the participants list (`/backend/customers/participant`) and its export: one row per
 * participant (seat) with its order, ticket line and date. Team id first, always; an instructor's
 * rows are limited to the activities they are assigned to (`activity_instructors`, the link the
 * check-in uses too).
 */

export interface ParticipantFilters {
  activityId?: number;
  sessionId?: number;
  status?: ParticipantStatusFilter;
  checkedIn?: boolean;
  search?: string;
  /** Only activities this user teaches (role instructor); undefined: every activity of the team. */
  instructorId?: number;
}

const UNPAID: readonly PaymentStatus[] = ['waiting'];
const CANCELLED: readonly PaymentStatus[] = ['cancelled', 'expired', 'error', 'declined', 'refunded'];
const STATUS_GROUPS: Record<ParticipantStatusFilter, readonly PaymentStatus[]> = {
  paid: PAID_STATUSES,
  unpaid: UNPAID,
  cancelled: CANCELLED,
};

/** The activities a user teaches, as a condition on a column holding an activity id. */
export function taughtBy(teamId: number, userId: number, activityId: SQL | typeof orderItems.activityId): SQL {
  return sql`EXISTS (SELECT 1 FROM activity_instructors ai
    WHERE ai.team_id = ${teamId} AND ai.activity_id = ${activityId} AND ai.user_id = ${userId})`;
}

function whereOf(teamId: number, f: ParticipantFilters): SQL {
  const where: SQL[] = [eq(orderParticipants.teamId, teamId)];
  if (f.instructorId !== undefined) where.push(taughtBy(teamId, f.instructorId, orderItems.activityId));
  if (f.activityId !== undefined) where.push(eq(orderItems.activityId, f.activityId));
  if (f.sessionId !== undefined) {
    // That date's drop-in tickets, and the tickets for the whole activity the date belongs to.
    const ofSession = sql`(SELECT s.activity_id FROM activity_sessions s WHERE s.team_id = ${teamId} AND s.id = ${f.sessionId})`;
    where.push(or(eq(orderItems.sessionId, f.sessionId), and(isNull(orderItems.sessionId), sql`${orderItems.activityId} = ${ofSession}`))!);
  }
  if (f.status) where.push(inArray(orders.paymentStatus, [...STATUS_GROUPS[f.status]]));
  if (f.checkedIn !== undefined) where.push(f.checkedIn ? isNotNull(orderParticipants.checkedInAt) : isNull(orderParticipants.checkedInAt));
  if (f.search) {
    const p = likePattern(f.search);
    const parts: SQL[] = [
      ilike(sql`${orderParticipants.firstname} || ' ' || ${orderParticipants.lastname}`, p),
      ilike(sql`${orderParticipants.lastname} || ' ' || ${orderParticipants.firstname}`, p),
      ilike(sql`coalesce(${orderParticipants.email}, '')`, p),
      ilike(orders.email, p),
      ilike(sql`${orders.firstname} || ' ' || ${orders.lastname}`, p),
    ];
    const number = /^#?\s*(\d{1,9})$/.exec(f.search);
    if (number) parts.push(eq(orders.number, Number(number[1])));
    where.push(or(...parts)!);
  }
  return and(...where)!;
}

const columns = (lang: string) => ({
  id: orderParticipants.id,
  firstname: orderParticipants.firstname,
  lastname: orderParticipants.lastname,
  email: orderParticipants.email,
  answers: orderParticipants.answers,
  checkedInAt: orderParticipants.checkedInAt,
  orderId: orders.id,
  orderNumber: orders.number,
  buyerFirstname: orders.firstname,
  buyerLastname: orders.lastname,
  buyerEmail: orders.email,
  orderAnswers: orders.answers,
  paymentStatus: orders.paymentStatus,
  paidAt: orders.paidAt,
  activityId: orderItems.activityId,
  activityName: pickedText(orderItems.activityName, lang),
  ticketName: pickedText(orderItems.ticketName, lang),
  sessionId: orderItems.sessionId,
  sessionStartsAt: activitySessions.startsAt,
});
export type ParticipantDbRow = Awaited<ReturnType<typeof participantPage>>['rows'][number];

function baseQuery(db: DbOrTx, teamId: number, lang: string) {
  return db
    .select(columns(lang))
    .from(orderParticipants)
    .innerJoin(orders, and(eq(orders.id, orderParticipants.orderId), eq(orders.teamId, teamId)))
    .innerJoin(orderItems, and(eq(orderItems.id, orderParticipants.orderItemId), eq(orderItems.teamId, teamId)))
    .leftJoin(activitySessions, and(eq(activitySessions.id, orderItems.sessionId), eq(activitySessions.teamId, teamId)));
}

function countQuery(db: DbOrTx, teamId: number, f: ParticipantFilters) {
  return db
    .select({ n: count() })
    .from(orderParticipants)
    .innerJoin(orders, and(eq(orders.id, orderParticipants.orderId), eq(orders.teamId, teamId)))
    .innerJoin(orderItems, and(eq(orderItems.id, orderParticipants.orderItemId), eq(orderItems.teamId, teamId)))
    .where(whereOf(teamId, f));
}

export async function countParticipants(db: DbOrTx, teamId: number, f: ParticipantFilters): Promise<number> {
  const [row] = await countQuery(db, teamId, f);
  return Number(row?.n ?? 0);
}

export interface ParticipantPageQuery {
  page: number;
  perPage: number;
  sort: { field: ParticipantSortField; type: 'asc' | 'desc' };
}

/** One page in the requested order (participant id as tie-breaker) and the total. */
export async function participantPage(db: DbOrTx, teamId: number, f: ParticipantFilters, q: ParticipantPageQuery, lang: string) {
  const sortColumn: SQL | typeof orderParticipants.id = {
    id: orderParticipants.id,
    lastname: sql`lower(${orderParticipants.lastname})`,
    firstname: sql`lower(${orderParticipants.firstname})`,
    order_number: sql`${orders.number}`,
    checked_in_at: sql`${orderParticipants.checkedInAt}`,
    activity_name: sql`lower(${pickedText(orderItems.activityName, lang)})`,
  }[q.sort.field];
  const dir = q.sort.type === 'asc' ? asc : desc;
  const [rows, total] = await Promise.all([
    baseQuery(db, teamId, lang)
      .where(whereOf(teamId, f))
      .orderBy(dir(sortColumn), dir(orderParticipants.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    countParticipants(db, teamId, f),
  ]);
  return { rows, total };
}

/** The next `limit` rows below `beforeId`, newest first (the export reads the whole list this way). */
export function participantBatch(db: DbOrTx, teamId: number, f: ParticipantFilters, beforeId: number | null, limit: number, lang: string) {
  const where = beforeId === null ? whereOf(teamId, f) : and(whereOf(teamId, f), lt(orderParticipants.id, beforeId));
  return baseQuery(db, teamId, lang).where(where).orderBy(desc(orderParticipants.id)).limit(limit);
}

/** Every booking field answered by the filtered participants or their orders (the export's answer columns). */
export async function answeredFieldIdsOf(db: DbOrTx, teamId: number, f: ParticipantFilters): Promise<number[]> {
  const keysOf = (column: typeof orderParticipants.answers | typeof orders.answers) =>
    db
      .selectDistinct({ key: sql<string>`jsonb_object_keys(${column})` })
      .from(orderParticipants)
      .innerJoin(orders, and(eq(orders.id, orderParticipants.orderId), eq(orders.teamId, teamId)))
      .innerJoin(orderItems, and(eq(orderItems.id, orderParticipants.orderItemId), eq(orderItems.teamId, teamId)))
      .where(and(whereOf(teamId, f), sql`jsonb_typeof(${column}) = 'object'`));
  const [own, ofOrders] = await Promise.all([keysOf(orderParticipants.answers), keysOf(orders.answers)]);
  return [
    ...new Set(
      [...own, ...ofOrders]
        .map((r) => r.key)
        .filter((k) => /^\d{1,10}$/.test(k))
        .map(Number),
    ),
  ];
}

/** The team's booking fields with these ids (labels and options for the answers). */
export async function answerFields(db: DbOrTx, teamId: number, ids: readonly number[]): Promise<Map<number, AnswerField>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: bookingFields.id,
      type: bookingFields.type,
      label: bookingFields.label,
      options: bookingFields.options,
      scope: bookingFields.scope,
      sort: bookingFields.sort,
    })
    .from(bookingFields)
    .where(and(eq(bookingFields.teamId, teamId), inArray(bookingFields.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, { ...r, label: r.label as Record<string, string> }]));
}

/** The team's activities for the filter (an instructor: theirs), newest first. */
export async function filterActivities(db: DbOrTx, teamId: number, instructorId: number | undefined, lang: string) {
  const where: SQL[] = [eq(activities.teamId, teamId)];
  // Qualified by hand: drizzle leaves columns unqualified in a one-table select.
  if (instructorId !== undefined) where.push(taughtBy(teamId, instructorId, sql.raw('"activities"."id"')));
  return db
    .select({ id: activities.id, name: pickedText(activities.name, lang) })
    .from(activities)
    .where(and(...where))
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(1000);
}

/** The dates of one activity of the team, oldest first. */
export async function filterSessions(db: DbOrTx, teamId: number, activityId: number) {
  return db
    .select({
      id: activitySessions.id,
      startsAt: activitySessions.startsAt,
      endsAt: activitySessions.endsAt,
      status: activitySessions.status,
    })
    .from(activitySessions)
    .where(and(eq(activitySessions.teamId, teamId), eq(activitySessions.activityId, activityId)))
    .orderBy(asc(activitySessions.startsAt), asc(activitySessions.id))
    .limit(2000);
}
