import { z } from 'zod';
import {
  ACTIVITY_KINDS,
  compactTranslated,
  idSchema,
  requiredTranslatedSchema,
  translatedInputSchema,
  translatedSchema,
} from './catalogue.ts';
import {
  ATTRIBUTE_TYPES,
  BOOKING_SCOPES,
  FIELD_TYPES,
  type AttributeType,
  type ChoiceOption,
  type FieldCondition,
  type FieldType,
} from './catalogue-model.ts';
import { fillMissingTranslations, type Language } from './i18n.ts';
import { listQuerySchema, normalizeListQuery } from './pagination.ts';
import { ownValue } from './safe-keys.ts';
import { isBlankValue, isIsoDate, toNumber } from './booking-answers.ts';
import { encodeMessage } from './validation.ts';

// The booking answer engine lives in a zod-free file (the shop's bundle carries it); same exports here.
export * from './booking-answers.ts';

/**
 * The catalogue's setup (type sets, attributes, booking fields) and the pure rules a booking
 * form follows: which fields are visible given the answers so far, and whether the answers are
 * valid. No English here: messages are validation keys (`required`, `email`, `phone`, ...).
 */

export const LABEL_MAX = 200;
export const HELP_MAX = 1000;
export const OPTIONS_MAX = 100;
export const OPTION_VALUE_MAX = 64;
/** A text attribute's value, per language. */
export const ATTRIBUTE_TEXT_MAX = 2000;
/** Attributes or fields one type set may hold; extra fields one activity may hold. */
export const SETUP_ITEMS_MAX = 200;

/** Types whose values are chosen from `options`. */
export function hasOptions(type: string): type is 'select' | 'multiselect' {
  return type === 'select' || type === 'multiselect';
}

/** Field types another field's visibility may depend on. */
export const CONDITION_FIELD_TYPES = ['select', 'multiselect', 'checkbox'] as const satisfies readonly FieldType[];
export const isConditionFieldType = (type: string) => (CONDITION_FIELD_TYPES as readonly string[]).includes(type);

/**
 * Yes/no of a boolean attribute's value: true/false, 1/0, "1"/"0", "true"/"false". (Request
 * bodies' own flags are JSON booleans; an attribute's value is checked by its type.)
 */
const flagSchema = z.preprocess(
  (v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : v),
  z.boolean(),
);

const OPTION_VALUE_RE = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** One choice as sent: `value` may be left empty, then it is made from the label. */
export const choiceOptionBodySchema = z.strictObject({
  value: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string().trim().max(OPTION_VALUE_MAX).regex(OPTION_VALUE_RE).nullish(),
  ),
  label: translatedInputSchema(LABEL_MAX),
});
export type ChoiceOptionBody = z.infer<typeof choiceOptionBodySchema>;

const optionsBody = z.array(choiceOptionBodySchema).max(OPTIONS_MAX).nullish();

/** Also runs when other keys failed, so a form shows every problem at once (hence the loose reads). */
const always = { when: () => true };

/** Options must exist for select types, and values given twice are refused. */
function checkOptions(v: unknown, ctx: z.RefinementCtx) {
  const { type, options } = (v ?? {}) as { type?: unknown; options?: unknown };
  if (typeof type !== 'string' || !hasOptions(type)) return;
  const list: unknown[] = Array.isArray(options) ? options : [];
  if (!list.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'required' });
  const seen = new Set<string>();
  list.forEach((o, i) => {
    const value = (o as { value?: unknown } | null)?.value;
    if (typeof value !== 'string' || !value) return;
    if (seen.has(value.toLowerCase())) ctx.addIssue({ code: 'custom', path: ['options', i, 'value'], message: 'duplicate' });
    seen.add(value.toLowerCase());
  });
}

/** `"Très bien / Gut!"` → `"tres-bien-gut"` (ASCII letters, digits and dashes). */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '');
}

/**
 * Options as stored: labels compacted and filled for the team's languages, a value made from the
 * first language's label where none was given, made unique with `-2`, `-3`, ... when needed.
 */
