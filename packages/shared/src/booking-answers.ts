import type { FieldCondition, FieldType } from './catalogue-model.ts';
import { MULTI_LINE, SINGLE_LINE } from './text-rules.ts';

/**
 * The booking answer engine (checkout): which fields are visible given the answers so far, and
 * whether the answers are valid, the same in browser and server. Kept free of zod (and of every
 * module that loads it), so the shop's small bundle can carry it; `catalogue-setup.ts`
 * re-exports it. Messages are validation keys (`required`, `email`, `phone`, ...).
 */

export const TEXT_ANSWER_MAX = 500;
export const TEXTAREA_ANSWER_MAX = 5000;
/** The value a checked checkbox has in conditions. */
export const CHECKED = '1';

/** zod's `z.email()` pattern (zod 4), so browser and server agree; a test keeps them equal. */
// eslint-disable-next-line no-useless-escape -- zod's source verbatim, so the test can compare it
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** `validation.ts`'s encoding (`key|{"param":1}`), repeated here to stay zod-free. */
const encodeMessage = (key: string, params: Record<string, unknown>) =>
  Object.keys(params).length ? `${key}|${JSON.stringify(params)}` : key;

/** `safe-keys.ts`'s `ownValue`, repeated here to stay zod-free: own properties only. */
const ownValue = (obj: unknown, key: PropertyKey): unknown =>
  obj !== null && typeof obj === 'object' && Object.hasOwn(obj, key) ? (obj as Record<PropertyKey, unknown>)[key] : undefined;

/** Nothing entered: undefined, null, blank text or an empty list. */
export const isBlankValue = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A real calendar day `YYYY-MM-DD`. */
export function isIsoDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** `12`, `"12.5"`, `"12,5"` → a finite number; anything else → undefined. */
export function toNumber(value: unknown): number | undefined {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*-?\d+([.,]\d+)?\s*$/.test(value)
        ? Number(value.trim().replace(',', '.'))
        : NaN;
  return Number.isFinite(n) && Math.abs(n) <= 1e12 ? n : undefined;
}

/** What the booking rules need of a field (a `FieldItem` fits). */
export interface BookingFieldDef {
  id: number;
  type: FieldType;
  required: boolean;
  options: readonly { value: string }[];
  visible_if: FieldCondition | null;
}

/** Answers of one form, keyed by field id. */
export type BookingAnswers = Readonly<Record<string, unknown>>;

export const ADDRESS_PARTS = ['street', 'postal_code', 'city', 'country'] as const;
export type AddressAnswer = Record<(typeof ADDRESS_PARTS)[number], string>;
/** A valid answer as kept: text/email/phone/date/select: string; number; checkbox: true; multiselect: string[]; address. */
export type BookingAnswer = string | number | boolean | string[] | AddressAnswer;

/** Shaped like a zod issue, so forms can map it like any other. */
export interface BookingIssue {
  code: 'custom';
  path: string[];
  message: string;
}

const isChecked = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on';

/** The option values an answer selects, for conditions (a checked checkbox selects `'1'`). */
function selectedValues(type: FieldType, answer: unknown): string[] {
  if (type === 'checkbox') return isChecked(answer) ? [CHECKED] : [];
  if (Array.isArray(answer)) return answer.filter((v): v is string => typeof v === 'string');
  return typeof answer === 'string' && answer !== '' ? [answer] : [];
}

/**
 * The fields shown for these answers, in their order. A field with a condition is hidden when its
 * condition field is hidden, missing from `fields`, or its answer does not match; so hiding runs
 * down a chain of conditions. (Conditions that form a circle hide every field in it.)
 */
export function visibleFields<F extends BookingFieldDef>(fields: readonly F[], answers: BookingAnswers): F[] {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const memo = new Map<number, boolean>();
  const visiting = new Set<number>();
  const isVisible = (field: F): boolean => {
    const known = memo.get(field.id);
    if (known !== undefined) return known;
    const condition = field.visible_if;
    if (!condition) return true;
    if (visiting.has(field.id)) return false;
    visiting.add(field.id);
    const parent = byId.get(condition.field_id);
    let shown = false;
    if (parent && isVisible(parent)) {
      const selected = selectedValues(parent.type, ownValue(answers, String(parent.id)));
      shown = condition.values.length ? selected.some((v) => condition.values.includes(v)) : selected.length > 0;
    }
    visiting.delete(field.id);
    memo.set(field.id, shown);
    return shown;
  };
  return fields.filter(isVisible);
}

const PHONE_RE = /^\+?[0-9 ()./-]+$/;
const MAX_PART: Record<(typeof ADDRESS_PARTS)[number], number> = { street: 200, postal_code: 20, city: 100, country: 2 };

type Check = { value: BookingAnswer } | { issues: { path?: string; message: string }[] };

