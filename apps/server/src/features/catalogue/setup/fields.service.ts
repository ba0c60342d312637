import {
  CHECKED,
  compactTranslated,
  conditionMakesCycle,
  conditionTargets,
  encodeMessage,
  fieldSchema,
  fillMissingTranslations,
  hasOptions,
  isConditionFieldType,
  normalizeOptions,
  pickText,
  type ActivityFields,
  type ActivityFieldsBody,
  type ChoiceOption,
  type FieldBody,
  type FieldItem,
  type FieldType,
  type Language,
} from '@bookla/shared';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError, checkInput, notFound, validationError } from '../../../lib/app-error.ts';
import { findActivity } from './attributes.repo.ts';
import { toOptions } from './attributes.service.ts';
import * as repo from './fields.repo.ts';
import type { FieldListQuery, FieldRow, FieldValues } from './fields.repo.ts';
import * as typeSetsRepo from './type-sets.repo.ts';

/** Booking fields (questions asked at checkout), their conditions, and activities' extra fields. */

type Team = { id: number; languages: Language[] };
type Errors = Record<string, string[]>;

export function toField(row: FieldRow, lang: Language): FieldItem {
  return {
    id: row.id,
    type: row.type,
    label: row.label,
    label_text: pickText(row.label, lang),
    help: row.help,
    help_text: pickText(row.help, lang),
    options: toOptions(row.options, lang),
    scope: row.scope,
    required: row.required,
    visible_if: row.visibleIf ?? null,
    sort: row.sort,
  };
}

export async function listFields(db: Db, teamId: number, q: Omit<FieldListQuery, 'lang'>, lang: Language) {
  const { rows, total } = await repo.listFields(db, teamId, { ...q, lang });
  return { rows: rows.map((r) => toField(r, lang)), total };
}

export async function getField(db: Db, teamId: number, id: number, lang: Language): Promise<FieldItem> {
  const row = await repo.findField(db, teamId, id);
  if (!row) throw notFound();
  return toField(row, lang);
}

/** The values a condition on a field of this type and these options may name. */
const allowedValues = (type: FieldType, options: ChoiceOption[]) => (type === 'checkbox' ? [CHECKED] : options.map((o) => o.value));

const names = (rows: { label: FieldRow['label'] }[], lang: Language) => rows.map((r) => pickText(r.label, lang)).join(', ');

/**
 * Body → stored values. A condition names another field of the team, of a choice type, with
 * values among its options (checkbox: '1'), and may not close a circle (A → B → A). When the
 * field itself is a condition of others, its new type and options must still fit them.
 */
async function validValues(tx: DbOrTx, team: Team, body: FieldBody, selfId: number | null, lang: Language): Promise<FieldValues> {
  const input = checkInput(fieldSchema(team.languages), body);
  const add = input.add;
  const type = body.type;
  const options = input.data && hasOptions(type) ? normalizeOptions(input.data.options, team.languages) : [];
  const graph = await repo.conditionGraph(tx, team.id);
  const condition = body.visible_if;
  if (condition) {
    const target = graph.find((f) => f.id === condition.field_id);
    if (!target) add('visible_if.field_id', 'setup:validation.field_not_found');
    else if (target.id === selfId) add('visible_if.field_id', 'setup:validation.condition_self');
    else if (!isConditionFieldType(target.type)) add('visible_if.field_id', 'setup:validation.condition_type');
    else {
      const targets = conditionTargets(graph.filter((f) => f.id !== selfId));
      if (selfId !== null && conditionMakesCycle(selfId, target.id, targets))
        add('visible_if.field_id', 'setup:validation.condition_cycle');
      const allowed = allowedValues(target.type, target.options);
      condition.values.forEach((v, i) => {
        if (!allowed.includes(v)) add(`visible_if.values.${i}`, 'setup:validation.condition_value');
      });
    }
  }
  if (selfId !== null && input.data) {
    const dependents = graph.filter((f) => f.visible_if?.field_id === selfId && f.id !== selfId);
    const allowed = allowedValues(type, options);
    const broken = dependents.filter((d) => !isConditionFieldType(type) || d.visible_if!.values.some((v) => !allowed.includes(v)));
    if (broken.length) {
      add(
        isConditionFieldType(type) ? 'options' : 'type',
        encodeMessage('setup:validation.condition_used', { fields: names(broken, lang) }),
      );
    }
  }
  const v = input.valid();
  return {
    type: v.type,
    label: fillMissingTranslations(compactTranslated(v.label), team.languages),
    // Optional, filled from the first language with text (docs/decisions/010-translations.md).
    help: fillMissingTranslations(compactTranslated(v.help), team.languages),
    options,
    scope: v.scope,
    required: v.required,
    visibleIf: v.visible_if ? { field_id: v.visible_if.field_id, values: [...new Set(v.visible_if.values)] } : null,
  };
}

