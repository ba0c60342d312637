import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityAttributeValues } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { owner, staff, type Staff } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Body = Record<string, unknown>;

async function create(a: Staff, body: Body) {
  const res = await a.client.post('/api/course/attributes?language=en', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const levels = (extra: Body = {}) => ({
  type: 'select',
  label: { de: 'Niveau', en: 'Level' },
  options: [{ label: { de: 'Anfänger', en: 'Beginner' } }, { value: 'pro', label: { de: 'Profi', en: 'Pro' } }],
  filterable: true,
  ...extra,
});

/** A type set with these attributes and an activity of it. */
async function activityWith(a: Staff, attributes: { attribute_id: number; required?: boolean }[]) {
  const ts = await a.client.post('/api/course/type_sets', { name: { de: 'Kurs', en: 'Course' }, kind: 'course', attributes });
  expect(ts.statusCode, ts.body).toBe(200);
  const course = await a.client.post('/api/course/store', { type_set_id: ts.json().data.id, name: { de: 'Yoga', en: 'Yoga' } });
  expect(course.statusCode, course.body).toBe(200);
  return course.json().course_id as number;
}

async function storedValues(activityId: number) {
  const rows = await t.app.deps.db.select().from(activityAttributeValues).where(eq(activityAttributeValues.activityId, activityId));
  return Object.fromEntries(rows.map((r) => [r.attributeId, r.value]));
}

describe('attributes', () => {
  it('are created with options made from labels, read, listed, searched, changed and deleted', async () => {
    const a = await owner(t.app);
    const level = await create(a, levels());
    expect(level).toMatchObject({
      type: 'select',
      label_text: 'Level',
      filterable: true,
      value_count: 0,
      options: [
        { value: 'anfanger', label: { de: 'Anfänger', en: 'Beginner' }, label_text: 'Beginner' },
        { value: 'pro', label: { de: 'Profi', en: 'Pro' }, label_text: 'Pro' },
      ],
    });
    // Options of other types are dropped.
    const note = await create(a, { type: 'text', label: { de: 'Hinweis', en: 'Note' }, options: [{ label: { de: 'x', en: 'x' } }] });
    expect(note.options).toEqual([]);
    expect((await a.client.get(`/api/course/attributes/${level.id}?language=de`)).json().data.label_text).toBe('Niveau');

    const list = (await a.client.get('/api/course/attributes?language=en')).json();
    expect(list.data.map((x: { label_text: string }) => x.label_text)).toEqual(['Level', 'Note']);
    expect((await a.client.get('/api/course/attributes?search=not&language=en')).json().data).toHaveLength(1);
    expect((await a.client.get('/api/course/attributes?search=%25&language=en')).json().meta.total).toBe(0);
    const sorted = (await a.client.get('/api/course/attributes?sort[field]=label&sort[type]=desc&language=en')).json();
    expect(sorted.data.map((x: { label_text: string }) => x.label_text)).toEqual(['Note', 'Level']);

    const put = await a.client.request(
      'PUT',
      `/api/course/attributes/${level.id}?language=en`,
      levels({ type: 'multiselect', filterable: false }),
    );
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ type: 'multiselect', filterable: false });
    expect((await a.client.request('DELETE', `/api/course/attributes/${level.id}`)).statusCode).toBe(200);
    expect((await a.client.get(`/api/course/attributes/${level.id}`)).statusCode).toBe(404);
  });

  it('validate label per team language, type and options', async () => {
    const a = await owner(t.app);
    const res = await a.client.post('/api/course/attributes?language=en', {
      type: 'select',
      label: { de: 'Niveau' },
      options: [
        { value: 'a', label: { de: 'A', en: 'A' } },
        { value: 'A', label: { de: 'B', en: 'B' } },
        { value: '', label: { de: '' } },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'label.en': ['This field is required.'],
      'options.1.value': ['This value appears more than once.'],
      'options.2.label.de': ['This field is required.'],
      'options.2.label.en': ['This field is required.'],
    });
    const format = await a.client.post('/api/course/attributes?language=en', {
      type: 'select',
      label: { de: 'Niveau', en: 'Level' },
      options: [{ value: 'c d', label: { de: 'C', en: 'C' } }],
    });
    expect(format.json().errors).toEqual({ 'options.0.value': ['The format is invalid.'] });
    const none = await a.client.post('/api/course/attributes?language=fr', {
      type: 'multiselect',
      label: { de: 'X', en: 'X' },
      options: [],
    });
    expect(none.json().errors).toEqual({ options: ['Ce champ est obligatoire.'] });
    const type = await a.client.post('/api/course/attributes', { type: 'colour', label: { de: 'X', en: 'X' } });
    expect(Object.keys(type.json().errors)).toEqual(['type']);
  });

  it('keep their type while activities hold values; removed options leave the activities', async () => {
    const a = await owner(t.app);
    const level = await create(a, levels());
    const tags = await create(a, {
      type: 'multiselect',
      label: { de: 'Tags', en: 'Tags' },
      options: ['x', 'y', 'z'].map((v) => ({ value: v, label: { de: v, en: v } })),
    });
    const id = await activityWith(a, [{ attribute_id: level.id }, { attribute_id: tags.id }]);
    const saved = await a.client.request('PUT', `/api/courses/${id}/attributes`, {
      values: [
        { attribute_id: level.id, value: 'pro' },
        { attribute_id: tags.id, value: ['x', 'y'] },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await a.client.get(`/api/course/attributes/${level.id}`)).json().data.value_count).toBe(1);

    const retype = await a.client.request('PUT', `/api/course/attributes/${level.id}?language=en`, levels({ type: 'text' }));
    expect(retype.statusCode).toBe(422);
    expect(retype.json().errors).toEqual({ type: ['The type cannot be changed while activities have values for this attribute.'] });

    // Removing "pro" and "y": the select value goes, the multiselect keeps "x".
    const onlyBeginner = levels({ options: [{ value: 'anfanger', label: { de: 'Anfänger', en: 'Beginner' } }] });
    expect((await a.client.request('PUT', `/api/course/attributes/${level.id}`, onlyBeginner)).statusCode).toBe(200);
    const fewerTags = {
      type: 'multiselect',
      label: { de: 'Tags', en: 'Tags' },
      options: ['x', 'z'].map((v) => ({ value: v, label: { de: v, en: v } })),
    };
    expect((await a.client.request('PUT', `/api/course/attributes/${tags.id}`, fewerTags)).statusCode).toBe(200);
    expect(await storedValues(id)).toEqual({ [tags.id]: ['x'] });
    const onlyZ = { ...fewerTags, options: [{ value: 'z', label: { de: 'z', en: 'z' } }] };
    expect((await a.client.request('PUT', `/api/course/attributes/${tags.id}`, onlyZ)).statusCode).toBe(200);
    expect(await storedValues(id)).toEqual({});
    // Without values the type may change again.
    expect((await a.client.request('PUT', `/api/course/attributes/${level.id}`, levels({ type: 'text' }))).statusCode).toBe(200);
  });
});

describe('activity attribute values', () => {
  it('are read with the definitions of the type set and replaced, checked by type', async () => {
    const a = await owner(t.app);
    const level = await create(a, levels());
    const text = await create(a, { type: 'text', label: { de: 'Mitbringen', en: 'Bring' } });
    const num = await create(a, { type: 'number', label: { de: 'Dauer', en: 'Length' } });
    const bool = await create(a, { type: 'boolean', label: { de: 'Barrierefrei', en: 'Accessible' } });
    const date = await create(a, { type: 'date', label: { de: 'Ab', en: 'From' } });
    const id = await activityWith(a, [
      { attribute_id: level.id, required: true },
      { attribute_id: text.id },
      { attribute_id: num.id },
      { attribute_id: bool.id },
      { attribute_id: date.id },
    ]);
    const before = (await a.client.get(`/api/courses/${id}/attributes?language=en`)).json().data;
    expect(before.map((x: { attribute_id: number; value: unknown }) => [x.attribute_id, x.value])).toEqual(
      [level, text, num, bool, date].map((x) => [x.id, null]),
    );
    expect(before[0]).toMatchObject({ type: 'select', label_text: 'Level', required: true, filterable: true, sort: 0 });
    expect(before[0].options.map((o: { value: string }) => o.value)).toEqual(['anfanger', 'pro']);

    const bad = await a.client.request('PUT', `/api/courses/${id}/attributes?language=en`, {
      values: [
        { attribute_id: level.id, value: 'expert' },
        { attribute_id: text.id, value: 'x'.repeat(2001) },
        { attribute_id: num.id, value: 'viel' },
        { attribute_id: bool.id, value: 'vielleicht' },
        { attribute_id: date.id, value: '2026-02-30' },
      ],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      'values.0.value': ['This value is not allowed.'],
      'values.1.value': ['May not be longer than 2000 characters.'],
      'values.2.value': ['Please enter a number.'],
      'values.3.value': ['This value has the wrong type.'],
      'values.4.value': ['Please enter a valid date.'],
    });

    const ok = await a.client.request('PUT', `/api/courses/${id}/attributes?language=en`, {
      values: [
        { attribute_id: level.id, value: 'pro' },
        { attribute_id: text.id, value: { de: 'Matte' } },
        { attribute_id: num.id, value: '1,5' },
        { attribute_id: bool.id, value: 0 },
        { attribute_id: date.id, value: '2026-03-29' },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe('The attributes have been saved.');
    expect(ok.json().data.map((x: { value: unknown }) => x.value)).toEqual(['pro', { de: 'Matte', en: 'Matte' }, 1.5, false, '2026-03-29']);

    // Empty values clear, attributes left out are cleared too; the required one must stay.
    const cleared = await a.client.request('PUT', `/api/courses/${id}/attributes`, {
      values: [
        { attribute_id: level.id, value: 'anfanger' },
        { attribute_id: num.id, value: null },
        { attribute_id: date.id, value: '' },
      ],
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await storedValues(id)).toEqual({ [level.id]: 'anfanger' });
  });

  it('need the required attributes and refuse attributes outside the type set', async () => {
    const a = await owner(t.app);
    const level = await create(a, levels());
    const other = await create(a, { type: 'number', label: { de: 'Anderes', en: 'Other' } });
    const id = await activityWith(a, [{ attribute_id: level.id, required: true }]);
    const empty = await a.client.request('PUT', `/api/courses/${id}/attributes?language=en`, {
      values: [{ attribute_id: level.id, value: '' }],
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ 'values.0.value': ['This field is required.'] });
    const missing = await a.client.request('PUT', `/api/courses/${id}/attributes?language=en`, {
      values: [{ attribute_id: other.id, value: 3 }],
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      'values.0.attribute_id': ["This attribute does not belong to the activity's type set."],
      values: ['Level is required.'],
    });
    const twice = await a.client.request('PUT', `/api/courses/${id}/attributes`, {
      values: [
        { attribute_id: level.id, value: 'pro' },
        { attribute_id: level.id, value: 'pro' },
      ],
    });
    expect(Object.keys(twice.json().errors)).toEqual(['values.1.attribute_id']);
    expect(await storedValues(id)).toEqual({});
  });

  it('are read with nav.courses and written with course.edit; other companies get 404', async () => {
    const a = await owner(t.app);
    const level = await create(a, levels());
    const id = await activityWith(a, [{ attribute_id: level.id }]);
    const i = await staff(t.app, a.team, 'instructor');
    expect((await i.client.get(`/api/courses/${id}/attributes`)).statusCode).toBe(200);
    expect((await i.client.request('PUT', `/api/courses/${id}/attributes`, { values: [] })).statusCode).toBe(403);
    expect((await i.client.post('/api/course/attributes', levels())).statusCode).toBe(403);
    expect((await i.client.get('/api/course/attributes')).statusCode).toBe(403);
    expect((await i.client.request('PUT', `/api/course/attributes/${level.id}`, levels())).statusCode).toBe(403);
    expect((await i.client.request('DELETE', `/api/course/attributes/${level.id}`)).statusCode).toBe(403);
    const b = await owner(t.app);
    expect((await b.client.get(`/api/courses/${id}/attributes`)).statusCode).toBe(404);
    expect((await b.client.request('PUT', `/api/courses/${id}/attributes`, { values: [] })).statusCode).toBe(404);
    expect((await b.client.get(`/api/course/attributes/${level.id}`)).statusCode).toBe(404);
    // B's own activity with A's attribute: not in its type set.
    const bLevel = await create(b, levels());
    const bId = await activityWith(b, [{ attribute_id: bLevel.id }]);
    const res = await b.client.request('PUT', `/api/courses/${bId}/attributes`, { values: [{ attribute_id: level.id, value: 'pro' }] });
    expect(res.statusCode).toBe(422);
    const rows = await t.app.deps.db
      .select()
      .from(activityAttributeValues)
      .where(and(eq(activityAttributeValues.attributeId, level.id)));
    expect(rows).toEqual([]);
  });
});
