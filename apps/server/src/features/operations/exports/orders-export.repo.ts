import type { PaymentProvider, PaymentStatus } from '@bookla/shared';
import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { orders } from '../../../db/schema/index.ts';
import { likePattern, pickedText } from '../../../lib/sql.ts';

/**
 * SQL of the orders export: a team's orders with the filters of the orders screen, newest first,
 * read in batches below an id. Only the orders table and its lines are read (the order view of
 * selling is built for one page at a time, with everything a detail page shows).
 */

export interface OrderExportFilters {
  statuses?: PaymentStatus[];
  paymentTypes?: PaymentProvider[];
  /** Number, name, e-mail or company (contains). */
  search?: string;
  number?: number;
  /** Customer, company or participant name (contains). */
  name?: string;
  /** The customer's or a participant's e-mail (contains). */
  email?: string;
  activityId?: number;
  from?: Date;
  until?: Date;
  /** Exactly these orders (a selection). */
  ids?: number[];
}

function whereOf(teamId: number, f: OrderExportFilters): SQL {
  const where: SQL[] = [eq(orders.teamId, teamId)];
  if (f.ids) where.push(f.ids.length ? inArray(orders.id, f.ids) : sql`false`);
  if (f.statuses) where.push(f.statuses.length ? inArray(orders.paymentStatus, f.statuses) : sql`false`);
  if (f.paymentTypes) where.push(f.paymentTypes.length ? inArray(orders.paymentType, f.paymentTypes) : sql`false`);
  if (f.number !== undefined) where.push(eq(orders.number, f.number));
  // "orders"."id" by hand in the subqueries: drizzle leaves columns unqualified in a one-table select.
  const participant = (condition: SQL) =>
    sql`EXISTS (SELECT 1 FROM order_participants p WHERE p.team_id = ${teamId} AND p.order_id = "orders"."id" AND ${condition})`;
  if (f.email) {
    const p = likePattern(f.email);
    where.push(or(ilike(orders.email, p), participant(sql`coalesce(p.email, '') ILIKE ${p}`))!);
  }
  if (f.name) {
    const p = likePattern(f.name);
    where.push(
      or(
        ilike(sql`${orders.firstname} || ' ' || ${orders.lastname}`, p),
        ilike(sql`${orders.lastname} || ' ' || ${orders.firstname}`, p),
        ilike(sql`coalesce(${orders.company}, '')`, p),
        participant(sql`(p.firstname || ' ' || p.lastname ILIKE ${p} OR p.lastname || ' ' || p.firstname ILIKE ${p})`),
      )!,
    );
  }
  if (f.search) {
    const p = likePattern(f.search);
    const parts: SQL[] = [
      ilike(sql`${orders.firstname} || ' ' || ${orders.lastname}`, p),
      ilike(sql`${orders.lastname} || ' ' || ${orders.firstname}`, p),
      ilike(orders.email, p),
      ilike(sql`coalesce(${orders.company}, '')`, p),
    ];
    const number = /^#?\s*(\d{1,9})$/.exec(f.search.trim());
    if (number) parts.push(eq(orders.number, Number(number[1])));
    where.push(or(...parts)!);
  }
  if (f.activityId !== undefined)
    where.push(
      sql`EXISTS (SELECT 1 FROM order_items oi WHERE oi.team_id = ${teamId} AND oi.order_id = "orders"."id" AND oi.activity_id = ${f.activityId})`,
    );
  if (f.from) where.push(gte(orders.createdAt, f.from));
  if (f.until) where.push(lt(orders.createdAt, f.until));
  return and(...where)!;
}

export async function countOrders(db: DbOrTx, teamId: number, f: OrderExportFilters): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(whereOf(teamId, f));
  return Number(row?.n ?? 0);
}

/** The next `limit` orders below `beforeId` (newest first), with their tickets and products as one line of text each. */
export function orderBatch(db: DbOrTx, teamId: number, f: OrderExportFilters, beforeId: number | null, limit: number, lang: string) {
  const tickets = sql<string>`coalesce((SELECT string_agg(oi.quantity || '× ' || ${pickedText(sql`oi.activity_name`, lang)} || ' – ' || ${pickedText(
    sql`oi.ticket_name`,
    lang,
  )}, '; ' ORDER BY oi.sort, oi.id) FROM order_items oi WHERE oi.team_id = ${teamId} AND oi.order_id = "orders"."id"), '')`;
  const products = sql<string>`coalesce((SELECT string_agg(op.quantity || '× ' || ${pickedText(sql`op.name`, lang)}, '; ' ORDER BY op.id)
    FROM order_products op WHERE op.team_id = ${teamId} AND op.order_id = "orders"."id"), '')`;
  const where = beforeId === null ? whereOf(teamId, f) : and(whereOf(teamId, f), lt(orders.id, beforeId));
  return db
    .select({
      id: orders.id,
      number: orders.number,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      paymentStatus: orders.paymentStatus,
      paymentType: orders.paymentType,
      company: orders.company,
      firstname: orders.firstname,
      lastname: orders.lastname,
      email: orders.email,
      phone: orders.phone,
      language: orders.language,
      currency: orders.currency,
      subtotalMinor: orders.subtotalMinor,
      discountCode: orders.discountCode,
      discountTotalMinor: orders.discountTotalMinor,
      taxTotalMinor: orders.taxTotalMinor,
      totalMinor: orders.totalMinor,
      refundedMinor: orders.refundedMinor,
      tickets,
      products,
    })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.id))
    .limit(limit);
}
