import { PAID_STATUSES, type OrderCustomerSortField } from '@bookla/shared';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { orders } from '../../../db/schema/index.ts';
import { likePattern, pickedText } from '../../../lib/sql.ts';

/**
 * SQL of order customers: a team's orders grouped by e-mail address, compared case-insensitively
 * (`lower(email)`, the index `orders_team_email_idx`). The latest order (highest id) gives the
 * name, company and phone shown.
 */

const paid = sql.join(
  PAID_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);
/** A paid order that took real money or was free: test-mode orders (issue 22) are no sales. */
const realPaid = sql`(o.payment_status IN (${paid}) AND NOT o.is_test)`;

export interface OrderCustomerQuery {
  page: number;
  perPage: number;
  sort: { field: OrderCustomerSortField; type: 'asc' | 'desc' };
  search?: string;
  /** Money is summed over the orders in this currency (the team's). */
  currency: string;
}

function grouped(teamId: number, q: Pick<OrderCustomerQuery, 'search' | 'currency'>): SQL {
  const having = q.search
    ? sql`HAVING bool_or(o.email ILIKE ${likePattern(q.search)} OR (o.firstname || ' ' || o.lastname) ILIKE ${likePattern(q.search)}
        OR (o.lastname || ' ' || o.firstname) ILIKE ${likePattern(q.search)} OR coalesce(o.company, '') ILIKE ${likePattern(q.search)})`
    : sql``;
  return sql`
    WITH c AS (
      SELECT lower(o.email) AS key, count(*)::bigint AS order_count,
        count(*) FILTER (WHERE ${realPaid})::bigint AS paid_order_count,
        coalesce(sum(o.total_minor - o.refunded_minor) FILTER (WHERE ${realPaid} AND o.currency = ${q.currency}), 0)::bigint
          AS total_paid,
        min(o.created_at) AS first_order_at, max(o.created_at) AS last_order_at, max(o.id) AS last_id
      FROM orders o
      WHERE o.team_id = ${teamId}
      GROUP BY lower(o.email)
      ${having}
    )`;
}

const SORT: Record<OrderCustomerSortField, SQL> = {
  last_order_at: sql`c.last_order_at`,
  email: sql`c.key`,
  lastname: sql`lower(l.lastname)`,
  order_count: sql`c.order_count`,
  total_paid: sql`c.total_paid`,
};

type Raw = Record<string, unknown>;
const rowsOf = (result: unknown): Raw[] => (result as { rows: Raw[] }).rows;
const dateOf = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));

export async function orderCustomerPage(db: DbOrTx, teamId: number, q: OrderCustomerQuery) {
  const dir = q.sort.type === 'asc' ? sql`ASC` : sql`DESC`;
  const [page, total] = await Promise.all([
    db.execute(sql`${grouped(teamId, q)}
      SELECT c.*, l.email, l.firstname, l.lastname, l.company, l.phone, l.number AS last_number
      FROM c JOIN orders l ON l.id = c.last_id AND l.team_id = ${teamId}
      ORDER BY ${SORT[q.sort.field]} ${dir}, c.last_id ${dir}
      LIMIT ${q.perPage} OFFSET ${(q.page - 1) * q.perPage}`),
    db.execute(sql`${grouped(teamId, q)} SELECT count(*)::bigint AS n FROM c`),
  ]);
  return {
    rows: rowsOf(page).map((r) => ({
      lastId: Number(r.last_id),
      lastNumber: Number(r.last_number),
      email: String(r.email),
      firstname: String(r.firstname),
      lastname: String(r.lastname),
      company: r.company === null ? null : String(r.company),
      phone: r.phone === null ? null : String(r.phone),
      orderCount: Number(r.order_count),
      paidOrderCount: Number(r.paid_order_count),
      totalPaidMinor: Number(r.total_paid),
      firstOrderAt: dateOf(r.first_order_at),
      lastOrderAt: dateOf(r.last_order_at),
    })),
    total: Number(rowsOf(total)[0]?.n ?? 0),
  };
}

/** The e-mail of one of the team's orders (the customer it belongs to), or undefined. */
export async function orderEmail(db: DbOrTx, teamId: number, orderId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ email: orders.email })
    .from(orders)
    .where(and(eq(orders.teamId, teamId), eq(orders.id, orderId)));
  return row?.email;
}

/** A page of the team's orders with this e-mail (case-insensitive), newest first, with their activities' names. */
export async function ordersOfEmail(db: DbOrTx, teamId: number, email: string, page: number, perPage: number, lang: string) {
  const where = and(eq(orders.teamId, teamId), sql`lower(${orders.email}) = lower(${email})`);
  // "orders"."id" by hand: drizzle leaves columns unqualified in a one-table select, and a bare
  // "id" inside the subquery would be the order item's.
  const activityNames = sql<string[]>`coalesce((SELECT array_agg(DISTINCT ${pickedText(sql`oi.activity_name`, lang)})
    FROM order_items oi WHERE oi.team_id = ${teamId} AND oi.order_id = "orders"."id"), '{}')`;
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: orders.id,
        number: orders.number,
        createdAt: orders.createdAt,
        paymentStatus: orders.paymentStatus,
        paidAt: orders.paidAt,
        paymentType: orders.paymentType,
        totalMinor: orders.totalMinor,
        refundedMinor: orders.refundedMinor,
        currency: orders.currency,
        activities: activityNames,
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { rows, total: Number(totals[0]?.n ?? 0) };
}
