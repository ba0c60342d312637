import { afterEach, describe, expect, it } from 'vitest';
import {
  attributeSchema,
  conditionMakesCycle,
  conditionTargets,
  fieldSchema,
  isIsoDate,
  normalizeOptions,
  parseAttributeValue,
  slugify,
  typeSetSchema,
  validateBookingAnswers,
  visibleFields,
  type BookingFieldDef,
} from './catalogue-setup.ts';
import { installValidationMessages } from './validation.ts';

installValidationMessages();

const field = (id: number, type: BookingFieldDef['type'], extra: Partial<BookingFieldDef> = {}): BookingFieldDef => ({
  id,
  type,
  required: false,
  options: [],
  visible_if: null,
  ...extra,
});
const opts = (...values: string[]) => values.map((value) => ({ value }));
const ids = (fields: BookingFieldDef[]) => fields.map((f) => f.id);

describe('visibleFields', () => {
  // 1 select → 2 checkbox shown for 'yes' → 3 multiselect shown when 2 is ticked → 4 text shown for b or c in 3.
  const fields = [
    field(1, 'select', { options: opts('yes', 'no') }),
    field(2, 'checkbox', { visible_if: { field_id: 1, values: ['yes'] } }),
    field(3, 'multiselect', { options: opts('a', 'b', 'c'), visible_if: { field_id: 2, values: ['1'] } }),
    field(4, 'text', { required: true, visible_if: { field_id: 3, values: ['b', 'c'] } }),
    field(5, 'text'),
  ];

  it('shows fields without conditions and fields whose condition matches', () => {
    expect(ids(visibleFields(fields, {}))).toEqual([1, 5]);
    expect(ids(visibleFields(fields, { 1: 'yes' }))).toEqual([1, 2, 5]);
    expect(ids(visibleFields(fields, { 1: 'yes', 2: true }))).toEqual([1, 2, 3, 5]);
    expect(ids(visibleFields(fields, { 1: 'yes', 2: '1', 3: ['a', 'c'] }))).toEqual([1, 2, 3, 4, 5]);
    expect(ids(visibleFields(fields, { 1: 'yes', 2: '1', 3: ['a'] }))).toEqual([1, 2, 3, 5]);
  });

  it('hides transitively: a hidden condition field hides everything that depends on it, whatever its answers say', () => {
    // 2 is still "checked" and 3 still has "b", but 1 says no → 2, 3 and 4 are hidden.
    expect(ids(visibleFields(fields, { 1: 'no', 2: true, 3: ['b'], 4: 'x' }))).toEqual([1, 5]);
    expect(ids(visibleFields(fields, { 1: 'yes', 2: false, 3: ['b'], 4: 'x' }))).toEqual([1, 2, 5]);
  });

  it('hides a field whose condition field is not part of the form', () => {
    expect(ids(visibleFields(fields.slice(1), { 1: 'yes', 2: true }))).toEqual([5]);
  });

  it('treats an empty value list as "has any value"', () => {
    const f = [field(1, 'multiselect', { options: opts('a') }), field(2, 'text', { visible_if: { field_id: 1, values: [] } })];
    expect(ids(visibleFields(f, { 1: [] }))).toEqual([1]);
    expect(ids(visibleFields(f, { 1: ['a'] }))).toEqual([1, 2]);
  });

  it('hides fields in a circle of conditions instead of looping', () => {
    const f = [
      field(1, 'checkbox', { visible_if: { field_id: 2, values: ['1'] } }),
      field(2, 'checkbox', { visible_if: { field_id: 1, values: ['1'] } }),
      field(3, 'text', { visible_if: { field_id: 2, values: ['1'] } }),
    ];
    expect(visibleFields(f, { 1: true, 2: true })).toEqual([]);
  });
});

