import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teams, teamSellingSettings, tickets } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { inDays, makeActivity, makeReservation, makeSession, makeTicket, owner, staff, type Staff } from '../../../test/factories.ts';

let t: TestApp;
let a: Staff;
let activityId: number;
const db = () => t.app.deps.db;
const url = (suffix = '') => `/api/courses/${activityId}/tickets${suffix}`;
const body = (extra: Record<string, unknown> = {}) => ({
  name: { de: 'Erwachsene', en: 'Adults' },
  price: '25.00',
  stock: 20,
  tax_rate: '8.1',
  ...extra,
});

beforeAll(async () => {
  t = await buildTestApp();
  a = await owner(t.app);
  activityId = (await makeActivity(db(), a.team.id)).id;
});
afterAll(() => t.close());

describe('tickets: create and read', () => {
  it('creates a ticket and lists it with the reply fields of the docs', async () => {
    const res = await a.client.post(url(), body({ description: { de: 'Ab 16 Jahren' }, max_per_order: 4 }));
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json();
    expect(created.success).toBe(true);
    expect(created.message).toBe('Das Ticket wurde erstellt.');
    expect(created.data).toMatchObject({
      session_id: null,
      name: { de: 'Erwachsene', en: 'Adults' },
      description: { de: 'Ab 16 Jahren', en: 'Ab 16 Jahren' },
      price: 25,
      price_minor: 2500,
      currency: 'CHF',
      stock: 20,
      sold: 0,
      stock_reserved: 0,
      stock_available: 20,
      sale_start: null,
      sale_end: null,
      tax_rate: 8.1,
      min_per_order: 1,
      max_per_order: 4,
      visibility: 'public',
    });
    const list = await a.client.get(url());
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((x: { id: number }) => x.id)).toContain(created.data.id);
  });

  it('requires the name in every team language; an optional description is filled from the first', async () => {
    const missing = await a.client.post(url(), body({ name: { en: 'Children', fr: 'Enfants' } }));
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['name.de']);
    const ok = await a.client.post(url(), body({ name: { de: 'Kinder', en: 'Children' }, description: { de: 'Bis 12' } }));
    expect(ok.json().data).toMatchObject({ name: { de: 'Kinder', en: 'Children' }, description: { de: 'Bis 12', en: 'Bis 12' } });
  });

  it('reads prices exactly: comma or dot, no floating point', async () => {
    const cases: [unknown, number][] = [
      ['12,50', 1250],
      ['12.5', 1250],
      ['0.1', 10],
      ['0.2', 20],
      [0.3, 30],
      ['19.99', 1999],
      [1.15, 115],
      ['0', 0],
      ['100000', 10_000_000],
    ];
    const got: [unknown, number][] = [];
    for (const [price] of cases) {
      const res = await a.client.post(url(), body({ price }));
      expect(res.statusCode, `${String(price)}: ${res.body}`).toBe(200);
      got.push([price, res.json().data.price_minor]);
    }
    expect(got).toEqual(cases);
    const [p1, p2] = await Promise.all(['0.1', '0.2'].map(async (price) => (await a.client.post(url(), body({ price }))).json().data));
    expect(p1.price_minor + p2.price_minor).toBe(30);
    expect(p1.price).toBe(0.1);
  });

  it('refuses prices with more decimals than the currency, negative or not numbers (422, in the request language)', async () => {
    for (const price of ['12.505', '0.001', '-1', '1e3', 'abc', '', null, '12.50.1']) {
      const res = await a.client.post(url(), body({ price }), { 'accept-language': 'en' });
      expect(res.statusCode, String(price)).toBe(422);
      expect(res.json().errors.price, String(price)).toBeDefined();
    }
    const res = await a.client.post(url(), body({ price: '12.505' }), { 'accept-language': 'en' });
    expect(res.json().errors.price).toEqual(['Please enter an amount of 0 or more with at most 2 decimal places.']);
  });

  it('takes tax rates in percent with up to 2 decimals (basis points), defaulting to the default rate of the tax settings (0 % until registered for VAT)', async () => {
    const seven = await a.client.post(url(), body({ tax_rate: '7,70' }));
    expect(seven.json().data.tax_rate).toBe(7.7);
    const [row] = await db().select().from(tickets).where(eq(tickets.id, seven.json().data.id));
    expect(row!.taxRateBp).toBe(770);
    for (const tax_rate of ['8.123', '101', '-1', 'x']) {
      const res = await a.client.post(url(), body({ tax_rate }));
      expect(res.statusCode, tax_rate).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['tax_rate']);
    }
    // No tax settings saved yet: not registered for VAT (issue 22 item 1), so 0 %.
    expect((await a.client.post(url(), body({ tax_rate: undefined }))).json().data.tax_rate).toBe(0);
    // Registered for VAT: the default rate of the tax settings.
    await db()
      .insert(teamSellingSettings)
      .values({ teamId: a.team.id, chargesVat: true, vatNumber: 'CHE-116.281.710 MWST', defaultTaxRateBp: 260 });
    const defaulted = await a.client.post(url(), body({ tax_rate: null }));
    expect(defaulted.json().data.tax_rate).toBe(2.6);
    // A company that charges no VAT creates its tickets at 0 %.
    await db().update(teamSellingSettings).set({ chargesVat: false }).where(eq(teamSellingSettings.teamId, a.team.id));
    expect((await a.client.post(url(), body({ tax_rate: undefined }))).json().data.tax_rate).toBe(0);
  });

  it('checks stock, per-order limits, visibility and the sale window', async () => {
    const bad = await a.client.post(url(), body({ stock: -1, min_per_order: 0, sale_start: '2026-13-01T10:00', sale_end: 'soon' }));
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['min_per_order', 'sale_end', 'sale_start', 'stock']);
    // A value outside the enum is a wrong type: the route's schema refuses it on its own.
    const visibility = await a.client.post(url(), body({ visibility: 'secret' }));
    expect(visibility.statusCode).toBe(422);
    expect(Object.keys(visibility.json().errors)).toEqual(['visibility']);
    const maxBelowMin = await a.client.post(url(), body({ min_per_order: 3, max_per_order: 2 }));
    expect(Object.keys(maxBelowMin.json().errors)).toEqual(['max_per_order']);
    const endBeforeStart = await a.client.post(url(), body({ sale_start: '2030-05-01T10:00', sale_end: '2030-05-01T10:00' }));
    expect(Object.keys(endBeforeStart.json().errors)).toEqual(['sale_end']);
  });

  it('reads local sale times in the team zone and answers with the offset', async () => {
    const res = await a.client.post(url(), body({ sale_start: '2030-03-01T09:00', sale_end: '2030-07-01T18:30:00+02:00' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.sale_start).toBe('2030-03-01T09:00:00+01:00');
    expect(res.json().data.sale_end).toBe('2030-07-01T18:30:00+02:00');
    const [row] = await db().select().from(tickets).where(eq(tickets.id, res.json().data.id));
    expect(row!.saleStart!.toISOString()).toBe('2030-03-01T08:00:00.000Z');
  });

  it('allows a session only of this activity (drop-in / per-date tickets), for courses and events', async () => {
    const session = await makeSession(db(), a.team.id, activityId, inDays(3));
    const dropIn = await a.client.post(url(), body({ session_id: session.id }));
    expect(dropIn.json().data.session_id).toBe(session.id);
    const event = await makeActivity(db(), a.team.id, { kind: 'event' });
    const eventDate = await makeSession(db(), a.team.id, event.id, inDays(4));
    const perDate = await a.client.post(`/api/courses/${event.id}/tickets`, body({ session_id: eventDate.id }));
    expect(perDate.json().data.session_id).toBe(eventDate.id);
    const foreign = await a.client.post(url(), body({ session_id: eventDate.id }));
    expect(foreign.statusCode).toBe(422);
    expect(Object.keys(foreign.json().errors)).toEqual(['session_id']);
    const other = await owner(t.app);
    const theirs = await makeActivity(db(), other.team.id);
    const theirSession = await makeSession(db(), other.team.id, theirs.id, inDays(2));
    expect((await a.client.post(url(), body({ session_id: theirSession.id }))).statusCode).toBe(422);
  });

  it('computes reserved and available from live reservations only (expired ones do not count)', async () => {
    const ticket = await makeTicket(db(), a.team.id, activityId, { stock: 10, sold: 3 });
    await makeReservation(db(), a.team.id, ticket.id, 2, 10);
    await makeReservation(db(), a.team.id, ticket.id, 1, 1);
    await makeReservation(db(), a.team.id, ticket.id, 4, -1);
    const item = (await a.client.get(url())).json().data.find((x: { id: number }) => x.id === ticket.id);
    expect(item).toMatchObject({ stock: 10, sold: 3, stock_reserved: 3, stock_available: 4 });
    await makeReservation(db(), a.team.id, ticket.id, 9, 5);
    const over = (await a.client.get(url())).json().data.find((x: { id: number }) => x.id === ticket.id);
    expect(over).toMatchObject({ stock_reserved: 12, stock_available: 0 });
  });
});