export async function createField(db: Db, team: Team, body: FieldBody, lang: Language): Promise<FieldItem> {
  return db.transaction(async (tx) => {
    await typeSetsRepo.lockTeam(tx, team.id);
    const values = await validValues(tx, team, body, null, lang);
    return toField(await repo.insertField(tx, team.id, values), lang);
  });
}

export async function updateField(db: Db, team: Team, id: number, body: FieldBody, lang: Language): Promise<FieldItem> {
  return db.transaction(async (tx) => {
    // One change of a team's conditions at a time: two saves cannot close a circle together.
    await typeSetsRepo.lockTeam(tx, team.id);
    if (!(await repo.findField(tx, team.id, id))) throw notFound();
    const values = await validValues(tx, team, body, id, lang);
    const row = await repo.updateField(tx, team.id, id, values);
    if (!row) throw notFound();
    return toField(row, lang);
  });
}

/** Refused while other fields' visibility depends on it (the reply names them). */
export async function deleteField(db: Db, teamId: number, id: number, lang: Language): Promise<void> {
  await db.transaction(async (tx) => {
    await typeSetsRepo.lockTeam(tx, teamId);
    if (!(await repo.findField(tx, teamId, id))) throw notFound();
    const dependents = await repo.dependentsOf(tx, teamId, id);
    if (dependents.length) {
      const params = { fields: names(dependents, lang) };
      throw new AppError('VALIDATION_FAILED', 'setup:field.depended_on', {
        params,
        fields: {
          id: [encodeMessage('setup:validation.field_depended_on', params)],
        },
      });
    }
    await repo.deleteField(tx, teamId, id);
  });
}

async function activityFields(
  db: DbOrTx,
  teamId: number,
  activity: { id: number; typeSetId: number },
  lang: Language,
): Promise<ActivityFields> {
  const [typeSet, extra] = await Promise.all([
    repo.typeSetFieldRows(db, teamId, activity.typeSetId),
    repo.activityFieldRows(db, teamId, activity.id),
  ]);
  const inTypeSet = new Set(typeSet.map((f) => f.id));
  return {
    type_set: typeSet.map((f) => toField(f, lang)),
    // A field added to the type set later is asked once, as part of the type set.
    extra: extra.filter((f) => !inTypeSet.has(f.id)).map((f) => toField(f, lang)),
  };
}

/** The fields asked when booking the activity: its type set's, then its own extra ones. */
export async function getActivityFields(db: Db, teamId: number, activityId: number, lang: Language): Promise<ActivityFields> {
  const activity = await findActivity(db, teamId, activityId);
  if (!activity) throw notFound();
  return activityFields(db, teamId, activity, lang);
}

/** Replaces the activity's extra fields: the team's fields, not already in the type set, each once. */
export async function saveActivityFields(db: Db, teamId: number, activityId: number, body: ActivityFieldsBody, lang: Language) {
  return db.transaction(async (tx) => {
    const activity = await findActivity(tx, teamId, activityId, true);
    if (!activity) throw notFound();
    const [own, typeSet] = await Promise.all([
      typeSetsRepo.ownFieldIds(tx, teamId, body.field_ids),
      repo.typeSetFieldRows(tx, teamId, activity.typeSetId),
    ]);
    const inTypeSet = new Set(typeSet.map((f) => f.id));
    const errors: Errors = {};
    const seen = new Set<number>();
    body.field_ids.forEach((id, i) => {
      const problem = !own.has(id)
        ? 'setup:validation.field_not_found'
        : inTypeSet.has(id)
          ? 'setup:validation.field_in_type_set'
          : seen.has(id)
            ? 'duplicate'
            : null;
      if (problem) (errors[`field_ids.${i}`] ??= []).push(problem);
      seen.add(id);
    });
    if (Object.keys(errors).length) throw validationError(errors);
    await repo.replaceActivityFields(tx, teamId, activity.id, body.field_ids);
    return activityFields(tx, teamId, activity, lang);
  });
}