describe('validateBookingAnswers', () => {
  it('asks required visible fields and ignores hidden ones entirely, dropping their answers', () => {
    const fields = [
      field(1, 'checkbox'),
      field(2, 'email', { required: true, visible_if: { field_id: 1, values: ['1'] } }),
      field(4, 'text', { required: true }),
    ];
    const hidden = validateBookingAnswers(fields, { 1: false, 2: 'not-an-email', 4: ' Anna ', 99: 'unknown' });
    expect(hidden).toEqual({ issues: [], answers: { 4: 'Anna' } });
    const shown = validateBookingAnswers(fields, { 1: '1', 2: 'not-an-email', 4: '' });
    expect(shown.issues).toEqual([
      { code: 'custom', path: ['2'], message: 'email' },
      { code: 'custom', path: ['4'], message: 'required' },
    ]);
    expect(shown.answers).toEqual({ 1: true });
  });

  it('checks each type: email, phone, number, date, options, text length', () => {
    const fields = [
      field(1, 'email'),
      field(2, 'phone'),
      field(3, 'number'),
      field(4, 'date'),
      field(5, 'select', { options: opts('s', 'm') }),
      field(6, 'multiselect', { options: opts('a', 'b') }),
      field(7, 'text'),
      field(8, 'textarea'),
    ];
    const bad = validateBookingAnswers(fields, {
      1: 'anna@',
      2: '12ab',
      3: '1.2.3',
      4: '2026-02-30',
      5: 'xl',
      6: ['a', 'z'],
      7: 'x'.repeat(501),
      8: { not: 'text' },
    });
    expect(Object.fromEntries(bad.issues.map((i) => [i.path.join('.'), i.message]))).toEqual({
      1: 'email',
      2: 'phone',
      3: 'number',
      4: 'date',
      5: 'invalid_value',
      6: 'invalid_value',
      7: 'max_string|{"max":500}',
      8: 'invalid_type|{"expected":"string"}',
    });
    const good = validateBookingAnswers(fields, {
      1: ' anna@example.com ',
      2: '+41 44 123 45 67',
      3: '12,5',
      4: '2028-02-29',
      5: 'm',
      6: ['b', 'a', 'b'],
      7: 42,
      8: 'Zeile 1\nZeile 2',
    });
    expect(good.issues).toEqual([]);
    expect(good.answers).toEqual({
      1: 'anna@example.com',
      2: '+41 44 123 45 67',
      3: 12.5,
      4: '2028-02-29',
      5: 'm',
      6: ['b', 'a'],
      7: '42',
      8: 'Zeile 1\nZeile 2',
    });
    expect(validateBookingAnswers([field(2, 'phone')], { 2: '123' }).issues[0]?.message).toBe('phone');
  });

  it('requires a required checkbox to be ticked and a required multiselect to have a choice', () => {
    const fields = [field(1, 'checkbox', { required: true }), field(2, 'multiselect', { required: true, options: opts('a') })];
    expect(validateBookingAnswers(fields, { 1: '0', 2: [] }).issues.map((i) => i.path[0])).toEqual(['1', '2']);
    expect(validateBookingAnswers(fields, { 1: 'on', 2: 'a' })).toEqual({ issues: [], answers: { 1: true, 2: ['a'] } });
  });

  it('checks address parts street, postal_code, city and country', () => {
    const required = [field(1, 'address', { required: true })];
    expect(validateBookingAnswers(required, {}).issues).toEqual([{ code: 'custom', path: ['1'], message: 'required' }]);
    const partial = validateBookingAnswers([field(1, 'address')], {
      1: { street: 'Weg 1', postal_code: '', city: 'Chur', country: 'Schweiz' },
    });
    expect(partial.issues).toEqual([
      { code: 'custom', path: ['1', 'postal_code'], message: 'required' },
      { code: 'custom', path: ['1', 'country'], message: 'format' },
    ]);
    expect(partial.answers).toEqual({});
    const ok = validateBookingAnswers(required, { 1: { street: ' Weg 1 ', postal_code: '7000', city: 'Chur', country: 'ch' } });
    expect(ok).toEqual({ issues: [], answers: { 1: { street: 'Weg 1', postal_code: '7000', city: 'Chur', country: 'CH' } } });
    expect(validateBookingAnswers([field(1, 'address')], { 1: { street: '', city: ' ' } })).toEqual({ issues: [], answers: {} });
    expect(validateBookingAnswers([field(1, 'address')], { 1: 'Weg 1, Chur' }).issues[0]?.path).toEqual(['1']);
  });

  it('does not ask address parts of a hidden address field', () => {
    const fields = [
      field(1, 'select', { options: opts('post', 'mail') }),
      field(2, 'address', { required: true, visible_if: { field_id: 1, values: ['post'] } }),
    ];
    expect(validateBookingAnswers(fields, { 1: 'mail', 2: { street: 'x' } })).toEqual({ issues: [], answers: { 1: 'mail' } });
    expect(validateBookingAnswers(fields, { 1: 'post' }).issues).toEqual([{ code: 'custom', path: ['2'], message: 'required' }]);
  });
});

