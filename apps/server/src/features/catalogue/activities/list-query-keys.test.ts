import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TeamFeatures } from '@bookla/shared';
import { activities, teams } from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { updateFeatures } from '../../teams/index.ts';
import { owner, type Staff } from '../../../test/factories.ts';

/**
 * Issue 7 item 1: user-chosen keys (list query strings, JSON bodies) must never write
 * `Object.prototype`. Each test compares the prototype's own names before and after, so any
 * pollution is caught; afterEach removes it again so the other tests are not affected.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PROTO = Object.prototype as unknown as Record<string, unknown>;
const CLEAN = new Set(Object.getOwnPropertyNames(Object.prototype));
const added = () => Object.getOwnPropertyNames(Object.prototype).filter((n) => !CLEAN.has(n));
afterEach(() => {
  for (const name of added()) delete PROTO[name];
});

const POISON = [
  '__proto__[status]=published',
  'constructor[prototype][status]=published',
  'constructor[prototype]=published',
  'columnFilters[__proto__][status]=x',
  'columnFilters[__proto__]=x',
  'sort[__proto__][field]=x',
  'sort[__proto__]=x',
  '__proto__[signed]=1',
  'prototype[status]=published',
];
const LISTS = ['/api/courses', '/api/course/type_sets/list', '/api/config/holidays'];

async function course(s: Staff): Promise<number> {
  const sets = (await s.client.get('/api/course/type_sets')).json().data as { id: number; kind: string }[];
  const set = sets.find((x) => x.kind === 'course')!;
  const res = await s.client.post('/api/course/store', { type_set_id: set.id, name: { de: 'Yoga DE', en: 'Yoga EN' } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().course_id;
}

describe('list query strings with prototype keys', () => {
  it.each(LISTS.flatMap((list) => POISON.map((query) => [list, query] as const)))(
    'GET %s?%s answers < 500 and leaves Object.prototype alone',
    async (list, query) => {
      const a = await owner(t.app);
      const res = await a.client.get(`${list}?${query}`);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(added()).toEqual([]);
      expect(({} as Record<string, unknown>).status).toBeUndefined();
      expect(({} as Record<string, unknown>).signed).toBeUndefined();
    },
  );

  it('still reads the real list keys (sort, columnFilters, page) after the unsafe ones are dropped', async () => {
    const a = await owner(t.app);
    await course(a);
    const res = await a.client.get('/api/courses?__proto__[status]=x&sort[field]=name&sort[type]=asc&columnFilters[name]=Yoga&perPage=5');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta).toMatchObject({ per_page: 5, total: 1 });
  });

  it('after every poisoned list request, new visitors can still write and a PUT without status keeps a draft', async () => {
    const a = await owner(t.app);
    const b = await owner(t.app);
    const draft = await course(b);
    for (const list of LISTS) for (const query of POISON) expect((await a.client.get(`${list}?${query}`)).statusCode).toBeLessThan(500);

    // A new visitor's XSRF cookie must be the plain token it echoes back (not signed → 419).
    const visitor = new TestClient(t.app);
    await visitor.csrf();
    const login = await visitor.post('/api/srl/login', { email: 'nobody@example.com', password: 'wrong password' });
    expect(login.statusCode, login.body).not.toBe(419);
    expect(login.statusCode).toBeLessThan(500);

    // Another team's draft stays a draft when its owner saves without `status`.
    const put = await b.client.request('PUT', `/api/courses/${draft}`, { capacity: 5 });
    expect(put.statusCode, put.body).toBe(200);
    const [row] = await t.app.deps.db.select({ status: activities.status }).from(activities).where(eq(activities.id, draft));
    expect(row!.status).toBe('draft');
    expect(added()).toEqual([]);
  });
});

describe('JSON bodies with prototype keys', () => {
  const raw = (client: TestClient, method: 'POST' | 'PUT', url: string, json: string) =>
    client.request(method, url, json, { 'content-type': 'application/json' });

  it('a "__proto__" or "constructor" key inside a translations map changes no prototype and answers 400/422', async () => {
    const a = await owner(t.app);
    const id = await course(a);
    const set = ((await a.client.get('/api/course/type_sets')).json().data as { id: number; kind: string }[])[0]!;
    const bodies = [
      `{"type_set_id":${set.id},"name":{"de":"A","en":"B","__proto__":{"status":"published"}}}`,
      `{"type_set_id":${set.id},"name":{"de":"A","en":"B","constructor":{"prototype":{"status":"published"}}}}`,
      `{"type_set_id":${set.id},"__proto__":{"status":"published"},"name":{"de":"A","en":"B"}}`,
    ];
    for (const body of bodies) {
      const res = await raw(a.client, 'POST', '/api/course/store', body);
      expect([400, 422], `${body} → ${res.statusCode} ${res.body}`).toContain(res.statusCode);
    }
    const put = await raw(a.client, 'PUT', `/api/courses/${id}`, '{"name":{"de":"A","en":"B","__proto__":{"status":"published"}}}');
    expect([400, 422]).toContain(put.statusCode);
    expect(added()).toEqual([]);
    expect(({} as Record<string, unknown>).status).toBeUndefined();
  });

  it('refuses a "constructor" key in a record body (names, products) with 422 instead of keeping it', async () => {
    const a = await owner(t.app);
    const set = ((await a.client.get('/api/course/type_sets')).json().data as { id: number; kind: string }[])[0]!;
    const store = await a.client.post('/api/course/store', { type_set_id: set.id, name: { de: 'A', en: 'B', constructor: 'x' } });
    expect(store.statusCode, store.body).toBe(422);
    expect(Object.keys(store.json().errors)).toEqual(['name']);

    const product = { name: { de: 'Matte', en: 'Mat' }, price: '5.00' };
    const ok = await a.client.post('/api/course/options', product);
    expect(ok.statusCode, ok.body).toBe(200);
    const bad = await a.client.post('/api/course/options', { ...product, constructor: 'x' });
    expect(bad.statusCode, bad.body).toBe(422);
    expect(added()).toEqual([]);
  });
});

describe('settings maps with prototype keys', () => {
  it('updateFeatures keeps only its own switches, never "constructor" or "toString"', async () => {
    const a = await owner(t.app);
    const changes = { constructor: true, toString: false, waiting_list: false } as unknown as Partial<TeamFeatures>;
    const features = await updateFeatures(t.app.deps.db, a.team.id, changes);
    expect(features).toEqual({ subscriptions: false, waiting_list: false, resources: true, embeds: true });
    const [row] = await t.app.deps.db.select({ features: teams.features }).from(teams).where(eq(teams.id, a.team.id));
    expect(Object.keys(row!.features as object)).not.toContain('constructor');
    expect(Object.keys(row!.features as object)).not.toContain('toString');
    expect(added()).toEqual([]);
  });
});
