import type { ActivityKind } from '@bookla/shared/catalogue';
import type { AttributeType, BookingScope, FieldType } from '@bookla/shared/catalogue-model';
import type { Language, Translated } from '@bookla/shared/i18n';
import { emptyTranslated, toTranslatedForm } from '../../../components/form/translated-fields';
import type { AttributeItem, FieldItem, TypeSetDetail } from '@bookla/shared/catalogue-setup';

/**
 * Form values of the setup screens and their request bodies (docs/api/catalogue.md): shared
 * helpers, attributes, booking fields, type sets (the rest: record-values.ts). Numbers being
 * typed are `number | ''`; empty optional ones are sent as `null`.
 */

export type TextValues = Record<string, string>;
export type NumberValue = number | '';
export interface ChoiceFormValue {
  value: string;
  label: TextValues;
}

export const numberOrNull = (v: NumberValue | null | undefined) => (v === '' || v === null || v === undefined ? null : v);
export const formNumber = (v: number | null | undefined): NumberValue => (v === null || v === undefined ? '' : v);

/** Types whose records carry choices. */
export const CHOICE_TYPES: readonly string[] = ['select', 'multiselect'];
export const hasChoices = (type: string) => CHOICE_TYPES.includes(type);

/** An empty key is made from the label by the server (`normalizeOptions`). */
export const toChoiceBody = (options: ChoiceFormValue[]) => options.map((o) => ({ value: o.value.trim(), label: o.label }));
const toChoiceForm = (options: { value: string; label: Translated }[], languages: readonly Language[]): ChoiceFormValue[] =>
  options.map((o) => ({ value: o.value, label: toTranslatedForm(o.label, languages) }));

// ---------------------------------------------------------------- attributes

export interface AttributeValues {
  type: AttributeType;
  label: TextValues;
  options: ChoiceFormValue[];
  filterable: boolean;
}

export const blankAttribute = (languages: readonly Language[]): AttributeValues => ({
  type: 'text',
  label: emptyTranslated(languages),
  options: [],
  filterable: false,
});

export const attributeToValues = (a: AttributeItem, languages: readonly Language[]): AttributeValues => ({
  type: a.type,
  label: toTranslatedForm(a.label, languages),
  options: toChoiceForm(a.options ?? [], languages),
  filterable: a.filterable,
});

export const attributeBody = (v: AttributeValues) => ({
  type: v.type,
  label: v.label,
  options: hasChoices(v.type) ? toChoiceBody(v.options) : [],
  filterable: v.filterable,
});
// ---------------------------------------------------------------- booking fields

export interface FieldValuesForm {
  type: FieldType;
  label: TextValues;
  help: TextValues;
  options: ChoiceFormValue[];
  scope: BookingScope;
  required: boolean;
  /** The condition's field id as a select value; `''` = always shown. */
  condition_field: string;
  condition_values: string[];
}

export const blankField = (languages: readonly Language[]): FieldValuesForm => ({
  type: 'text',
  label: emptyTranslated(languages),
  help: emptyTranslated(languages),
  options: [],
  scope: 'participant',
  required: false,
  condition_field: '',
  condition_values: [],
});

export const fieldToValues = (f: FieldItem, languages: readonly Language[]): FieldValuesForm => ({
  type: f.type,
  label: toTranslatedForm(f.label, languages),
  help: toTranslatedForm(f.help, languages),
  options: toChoiceForm(f.options ?? [], languages),
  scope: f.scope,
  required: f.required,
  condition_field: f.visible_if ? String(f.visible_if.field_id) : '',
  condition_values: f.visible_if?.values ?? [],
});

export const fieldBody = (v: FieldValuesForm) => ({
  type: v.type,
  label: v.label,
  help: v.help,
  options: hasChoices(v.type) ? toChoiceBody(v.options) : [],
  scope: v.scope,
  required: v.required,
  visible_if: v.condition_field ? { field_id: Number(v.condition_field), values: v.condition_values } : null,
});

/** The body's `visible_if…` paths are the form's condition inputs. */
export const fieldErrorPath = (path: string) =>
  path.startsWith('visible_if.values') ? 'condition_values' : path.startsWith('visible_if') ? 'condition_field' : path;
// ---------------------------------------------------------------- type sets

export interface TypeSetValues {
  name: TextValues;
  kind: ActivityKind;
  attributes: { id: number; required?: boolean }[];
  fields: { id: number }[];
}

export const blankTypeSet = (languages: readonly Language[]): TypeSetValues => ({
  name: emptyTranslated(languages),
  kind: 'course',
  attributes: [],
  fields: [],
});

export const typeSetToValues = (s: TypeSetDetail, languages: readonly Language[]): TypeSetValues => ({
  name: toTranslatedForm(s.name, languages),
  kind: s.kind,
  attributes: (s.attributes ?? []).map((a) => ({ id: a.attribute_id, required: a.required })),
  fields: (s.fields ?? []).map((id) => ({ id })),
});

export const typeSetBody = (v: TypeSetValues) => ({
  name: v.name,
  kind: v.kind,
  attributes: v.attributes.map((a) => ({ attribute_id: a.id, required: a.required === true })),
  fields: v.fields.map((f) => f.id),
});