function checkAnswer(field: BookingFieldDef, raw: unknown): Check | null {
  const fail = (message: string, path?: string): Check => ({ issues: [{ message, path }] });
  const text = typeof raw === 'number' ? String(raw) : raw;
  const stringAnswer = (max: number, test?: (s: string) => string | null): Check => {
    if (typeof text !== 'string') return fail(encodeMessage('invalid_type', { expected: 'string' }));
    const s = text.trim();
    if (s.length > max) return fail(encodeMessage('max_string', { max }));
    const problem = test?.(s);
    return problem ? fail(problem) : { value: s };
  };
  switch (field.type) {
    case 'text':
      return stringAnswer(TEXT_ANSWER_MAX, (s) => (SINGLE_LINE.test(s) ? null : 'single_line'));
    case 'textarea':
      return stringAnswer(TEXTAREA_ANSWER_MAX, (s) => (MULTI_LINE.test(s) ? null : 'control_chars'));
    case 'email':
      return stringAnswer(254, (s) => (EMAIL_PATTERN.test(s) ? null : 'email'));
    case 'phone':
      return stringAnswer(30, (s) => {
        const digits = s.replace(/\D/g, '').length;
        return PHONE_RE.test(s) && digits >= 5 && digits <= 15 ? null : 'phone';
      });
    case 'date':
      return stringAnswer(10, (s) => (isIsoDate(s) ? null : 'date'));
    case 'number': {
      const n = toNumber(raw);
      return n === undefined ? fail('number') : { value: n };
    }
    case 'select':
      return typeof raw === 'string' && field.options.some((o) => o.value === raw) ? { value: raw } : fail('invalid_value');
    case 'multiselect': {
      const list = Array.isArray(raw) ? raw : [raw];
      const ok = list.every((v) => typeof v === 'string' && field.options.some((o) => o.value === v));
      return ok ? { value: [...new Set(list as string[])] } : fail('invalid_value');
    }
    case 'checkbox':
      return isChecked(raw) ? { value: true } : null;
    case 'address': {
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return fail(encodeMessage('invalid_type', { expected: 'object' }));
      const issues: { path?: string; message: string }[] = [];
      const value = {} as AddressAnswer;
      for (const part of ADDRESS_PARTS) {
        const sent = ownValue(raw, part);
        const v = typeof sent === 'string' ? sent.trim() : sent;
        if (v === undefined || v === null || v === '') issues.push({ path: part, message: 'required' });
        else if (typeof v !== 'string') issues.push({ path: part, message: encodeMessage('invalid_type', { expected: 'string' }) });
        else if (part === 'country' && !/^[A-Za-z]{2}$/.test(v)) issues.push({ path: part, message: 'format' });
        else if (v.length > MAX_PART[part]) issues.push({ path: part, message: encodeMessage('max_string', { max: MAX_PART[part] }) });
        else if (!SINGLE_LINE.test(v)) issues.push({ path: part, message: 'single_line' });
        else value[part] = part === 'country' ? v.toUpperCase() : v;
      }
      return issues.length ? { issues } : { value };
    }
  }
}

function isEmptyAnswer(type: FieldType, raw: unknown): boolean {
  if (type === 'checkbox') return !isChecked(raw);
  if (type === 'address' && raw && typeof raw === 'object' && !Array.isArray(raw)) {
    return ADDRESS_PARTS.every((p) => isBlankValue(ownValue(raw, p)));
  }
  return isBlankValue(raw);
}

/**
 * Checks the answers of one form (the order's fields, or one participant's fields together with
 * the order's answers their conditions may refer to). Hidden fields are ignored entirely and their
 * answers dropped, as are answers to unknown fields. Returns the issues (path `[fieldId]`, or
 * `[fieldId, part]` for address parts) and the valid answers, trimmed and normalised.
 */
export function validateBookingAnswers(
  fields: readonly BookingFieldDef[],
  answers: BookingAnswers,
): { issues: BookingIssue[]; answers: Record<string, BookingAnswer> } {
  const issues: BookingIssue[] = [];
  const clean: Record<string, BookingAnswer> = {};
  for (const field of visibleFields(fields, answers)) {
    const key = String(field.id);
    // Own answers only: an inherited member (say, of a polluted prototype) is no answer.
    const raw = ownValue(answers, key);
    if (isEmptyAnswer(field.type, raw)) {
      if (field.required) issues.push({ code: 'custom', path: [key], message: 'required' });
      continue;
    }
    const checked = checkAnswer(field, raw);
    if (!checked) continue;
    if ('issues' in checked) {
      for (const i of checked.issues) issues.push({ code: 'custom', path: i.path ? [key, i.path] : [key], message: i.message });
    } else clean[key] = checked.value;
  }
  return { issues, answers: clean };
}