export function normalizeOptions(options: readonly ChoiceOptionBody[] | null | undefined, languages: readonly Language[]): ChoiceOption[] {
  const list = options ?? [];
  const taken = new Set(list.map((o) => o.value?.toLowerCase()).filter((v): v is string => !!v));
  return list.map((o, i) => {
    const label = fillMissingTranslations(compactTranslated(o.label), languages);
    if (o.value) return { value: o.value, label };
    const firstLabel = languages.map((l) => label[l]).find(Boolean) ?? Object.values(label)[0] ?? '';
    const base = slugify(firstLabel) || `option-${i + 1}`;
    let value = base;
    for (let n = 2; taken.has(value); n++) value = `${base}-${n}`;
    taken.add(value);
    return { value, label };
  });
}

// ---------------------------------------------------------------------------------------------
// Type sets

export const typeSetAttributeBodySchema = z.strictObject({ attribute_id: idSchema, required: z.boolean().optional().default(false) });

/**
 * PUT body; POST needs `kind` too. `attributes` and `fields` replace the lists when sent (order
 * kept). Route and form alike: ids are JSON numbers, flags booleans, unknown keys refused.
 */
export const typeSetBodySchema = z.strictObject({
  name: translatedInputSchema(LABEL_MAX),
  kind: z.enum(ACTIVITY_KINDS).optional(),
  attributes: z.array(typeSetAttributeBodySchema).max(SETUP_ITEMS_MAX).optional(),
  fields: z.array(idSchema).max(SETUP_ITEMS_MAX).optional(),
});
export type TypeSetBody = z.infer<typeof typeSetBodySchema>;
export const typeSetCreateBodySchema = typeSetBodySchema.extend({ kind: z.enum(ACTIVITY_KINDS) });

/** The type set form for a team with these languages; ids given twice are refused. */
export function typeSetSchema(languages: readonly Language[]) {
  return typeSetBodySchema.extend({ name: requiredTranslatedSchema(languages, LABEL_MAX) }).superRefine((v, ctx) => {
    const { attributes, fields } = v as { attributes?: unknown; fields?: unknown };
    const duplicates = (list: unknown, path: (i: number) => (string | number)[], id: (item: unknown) => unknown) => {
      const seen = new Set<unknown>();
      (Array.isArray(list) ? list : []).forEach((item, i) => {
        const key = id(item);
        if (typeof key !== 'number') return;
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: path(i), message: 'duplicate' });
        seen.add(key);
      });
    };
    duplicates(
      attributes,
      (i) => ['attributes', i, 'attribute_id'],
      (a) => (a as { attribute_id?: unknown } | null)?.attribute_id,
    );
    duplicates(
      fields,
      (i) => ['fields', i],
      (f) => f,
    );
  }, always);
}

export const TYPE_SET_SORT_FIELDS = ['sort', 'name', 'kind', 'id', 'created_at'] as const;
export const ATTRIBUTE_SORT_FIELDS = ['sort', 'label', 'type', 'id', 'created_at'] as const;
export const FIELD_SORT_FIELDS = ['sort', 'label', 'type', 'scope', 'id', 'created_at'] as const;

/** A setup list query: the list shape plus `search`; ascending unless `sort[type]=desc`. */
function setupListQuerySchema<F extends string>(fields: readonly [F, ...F[]], defaultSort: F) {
  const inner = listQuerySchema(fields, defaultSort).out.extend({
    search: z.unknown().transform((v) => (typeof v === 'string' ? v.trim().slice(0, 200) : '')),
  });
  return z.preprocess((raw) => {
    const q = normalizeListQuery(raw);
    q.sort = { field: ownValue(q.sort, 'field'), type: ownValue(q.sort, 'type') === 'desc' ? 'desc' : 'asc' };
    q.search ??= null;
    return q;
  }, inner);
}
export const typeSetListQuerySchema = setupListQuerySchema(TYPE_SET_SORT_FIELDS, 'sort');
export const attributeListQuerySchema = setupListQuerySchema(ATTRIBUTE_SORT_FIELDS, 'sort');
export const fieldListQuerySchema = setupListQuerySchema(FIELD_SORT_FIELDS, 'sort');

export const choiceOptionItemSchema = z.object({ value: z.string(), label: translatedSchema, label_text: z.string() });

