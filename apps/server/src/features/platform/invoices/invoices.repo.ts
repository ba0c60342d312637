import { PLATFORM_TIME_ZONE, type BexioStatus, type Plan, type PlatformInvoiceStatus } from '@bookla/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { likePattern } from '../../../lib/sql.ts';

/** SQL of the platform invoices (platform_invoices, migration 0032). */

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface InvoiceListRow {
  id: number;
  team_id: number;
  team_name: string;
  month: string;
  number: string;
  currency: string;
  subtotal_minor: number;
  vat_minor: number;
  total_minor: number;
  status: PlatformInvoiceStatus;
  due_at: string;
  paid_at: Date | string | null;
  created_at: Date | string;
  bexio_status: BexioStatus;
  bexio_id: number | null;
  bexio_error: string | null;
}

export interface InvoiceFilters {
  teamId?: number;
  /** `columnFilters[team]`: a name part, or the id. */
  team?: string;
  month?: string;
  bexioStatus?: string[];
  status?: string[];
}

export type InvoiceSortField = 'created_at' | 'id' | 'month' | 'total' | 'number';

const SORT: Record<InvoiceSortField, SQL> = {
  created_at: sql`p.created_at`,
  id: sql`p.id`,
  month: sql`p.month`,
  total: sql`p.total_minor`,
  number: sql`p.number`,
};

/** `column IN (…)`; no values: matches nothing. */
const anyOf = (column: SQL, values: string[]): SQL =>
  values.length
    ? sql`${column} IN (${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )})`
    : sql`FALSE`;

function where(f: InvoiceFilters): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (f.teamId !== undefined) parts.push(sql`p.team_id = ${f.teamId}`);
  if (f.team) {
    const text = f.team.trim();
    const id = /^\d{1,9}$/.test(text) ? Number(text) : undefined;
    parts.push(id === undefined ? sql`t.name ILIKE ${likePattern(text)}` : sql`(p.team_id = ${id} OR t.name ILIKE ${likePattern(text)})`);
  }
  if (f.month) parts.push(sql`p.month = ${f.month}`);
  if (f.bexioStatus) parts.push(anyOf(sql`p.bexio_status`, f.bexioStatus));
  if (f.status) parts.push(anyOf(sql`p.status`, f.status));
  return sql.join(parts, sql` AND `);
}

const COLUMNS = sql`p.id, p.team_id, t.name AS team_name, p.month, p.number, p.currency, p.subtotal_minor, p.vat_minor, p.total_minor,
  p.status, to_char(p.due_at, 'YYYY-MM-DD') AS due_at, p.paid_at, p.created_at, p.bexio_status, p.bexio_id, p.bexio_error`;

export async function listInvoices(
  db: DbOrTx,
  f: InvoiceFilters,
  page: { page: number; perPage: number; sort: { field: InvoiceSortField; type: 'asc' | 'desc' } },
): Promise<{ rows: InvoiceListRow[]; total: number }> {
  const order = sql.join([SORT[page.sort.field], sql.raw(page.sort.type === 'asc' ? 'ASC' : 'DESC')], sql` `);
  const [rows, [count]] = await Promise.all([
    db.execute(sql`SELECT ${COLUMNS} FROM platform_invoices p JOIN teams t ON t.id = p.team_id WHERE ${where(f)}
      ORDER BY ${order}, p.id DESC LIMIT ${page.perPage} OFFSET ${(page.page - 1) * page.perPage}`),
    db
      .execute(sql`SELECT count(*)::int AS n FROM platform_invoices p JOIN teams t ON t.id = p.team_id WHERE ${where(f)}`)
      .then((r) => rowsOf<{ n: number }>(r)),
  ]);
  return { rows: rowsOf<InvoiceListRow>(rows), total: count?.n ?? 0 };
}

/** Every invoice the filters match, in batches (the export). */
export async function invoiceBatch(db: DbOrTx, f: InvoiceFilters, afterId: number, limit: number): Promise<InvoiceListRow[]> {
  return rowsOf<InvoiceListRow>(
    await db.execute(sql`SELECT ${COLUMNS} FROM platform_invoices p JOIN teams t ON t.id = p.team_id
      WHERE ${where(f)} AND p.id > ${afterId} ORDER BY p.id LIMIT ${limit}`),
  );
}

/** Marks an open invoice paid: the row, or undefined when there is none; `already` when it was paid. */
export async function markPaid(db: DbOrTx, id: number, userId: number | null, now: Date): Promise<'paid' | 'already' | 'missing'> {
  const updated = rowsOf<{ id: number }>(
    await db.execute(sql`UPDATE platform_invoices SET status = 'paid', paid_at = ${now.toISOString()}::timestamptz, paid_by = ${userId},
      updated_at = now() WHERE id = ${id} AND status = 'open' RETURNING id`),
  );
  if (updated.length) return 'paid';
  const [exists] = rowsOf<{ id: number }>(await db.execute(sql`SELECT id FROM platform_invoices WHERE id = ${id}`));
  return exists ? 'already' : 'missing';
}