describe('conditions', () => {
  it('finds circles A → B → A and longer ones, not mere chains', () => {
    const targets = conditionTargets([
      { id: 1, visible_if: { field_id: 2, values: [] } },
      { id: 2, visible_if: { field_id: 3, values: [] } },
      { id: 3, visible_if: null },
    ]);
    expect(conditionMakesCycle(3, 1, targets)).toBe(true);
    expect(conditionMakesCycle(2, 1, targets)).toBe(true);
    expect(conditionMakesCycle(4, 1, targets)).toBe(false);
    expect(conditionMakesCycle(1, 1, targets)).toBe(true);
  });
});

describe('options', () => {
  it('make values from labels, unique, and fill missing labels from the first language', () => {
    expect(slugify('Très bien / Gut!')).toBe('tres-bien-gut');
    expect(slugify('Grösse ß')).toBe('grosse-ss');
    const out = normalizeOptions(
      [
        { value: null, label: { de: 'Anfänger', en: 'Beginner' } },
        { value: 'anfanger', label: { de: 'Mittel' } },
        { value: undefined, label: { de: '日本' } },
      ],
      ['de', 'en'],
    );
    expect(out).toEqual([
      { value: 'anfanger-2', label: { de: 'Anfänger', en: 'Beginner' } },
      { value: 'anfanger', label: { de: 'Mittel', en: 'Mittel' } },
      { value: 'option-3', label: { de: '日本', en: '日本' } },
    ]);
  });
});

describe('schemas', () => {
  it('attribute: label in every team language, options for select types, unique values', () => {
    const s = attributeSchema(['de', 'en']);
    const paths = (body: unknown) => {
      const r = s.safeParse(body);
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    };
    expect(paths({ type: 'select', label: { de: 'Stufe' }, options: [] })).toEqual(['label.en:required', 'options:required']);
    expect(paths({ type: 'text', label: { de: 'A', en: 'A' } })).toEqual([]);
    expect(
      paths({
        type: 'multiselect',
        label: { de: 'A', en: 'A' },
        options: [
          { value: 'x', label: { de: 'X', en: 'X' } },
          { value: 'X', label: { de: 'Y' } },
          { value: 'bad value', label: { de: 'Z', en: 'Z' } },
        ],
      }),
    ).toEqual(['options.1.label.en:required', 'options.2.value:format', 'options.1.value:duplicate']);
    expect(paths({ type: 'colour', label: { de: 'A', en: 'A' } })).toEqual(['type:invalid_value']);
  });

  it('field: scope default, a boolean required flag and a numeric condition id (no "1" or "7")', () => {
    const r = fieldSchema(['de']).parse({
      type: 'text',
      label: { de: 'Allergien' },
      required: true,
      visible_if: { field_id: 7, values: ['1'] },
    });
    expect(r).toMatchObject({ scope: 'participant', required: true, visible_if: { field_id: 7, values: ['1'] } });
    expect(fieldSchema(['de']).parse({ type: 'text', label: { de: 'x' } }).visible_if).toBeNull();
    const loose = fieldSchema(['de']).safeParse({ type: 'text', label: { de: 'x' }, required: '1', visible_if: { field_id: '7' } });
    expect(loose.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['required', 'visible_if.field_id']);
  });

  it('type set: ids given twice are refused', () => {
    const r = typeSetSchema(['de']).safeParse({
      name: { de: 'Kurs' },
      attributes: [{ attribute_id: 1 }, { attribute_id: 1 }],
      fields: [3, 4, 3],
    });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join('.'))).toEqual(['attributes.1.attribute_id', 'fields.2']);
  });
});

