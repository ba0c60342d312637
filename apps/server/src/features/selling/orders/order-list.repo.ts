import type { OrderAdminSortField, PaymentProvider, PaymentStatus } from '@bookla/shared';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { orderEvents, orderItems, orderParticipants, orders, payments, users } from '../../../db/schema/index.ts';
import { likePattern } from '../../../lib/sql.ts';

/**
 * SQL of the back office's order list and order detail (history, payments). Every function takes
 * the team id first; the rows themselves are read with order-view.ts (`loadOrders`, `loadOrder`).
 */

export interface OrderListFilters {
  statuses?: PaymentStatus[];
  types?: PaymentProvider[];
  /** Number, name, e-mail or company in one box. */
  search?: string;
  number?: number;
  /** Customer, company or participant name (part of it). */
  name?: string;
  /** The customer's or a participant's e-mail (part of it). */
  email?: string;
  activityId?: number;
  /** Days `YYYY-MM-DD` in `timeZone`, both included. */
  createdFrom?: string;
  createdTo?: string;
  timeZone: string;
}

export interface OrderListQuery {
  page: number;
  perPage: number;
  sort: { field: OrderAdminSortField; type: 'asc' | 'desc' };
  filters: OrderListFilters;
}

const SORT: Record<OrderAdminSortField, SQL | typeof orders.id> = {
  id: orders.id,
  number: sql`${orders.number}`,
  created_at: sql`${orders.createdAt}`,
  // Unpaid orders last when ascending, first when descending (NULLs sort as largest).
  paid_at: sql`${orders.paidAt}`,
  total: sql`${orders.totalMinor}`,
  payment_status: sql`${orders.paymentStatus}`,
  payment_type: sql`${orders.paymentType}`,
  lastname: sql`lower(${orders.lastname})`,
  email: sql`lower(${orders.email})`,
};

const fullName = (first: SQL | typeof orders.firstname, last: SQL | typeof orders.lastname) => [
  sql`${first} || ' ' || ${last}`,
  sql`${last} || ' ' || ${first}`,
];

/** Whether a participant of the order matches (`EXISTS`, so an order is listed once). */
const participantWhere = (condition: SQL) =>
  sql`EXISTS (SELECT 1 FROM ${orderParticipants} WHERE ${orderParticipants.orderId} = ${orders.id} AND ${condition})`;

function searchWhere(search: string): SQL {
  const pattern = likePattern(search);
  const parts: SQL[] = [
    ilike(orders.firstname, pattern),
    ilike(orders.lastname, pattern),
    ...fullName(sql`${orders.firstname}`, sql`${orders.lastname}`).map((s) => ilike(s, pattern)),
    ilike(orders.email, pattern),
    ilike(sql`coalesce(${orders.company}, '')`, pattern),
  ];
  // "#12" or "12": the order number itself.
  const number = /^#?\s*(\d{1,9})$/.exec(search.trim());
  if (number) parts.push(eq(orders.number, Number(number[1])));
  return or(...parts)!;
}

function nameWhere(name: string): SQL {
  const pattern = likePattern(name);
  const p = orderParticipants;
  return or(
    ...fullName(sql`${orders.firstname}`, sql`${orders.lastname}`).map((s) => ilike(s, pattern)),
    ilike(sql`coalesce(${orders.company}, '')`, pattern),
    participantWhere(or(...fullName(sql`${p.firstname}`, sql`${p.lastname}`).map((s) => ilike(s, pattern)))!),
  )!;
}

/** The start of a day in the team's time zone, as a timestamp with time zone. */
const dayStart = (day: string, timeZone: string, plusDays = 0) =>
  sql`((${day}::date + ${plusDays}::int)::timestamp AT TIME ZONE ${timeZone})`;

function whereOf(teamId: number, q: OrderListQuery): SQL {
  const f = q.filters;
  const where: SQL[] = [eq(orders.teamId, teamId)];
  if (f.statuses?.length) where.push(inArray(orders.paymentStatus, f.statuses));
  if (f.types?.length) where.push(inArray(orders.paymentType, f.types));
  if (f.search) where.push(searchWhere(f.search));
  if (f.number !== undefined) where.push(eq(orders.number, f.number));
  if (f.name) where.push(nameWhere(f.name));
  if (f.email) {
    const pattern = likePattern(f.email);
    where.push(or(ilike(orders.email, pattern), participantWhere(ilike(sql`coalesce(${orderParticipants.email}, '')`, pattern)))!);
  }
  if (f.activityId !== undefined)
    where.push(
      sql`EXISTS (SELECT 1 FROM ${orderItems} WHERE ${orderItems.orderId} = ${orders.id} AND ${orderItems.activityId} = ${f.activityId})`,
    );
  if (f.createdFrom) where.push(sql`${orders.createdAt} >= ${dayStart(f.createdFrom, f.timeZone)}`);
  if (f.createdTo) where.push(sql`${orders.createdAt} < ${dayStart(f.createdTo, f.timeZone, 1)}`);
  return and(...where)!;
}

/** The ids of one page of a team's orders, in the requested order (id as tie-breaker), and the total. */
export async function listOrderIds(db: DbOrTx, teamId: number, q: OrderListQuery): Promise<{ ids: number[]; total: number }> {
  const where = whereOf(teamId, q);
  const dir = q.sort.type === 'asc' ? asc : desc;
  const [rows, totals] = await Promise.all([
    db
      .select({ id: orders.id })
      .from(orders)
      .where(where)
      .orderBy(dir(SORT[q.sort.field]), dir(orders.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { ids: rows.map((r) => r.id), total: Number(totals[0]?.n ?? 0) };
}

/** An order's history, oldest first, with the staff member's name where staff acted. */
export async function orderEventRows(db: DbOrTx, teamId: number, orderId: number) {
  return db
    .select({
      id: orderEvents.id,
      type: orderEvents.type,
      actor: orderEvents.actor,
      data: orderEvents.data,
      createdAt: orderEvents.createdAt,
      firstname: users.firstname,
      lastname: users.lastname,
    })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.userId))
    .where(and(eq(orderEvents.teamId, teamId), eq(orderEvents.orderId, orderId)))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
}

/** An order's payment attempts, oldest first. */
export async function orderPaymentRows(db: DbOrTx, teamId: number, orderId: number) {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.teamId, teamId), eq(payments.orderId, orderId)))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

/**
 * The team of an order, for the customer's order link (the token proves the link; the team comes
 * from the order). The one lookup here not scoped by a team: the caller checked the token first.
 */
export async function orderTeamId(db: DbOrTx, orderId: number): Promise<number | undefined> {
  const [row] = await db.select({ teamId: orders.teamId }).from(orders).where(eq(orders.id, orderId));
  return row?.teamId;
}
