import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityProducts, products } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { makeActivity, makeTicket, owner, staff, type Staff } from '../../../test/factories.ts';

let t: TestApp;
let a: Staff;
const db = () => t.app.deps.db;
const body = (extra: Record<string, unknown> = {}) => ({
  name: { de: 'Mittagessen', en: 'Lunch' },
  price: '18,50',
  tax_rate: '2.6',
  scope: 'participant',
  ...extra,
});
const create = async (extra: Record<string, unknown> = {}) => {
  const res = await a.client.post('/api/course/options', body(extra));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

beforeAll(async () => {
  t = await buildTestApp();
  a = await owner(t.app);
});
afterAll(() => t.close());

describe('products', () => {
  it('creates, reads, changes and deletes a product', async () => {
    const p = await create({ description: { de: 'Vegetarisch' }, max_per_order: 3, active: true });
    expect(p).toMatchObject({
      name: { de: 'Mittagessen', en: 'Lunch' },
      name_text: 'Mittagessen',
      description: { de: 'Vegetarisch', en: 'Vegetarisch' },
      price: 18.5,
      price_minor: 1850,
      currency: 'CHF',
      tax_rate: 2.6,
      stock: null,
      sold: 0,
      stock_available: null,
      scope: 'participant',
      min_per_order: 0,
      max_per_order: 3,
      active: true,
    });
    expect((await a.client.get(`/api/course/options/${p.id}`)).json().data.id).toBe(p.id);
    const put = await a.client.request('PUT', `/api/course/options/${p.id}`, body({ price: '0.1', stock: 12, active: false }));
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ price_minor: 10, price: 0.1, stock: 12, stock_available: 12, active: false });
    expect((await a.client.request('DELETE', `/api/course/options/${p.id}`)).statusCode).toBe(200);
    expect((await a.client.get(`/api/course/options/${p.id}`)).statusCode).toBe(404);
  });

  it('validates name, money, tax, stock and per-order limits (422)', async () => {
    const bad = await a.client.post('/api/course/options', {
      name: { en: 'Lunch' },
      price: '1.999',
      tax_rate: '7.777',
      stock: -2,
      min_per_order: -1,
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['min_per_order', 'name.de', 'price', 'stock', 'tax_rate']);
    // A value outside the enum is a wrong type: the route's schema refuses it on its own.
    const scope = await a.client.post('/api/course/options', body({ scope: 'team' }));
    expect(scope.statusCode).toBe(422);
    expect(Object.keys(scope.json().errors)).toEqual(['scope']);
    const limits = await a.client.post('/api/course/options', body({ min_per_order: 2, max_per_order: 1 }));
    expect(Object.keys(limits.json().errors)).toEqual(['max_per_order']);
  });

  it('keeps stock at or above sold, null = unlimited; refuses to delete a sold product', async () => {
    const p = await create({ stock: 10 });
    await db().update(products).set({ sold: 6 }).where(eq(products.id, p.id));
    const low = await a.client.request('PUT', `/api/course/options/${p.id}`, body({ stock: 5 }), { 'accept-language': 'fr' });
    expect(low.statusCode).toBe(422);
    expect(low.json().errors.stock).toEqual(['Le stock ne peut pas être inférieur aux 6 déjà vendus.']);
    const unlimited = await a.client.request('PUT', `/api/course/options/${p.id}`, body({ stock: null }));
    expect(unlimited.json().data).toMatchObject({ stock: null, sold: 6, stock_available: null });
    const del = await a.client.request('DELETE', `/api/course/options/${p.id}`);
    expect(del.statusCode).toBe(422);
    expect(await db().select().from(products).where(eq(products.id, p.id))).toHaveLength(1);
  });

  it('lists with the contract shape, search, filters and sort', async () => {
    const b = await owner(t.app);
    const mk = (name: string, price: string, active = true) =>
      b.client.post('/api/course/options', { name: { de: name, en: name }, price, active });
    await mk('Apfelsaft', '3.00');
    await mk('Brot', '5.50', false);
    await mk('Wasser 100%', '2.00');
    const all = (await b.client.get('/api/course/options?perPage=2&sort[field]=price&sort[type]=asc')).json();
    expect(all.meta).toMatchObject({ total: 3, per_page: 2, last_page: 2, current_page: 1 });
    expect(all.data.map((p: { name_text: string }) => p.name_text)).toEqual(['Wasser 100%', 'Apfelsaft']);
    const found = (await b.client.get('/api/course/options?search=100%25')).json();
    expect(found.data.map((p: { name_text: string }) => p.name_text)).toEqual(['Wasser 100%']);
    const inactive = (await b.client.get('/api/course/options?columnFilters[active]=0')).json();
    expect(inactive.data.map((p: { name_text: string }) => p.name_text)).toEqual(['Brot']);
    expect((await b.client.get('/api/course/options?page=abc&perPage=-5&sort[field]=nope')).statusCode).toBe(200);
  });

  it('needs nav.attributes, and answers 404 for another team’s product', async () => {
    const p = await create();
    const instructor = await staff(t.app, a.team, 'instructor');
    expect((await instructor.client.get('/api/course/options')).statusCode).toBe(403);
    const b = await owner(t.app);
    expect((await b.client.get(`/api/course/options/${p.id}`)).statusCode).toBe(404);
    expect((await b.client.request('PUT', `/api/course/options/${p.id}`, body({ price: '1' }))).statusCode).toBe(404);
    expect((await b.client.request('DELETE', `/api/course/options/${p.id}`)).statusCode).toBe(404);
    expect((await b.client.get('/api/course/options')).json().data).toEqual([]);
    const [row] = await db().select().from(products).where(eq(products.id, p.id));
    expect(row!.priceMinor).toBe(1850);
  });
});