export async function invoiceById(db: DbOrTx, id: number): Promise<InvoiceListRow | undefined> {
  const [row] = rowsOf<InvoiceListRow>(
    await db.execute(sql`SELECT ${COLUMNS} FROM platform_invoices p JOIN teams t ON t.id = p.team_id WHERE p.id = ${id}`),
  );
  return row;
}

/**
 * Per-sale fees net of refund credits per month (platform zone) and plan in force on the day of
 * the sale, in `currency`, from `fromMonth` on; not test orders.
 */
export async function feesPerMonthAndPlan(
  db: DbOrTx,
  currency: string,
  from: Date,
): Promise<{ month: string; plan: Plan; fees: number }[]> {
  const tz = PLATFORM_TIME_ZONE;
  const rows = rowsOf<{ month: string; plan: Plan; fees: string }>(
    await db.execute(sql`
      WITH events AS (
        SELECT o.team_id, o.paid_at AS at, o.paid_at AS sale_at, o.platform_fee_minor::bigint AS fee
        FROM orders o WHERE o.paid_at >= ${from.toISOString()}::timestamptz AND NOT o.is_test AND o.platform_fee_minor > 0
          AND o.currency = ${currency}
        UNION ALL
        SELECT r.team_id, r.created_at, o.paid_at,
               -(round(o.platform_fee_minor::numeric * least(c.cum, o.total_minor) / o.total_minor)
                 - round(o.platform_fee_minor::numeric * least(c.cum - r.amount_minor, o.total_minor) / o.total_minor))::bigint
        FROM payment_refunds r JOIN orders o ON o.id = r.order_id
        JOIN LATERAL (SELECT sum(r2.amount_minor) AS cum FROM payment_refunds r2 WHERE r2.order_id = r.order_id AND r2.status = 'succeeded'
                        AND (r2.created_at, r2.id) <= (r.created_at, r.id)) c ON TRUE
        WHERE r.status = 'succeeded' AND r.created_at >= ${from.toISOString()}::timestamptz AND NOT o.is_test
          AND o.platform_fee_minor > 0 AND o.total_minor > 0 AND o.currency = ${currency} AND o.paid_at IS NOT NULL
      )
      SELECT to_char(e.at AT TIME ZONE ${tz}, 'YYYY-MM') AS month,
             coalesce((SELECT p.plan FROM team_plan_changes p WHERE p.team_id = e.team_id
                        AND p.effective_from <= (e.sale_at AT TIME ZONE ${tz})::date ORDER BY p.effective_from DESC LIMIT 1), 'payg') AS plan,
             sum(e.fee)::bigint AS fees
      FROM events e GROUP BY 1, 2 ORDER BY 1, 2`),
  );
  return rows.map((r) => ({ month: r.month, plan: r.plan, fees: Number(r.fees) }));
}

/** Monthly fees invoiced per month (from the invoices' `monthly_fee` lines), in `currency`. */
export async function monthlyFeesPerMonth(db: DbOrTx, currency: string, fromMonth: string): Promise<Map<string, number>> {
  const rows = rowsOf<{ month: string; amount: string }>(
    await db.execute(sql`
      SELECT p.month, coalesce(sum((l->>'amount_minor')::bigint), 0)::bigint AS amount
      FROM platform_invoices p CROSS JOIN LATERAL jsonb_array_elements(p.lines) l
      WHERE p.currency = ${currency} AND p.month >= ${fromMonth} AND l->>'kind' = 'monthly_fee'
      GROUP BY p.month`),
  );
  return new Map(rows.map((r) => [r.month, Number(r.amount)]));
}

/** Teams per plan in force today (platform zone). */
export async function teamsPerPlan(db: DbOrTx, today: string): Promise<Record<Plan, number>> {
  const rows = rowsOf<{ plan: Plan; n: number }>(
    await db.execute(sql`
      SELECT x.plan, count(*)::int AS n FROM (
        SELECT coalesce((SELECT p.plan FROM team_plan_changes p WHERE p.team_id = t.id AND p.effective_from <= ${today}::date
                          ORDER BY p.effective_from DESC LIMIT 1), 'payg') AS plan
        FROM teams t) x
      GROUP BY x.plan`),
  );
  const out: Record<Plan, number> = { payg: 0, business: 0 };
  for (const r of rows) out[r.plan] = r.n;
  return out;
}
