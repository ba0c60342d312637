import type { Language } from '@bookla/shared';
import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { activities, activityAttributeValues, attributes, typeSetAttributes } from '../../../db/schema/index.ts';
import { likePattern, pickedText } from '../../../lib/sql.ts';

/** SQL of attributes and of activities' attribute values. Every function takes the team id first. */

export type AttributeRow = typeof attributes.$inferSelect;
export type AttributeValues = Pick<typeof attributes.$inferInsert, 'type' | 'label' | 'options' | 'filterable'>;

export interface AttributeListQuery {
  page: number;
  perPage: number;
  sort: { field: 'sort' | 'label' | 'type' | 'id' | 'created_at'; type: 'asc' | 'desc' };
  search: string;
  lang: Language;
}

/** Activities holding a value of the outer attribute (qualified by hand: Drizzle leaves columns bare in selects). */
const valueCount = (teamId: number) =>
  sql<number>`(select count(*)::int from ${activityAttributeValues} v where v.attribute_id = "attributes"."id" and v.team_id = ${teamId})`;

/** One page with the number of activities holding a value of each: two queries. */
export async function listAttributes(db: DbOrTx, teamId: number, q: AttributeListQuery) {
  const where: SQL[] = [eq(attributes.teamId, teamId)];
  if (q.search) where.push(ilike(pickedText(attributes.label, q.lang), likePattern(q.search)));
  const sortColumn = {
    sort: attributes.sort,
    label: pickedText(attributes.label, q.lang),
    type: attributes.type,
    id: attributes.id,
    created_at: attributes.createdAt,
  }[q.sort.field];
  const dir = q.sort.type === 'asc' ? asc : desc;
  const rows = await db
    .select({ row: attributes, valueCount: valueCount(teamId) })
    .from(attributes)
    .where(and(...where))
    .orderBy(dir(sortColumn), dir(attributes.id))
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  const [total] = await db
    .select({ n: count() })
    .from(attributes)
    .where(and(...where));
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findAttribute(db: DbOrTx, teamId: number, id: number, lock = false) {
  const query = db
    .select({ row: attributes, valueCount: valueCount(teamId) })
    .from(attributes)
    .where(and(eq(attributes.teamId, teamId), eq(attributes.id, id)));
  const [found] = lock ? await query.for('update', { of: attributes }) : await query;
  return found;
}

export async function insertAttribute(db: DbOrTx, teamId: number, values: AttributeValues): Promise<AttributeRow> {
  const [row] = await db
    .insert(attributes)
    .values({
      ...values,
      teamId,
      sort: sql`(select coalesce(max(${attributes.sort}), 0) + 1 from ${attributes} where ${attributes.teamId} = ${teamId})`,
    })
    .returning();
  return row!;
}

export async function updateAttribute(db: DbOrTx, teamId: number, id: number, values: AttributeValues): Promise<void> {
  await db
    .update(attributes)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(attributes.teamId, teamId), eq(attributes.id, id)));
}

export async function deleteAttribute(db: DbOrTx, teamId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(attributes)
    .where(and(eq(attributes.teamId, teamId), eq(attributes.id, id)))
    .returning({ id: attributes.id });
  return rows.length > 0;
}

/**
 * After options were removed: select values no longer among `keep` are deleted, multiselect
 * values lose them (and are deleted when nothing is left).
 */
export async function dropRemovedOptions(db: DbOrTx, teamId: number, attributeId: number, keep: string[]): Promise<void> {
  const of = and(eq(activityAttributeValues.teamId, teamId), eq(activityAttributeValues.attributeId, attributeId));
  const keepJson = JSON.stringify(keep);
  await db
    .update(activityAttributeValues)
    .set({
      value: sql`(select coalesce(jsonb_agg(e), '[]'::jsonb) from jsonb_array_elements(${activityAttributeValues.value}) e where ${keepJson}::jsonb ? (e #>> '{}'))`,
    })
    .where(and(of, sql`jsonb_typeof(${activityAttributeValues.value}) = 'array'`));
  await db.delete(activityAttributeValues).where(
    and(
      of,
      sql`(jsonb_typeof(${activityAttributeValues.value}) = 'array' and ${activityAttributeValues.value} = '[]'::jsonb)
          or (jsonb_typeof(${activityAttributeValues.value}) = 'string' and not (${keepJson}::jsonb ? (${activityAttributeValues.value} #>> '{}')))`,
    ),
  );
}

/** The activity (id and type set) if it is the team's. */
export async function findActivity(db: DbOrTx, teamId: number, id: number, lock = false) {
  const query = db
    .select({ id: activities.id, typeSetId: activities.typeSetId })
    .from(activities)
    .where(and(eq(activities.teamId, teamId), eq(activities.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The attributes of a type set with their definitions, in the type set's order. */
export async function typeSetAttributeDefs(db: DbOrTx, teamId: number, typeSetId: number) {
  return db
    .select({ attribute: attributes, required: typeSetAttributes.required, sort: typeSetAttributes.sort })
    .from(typeSetAttributes)
    .innerJoin(attributes, and(eq(attributes.id, typeSetAttributes.attributeId), eq(attributes.teamId, teamId)))
    .where(and(eq(typeSetAttributes.teamId, teamId), eq(typeSetAttributes.typeSetId, typeSetId)))
    .orderBy(asc(typeSetAttributes.sort), asc(attributes.id));
}

export async function valuesOf(db: DbOrTx, teamId: number, activityId: number) {
  return db
    .select({ attributeId: activityAttributeValues.attributeId, value: activityAttributeValues.value })
    .from(activityAttributeValues)
    .where(and(eq(activityAttributeValues.teamId, teamId), eq(activityAttributeValues.activityId, activityId)));
}

export async function replaceValues(db: DbOrTx, teamId: number, activityId: number, values: { attributeId: number; value: unknown }[]) {
  await db
    .delete(activityAttributeValues)
    .where(and(eq(activityAttributeValues.teamId, teamId), eq(activityAttributeValues.activityId, activityId)));
  if (values.length) await db.insert(activityAttributeValues).values(values.map((v) => ({ ...v, teamId, activityId })));
}
