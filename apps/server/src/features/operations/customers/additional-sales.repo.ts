import { PAID_STATUSES, type AdditionalSalesSortField } from '@bookla/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { likePattern, pickedText } from '../../../lib/sql.ts';

/**
 * SQL of additional sales: the products sold with paid orders, summed per product, activity and
 * currency. A product bought for a participant belongs to that participant's activity; one bought
 * for the whole order to the order's (first) activity. "Paid" is what makes a ticket sold (spec
 * §4): paid, free and partially refunded orders. Names are the ones the products were sold under
 * (the latest sale's), the activity's current name.
 */

export interface AdditionalSalesFilters {
  from?: Date;
  until?: Date;
  activityId?: number;
  productId?: number;
  /** Product name (contains, case-insensitive). */
  search?: string;
}

export interface AdditionalSalesDbRow {
  productId: number | null;
  productName: string;
  activityId: number | null;
  activityName: string | null;
  currency: string;
  quantity: number;
  revenueMinor: number;
  taxMinor: number;
  orderCount: number;
}

const paid = sql.join(
  PAID_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/** The grouped rows as a CTE list (`lines`, `grouped`, `named`), filtered; select from `named`. */
function ctes(teamId: number, f: AdditionalSalesFilters, lang: string): SQL {
  // Test-mode orders took no money (issue 22): their products are no sales.
  const lineWhere: SQL[] = [sql`op.team_id = ${teamId}`, sql`o.payment_status IN (${paid})`, sql`NOT o.is_test`];
  if (f.from) lineWhere.push(sql`o.created_at >= ${f.from.toISOString()}::timestamptz`);
  if (f.until) lineWhere.push(sql`o.created_at < ${f.until.toISOString()}::timestamptz`);
  if (f.productId !== undefined) lineWhere.push(sql`op.product_id = ${f.productId}`);
  if (f.search) lineWhere.push(sql`${pickedText(sql`op.name`, lang)} ILIKE ${likePattern(f.search)}`);
  const activityWhere = f.activityId === undefined ? sql`true` : sql`l.activity_id = ${f.activityId}`;
  return sql`
    WITH lines AS (
      SELECT op.id AS line_id, op.product_id, op.name, op.quantity, op.total_minor, op.tax_minor, op.order_id, o.currency,
        coalesce(oi.activity_id, (SELECT min(x.activity_id) FROM order_items x WHERE x.team_id = ${teamId} AND x.order_id = op.order_id))
          AS activity_id
      FROM order_products op
      JOIN orders o ON o.id = op.order_id AND o.team_id = ${teamId}
      LEFT JOIN order_items oi ON oi.id = op.order_item_id AND oi.team_id = ${teamId}
      WHERE ${sql.join(lineWhere, sql` AND `)}
    ), grouped AS (
      SELECT l.product_id, (array_agg(l.name ORDER BY l.line_id DESC))[1] AS name, l.activity_id, l.currency,
        sum(l.quantity)::bigint AS quantity, sum(l.total_minor)::bigint AS revenue, sum(l.tax_minor)::bigint AS tax,
        count(DISTINCT l.order_id)::bigint AS order_count
      FROM lines l
      WHERE ${activityWhere}
      GROUP BY l.product_id, CASE WHEN l.product_id IS NULL THEN l.name::text END, l.activity_id, l.currency
    ), named AS (
      SELECT g.*, ${pickedText(sql`g.name`, lang)} AS product_name,
        CASE WHEN a.id IS NULL THEN NULL ELSE ${pickedText(sql`a.name`, lang)} END AS activity_name
      FROM grouped g LEFT JOIN activities a ON a.id = g.activity_id AND a.team_id = ${teamId}
    )`;
}

const SORT: Record<AdditionalSalesSortField, SQL> = {
  revenue: sql`revenue`,
  quantity: sql`quantity`,
  tax: sql`tax`,
  product_name: sql`lower(product_name)`,
  activity_name: sql`lower(coalesce(activity_name, ''))`,
};

type Raw = Record<string, unknown>;
const rowsOf = (result: unknown): Raw[] => (result as { rows: Raw[] }).rows;

export interface AdditionalSalesPage {
  sort: { field: AdditionalSalesSortField; type: 'asc' | 'desc' };
  limit: number;
  offset: number;
}

export async function additionalSalesRows(
  db: DbOrTx,
  teamId: number,
  f: AdditionalSalesFilters,
  page: AdditionalSalesPage,
  lang: string,
): Promise<AdditionalSalesDbRow[]> {
  const dir = page.sort.type === 'asc' ? sql`ASC` : sql`DESC`;
  const result = await db.execute(sql`${ctes(teamId, f, lang)}
    SELECT product_id, product_name, activity_id, activity_name, currency, quantity, revenue, tax, order_count FROM named
    ORDER BY ${SORT[page.sort.field]} ${dir}, product_id ${dir} NULLS LAST, product_name ${dir}, activity_id ${dir} NULLS LAST, currency
    LIMIT ${page.limit} OFFSET ${page.offset}`);
  return rowsOf(result).map((r) => ({
    productId: r.product_id === null ? null : Number(r.product_id),
    productName: String(r.product_name),
    activityId: r.activity_id === null ? null : Number(r.activity_id),
    activityName: r.activity_name === null ? null : String(r.activity_name),
    currency: String(r.currency),
    quantity: Number(r.quantity),
    revenueMinor: Number(r.revenue),
    taxMinor: Number(r.tax),
    orderCount: Number(r.order_count),
  }));
}

/** How many rows the filtered list has, and its sums per currency. */
export async function additionalSalesTotals(
  db: DbOrTx,
  teamId: number,
  f: AdditionalSalesFilters,
  lang: string,
): Promise<{ rows: number; totals: { currency: string; quantity: number; revenueMinor: number; taxMinor: number }[] }> {
  const result = await db.execute(sql`${ctes(teamId, f, lang)}
    SELECT currency, count(*)::bigint AS n, sum(quantity)::bigint AS quantity, sum(revenue)::bigint AS revenue, sum(tax)::bigint AS tax
    FROM named GROUP BY currency ORDER BY currency`);
  const groups = rowsOf(result);
  return {
    rows: groups.reduce((n, g) => n + Number(g.n), 0),
    totals: groups.map((g) => ({
      currency: String(g.currency),
      quantity: Number(g.quantity),
      revenueMinor: Number(g.revenue),
      taxMinor: Number(g.tax),
    })),
  };
}