export const typeSetListItemSchema = z.object({
  id: z.number(),
  name: translatedSchema,
  name_text: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  sort: z.number(),
  attribute_count: z.number(),
  field_count: z.number(),
  activity_count: z.number(),
});
export type TypeSetListItem = z.infer<typeof typeSetListItemSchema>;

export const typeSetDetailSchema = z.object({
  id: z.number(),
  name: translatedSchema,
  name_text: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  sort: z.number(),
  activity_count: z.number(),
  attributes: z.array(z.object({ attribute_id: z.number(), required: z.boolean(), sort: z.number() })),
  fields: z.array(z.number()),
});
export type TypeSetDetail = z.infer<typeof typeSetDetailSchema>;

// ---------------------------------------------------------------------------------------------
// Attributes

/** An attribute as routes and the form take it (`filterable` a boolean; unknown keys refused). */
export const attributeBodySchema = z.strictObject({
  type: z.enum(ATTRIBUTE_TYPES),
  label: translatedInputSchema(LABEL_MAX),
  options: optionsBody,
  filterable: z.boolean().optional().default(false),
});
export type AttributeBody = z.infer<typeof attributeBodySchema>;

const requiredOptions = (languages: readonly Language[]) =>
  z
    .array(choiceOptionBodySchema.extend({ label: requiredTranslatedSchema(languages, LABEL_MAX) }))
    .max(OPTIONS_MAX)
    .nullish();

/** The attribute form for a team with these languages. */
export function attributeSchema(languages: readonly Language[]) {
  return attributeBodySchema
    .extend({ label: requiredTranslatedSchema(languages, LABEL_MAX), options: requiredOptions(languages) })
    .superRefine(checkOptions, always);
}

export const attributeItemSchema = z.object({
  id: z.number(),
  type: z.enum(ATTRIBUTE_TYPES),
  label: translatedSchema,
  label_text: z.string(),
  options: z.array(choiceOptionItemSchema),
  filterable: z.boolean(),
  sort: z.number(),
  /** Activities with a value for it (its type cannot change while > 0). */
  value_count: z.number(),
});
export type AttributeItem = z.infer<typeof attributeItemSchema>;

/** PUT /api/courses/:id/attributes: every value of the activity (attributes left out are cleared). */
export const activityAttributesBodySchema = z.strictObject({
  values: z.array(z.strictObject({ attribute_id: idSchema, value: z.unknown() })).max(SETUP_ITEMS_MAX),
});
export type ActivityAttributesBody = z.infer<typeof activityAttributesBodySchema>;

export const activityAttributeItemSchema = z.object({
  attribute_id: z.number(),
  type: z.enum(ATTRIBUTE_TYPES),
  label: translatedSchema,
  label_text: z.string(),
  options: z.array(choiceOptionItemSchema),
  filterable: z.boolean(),
  required: z.boolean(),
  sort: z.number(),
  /** text: `{de?, en?, fr?}`; number; boolean; date `YYYY-MM-DD`; select: value; multiselect: values; null when unset. */
  value: z.unknown(),
});
export type ActivityAttributeItem = z.infer<typeof activityAttributeItemSchema>;

export type AttributeValueResult = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * An attribute value as sent → as stored (`value: null` = no value). Text is translatable: a plain
 * string counts for every team language, an object `{de?, en?, fr?}` gets its missing team
 * languages filled from the first one given; at most 2000 characters per language.
 */