describe('tickets: change and delete', () => {
  it('changes only the sent keys', async () => {
    const created = (await a.client.post(url(), body({ max_per_order: 5, visibility: 'hidden' }))).json().data;
    const res = await a.client.request('PUT', url(`/${created.id}`), { price: '30,05' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ price_minor: 3005, price: 30.05, max_per_order: 5, visibility: 'hidden', tax_rate: 8.1 });
    expect(res.json().message).toBe('Das Ticket wurde gespeichert.');
  });

  it('never lets stock go below sold (422) and refuses to delete a sold ticket (422)', async () => {
    const ticket = await makeTicket(db(), a.team.id, activityId, { stock: 10, sold: 4 });
    const low = await a.client.request('PUT', url(`/${ticket.id}`), { stock: 3 }, { 'accept-language': 'en' });
    expect(low.statusCode).toBe(422);
    expect(low.json().errors.stock).toEqual(['The stock may not be below the 4 seats already sold.']);
    expect((await a.client.request('PUT', url(`/${ticket.id}`), { stock: 4 })).json().data.stock_available).toBe(0);
    const del = await a.client.request('DELETE', url(`/${ticket.id}`), undefined, { 'accept-language': 'en' });
    expect(del.statusCode).toBe(422);
    expect(del.json().message).toContain('4 already sold');
    expect(await db().select().from(tickets).where(eq(tickets.id, ticket.id))).toHaveLength(1);
  });

  it('deletes an unsold ticket', async () => {
    const ticket = await makeTicket(db(), a.team.id, activityId);
    const res = await a.client.request('DELETE', url(`/${ticket.id}`));
    expect(res.statusCode).toBe(200);
    expect(await db().select().from(tickets).where(eq(tickets.id, ticket.id))).toHaveLength(0);
    expect((await a.client.request('DELETE', url(`/${ticket.id}`))).statusCode).toBe(404);
  });

  it('uses the team currency', async () => {
    const other = await owner(t.app);
    await db().update(teams).set({ currency: 'EUR' }).where(eq(teams.id, other.team.id));
    const mine = await makeActivity(db(), other.team.id);
    const res = await other.client.post(`/api/courses/${mine.id}/tickets`, body());
    expect(res.json().data.currency).toBe('EUR');
  });
});

