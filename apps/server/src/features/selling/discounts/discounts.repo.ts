import { PAID_STATUSES, type DiscountSortField } from '@bookla/shared';
import { and, asc, count, desc, eq, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { activities, discounts } from '../../../db/schema/index.ts';
import { likePattern } from '../../../lib/sql.ts';

/** SQL of a team's discount codes. Every function takes the team id first. */

export type DiscountRow = typeof discounts.$inferSelect;
export type DiscountValues = Omit<typeof discounts.$inferInsert, 'id' | 'teamId' | 'usedCount' | 'createdAt' | 'updatedAt'>;
/** A discount with the sum of the totals of its paid orders (minor units). */
export type DiscountWithRevenue = DiscountRow & { revenueMinor: number };

export interface DiscountListQuery {
  page: number;
  perPage: number;
  sort: { field: DiscountSortField; type: 'asc' | 'desc' };
  filters: { code?: string; name?: string; active?: boolean };
}

/**
 * Paid orders that used the discount: what it brought in (test-mode orders took no money: not
 * counted, issue 22). Written with table names, since drizzle leaves columns unqualified in a
 * one-table select and they would bind to `orders`.
 */
const revenue = sql<string>`(
  select coalesce(sum(o.total_minor), 0) from orders o
  where o.team_id = "discounts"."team_id" and o.discount_id = "discounts"."id" and not o.is_test
    and o.payment_status in (${sql.join(
      PAID_STATUSES.map((s) => sql`${s}`),
      sql`, `,
    )})
)`;

const withRevenue = { row: discounts, revenue: revenue.as('revenue') };
const toRow = (r: { row: DiscountRow; revenue: string | number }): DiscountWithRevenue => ({ ...r.row, revenueMinor: Number(r.revenue) });

export async function listDiscounts(
  db: DbOrTx,
  teamId: number,
  q: DiscountListQuery,
): Promise<{ rows: DiscountWithRevenue[]; total: number }> {
  const where: SQL[] = [eq(discounts.teamId, teamId)];
  if (q.filters.code) where.push(ilike(discounts.code, likePattern(q.filters.code)));
  if (q.filters.name) where.push(ilike(sql`coalesce(${discounts.name}, '')`, likePattern(q.filters.name)));
  if (q.filters.active !== undefined) where.push(eq(discounts.active, q.filters.active));
  const sortColumn: SQL | typeof discounts.id = {
    id: discounts.id,
    created_at: sql`${discounts.createdAt}`,
    code: sql`lower(${discounts.code})`,
    name: sql`lower(coalesce(${discounts.name}, ''))`,
    type: sql`${discounts.type}`,
    valid_from: sql`${discounts.validFrom}`,
    valid_until: sql`${discounts.validUntil}`,
    used_count: sql`${discounts.usedCount}`,
    active: sql`${discounts.active}`,
  }[q.sort.field];
  const dir = q.sort.type === 'asc' ? asc : desc;
  const rows = await db
    .select(withRevenue)
    .from(discounts)
    .where(and(...where))
    .orderBy(dir(sortColumn), dir(discounts.id))
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  const [total] = await db
    .select({ n: count() })
    .from(discounts)
    .where(and(...where));
  return { rows: rows.map(toRow), total: Number(total?.n ?? 0) };
}

export async function findDiscount(db: DbOrTx, teamId: number, id: number): Promise<DiscountWithRevenue | undefined> {
  const [row] = await db
    .select(withRevenue)
    .from(discounts)
    .where(and(eq(discounts.teamId, teamId), eq(discounts.id, id)));
  return row && toRow(row);
}

/** Locks the discount's row for a change (a checkout counting a use waits, and the reverse). */
export async function lockDiscount(db: DbOrTx, teamId: number, id: number): Promise<DiscountRow | undefined> {
  const [row] = await db
    .select()
    .from(discounts)
    .where(and(eq(discounts.teamId, teamId), eq(discounts.id, id)))
    .for('update');
  return row;
}

/** The discount with this code, compared case-insensitively (the unique index is on lower(code)). */
export async function findDiscountByCode(db: DbOrTx, teamId: number, code: string): Promise<DiscountRow | undefined> {
  const [row] = await db
    .select()
    .from(discounts)
    .where(and(eq(discounts.teamId, teamId), sql`lower(${discounts.code}) = lower(${code})`));
  return row;
}

/** Whether another discount of the team has this code (case-insensitive). */
export async function codeTaken(db: DbOrTx, teamId: number, code: string, exceptId?: number): Promise<boolean> {
  const row = await findDiscountByCode(db, teamId, code);
  return Boolean(row && row.id !== exceptId);
}

/** Which of these ids are the team's activities. */
export async function teamActivityIds(db: DbOrTx, teamId: number, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.teamId, teamId), inArray(activities.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}

export async function insertDiscount(db: DbOrTx, teamId: number, values: DiscountValues): Promise<DiscountRow> {
  const [row] = await db
    .insert(discounts)
    .values({ ...values, teamId })
    .returning();
  return row!;
}

export async function updateDiscount(db: DbOrTx, teamId: number, id: number, values: DiscountValues): Promise<DiscountRow | undefined> {
  const [row] = await db
    .update(discounts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(discounts.teamId, teamId), eq(discounts.id, id)))
    .returning();
  return row;
}

/** Deletes the discount only while no use is counted (one statement: a checkout cannot slip in between). */
export async function deleteUnusedDiscount(db: DbOrTx, teamId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(discounts)
    .where(and(eq(discounts.teamId, teamId), eq(discounts.id, id), eq(discounts.usedCount, 0)))
    .returning({ id: discounts.id });
  return rows.length > 0;
}

/** `incrementUse` as an UPDATE to run inside another statement (returns the id when a use was left). */
export function incrementUseSql(teamId: number, id: number): SQL {
  return sql`UPDATE ${discounts} SET used_count = ${discounts.usedCount} + 1
    WHERE ${discounts.teamId} = ${teamId} AND ${discounts.id} = ${id} AND (${discounts.maxUses} IS NULL OR ${discounts.usedCount} < ${discounts.maxUses})
    RETURNING ${discounts.id}`;
}

/** One more use, only while below max_uses (the row lock of the UPDATE serialises concurrent checkouts). */
export async function incrementUse(db: DbOrTx, teamId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(discounts)
    .set({ usedCount: sql`${discounts.usedCount} + 1` })
    .where(
      and(eq(discounts.teamId, teamId), eq(discounts.id, id), or(isNull(discounts.maxUses), lt(discounts.usedCount, discounts.maxUses))),
    )
    .returning({ id: discounts.id });
  return rows.length > 0;
}

/** One use fewer, never below 0. */
export async function decrementUse(db: DbOrTx, teamId: number, id: number): Promise<void> {
  await db
    .update(discounts)
    .set({ usedCount: sql`greatest(${discounts.usedCount} - 1, 0)` })
    .where(and(eq(discounts.teamId, teamId), eq(discounts.id, id)));
}
