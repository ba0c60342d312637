import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hasTranslation } from '../../../lib/i18n.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { owner, staff, type Staff } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Reply = Awaited<ReturnType<TestClient['get']>>;
const json = (res: Reply) => res.json();

async function attribute(a: Staff, label: string) {
  const res = await a.client.post('/api/course/attributes', { type: 'text', label: { de: label, en: label } });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data.id as number;
}

async function field(a: Staff, label: string) {
  const res = await a.client.post('/api/course/fields', { type: 'text', label: { de: label, en: label } });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data.id as number;
}

async function typeSet(a: Staff, body: Record<string, unknown> = {}) {
  const res = await a.client.post('/api/course/type_sets', { name: { de: 'Workshop', en: 'Workshop' }, kind: 'course', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data as { id: number; kind: string };
}

async function course(a: Staff, typeSetId: number) {
  const res = await a.client.post('/api/course/store', { type_set_id: typeSetId, name: { de: 'Yoga', en: 'Yoga' } });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).course_id as number;
}

describe('type sets (setup)', () => {
  it('are created with attributes and fields in order, read, changed and deleted', async () => {
    const a = await owner(t.app);
    const [level, age] = [await attribute(a, 'Niveau'), await attribute(a, 'Alter')];
    const [allergies, diet] = [await field(a, 'Allergien'), await field(a, 'Ernährung')];
    const created = await a.client.post('/api/course/type_sets?language=en', {
      name: { de: 'Sommerlager' },
      kind: 'event',
      attributes: [{ attribute_id: age, required: true }, { attribute_id: level }],
      fields: [diet, allergies],
    });
    expect(created.statusCode, created.body).toBe(422);
    expect(Object.keys(json(created).errors)).toEqual(['name.en']);

    const ts = await typeSet(a, {
      kind: 'event',
      attributes: [{ attribute_id: age, required: true }, { attribute_id: level }],
      fields: [diet, allergies],
    });
    const read = json(await a.client.get(`/api/course/type_sets/${ts.id}?language=en`)).data;
    expect(read).toMatchObject({
      id: ts.id,
      name: { de: 'Workshop', en: 'Workshop' },
      name_text: 'Workshop',
      kind: 'event',
      activity_count: 0,
      attributes: [
        { attribute_id: age, required: true, sort: 0 },
        { attribute_id: level, required: false, sort: 1 },
      ],
      fields: [diet, allergies],
    });

    // PUT replaces the lists that are sent and keeps the others.
    const put = await a.client.request('PUT', `/api/course/type_sets/${ts.id}`, {
      name: { de: 'Lager', en: '' },
      attributes: [{ attribute_id: level, required: true }],
    });
    expect(put.statusCode, put.body).toBe(422);
    expect(Object.keys(json(put).errors)).toEqual(['name.en']);
    const put2 = await a.client.request('PUT', `/api/course/type_sets/${ts.id}`, {
      name: { de: 'Lager', en: 'Camp' },
      kind: 'course',
      attributes: [{ attribute_id: level, required: true }],
    });
    expect(put2.statusCode, put2.body).toBe(200);
    expect(json(put2).data).toMatchObject({
      kind: 'course',
      attributes: [{ attribute_id: level, required: true }],
      fields: [diet, allergies],
    });
    const put3 = await a.client.request('PUT', `/api/course/type_sets/${ts.id}`, { name: { de: 'Lager', en: 'Camp' }, fields: [] });
    expect(json(put3).data.fields).toEqual([]);

    const list = json(await a.client.get('/api/course/type_sets/list?search=lag&language=de'));
    expect(list.meta.total).toBe(1);
    expect(list.data[0]).toMatchObject({ id: ts.id, name_text: 'Lager', attribute_count: 1, field_count: 0, activity_count: 0 });

    const other = await typeSet(a);
    expect((await a.client.request('DELETE', `/api/course/type_sets/${ts.id}`)).statusCode).toBe(200);
    expect((await a.client.get(`/api/course/type_sets/${ts.id}`)).statusCode).toBe(404);
    // The attributes and fields themselves stay.
    expect((await a.client.get(`/api/course/attributes/${level}`)).statusCode).toBe(200);
    expect((await a.client.get(`/api/course/fields/${diet}`)).statusCode).toBe(200);
    // The last one stays (the team's default type sets go first).
    const rest = json(await a.client.get('/api/course/type_sets')).data as { id: number }[];
    for (const r of rest.filter((r) => r.id !== other.id)) {
      expect((await a.client.request('DELETE', `/api/course/type_sets/${r.id}`)).statusCode).toBe(200);
    }
    const last = await a.client.request('DELETE', `/api/course/type_sets/${other.id}?language=en`);
    expect(last.statusCode).toBe(422);
    expect(json(last).message).toBe('The last type set cannot be deleted.');
  });

  it('list with counts in a constant number of queries, sorted and paged', async () => {
    const a = await owner(t.app);
    // An older team gets its defaults on first look.
    const firstRes = await a.client.get('/api/course/type_sets/list?language=en');
    expect(firstRes.statusCode, firstRes.body).toBe(200);
    const first = json(firstRes);
    expect(first.data.map((s: { name_text: string }) => s.name_text)).toEqual(['Course', 'Event']);
    const [courseSet] = first.data as { id: number }[];
    const attr = await attribute(a, 'Niveau');
    const f = await field(a, 'Allergien');
    await a.client.request('PUT', `/api/course/type_sets/${courseSet!.id}`, {
      name: { de: 'Kurs', en: 'Course' },
      attributes: [{ attribute_id: attr }],
      fields: [f],
    });
    await course(a, courseSet!.id);
    await course(a, courseSet!.id);
    const list = json(await a.client.get('/api/course/type_sets/list?language=en&sort[field]=name&sort[type]=desc&perPage=1'));
    expect(list.meta).toMatchObject({ total: 2, per_page: 1, last_page: 2 });
    expect(list.data).toEqual([expect.objectContaining({ name_text: 'Event', attribute_count: 0, activity_count: 0 })]);
    const page2 = json(await a.client.get('/api/course/type_sets/list?language=en&sort[field]=name&sort[type]=desc&perPage=1&page=2'));
    expect(page2.data[0]).toMatchObject({ id: courseSet!.id, attribute_count: 1, field_count: 1, activity_count: 2 });
    expect((await a.client.get('/api/course/type_sets/list?sort[field]=bogus&perPage=x')).statusCode).toBe(200);

    const client = (t.app.deps.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const spy = vi.spyOn(client, 'query');
    const queries = async () => {
      spy.mockClear();
      const res = await a.client.get('/api/course/type_sets/list?perPage=50');
      return { n: spy.mock.calls.length, items: res.json().data.length as number };
    };
    const small = await queries();
    for (let i = 0; i < 4; i++) await typeSet(a, { name: { de: `T${i}`, en: `T${i}` }, attributes: [{ attribute_id: attr }], fields: [f] });
    const large = await queries();
    spy.mockRestore();
    expect([small.items, large.items]).toEqual([2, 6]);
    expect(small.n).toBeGreaterThanOrEqual(2);
    expect(large.n).toBe(small.n);
  });

  it('keep their kind and stay while activities use them', async () => {
    const a = await owner(t.app);
    const ts = await typeSet(a);
    await typeSet(a, { name: { de: 'Zweiter', en: 'Second' } });
    await course(a, ts.id);
    const kind = await a.client.request('PUT', `/api/course/type_sets/${ts.id}?language=en`, { name: { de: 'W', en: 'W' }, kind: 'event' });
    expect(kind.statusCode).toBe(422);
    expect(json(kind).errors).toEqual({ kind: ['The kind cannot be changed while activities use this type set.'] });
    // The same kind, or none, is fine.
    expect(
      (await a.client.request('PUT', `/api/course/type_sets/${ts.id}`, { name: { de: 'W', en: 'W' }, kind: 'course' })).statusCode,
    ).toBe(200);
    const del = await a.client.request('DELETE', `/api/course/type_sets/${ts.id}?language=de`);
    expect(del.statusCode).toBe(422);
    expect(json(del).message).toBe('Dieser Typ wird von 1 Aktivitäten verwendet und kann nicht gelöscht werden.');
    expect((await a.client.get(`/api/course/type_sets/${ts.id}`)).statusCode).toBe(200);
  });

  it("refuse attributes and fields that are not the company's, and ids given twice", async () => {
    const a = await owner(t.app);
    const b = await owner(t.app);
    const mine = await attribute(a, 'Mein');
    const theirs = await attribute(b, 'Fremd');
    const theirField = await field(b, 'Fremd');
    const res = await a.client.post('/api/course/type_sets', {
      name: { de: 'X', en: 'X' },
      kind: 'course',
      attributes: [{ attribute_id: mine }, { attribute_id: theirs }, { attribute_id: mine }],
      fields: [theirField, 2_000_000_000],
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(json(res).errors).sort()).toEqual([
      'attributes.1.attribute_id',
      'attributes.2.attribute_id',
      'fields.0',
      'fields.1',
    ]);
    const bad = await a.client.post('/api/course/type_sets', { name: { de: 'X', en: 'X' }, kind: 'workshop', fields: ['abc'] });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(json(bad).errors).sort()).toEqual(['fields.0', 'kind']);
  });

  it("clear activities' values of attributes they no longer have", async () => {
    const a = await owner(t.app);
    const [keep, drop] = [await attribute(a, 'Bleibt'), await attribute(a, 'Geht')];
    const ts = await typeSet(a, { attributes: [{ attribute_id: keep }, { attribute_id: drop }] });
    const id = await course(a, ts.id);
    const values = [
      { attribute_id: keep, value: 'eins' },
      { attribute_id: drop, value: 'zwei' },
    ];
    expect((await a.client.request('PUT', `/api/courses/${id}/attributes`, { values })).statusCode).toBe(200);
    const put = await a.client.request('PUT', `/api/course/type_sets/${ts.id}`, {
      name: { de: 'W', en: 'W' },
      attributes: [{ attribute_id: keep }],
    });
    expect(put.statusCode, put.body).toBe(200);
    const after = json(await a.client.get(`/api/courses/${id}/attributes`)).data;
    expect(after.map((x: { attribute_id: number; value: unknown }) => [x.attribute_id, x.value])).toEqual([
      [keep, { de: 'eins', en: 'eins' }],
    ]);
    expect(json(await a.client.get(`/api/course/attributes/${drop}`)).data.value_count).toBe(0);
    // Sending no attribute list keeps them.
    await a.client.request('PUT', `/api/course/type_sets/${ts.id}`, { name: { de: 'W', en: 'W' } });
    expect(json(await a.client.get(`/api/course/attributes/${keep}`)).data.value_count).toBe(1);
  });

  it('are documented in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/api/docs')).json() as {
      paths: Record<string, Record<string, { summary?: string; tags?: string[] }>>;
    };
    const expected: [string, string[]][] = [
      ['/api/course/type_sets/list', ['get']],
      ['/api/course/type_sets', ['post']],
      ['/api/course/type_sets/{id}', ['get', 'put', 'delete']],
      ['/api/course/attributes', ['get', 'post']],
      ['/api/course/attributes/{id}', ['get', 'put', 'delete']],
      ['/api/course/fields', ['get', 'post']],
      ['/api/course/fields/{id}', ['get', 'put', 'delete']],
      ['/api/courses/{id}/attributes', ['get', 'put']],
      ['/api/courses/{id}/fields', ['get', 'put']],
    ];
    for (const [path, methods] of expected) {
      for (const method of methods) {
        expect(doc.paths[path]?.[method]?.summary, `${method} ${path}`).toBeTruthy();
        expect(doc.paths[path]![method]!.tags, `${method} ${path}`).toEqual(['catalogue setup']);
      }
    }
  });

  it('are managed with nav.attributes: instructors may not, editors may', async () => {
    const a = await owner(t.app);
    const ts = await typeSet(a);
    const i = await staff(t.app, a.team, 'instructor');
    expect((await i.client.get('/api/course/type_sets/list')).statusCode).toBe(403);
    expect((await i.client.get(`/api/course/type_sets/${ts.id}`)).statusCode).toBe(403);
    expect((await i.client.post('/api/course/type_sets', { name: { de: 'X', en: 'X' }, kind: 'course' })).statusCode).toBe(403);
    expect((await i.client.request('PUT', `/api/course/type_sets/${ts.id}`, { name: { de: 'X', en: 'X' } })).statusCode).toBe(403);
    expect((await i.client.request('DELETE', `/api/course/type_sets/${ts.id}`)).statusCode).toBe(403);
    const e = await staff(t.app, a.team, 'editor');
    expect((await e.client.get(`/api/course/type_sets/${ts.id}`)).statusCode).toBe(200);
    expect((await new TestClient(t.app).get('/api/course/type_sets/list')).statusCode).toBe(401);
  });
});

describe('setup texts', () => {
  it('cover every setup: key the code uses', () => {
    const used = new Set<string>();
    for (const file of readdirSync(import.meta.dirname).filter(
      (f) => /^(type-sets|attributes|fields|setup)\.\w+\.ts$/.test(f) && !f.endsWith('.test.ts'),
    )) {
      for (const m of readFileSync(join(import.meta.dirname, file), 'utf8').matchAll(/'(setup:[\w.]+)'/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(25);
    expect([...used].filter((k) => !hasTranslation(k))).toEqual([]);
  });
});
