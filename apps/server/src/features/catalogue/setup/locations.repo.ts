import type { Language } from '@bookla/shared';
import { and, asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { locations } from '../../../db/schema/index.ts';
import { likePattern, pickedText } from '../../../lib/sql.ts';

/** SQL of a team's locations. Every function takes the team id first. */

export type LocationRow = typeof locations.$inferSelect;
export type LocationValues = Omit<typeof locations.$inferInsert, 'id' | 'teamId' | 'createdAt' | 'updatedAt'>;

export interface LocationListQuery {
  page: number;
  perPage: number;
  sort: { field: 'id' | 'created_at' | 'name' | 'city'; type: 'asc' | 'desc' };
  filters: { name?: string; city?: string };
  lang: Language;
}

export async function listLocations(db: DbOrTx, teamId: number, q: LocationListQuery): Promise<{ rows: LocationRow[]; total: number }> {
  const where: SQL[] = [eq(locations.teamId, teamId)];
  if (q.filters.name) where.push(ilike(pickedText(locations.name, q.lang), likePattern(q.filters.name)));
  if (q.filters.city) where.push(ilike(locations.city, likePattern(q.filters.city)));
  const sortColumn = { id: locations.id, created_at: locations.createdAt, name: pickedText(locations.name, q.lang), city: locations.city }[
    q.sort.field
  ];
  const dir = q.sort.type === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(locations)
    .where(and(...where))
    .orderBy(dir(sortColumn), dir(locations.id))
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  const [total] = await db
    .select({ n: count() })
    .from(locations)
    .where(and(...where));
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findLocation(db: DbOrTx, teamId: number, id: number): Promise<LocationRow | undefined> {
  const [row] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.teamId, teamId), eq(locations.id, id)));
  return row;
}

export async function insertLocation(db: DbOrTx, teamId: number, values: LocationValues): Promise<LocationRow> {
  const [row] = await db
    .insert(locations)
    .values({ ...values, teamId })
    .returning();
  return row!;
}

export async function updateLocation(db: DbOrTx, teamId: number, id: number, values: LocationValues): Promise<LocationRow | undefined> {
  const [row] = await db
    .update(locations)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(locations.teamId, teamId), eq(locations.id, id)))
    .returning();
  return row;
}

export async function deleteLocation(db: DbOrTx, teamId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(locations)
    .where(and(eq(locations.teamId, teamId), eq(locations.id, id)))
    .returning({ id: locations.id });
  return rows.length > 0;
}