describe('tickets: permissions and isolation', () => {
  it('lets instructors read but not write', async () => {
    const instructor = await staff(t.app, a.team, 'instructor');
    expect((await instructor.client.get(url())).statusCode).toBe(200);
    expect((await instructor.client.post(url(), body())).statusCode).toBe(403);
  });

  it('answers 404 for another team’s activity or ticket, and changes nothing', async () => {
    const b = await owner(t.app);
    const ticket = await makeTicket(db(), a.team.id, activityId, { stock: 7 });
    expect((await b.client.get(url())).statusCode).toBe(404);
    expect((await b.client.post(url(), body())).statusCode).toBe(404);
    expect((await b.client.request('PUT', url(`/${ticket.id}`), { stock: 1 })).statusCode).toBe(404);
    expect((await b.client.request('DELETE', url(`/${ticket.id}`))).statusCode).toBe(404);
    const bActivity = await makeActivity(db(), b.team.id);
    // A's ticket id under B's own activity: still not found.
    expect((await b.client.request('PUT', `/api/courses/${bActivity.id}/tickets/${ticket.id}`, { stock: 1 })).statusCode).toBe(404);
    expect((await b.client.request('DELETE', `/api/courses/${bActivity.id}/tickets/${ticket.id}`)).statusCode).toBe(404);
    const [row] = await db().select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row!.stock).toBe(7);
  });
});
