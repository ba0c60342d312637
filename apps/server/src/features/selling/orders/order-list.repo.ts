import type { OrderSortField, PaymentStatus } from '@bookla/shared';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { orderEvents, orders, payments, users } from '../../../db/schema/index.ts';
import { likePattern } from '../../../lib/sql.ts';

/**
 * SQL of the back office's order list and order detail (history, payments). Every function takes
 * the team id first; the rows themselves are read with order-view.ts (`loadOrders`, `loadOrder`).
 */

export interface OrderListQuery {
  page: number;
  perPage: number;
  sort: { field: OrderSortField; type: 'asc' | 'desc' };
  filters: { statuses?: PaymentStatus[]; search?: string };
}

const SORT: Record<OrderSortField, SQL | typeof orders.id> = {
  id: orders.id,
  number: sql`${orders.number}`,
  created_at: sql`${orders.createdAt}`,
  total: sql`${orders.totalMinor}`,
  payment_status: sql`${orders.paymentStatus}`,
  lastname: sql`lower(${orders.lastname})`,
};

function whereOf(teamId: number, q: OrderListQuery): SQL {
  const where: SQL[] = [eq(orders.teamId, teamId)];
  if (q.filters.statuses?.length) where.push(inArray(orders.paymentStatus, q.filters.statuses));
  const search = q.filters.search;
  if (search) {
    const pattern = likePattern(search);
    const parts: SQL[] = [
      ilike(orders.firstname, pattern),
      ilike(orders.lastname, pattern),
      ilike(sql`${orders.firstname} || ' ' || ${orders.lastname}`, pattern),
      ilike(sql`${orders.lastname} || ' ' || ${orders.firstname}`, pattern),
      ilike(orders.email, pattern),
      ilike(sql`coalesce(${orders.company}, '')`, pattern),
    ];
    // "#12" or "12": the order number itself.
    const number = /^#?\s*(\d{1,9})$/.exec(search.trim());
    if (number) parts.push(eq(orders.number, Number(number[1])));
    where.push(or(...parts)!);
  }
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