export function parseAttributeValue(
  attribute: { type: AttributeType; options: readonly { value: string }[] },
  raw: unknown,
  languages: readonly Language[],
): AttributeValueResult {
  if (isBlankValue(raw)) return { ok: true, value: null };
  const wrongType = (expected: string) => ({ ok: false as const, message: encodeMessage('invalid_type', { expected }) });
  switch (attribute.type) {
    case 'text': {
      const tooLong = { ok: false as const, message: encodeMessage('max_string', { max: ATTRIBUTE_TEXT_MAX }) };
      let text: Record<string, string | null | undefined>;
      if (typeof raw === 'string') {
        if (raw.trim().length > ATTRIBUTE_TEXT_MAX) return tooLong;
        text = Object.fromEntries(languages.map((l) => [l, raw]));
      } else {
        const parsed = translatedInputSchema(ATTRIBUTE_TEXT_MAX).strict().safeParse(raw);
        if (!parsed.success) return parsed.error.issues.some((i) => i.code === 'too_big') ? tooLong : wrongType('string');
        text = parsed.data;
      }
      const value = fillMissingTranslations(compactTranslated(text), languages);
      return { ok: true, value: Object.keys(value).length ? value : null };
    }
    case 'number': {
      const n = toNumber(raw);
      return n === undefined ? { ok: false, message: 'number' } : { ok: true, value: n };
    }
    case 'boolean': {
      const parsed = flagSchema.safeParse(raw);
      return parsed.success ? { ok: true, value: parsed.data } : wrongType('boolean');
    }
    case 'date':
      return typeof raw === 'string' && isIsoDate(raw.trim()) ? { ok: true, value: raw.trim() } : { ok: false, message: 'date' };
    case 'select':
      return typeof raw === 'string' && attribute.options.some((o) => o.value === raw)
        ? { ok: true, value: raw }
        : { ok: false, message: 'invalid_value' };
    case 'multiselect': {
      const list = Array.isArray(raw) ? raw : [raw];
      if (!list.every((v) => typeof v === 'string' && attribute.options.some((o) => o.value === v)))
        return { ok: false, message: 'invalid_value' };
      return { ok: true, value: [...new Set(list as string[])] };
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Booking fields

export const fieldConditionBodySchema = z.strictObject({
  field_id: idSchema,
  /** Option values of the condition field (checkbox: `['1']`); empty = "has any value". */
  values: z.array(z.string().trim().min(1).max(OPTION_VALUE_MAX)).max(OPTIONS_MAX).optional().default([]),
});

/** A booking field as routes and the form take it (`required` a boolean; unknown keys refused). */
export const fieldBodySchema = z.strictObject({
  type: z.enum(FIELD_TYPES),
  label: translatedInputSchema(LABEL_MAX),
  help: translatedInputSchema(HELP_MAX).nullish(),
  options: optionsBody,
  scope: z.enum(BOOKING_SCOPES).optional().default('participant'),
  required: z.boolean().optional().default(false),
  visible_if: fieldConditionBodySchema.nullish().transform((v) => v ?? null),
});
export type FieldBody = z.infer<typeof fieldBodySchema>;

/** The booking field form for a team with these languages. */
export function fieldSchema(languages: readonly Language[]) {
  return fieldBodySchema
    .extend({ label: requiredTranslatedSchema(languages, LABEL_MAX), options: requiredOptions(languages) })
    .superRefine(checkOptions, always);
}

export const fieldConditionSchema = z.object({ field_id: z.number(), values: z.array(z.string()) });

export const fieldItemSchema = z.object({
  id: z.number(),
  type: z.enum(FIELD_TYPES),
  label: translatedSchema,
  label_text: z.string(),
  help: translatedSchema,
  help_text: z.string(),
  options: z.array(choiceOptionItemSchema),
  scope: z.enum(BOOKING_SCOPES),
  required: z.boolean(),
  visible_if: fieldConditionSchema.nullable(),
  sort: z.number(),
});
export type FieldItem = z.infer<typeof fieldItemSchema>;

export const activityFieldsBodySchema = z.strictObject({ field_ids: z.array(idSchema).max(SETUP_ITEMS_MAX) });
export type ActivityFieldsBody = z.infer<typeof activityFieldsBodySchema>;

export const activityFieldsSchema = z.object({ type_set: z.array(fieldItemSchema), extra: z.array(fieldItemSchema) });
export type ActivityFields = z.infer<typeof activityFieldsSchema>;

/** The conditions of `fields` as a map id → condition field id (for cycle checks). */
export function conditionTargets(fields: readonly { id: number; visible_if: FieldCondition | null }[]): Map<number, number> {
  return new Map(fields.filter((f) => f.visible_if).map((f) => [f.id, f.visible_if!.field_id]));
}

/** Whether `fieldId` depending on `targetId` closes a circle, given the other fields' conditions. */
export function conditionMakesCycle(fieldId: number, targetId: number, targets: ReadonlyMap<number, number>): boolean {
  const seen = new Set<number>();
  for (let at: number | undefined = targetId; at !== undefined; at = targets.get(at)) {
    if (at === fieldId) return true;
    if (seen.has(at)) return false;
    seen.add(at);
  }
  return false;
}
