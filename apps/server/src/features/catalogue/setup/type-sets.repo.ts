import type { ActivityKind, Language, Translated } from '@bookla/shared';
import { and, asc, count, desc, eq, ilike, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import {
  activities,
  activityAttributeValues,
  attributes,
  bookingFields,
  typeSetAttributes,
  typeSetFields,
  teams,
  typeSets,
} from '../../../db/schema/index.ts';
import { likePattern, pickedText } from '../../../lib/sql.ts';

/** SQL of type sets as set up in the back office. Every function takes the team id first. */

export type TypeSetRow = typeof typeSets.$inferSelect;

export interface TypeSetListQuery {
  page: number;
  perPage: number;
  sort: { field: 'sort' | 'name' | 'kind' | 'id' | 'created_at'; type: 'asc' | 'desc' };
  search: string;
  lang: Language;
}

/** Rows of `table` naming the outer type set (qualified by hand: Drizzle leaves columns bare in selects). */
const countOf = (table: typeof typeSetAttributes | typeof typeSetFields | typeof activities, teamId: number) =>
  sql<number>`(select count(*)::int from ${table} c where c.type_set_id = "type_sets"."id" and c.team_id = ${teamId})`;

/** One page with the counts of attributes, fields and activities: two queries. */
export async function listTypeSets(db: DbOrTx, teamId: number, q: TypeSetListQuery) {
  const where: SQL[] = [eq(typeSets.teamId, teamId)];
  if (q.search) where.push(ilike(pickedText(typeSets.name, q.lang), likePattern(q.search)));
  const sortColumn = {
    sort: typeSets.sort,
    name: pickedText(typeSets.name, q.lang),
    kind: typeSets.kind,
    id: typeSets.id,
    created_at: typeSets.createdAt,
  }[q.sort.field];
  const dir = q.sort.type === 'asc' ? asc : desc;
  const rows = await db
    .select({
      row: typeSets,
      attributeCount: countOf(typeSetAttributes, teamId),
      fieldCount: countOf(typeSetFields, teamId),
      activityCount: countOf(activities, teamId),
    })
    .from(typeSets)
    .where(and(...where))
    .orderBy(dir(sortColumn), dir(typeSets.id))
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  const [total] = await db
    .select({ n: count() })
    .from(typeSets)
    .where(and(...where));
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findTypeSet(db: DbOrTx, teamId: number, id: number, lock = false): Promise<TypeSetRow | undefined> {
  const query = db
    .select()
    .from(typeSets)
    .where(and(eq(typeSets.teamId, teamId), eq(typeSets.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function countTypeSets(db: DbOrTx, teamId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(typeSets).where(eq(typeSets.teamId, teamId));
  return Number(row?.n ?? 0);
}

export async function countActivities(db: DbOrTx, teamId: number, typeSetId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(activities)
    .where(and(eq(activities.teamId, teamId), eq(activities.typeSetId, typeSetId)));
  return Number(row?.n ?? 0);
}

export async function attributesOf(db: DbOrTx, teamId: number, typeSetId: number) {
  return db
    .select({ attributeId: typeSetAttributes.attributeId, required: typeSetAttributes.required, sort: typeSetAttributes.sort })
    .from(typeSetAttributes)
    .where(and(eq(typeSetAttributes.teamId, teamId), eq(typeSetAttributes.typeSetId, typeSetId)))
    .orderBy(asc(typeSetAttributes.sort), asc(typeSetAttributes.attributeId));
}

export async function fieldIdsOf(db: DbOrTx, teamId: number, typeSetId: number): Promise<number[]> {
  const rows = await db
    .select({ fieldId: typeSetFields.fieldId })
    .from(typeSetFields)
    .where(and(eq(typeSetFields.teamId, teamId), eq(typeSetFields.typeSetId, typeSetId)))
    .orderBy(asc(typeSetFields.sort), asc(typeSetFields.fieldId));
  return rows.map((r) => r.fieldId);
}

/** Which of these ids are the team's attributes / booking fields. */
export async function ownAttributeIds(db: DbOrTx, teamId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: attributes.id })
    .from(attributes)
    .where(and(eq(attributes.teamId, teamId), inArray(attributes.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function ownFieldIds(db: DbOrTx, teamId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: bookingFields.id })
    .from(bookingFields)
    .where(and(eq(bookingFields.teamId, teamId), inArray(bookingFields.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function insertTypeSet(db: DbOrTx, teamId: number, values: { name: Translated; kind: ActivityKind }): Promise<TypeSetRow> {
  const [row] = await db
    .insert(typeSets)
    .values({
      ...values,
      teamId,
      sort: sql`(select coalesce(max(${typeSets.sort}), 0) + 1 from ${typeSets} where ${typeSets.teamId} = ${teamId})`,
    })
    .returning();
  return row!;
}

export async function updateTypeSet(db: DbOrTx, teamId: number, id: number, values: { name: Translated; kind: ActivityKind }) {
  await db
    .update(typeSets)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(typeSets.teamId, teamId), eq(typeSets.id, id)));
}

export async function replaceAttributes(
  db: DbOrTx,
  teamId: number,
  typeSetId: number,
  items: { attributeId: number; required: boolean }[],
) {
  await db.delete(typeSetAttributes).where(and(eq(typeSetAttributes.teamId, teamId), eq(typeSetAttributes.typeSetId, typeSetId)));
  if (items.length) await db.insert(typeSetAttributes).values(items.map((item, sort) => ({ ...item, teamId, typeSetId, sort })));
}

/** Values of the type set's activities for attributes it no longer has. */
export async function dropValuesOutside(db: DbOrTx, teamId: number, typeSetId: number, attributeIds: number[]) {
  const ofTypeSet = db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.teamId, teamId), eq(activities.typeSetId, typeSetId)));
  const where = [eq(activityAttributeValues.teamId, teamId), inArray(activityAttributeValues.activityId, ofTypeSet)];
  if (attributeIds.length) where.push(notInArray(activityAttributeValues.attributeId, attributeIds));
  await db.delete(activityAttributeValues).where(and(...where));
}

export async function replaceFields(db: DbOrTx, teamId: number, typeSetId: number, fieldIds: number[]) {
  await db.delete(typeSetFields).where(and(eq(typeSetFields.teamId, teamId), eq(typeSetFields.typeSetId, typeSetId)));
  if (fieldIds.length) await db.insert(typeSetFields).values(fieldIds.map((fieldId, sort) => ({ fieldId, teamId, typeSetId, sort })));
}

export async function deleteTypeSet(db: DbOrTx, teamId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(typeSets)
    .where(and(eq(typeSets.teamId, teamId), eq(typeSets.id, id)))
    .returning({ id: typeSets.id });
  return rows.length > 0;
}

/** Every type set of a team, in their order (the select of the create-activity dialog). */
export async function allTypeSets(db: DbOrTx, teamId: number): Promise<TypeSetRow[]> {
  return db.select().from(typeSets).where(eq(typeSets.teamId, teamId)).orderBy(asc(typeSets.sort), asc(typeSets.id));
}

export async function insertTypeSets(db: DbOrTx, teamId: number, rows: { name: Translated; kind: ActivityKind; sort: number }[]) {
  await db.insert(typeSets).values(rows.map((r) => ({ ...r, teamId })));
}

/** Locks the team row for the rest of the transaction (serialises changes that count the team's rows). */
export async function lockTeam(db: DbOrTx, teamId: number): Promise<void> {
  await db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('update');
}
