import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { owner, staff, type Staff } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Body = Record<string, unknown>;
const label = (de: string, en = de) => ({ de, en });

async function create(a: Staff, body: Body): Promise<{ id: number } & Body> {
  const res = await a.client.post('/api/course/fields?language=en', { label: label('Feld', 'Field'), ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const put = (a: Staff, id: number, body: Body) =>
  a.client.request('PUT', `/api/course/fields/${id}?language=en`, { label: label('Feld', 'Field'), ...body });

const choice = (type: 'select' | 'multiselect', ...values: string[]) => ({
  type,
  options: values.map((value) => ({ value, label: label(value) })),
});

describe('booking fields', () => {
  it('are created, read, listed, changed and deleted', async () => {
    const a = await owner(t.app);
    const created = await create(a, {
      type: 'select',
      label: label('T-Shirt-Grösse', 'T-shirt size'),
      help: { de: 'Für das Lager-T-Shirt' },
      options: [{ label: label('S') }, { label: label('M') }],
      scope: 'participant',
      required: true,
    });
    expect(created).toMatchObject({
      type: 'select',
      label_text: 'T-shirt size',
      help: { de: 'Für das Lager-T-Shirt' },
      help_text: 'Für das Lager-T-Shirt',
      options: [
        { value: 's', label_text: 'S' },
        { value: 'm', label_text: 'M' },
      ],
      scope: 'participant',
      required: true,
      visible_if: null,
    });
    const email = await create(a, { type: 'email', label: label('Rechnungs-E-Mail', 'Billing e-mail'), scope: 'order' });
    expect(email).toMatchObject({ scope: 'order', required: false, options: [] });
    expect((await a.client.get(`/api/course/fields/${created.id}`)).json().data.label).toEqual(label('T-Shirt-Grösse', 'T-shirt size'));
    const list = (await a.client.get('/api/course/fields?language=en&search=mail')).json();
    expect(list.meta.total).toBe(1);
    expect(list.data[0]).toMatchObject({ id: email.id, label_text: 'Billing e-mail' });
    const changed = await put(a, email.id, { type: 'phone', scope: 'participant' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ type: 'phone', scope: 'participant' });
    expect((await a.client.request('DELETE', `/api/course/fields/${email.id}`)).statusCode).toBe(200);
    expect((await a.client.get(`/api/course/fields/${email.id}`)).statusCode).toBe(404);
  });

  it('validate label, type, scope and options', async () => {
    const a = await owner(t.app);
    const res = await a.client.post('/api/course/fields?language=en', { type: 'multiselect', label: { de: 'X' }, options: [] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'label.en': ['This field is required.'], options: ['This field is required.'] });
    const bad = await a.client.post('/api/course/fields', { type: 'signature', scope: 'team', label: label('X') });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['scope', 'type']);
  });

  describe('conditions (visible_if)', () => {
    it('name a choice or checkbox field of the company, with values among its options', async () => {
      const a = await owner(t.app);
      const size = await create(a, choice('select', 's', 'm'));
      const consent = await create(a, { type: 'checkbox' });
      const text = await create(a, { type: 'text' });
      const ok = await create(a, { type: 'text', visible_if: { field_id: size.id, values: ['m'] } });
      expect(ok.visible_if).toEqual({ field_id: size.id, values: ['m'] });
      const checkbox = await create(a, { type: 'text', visible_if: { field_id: consent.id, values: ['1'] } });
      expect(checkbox.visible_if).toEqual({ field_id: consent.id, values: ['1'] });
      const any = await create(a, { type: 'text', visible_if: { field_id: size.id } });
      expect(any.visible_if).toEqual({ field_id: size.id, values: [] });

      const wrong = await a.client.post('/api/course/fields?language=en', {
        type: 'text',
        label: label('X'),
        visible_if: { field_id: size.id, values: ['m', 'xl'] },
      });
      expect(wrong.json().errors).toEqual({ 'visible_if.values.1': ['This value is not an option of the condition field.'] });
      const notChecked = await a.client.post('/api/course/fields', {
        type: 'text',
        label: label('X'),
        visible_if: { field_id: consent.id, values: ['yes'] },
      });
      expect(Object.keys(notChecked.json().errors)).toEqual(['visible_if.values.0']);
      const onText = await a.client.post('/api/course/fields?language=en', {
        type: 'text',
        label: label('X'),
        visible_if: { field_id: text.id, values: [] },
      });
      expect(onText.json().errors).toEqual({
        'visible_if.field_id': ['Only select, multi-select and checkbox fields can be conditions.'],
      });
      const b = await owner(t.app);
      const foreign = await b.client.post('/api/course/fields?language=en', {
        type: 'text',
        label: label('X'),
        visible_if: { field_id: size.id, values: [] },
      });
      expect(foreign.statusCode).toBe(422);
      expect(foreign.json().errors).toEqual({ 'visible_if.field_id': ['This booking field does not exist in your company.'] });
    });

    it('may not name the field itself or close a circle (A → B → A, and longer)', async () => {
      const a = await owner(t.app);
      const first = await create(a, { type: 'checkbox' });
      const second = await create(a, { type: 'checkbox', visible_if: { field_id: first.id, values: ['1'] } });
      const third = await create(a, { type: 'checkbox', visible_if: { field_id: second.id, values: ['1'] } });
      const self = await put(a, first.id, { type: 'checkbox', visible_if: { field_id: first.id, values: ['1'] } });
      expect(self.json().errors).toEqual({ 'visible_if.field_id': ['A field cannot depend on itself.'] });
      const short = await put(a, first.id, { type: 'checkbox', visible_if: { field_id: second.id, values: ['1'] } });
      expect(short.json().errors).toEqual({ 'visible_if.field_id': ['These conditions would depend on each other in a circle.'] });
      const long = await put(a, first.id, { type: 'checkbox', visible_if: { field_id: third.id, values: ['1'] } });
      expect(long.statusCode).toBe(422);
      // Re-pointing a field along the chain is fine: 3 → 1 directly.
      expect((await put(a, third.id, { type: 'checkbox', visible_if: { field_id: first.id, values: ['1'] } })).statusCode).toBe(200);
      // Now 2 and 3 both depend on 1; 1 → 3 would still be a circle, 2 → 3 is not.
      expect((await put(a, first.id, { type: 'checkbox', visible_if: { field_id: third.id, values: ['1'] } })).statusCode).toBe(422);
      expect((await put(a, second.id, { type: 'checkbox', visible_if: { field_id: third.id, values: ['1'] } })).statusCode).toBe(200);
    });

    it('keep fitting: a condition field cannot lose the options or type others depend on', async () => {
      const a = await owner(t.app);
      const size = await create(a, choice('select', 's', 'm', 'l'));
      const dependent = await create(a, {
        type: 'text',
        label: label('Hinweis', 'Note'),
        visible_if: { field_id: size.id, values: ['m'] },
      });
      const fewer = await put(a, size.id, choice('select', 's', 'l'));
      expect(fewer.json().errors).toEqual({ options: ["These fields depend on this field's options: Note."] });
      const retyped = await put(a, size.id, { type: 'text' });
      expect(Object.keys(retyped.json().errors)).toEqual(['type']);
      expect((await put(a, size.id, choice('multiselect', 'm', 'xl'))).statusCode).toBe(200);

      const del = await a.client.request('DELETE', `/api/course/fields/${size.id}?language=en`);
      expect(del.statusCode).toBe(422);
      expect(del.json()).toEqual({
        message: 'This booking field cannot be deleted because these fields depend on it: Note.',
        errors: { id: ['These fields depend on it: Note.'] },
      });
      expect((await a.client.get(`/api/course/fields/${size.id}`)).statusCode).toBe(200);
      expect((await put(a, dependent.id, { type: 'text', label: label('Hinweis', 'Note'), visible_if: null })).statusCode).toBe(200);
      expect((await a.client.request('DELETE', `/api/course/fields/${size.id}`)).statusCode).toBe(200);
    });
  });

  it('are managed with nav.attributes; other companies get 404', async () => {
    const a = await owner(t.app);
    const f = await create(a, { type: 'text' });
    const i = await staff(t.app, a.team, 'instructor');
    expect((await i.client.get('/api/course/fields')).statusCode).toBe(403);
    expect((await i.client.post('/api/course/fields', { type: 'text', label: label('X') })).statusCode).toBe(403);
    expect((await i.client.request('PUT', `/api/course/fields/${f.id}`, { type: 'text', label: label('X') })).statusCode).toBe(403);
    expect((await i.client.request('DELETE', `/api/course/fields/${f.id}`)).statusCode).toBe(403);
    const b = await owner(t.app);
    expect((await b.client.get(`/api/course/fields/${f.id}`)).statusCode).toBe(404);
    expect((await put(b, f.id, { type: 'text' })).statusCode).toBe(404);
    expect((await b.client.request('DELETE', `/api/course/fields/${f.id}`)).statusCode).toBe(404);
  });
});

describe('activity fields', () => {
  async function setup() {
    const a = await owner(t.app);
    const [name, diet, shirt, phone] = [
      await create(a, { type: 'text', label: label('Name') }),
      await create(a, { type: 'text', label: label('Ernährung', 'Diet') }),
      await create(a, { type: 'text', label: label('T-Shirt') }),
      await create(a, { type: 'phone', label: label('Telefon', 'Phone') }),
    ];
    const ts = await a.client.post('/api/course/type_sets', { name: label('Lager', 'Camp'), kind: 'event', fields: [diet.id, name.id] });
    expect(ts.statusCode, ts.body).toBe(200);
    const course = await a.client.post('/api/course/store', { type_set_id: ts.json().data.id, name: label('Sommerlager') });
    return { a, id: course.json().course_id as number, typeSetId: ts.json().data.id as number, name, diet, shirt, phone };
  }

  it("are the type set's fields, then the activity's own extra ones", async () => {
    const { a, id, name, diet, shirt, phone } = await setup();
    const before = (await a.client.get(`/api/courses/${id}/fields?language=en`)).json().data;
    expect(before.type_set.map((f: { id: number }) => f.id)).toEqual([diet.id, name.id]);
    expect(before.type_set[0]).toMatchObject({ label_text: 'Diet', type: 'text', visible_if: null });
    expect(before.extra).toEqual([]);
    const saved = await a.client.request('PUT', `/api/courses/${id}/fields?language=en`, { field_ids: [phone.id, shirt.id] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe('The booking fields have been saved.');
    expect(saved.json().data.extra.map((f: { id: number }) => f.id)).toEqual([phone.id, shirt.id]);
    expect((await a.client.get(`/api/courses/${id}/fields`)).json().data.extra.map((f: { id: number }) => f.id)).toEqual([
      phone.id,
      shirt.id,
    ]);
    expect((await a.client.request('PUT', `/api/courses/${id}/fields`, { field_ids: [] })).json().data.extra).toEqual([]);
  });

  it('refuse fields of the type set, twice, or of another company', async () => {
    const { a, id, name, shirt } = await setup();
    const b = await owner(t.app);
    const foreign = await create(b, { type: 'text' });
    const res = await a.client.request('PUT', `/api/courses/${id}/fields?language=en`, {
      field_ids: [name.id, shirt.id, shirt.id, foreign.id],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'field_ids.0': ['This field is already asked through the type set.'],
      'field_ids.2': ['This value appears more than once.'],
      'field_ids.3': ['This booking field does not exist in your company.'],
    });
    expect((await a.client.get(`/api/courses/${id}/fields`)).json().data.extra).toEqual([]);
  });

  it('are read with nav.courses and written with course.edit; other companies get 404', async () => {
    const { a, id, shirt } = await setup();
    const i = await staff(t.app, a.team, 'instructor');
    expect((await i.client.get(`/api/courses/${id}/fields`)).statusCode).toBe(200);
    expect((await i.client.request('PUT', `/api/courses/${id}/fields`, { field_ids: [shirt.id] })).statusCode).toBe(403);
    const b = await owner(t.app);
    expect((await b.client.get(`/api/courses/${id}/fields`)).statusCode).toBe(404);
    expect((await b.client.request('PUT', `/api/courses/${id}/fields`, { field_ids: [] })).statusCode).toBe(404);
  });
});
