import type { Language } from '@bookla/shared';
import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { activityProducts, products, tickets } from '../../../db/schema/index.ts';
import { likePattern, pickedText } from '../../../lib/sql.ts';

/** SQL of products (the spec's "options") and of the products offered with an activity. */

export type ProductRow = typeof products.$inferSelect;
export type ProductValues = Omit<typeof products.$inferInsert, 'id' | 'teamId' | 'sold' | 'sort' | 'createdAt' | 'updatedAt'>;

export interface ProductListQuery {
  page: number;
  perPage: number;
  sort: { field: 'id' | 'created_at' | 'name' | 'price' | 'sort'; type: 'asc' | 'desc' };
  filters: { search?: string; active?: boolean; scope?: 'order' | 'participant' };
  lang: Language;
}

export async function listProducts(db: DbOrTx, teamId: number, q: ProductListQuery): Promise<{ rows: ProductRow[]; total: number }> {
  const where: SQL[] = [eq(products.teamId, teamId)];
  if (q.filters.search) where.push(ilike(pickedText(products.name, q.lang), likePattern(q.filters.search)));
  if (q.filters.active !== undefined) where.push(eq(products.active, q.filters.active));
  if (q.filters.scope) where.push(eq(products.scope, q.filters.scope));
  const column = {
    id: products.id,
    created_at: products.createdAt,
    name: pickedText(products.name, q.lang),
    price: products.priceMinor,
    sort: products.sort,
  }[q.sort.field];
  const dir = q.sort.type === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(products)
    .where(and(...where))
    .orderBy(dir(column), dir(products.id))
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  const [total] = await db
    .select({ n: count() })
    .from(products)
    .where(and(...where));
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findProduct(db: DbOrTx, teamId: number, id: number, lock = false): Promise<ProductRow | undefined> {
  const query = db
    .select()
    .from(products)
    .where(and(eq(products.teamId, teamId), eq(products.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertProduct(db: DbOrTx, teamId: number, values: ProductValues): Promise<ProductRow> {
  const [row] = await db
    .insert(products)
    .values({ ...values, teamId, sort: sql`(SELECT coalesce(max(p.sort), 0) + 1 FROM products p WHERE p.team_id = ${teamId})` })
    .returning();
  return row!;
}

export async function updateProduct(db: DbOrTx, teamId: number, id: number, values: ProductValues): Promise<ProductRow | undefined> {
  const [row] = await db
    .update(products)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(products.teamId, teamId), eq(products.id, id)))
    .returning();
  return row;
}

export async function deleteUnsoldProduct(db: DbOrTx, teamId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(products)
    .where(and(eq(products.teamId, teamId), eq(products.id, id), eq(products.sold, 0)))
    .returning({ id: products.id });
  return rows.length > 0;
}

export async function activityProductList(db: DbOrTx, teamId: number, activityId: number) {
  return db
    .select({ product: products, ticketIds: activityProducts.ticketIds })
    .from(activityProducts)
    .innerJoin(products, eq(products.id, activityProducts.productId))
    .where(and(eq(activityProducts.teamId, teamId), eq(activityProducts.activityId, activityId)))
    .orderBy(asc(activityProducts.sort), asc(products.id));
}

export async function productIdsOfTeam(db: DbOrTx, teamId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.teamId, teamId), inArray(products.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function ticketIdsOfActivity(db: DbOrTx, teamId: number, activityId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.teamId, teamId), eq(tickets.activityId, activityId), inArray(tickets.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function replaceActivityProducts(
  db: DbOrTx,
  teamId: number,
  activityId: number,
  items: { productId: number; ticketIds: number[] }[],
): Promise<void> {
  await db.delete(activityProducts).where(and(eq(activityProducts.teamId, teamId), eq(activityProducts.activityId, activityId)));
  if (!items.length) return;
  await db
    .insert(activityProducts)
    .values(items.map((item, i) => ({ teamId, activityId, productId: item.productId, ticketIds: item.ticketIds, sort: i + 1 })));
}
