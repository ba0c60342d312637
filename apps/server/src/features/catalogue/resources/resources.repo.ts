import type { Language, ResourceKind, Translated } from '@bookla/shared';
import { and, asc, count, desc, eq, ilike, inArray, notInArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { resourceGroups, resources } from '../../../db/schema/index.ts';
import { likePattern, pickedText } from '../../../lib/sql.ts';

/** SQL of resource groups and their resources. Every function takes the team id first. */

export type GroupRow = typeof resourceGroups.$inferSelect;
export type ResourceRow = typeof resources.$inferSelect;

export interface GroupListQuery {
  page: number;
  perPage: number;
  sort: { field: 'id' | 'created_at' | 'name' | 'kind'; type: 'asc' | 'desc' };
  filters: { name?: string | undefined; kind?: ResourceKind | undefined };
  lang: Language;
}

export async function listGroups(db: DbOrTx, teamId: number, q: GroupListQuery): Promise<{ rows: GroupRow[]; total: number }> {
  const where: SQL[] = [eq(resourceGroups.teamId, teamId)];
  if (q.filters.name) where.push(ilike(pickedText(resourceGroups.name, q.lang), likePattern(q.filters.name)));
  if (q.filters.kind) where.push(eq(resourceGroups.kind, q.filters.kind));
  const sortColumn = {
    id: resourceGroups.id,
    created_at: resourceGroups.createdAt,
    name: pickedText(resourceGroups.name, q.lang),
    kind: resourceGroups.kind,
  }[q.sort.field];
  const dir = q.sort.type === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(resourceGroups)
    .where(and(...where))
    .orderBy(dir(sortColumn), dir(resourceGroups.id))
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  const [total] = await db
    .select({ n: count() })
    .from(resourceGroups)
    .where(and(...where));
  return { rows, total: Number(total?.n ?? 0) };
}

export async function resourcesOfGroups(db: DbOrTx, teamId: number, groupIds: number[]): Promise<ResourceRow[]> {
  if (!groupIds.length) return [];
  return db
    .select()
    .from(resources)
    .where(and(eq(resources.teamId, teamId), inArray(resources.groupId, groupIds)))
    .orderBy(asc(resources.sort), asc(resources.id));
}

export async function findGroup(db: DbOrTx, teamId: number, id: number, lock = false): Promise<GroupRow | undefined> {
  const query = db
    .select()
    .from(resourceGroups)
    .where(and(eq(resourceGroups.teamId, teamId), eq(resourceGroups.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export interface GroupValues {
  name: Translated;
  kind: ResourceKind;
}

export async function insertGroup(db: DbOrTx, teamId: number, values: GroupValues): Promise<GroupRow> {
  const [row] = await db
    .insert(resourceGroups)
    .values({ ...values, teamId })
    .returning();
  return row!;
}

export async function updateGroup(db: DbOrTx, teamId: number, id: number, values: GroupValues): Promise<GroupRow | undefined> {
  const [row] = await db
    .update(resourceGroups)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(resourceGroups.teamId, teamId), eq(resourceGroups.id, id)))
    .returning();
  return row;
}

export async function deleteGroup(db: DbOrTx, teamId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(resourceGroups)
    .where(and(eq(resourceGroups.teamId, teamId), eq(resourceGroups.id, id)))
    .returning({ id: resourceGroups.id });
  return rows.length > 0;
}

export interface ResourceValues {
  id?: number | null | undefined;
  name: Translated;
  capacity: number;
}

/**
 * Makes the group's resources exactly `list`, in order: listed ids are updated (and keep their
 * session assignments), new ones inserted, the rest deleted (their assignments go with them).
 */
export async function replaceResources(db: DbOrTx, teamId: number, groupId: number, list: ResourceValues[]): Promise<void> {
  const keep = list.map((r) => r.id).filter((id): id is number => !!id);
  const inGroup = and(eq(resources.teamId, teamId), eq(resources.groupId, groupId));
  await db.delete(resources).where(keep.length ? and(inGroup, notInArray(resources.id, keep)) : inGroup);
  for (const [sort, r] of list.entries()) {
    const values = { name: r.name, capacity: r.capacity, sort };
    if (r.id) {
      await db
        .update(resources)
        .set({ ...values, updatedAt: new Date() })
        .where(and(inGroup, eq(resources.id, r.id)));
    } else {
      await db.insert(resources).values({ ...values, teamId, groupId });
    }
  }
}
