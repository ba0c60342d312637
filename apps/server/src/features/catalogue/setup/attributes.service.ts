import {
  attributeSchema,
  compactTranslated,
  encodeMessage,
  fillMissingTranslations,
  hasOptions,
  normalizeOptions,
  parseAttributeValue,
  pickText,
  type ActivityAttributeItem,
  type ActivityAttributesBody,
  type AttributeBody,
  type AttributeItem,
  type ChoiceOption,
  type Language,
} from '@bookla/shared';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { notFound, parseInput, validationError } from '../../../lib/app-error.ts';
import * as repo from './attributes.repo.ts';
import type { AttributeListQuery, AttributeRow, AttributeValues } from './attributes.repo.ts';

/** Attributes (descriptive properties of activities) and the values activities hold. */

type Team = { id: number; languages: Language[] };

export const toOptions = (options: ChoiceOption[], lang: Language) =>
  options.map((o) => ({ value: o.value, label: o.label, label_text: pickText(o.label, lang) }));

function toAttribute(row: AttributeRow, valueCount: number, lang: Language): AttributeItem {
  return {
    id: row.id,
    type: row.type,
    label: row.label,
    label_text: pickText(row.label, lang),
    options: toOptions(row.options, lang),
    filterable: row.filterable,
    sort: row.sort,
    value_count: valueCount,
  };
}

export async function listAttributes(db: Db, teamId: number, q: Omit<AttributeListQuery, 'lang'>, lang: Language) {
  const { rows, total } = await repo.listAttributes(db, teamId, { ...q, lang });
  return { rows: rows.map((r) => toAttribute(r.row, r.valueCount, lang)), total };
}

export async function getAttribute(db: Db, teamId: number, id: number, lang: Language): Promise<AttributeItem> {
  const found = await repo.findAttribute(db, teamId, id);
  if (!found) throw notFound();
  return toAttribute(found.row, found.valueCount, lang);
}

function validValues(team: Team, body: AttributeBody): AttributeValues {
  const v = parseInput(attributeSchema(team.languages), body);
  return {
    type: v.type,
    label: fillMissingTranslations(compactTranslated(v.label), team.languages),
    options: hasOptions(v.type) ? normalizeOptions(v.options, team.languages) : [],
    filterable: v.filterable,
  };
}

export async function createAttribute(db: Db, team: Team, body: AttributeBody, lang: Language): Promise<AttributeItem> {
  const row = await repo.insertAttribute(db, team.id, validValues(team, body));
  return toAttribute(row, 0, lang);
}

/**
 * The type cannot change while activities hold values (they would no longer fit). Options that
 * are removed disappear from the activities holding them.
 */
export async function updateAttribute(db: Db, team: Team, id: number, body: AttributeBody, lang: Language): Promise<AttributeItem> {
  return db.transaction(async (tx) => {
    const current = await repo.findAttribute(tx, team.id, id, true);
    if (!current) throw notFound();
    const values = validValues(team, body);
    if (values.type !== current.row.type && current.valueCount > 0) throw validationError({ type: ['setup:validation.type_locked'] });
    await repo.updateAttribute(tx, team.id, id, values);
    const kept = (values.options ?? []).map((o) => o.value);
    const removed = current.row.options.some((o) => !kept.includes(o.value));
    if (hasOptions(values.type) && removed && current.valueCount > 0) await repo.dropRemovedOptions(tx, team.id, id, kept);
    const after = await repo.findAttribute(tx, team.id, id);
    return toAttribute(after!.row, after!.valueCount, lang);
  });
}

/** Deleting an attribute removes it from type sets and its values from activities (cascade). */
export async function deleteAttribute(db: Db, teamId: number, id: number): Promise<void> {
  if (!(await repo.deleteAttribute(db, teamId, id))) throw notFound();
}

async function activityAttributes(db: DbOrTx, teamId: number, activity: { id: number; typeSetId: number }, lang: Language) {
  const [defs, values] = await Promise.all([
    repo.typeSetAttributeDefs(db, teamId, activity.typeSetId),
    repo.valuesOf(db, teamId, activity.id),
  ]);
  const valueOf = new Map(values.map((v) => [v.attributeId, v.value]));
  return defs.map(
    ({ attribute: a, required, sort }): ActivityAttributeItem => ({
      attribute_id: a.id,
      type: a.type,
      label: a.label,
      label_text: pickText(a.label, lang),
      options: toOptions(a.options, lang),
      filterable: a.filterable,
      required,
      sort,
      value: valueOf.get(a.id) ?? null,
    }),
  );
}

/** The attributes of the activity's type set with their definitions and the activity's values. */
export async function getActivityAttributes(db: Db, teamId: number, activityId: number, lang: Language) {
  const activity = await repo.findActivity(db, teamId, activityId);
  if (!activity) throw notFound();
  return activityAttributes(db, teamId, activity, lang);
}

/**
 * Replaces the activity's values: each attribute must belong to its type set, each value fit the
 * attribute's type; empty values (null, '', []) clear it; attributes left out are cleared too.
 * Required attributes of the type set need a value.
 */
export async function saveActivityAttributes(db: Db, team: Team, activityId: number, body: ActivityAttributesBody, lang: Language) {
  return db.transaction(async (tx) => {
    const activity = await repo.findActivity(tx, team.id, activityId, true);
    if (!activity) throw notFound();
    const defs = await repo.typeSetAttributeDefs(tx, team.id, activity.typeSetId);
    const defById = new Map(defs.map((d) => [d.attribute.id, d]));
    const fields: Record<string, string[]> = {};
    const add = (path: string, message: string) => (fields[path] ??= []).push(message);
    const stored = new Map<number, unknown>();
    const sentAt = new Map<number, number>();
    body.values.forEach(({ attribute_id: attributeId, value }, i) => {
      const def = defById.get(attributeId);
      if (!def) return add(`values.${i}.attribute_id`, 'setup:validation.attribute_not_in_type_set');
      if (sentAt.has(attributeId)) return add(`values.${i}.attribute_id`, 'duplicate');
      sentAt.set(attributeId, i);
      const parsed = parseAttributeValue(def.attribute, value, team.languages);
      if (!parsed.ok) return add(`values.${i}.value`, parsed.message);
      if (parsed.value === null) {
        if (def.required) add(`values.${i}.value`, 'required');
      } else stored.set(attributeId, parsed.value);
    });
    for (const def of defs) {
      if (def.required && !sentAt.has(def.attribute.id)) {
        add('values', encodeMessage('setup:validation.attribute_missing', { label: pickText(def.attribute.label, lang) }));
      }
    }
    if (Object.keys(fields).length) throw validationError(fields);
    const rows = defs
      .filter((d) => stored.has(d.attribute.id))
      .map((d) => ({ attributeId: d.attribute.id, value: stored.get(d.attribute.id) }));
    await repo.replaceValues(tx, team.id, activity.id, rows);
    return activityAttributes(tx, team.id, activity, lang);
  });
}
