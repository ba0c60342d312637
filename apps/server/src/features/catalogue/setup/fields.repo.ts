import type { Language } from '@bookla/shared';
import { and, asc, count, desc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { activityFields, bookingFields, typeSetFields } from '../../../db/schema/index.ts';
import { likePattern, pickedText } from '../../../lib/sql.ts';

/** SQL of booking fields and of activities' extra fields. Every function takes the team id first. */

export type FieldRow = typeof bookingFields.$inferSelect;
export type FieldValues = Pick<
  typeof bookingFields.$inferInsert,
  'type' | 'label' | 'help' | 'options' | 'scope' | 'required' | 'visibleIf'
>;

export interface FieldListQuery {
  page: number;
  perPage: number;
  sort: { field: 'sort' | 'label' | 'type' | 'scope' | 'id' | 'created_at'; type: 'asc' | 'desc' };
  search: string;
  lang: Language;
}

export async function listFields(db: DbOrTx, teamId: number, q: FieldListQuery): Promise<{ rows: FieldRow[]; total: number }> {
  const where: SQL[] = [eq(bookingFields.teamId, teamId)];
  if (q.search) where.push(ilike(pickedText(bookingFields.label, q.lang), likePattern(q.search)));
  const sortColumn = {
    sort: bookingFields.sort,
    label: pickedText(bookingFields.label, q.lang),
    type: bookingFields.type,
    scope: bookingFields.scope,
    id: bookingFields.id,
    created_at: bookingFields.createdAt,
  }[q.sort.field];
  const dir = q.sort.type === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(bookingFields)
    .where(and(...where))
    .orderBy(dir(sortColumn), dir(bookingFields.id))
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  const [total] = await db
    .select({ n: count() })
    .from(bookingFields)
    .where(and(...where));
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findField(db: DbOrTx, teamId: number, id: number): Promise<FieldRow | undefined> {
  const [row] = await db
    .select()
    .from(bookingFields)
    .where(and(eq(bookingFields.teamId, teamId), eq(bookingFields.id, id)));
  return row;
}

/** Every field of the team with what conditions need (a team has few), for cycle and option checks. */
export async function conditionGraph(db: DbOrTx, teamId: number) {
  return db
    .select({
      id: bookingFields.id,
      type: bookingFields.type,
      label: bookingFields.label,
      options: bookingFields.options,
      visible_if: bookingFields.visibleIf,
    })
    .from(bookingFields)
    .where(eq(bookingFields.teamId, teamId));
}

export async function insertField(db: DbOrTx, teamId: number, values: FieldValues): Promise<FieldRow> {
  const [row] = await db
    .insert(bookingFields)
    .values({
      ...values,
      teamId,
      sort: sql`(select coalesce(max(${bookingFields.sort}), 0) + 1 from ${bookingFields} where ${bookingFields.teamId} = ${teamId})`,
    })
    .returning();
  return row!;
}

export async function updateField(db: DbOrTx, teamId: number, id: number, values: FieldValues): Promise<FieldRow | undefined> {
  const [row] = await db
    .update(bookingFields)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(bookingFields.teamId, teamId), eq(bookingFields.id, id)))
    .returning();
  return row;
}

/** Fields whose visibility depends on this one. */
export async function dependentsOf(db: DbOrTx, teamId: number, id: number) {
  return db
    .select({ id: bookingFields.id, label: bookingFields.label, visible_if: bookingFields.visibleIf })
    .from(bookingFields)
    .where(and(eq(bookingFields.teamId, teamId), ne(bookingFields.id, id), sql`(${bookingFields.visibleIf}->>'field_id')::int = ${id}`))
    .orderBy(asc(bookingFields.sort), asc(bookingFields.id));
}

export async function deleteField(db: DbOrTx, teamId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(bookingFields)
    .where(and(eq(bookingFields.teamId, teamId), eq(bookingFields.id, id)))
    .returning({ id: bookingFields.id });
  return rows.length > 0;
}

/** The booking fields of a type set, in its order. */
export async function typeSetFieldRows(db: DbOrTx, teamId: number, typeSetId: number): Promise<FieldRow[]> {
  const rows = await db
    .select({ field: bookingFields })
    .from(typeSetFields)
    .innerJoin(bookingFields, and(eq(bookingFields.id, typeSetFields.fieldId), eq(bookingFields.teamId, teamId)))
    .where(and(eq(typeSetFields.teamId, teamId), eq(typeSetFields.typeSetId, typeSetId)))
    .orderBy(asc(typeSetFields.sort), asc(bookingFields.id));
  return rows.map((r) => r.field);
}

/** An activity's extra fields, in its order. */
export async function activityFieldRows(db: DbOrTx, teamId: number, activityId: number): Promise<FieldRow[]> {
  const rows = await db
    .select({ field: bookingFields })
    .from(activityFields)
    .innerJoin(bookingFields, and(eq(bookingFields.id, activityFields.fieldId), eq(bookingFields.teamId, teamId)))
    .where(and(eq(activityFields.teamId, teamId), eq(activityFields.activityId, activityId)))
    .orderBy(asc(activityFields.sort), asc(bookingFields.id));
  return rows.map((r) => r.field);
}

export async function replaceActivityFields(db: DbOrTx, teamId: number, activityId: number, fieldIds: number[]): Promise<void> {
  await db.delete(activityFields).where(and(eq(activityFields.teamId, teamId), eq(activityFields.activityId, activityId)));
  if (fieldIds.length) await db.insert(activityFields).values(fieldIds.map((fieldId, sort) => ({ fieldId, teamId, activityId, sort })));
}