describe('parseAttributeValue', () => {
  const langs = ['de', 'en'] as const;
  const parse = (type: Parameters<typeof parseAttributeValue>[0]['type'], raw: unknown) =>
    parseAttributeValue({ type, options: opts('a', 'b') }, raw, langs);

  it('reads each type and treats empty values as none', () => {
    expect(parse('text', 'Hallo')).toEqual({ ok: true, value: { de: 'Hallo', en: 'Hallo' } });
    expect(parse('text', { en: 'Hi', fr: '' })).toEqual({ ok: true, value: { en: 'Hi', de: 'Hi' } });
    expect(parse('text', { de: ' ' })).toEqual({ ok: true, value: null });
    expect(parse('number', '3,5')).toEqual({ ok: true, value: 3.5 });
    expect(parse('boolean', 0)).toEqual({ ok: true, value: false });
    expect(parse('date', '2026-03-29')).toEqual({ ok: true, value: '2026-03-29' });
    expect(parse('select', 'b')).toEqual({ ok: true, value: 'b' });
    expect(parse('multiselect', ['b', 'a', 'b'])).toEqual({ ok: true, value: ['b', 'a'] });
    for (const type of ['text', 'number', 'boolean', 'date', 'select', 'multiselect'] as const) {
      expect(parse(type, null)).toEqual({ ok: true, value: null });
      expect(parse(type, '')).toEqual({ ok: true, value: null });
    }
    expect(parse('multiselect', [])).toEqual({ ok: true, value: null });
  });

  it('refuses values of the wrong type, too long or not among the options', () => {
    expect(parse('text', 'x'.repeat(2001))).toEqual({ ok: false, message: 'max_string|{"max":2000}' });
    expect(parse('text', { de: 'x'.repeat(2001) })).toEqual({ ok: false, message: 'max_string|{"max":2000}' });
    expect(parse('text', { it: 'Ciao' })).toMatchObject({ ok: false });
    expect(parse('text', 5)).toMatchObject({ ok: false });
    expect(parse('number', 'zwölf')).toEqual({ ok: false, message: 'number' });
    expect(parse('number', Infinity)).toEqual({ ok: false, message: 'number' });
    expect(parse('boolean', 'ja')).toEqual({ ok: false, message: 'invalid_type|{"expected":"boolean"}' });
    expect(parse('date', '2026-13-01')).toEqual({ ok: false, message: 'date' });
    expect(parse('date', 20260101)).toEqual({ ok: false, message: 'date' });
    expect(parse('select', 'c')).toEqual({ ok: false, message: 'invalid_value' });
    expect(parse('select', ['a'])).toEqual({ ok: false, message: 'invalid_value' });
    expect(parse('multiselect', ['a', 'c'])).toEqual({ ok: false, message: 'invalid_value' });
  });

  it('knows real calendar days', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-2-9')).toBe(false);
  });
});

describe('booking answers with prototype keys', () => {
  const CLEAN = new Set(Object.getOwnPropertyNames(Object.prototype));
  const added = () => Object.getOwnPropertyNames(Object.prototype).filter((n) => !CLEAN.has(n));
  const PROTO = Object.prototype as unknown as Record<string, unknown>;
  afterEach(() => {
    for (const name of added()) delete PROTO[name];
  });
  const fields = [
    field(1, 'checkbox'),
    field(2, 'text', { required: true, visible_if: { field_id: 1, values: ['1'] } }),
    field(4, 'text', { required: true }),
    field(5, 'address'),
  ];

  it('counts only own answers: "__proto__" and "constructor" keys (as JSON.parse makes them) answer nothing', () => {
    const answers = JSON.parse('{"__proto__":{"1":"1","4":"Sneaky"},"constructor":{"prototype":{"4":"x"}},"prototype":"x"}') as Record<
      string,
      unknown
    >;
    expect(ids(visibleFields(fields, answers))).toEqual([1, 4, 5]);
    const result = validateBookingAnswers(fields, answers);
    expect(result.issues).toEqual([{ code: 'custom', path: ['4'], message: 'required' }]);
    expect(Object.keys(result.answers)).toEqual([]);
    expect(added()).toEqual([]);
  });

  it('ignores answers inherited from a prototype (an object built with a "__proto__" member)', () => {
    const answers = { __proto__: { 1: '1', 4: 'Sneaky', 2: 'hidden' } } as unknown as Record<string, unknown>;
    expect(ids(visibleFields(fields, answers))).toEqual([1, 4, 5]);
    expect(validateBookingAnswers(fields, answers).issues).toEqual([{ code: 'custom', path: ['4'], message: 'required' }]);
    const address = { 4: 'Anna', 5: Object.create({ street: 'Weg 1', postal_code: '3000', city: 'Bern', country: 'ch' }) as object };
    expect(validateBookingAnswers(fields, address)).toEqual({ issues: [], answers: { 4: 'Anna' } });
  });

  it('is not fooled by a polluted Object.prototype either', () => {
    PROTO['4'] = 'Polluted';
    PROTO.street = 'Polluted 1';
    try {
      expect(validateBookingAnswers(fields, {}).issues).toEqual([{ code: 'custom', path: ['4'], message: 'required' }]);
      const partial = validateBookingAnswers(fields, { 4: 'Anna', 5: { postal_code: '3000', city: 'Bern', country: 'CH' } });
      expect(partial.issues).toEqual([{ code: 'custom', path: ['5', 'street'], message: 'required' }]);
    } finally {
      delete PROTO['4'];
      delete PROTO.street;
    }
  });
});
