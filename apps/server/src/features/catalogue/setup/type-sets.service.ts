import {
  compactTranslated,
  fillMissingTranslations,
  pickText,
  typeSetSchema,
  type ActivityKind,
  type Language,
  type TypeSetBody,
  type TypeSetDetail,
  type TypeSetItem,
  type TypeSetListItem,
  type Translated,
} from '@bookla/shared';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError, checkInput, notFound, validationError } from '../../../lib/app-error.ts';
import * as repo from './type-sets.repo.ts';
import type { TypeSetListQuery } from './type-sets.repo.ts';

/** Type sets as set up in the back office: name, kind, their attributes and booking fields. */

type Team = { id: number; languages: Language[] };

const DEFAULT_TYPE_SETS: { name: Translated; kind: ActivityKind; sort: number }[] = [
  { name: { de: 'Kurs', en: 'Course', fr: 'Cours' }, kind: 'course', sort: 1 },
  { name: { de: 'Event', en: 'Event', fr: 'Événement' }, kind: 'event', sort: 2 },
];

/**
 * A new team's type sets; called inside the transaction that creates the team (registration,
 * POST /api/team). Teams from before the catalogue got theirs from migration 0007.
 */
export async function createDefaultTypeSets(tx: DbOrTx, teamId: number): Promise<void> {
  await repo.insertTypeSets(tx, teamId, DEFAULT_TYPE_SETS);
}

/** The team's type sets for a select (the create-activity dialog), in their order. Reads only. */
export async function typeSetOptions(db: Db, teamId: number, lang: Language): Promise<TypeSetItem[]> {
  const rows = await repo.allTypeSets(db, teamId);
  return rows.map((r) => ({ id: r.id, name: pickText(r.name, lang), kind: r.kind }));
}

export async function listTypeSets(
  db: Db,
  teamId: number,
  q: Omit<TypeSetListQuery, 'lang'>,
  lang: Language,
): Promise<{ rows: TypeSetListItem[]; total: number }> {
  const page = await repo.listTypeSets(db, teamId, { ...q, lang });
  const rows = page.rows.map(({ row, attributeCount, fieldCount, activityCount }) => ({
    id: row.id,
    name: row.name,
    name_text: pickText(row.name, lang),
    kind: row.kind,
    sort: row.sort,
    attribute_count: attributeCount,
    field_count: fieldCount,
    activity_count: activityCount,
  }));
  return { rows, total: page.total };
}

async function detail(db: DbOrTx, teamId: number, row: repo.TypeSetRow, lang: Language): Promise<TypeSetDetail> {
  const [attributeRows, fieldIds, activityCount] = await Promise.all([
    repo.attributesOf(db, teamId, row.id),
    repo.fieldIdsOf(db, teamId, row.id),
    repo.countActivities(db, teamId, row.id),
  ]);
  return {
    id: row.id,
    name: row.name,
    name_text: pickText(row.name, lang),
    kind: row.kind,
    sort: row.sort,
    activity_count: activityCount,
    attributes: attributeRows.map((a) => ({ attribute_id: a.attributeId, required: a.required, sort: a.sort })),
    fields: fieldIds,
  };
}

export async function getTypeSet(db: Db, teamId: number, id: number, lang: Language): Promise<TypeSetDetail> {
  const row = await repo.findTypeSet(db, teamId, id);
  if (!row) throw notFound();
  return detail(db, teamId, row, lang);
}

/** The body checked against the team's languages, and its ids against the team's records. */
async function validBody(db: DbOrTx, team: Team, body: TypeSetBody) {
  const input = checkInput(typeSetSchema(team.languages), body);
  const attributeIds = (body.attributes ?? []).map((a) => a.attribute_id);
  const [ownAttributes, ownFields] = await Promise.all([
    repo.ownAttributeIds(db, team.id, attributeIds),
    repo.ownFieldIds(db, team.id, body.fields ?? []),
  ]);
  attributeIds.forEach((id, i) => {
    if (!ownAttributes.has(id)) input.add(`attributes.${i}.attribute_id`, 'setup:validation.attribute_not_found');
  });
  (body.fields ?? []).forEach((id, i) => {
    if (!ownFields.has(id)) input.add(`fields.${i}`, 'setup:validation.field_not_found');
  });
  const v = input.valid();
  return { ...v, name: fillMissingTranslations(compactTranslated(v.name), team.languages) };
}

async function saveLists(tx: DbOrTx, teamId: number, typeSetId: number, v: Awaited<ReturnType<typeof validBody>>) {
  if (v.attributes) {
    const items = v.attributes.map((a) => ({ attributeId: a.attribute_id, required: a.required }));
    await repo.replaceAttributes(tx, teamId, typeSetId, items);
    // Activities keep values only for attributes their type set has (shop filters read them).
    await repo.dropValuesOutside(
      tx,
      teamId,
      typeSetId,
      items.map((i) => i.attributeId),
    );
  }
  if (v.fields) await repo.replaceFields(tx, teamId, typeSetId, v.fields);
}

export async function createTypeSet(db: Db, team: Team, body: TypeSetBody & { kind: ActivityKind }, lang: Language) {
  return db.transaction(async (tx) => {
    const v = await validBody(tx, team, body);
    const row = await repo.insertTypeSet(tx, team.id, { name: v.name, kind: body.kind });
    await saveLists(tx, team.id, row.id, v);
    return detail(tx, team.id, row, lang);
  });
}

/** Replaces name, kind (only while no activity uses the type set), and the lists that are sent. */
export async function updateTypeSet(db: Db, team: Team, id: number, body: TypeSetBody, lang: Language): Promise<TypeSetDetail> {
  return db.transaction(async (tx) => {
    // The row lock makes activities being created with this type set wait until the kind is decided.
    const current = await repo.findTypeSet(tx, team.id, id, true);
    if (!current) throw notFound();
    const v = await validBody(tx, team, body);
    const kind = v.kind ?? current.kind;
    if (kind !== current.kind && (await repo.countActivities(tx, team.id, id)) > 0) {
      throw validationError({ kind: ['setup:validation.kind_locked'] });
    }
    await repo.updateTypeSet(tx, team.id, id, { name: v.name, kind });
    await saveLists(tx, team.id, id, v);
    return detail(tx, team.id, (await repo.findTypeSet(tx, team.id, id))!, lang);
  });
}

const isForeignKeyViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23503' || e?.cause?.code === '23503';
};

/** Refused while activities use it, and for the team's last type set. */
export async function deleteTypeSet(db: Db, teamId: number, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await repo.lockTeam(tx, teamId);
      if (!(await repo.findTypeSet(tx, teamId, id, true))) throw notFound();
      const used = await repo.countActivities(tx, teamId, id);
      if (used > 0)
        throw new AppError('VALIDATION_FAILED', 'setup:type_set.in_use', {
          params: { count: used },
          fields: { id: ['setup:validation.type_set_in_use'] },
        });
      if ((await repo.countTypeSets(tx, teamId)) <= 1) {
        throw new AppError('VALIDATION_FAILED', 'setup:type_set.last', { fields: { id: ['setup:validation.type_set_last'] } });
      }
      await repo.deleteTypeSet(tx, teamId, id);
    });
  } catch (err) {
    // An activity created with it at the same moment: the foreign key refuses, we say why.
    if (isForeignKeyViolation(err)) {
      throw new AppError('VALIDATION_FAILED', 'setup:type_set.in_use', {
        params: { count: 1 },
        fields: { id: ['setup:validation.type_set_in_use'] },
      });
    }
    throw err;
  }
}