describe('activity products', () => {
  it('replaces the products of an activity and lists them', async () => {
    const activity = await makeActivity(db(), a.team.id);
    const ticket = await makeTicket(db(), a.team.id, activity.id);
    const p1 = await create({ name: { de: 'Matte', en: 'Mat' } });
    const p2 = await create();
    const url = `/api/courses/${activity.id}/products`;
    const put = await a.client.request('PUT', url, {
      items: [
        { product_id: p1.id, ticket_ids: [ticket.id, ticket.id] },
        { product_id: p2.id, ticket_ids: [] },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    const list = (await a.client.get(url, { 'accept-language': 'en' })).json().data;
    expect(list).toEqual([
      { product_id: p1.id, name: 'Mat', price: 18.5, price_minor: 1850, currency: 'CHF', active: true, ticket_ids: [ticket.id] },
      { product_id: p2.id, name: 'Lunch', price: 18.5, price_minor: 1850, currency: 'CHF', active: true, ticket_ids: [] },
    ]);
    expect((await a.client.request('PUT', url, { items: [{ product_id: p2.id }] })).statusCode).toBe(200);
    expect((await a.client.get(url)).json().data.map((x: { product_id: number }) => x.product_id)).toEqual([p2.id]);
  });

  it('refuses products of another team, tickets of another activity and duplicates (422), changing nothing', async () => {
    const activity = await makeActivity(db(), a.team.id);
    const otherActivity = await makeActivity(db(), a.team.id);
    const foreignTicket = await makeTicket(db(), a.team.id, otherActivity.id);
    const mine = await create();
    const b = await owner(t.app);
    const theirs = (await b.client.post('/api/course/options', { name: { de: 'X', en: 'X' }, price: '1' })).json().data;
    const url = `/api/courses/${activity.id}/products`;
    await a.client.request('PUT', url, { items: [{ product_id: mine.id, ticket_ids: [] }] });
    const res = await a.client.request('PUT', url, {
      items: [
        { product_id: theirs.id, ticket_ids: [] },
        { product_id: mine.id, ticket_ids: [foreignTicket.id] },
        { product_id: mine.id, ticket_ids: [] },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['items.0.product_id', 'items.1.ticket_ids.0', 'items.2.product_id']);
    const rows = await db().select().from(activityProducts).where(eq(activityProducts.activityId, activity.id));
    expect(rows.map((r) => r.productId)).toEqual([mine.id]);
  });

  it('answers 404 for another team’s activity; instructors may read, not write', async () => {
    const activity = await makeActivity(db(), a.team.id);
    const url = `/api/courses/${activity.id}/products`;
    const b = await owner(t.app);
    expect((await b.client.get(url)).statusCode).toBe(404);
    expect((await b.client.request('PUT', url, { items: [] })).statusCode).toBe(404);
    const instructor = await staff(t.app, a.team, 'instructor');
    expect((await instructor.client.get(url)).statusCode).toBe(200);
    expect((await instructor.client.request('PUT', url, { items: [] })).statusCode).toBe(403);
  });
});
