import type { PaymentStatus } from '@bookla/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discounts, orders, teams } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { loginAs, makeActivity, owner, staff, type Staff } from '../../../test/factories.ts';
import { discountProblem, eligibleForDiscount, resolveDiscountForCheckout, returnDiscountUse, takeDiscountUse } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    // A stand-in for the order placement: the refusal as a client sees it (422, request language).
    extend: (app) => {
      app.get('/__test/discount/:teamId/:code', async (request) => {
        const { teamId, code } = request.params as { teamId: string; code: string };
        const d = await resolveDiscountForCheckout(app.deps.db, Number(teamId), code, [1]);
        return { id: d.id };
      });
    },
  });
});
afterAll(() => t.close());

const body = (extra: Record<string, unknown> = {}) => ({
  code: 'SOMMER10',
  name: 'Sommeraktion',
  type: 'percent',
  value: '10.5',
  active: true,
  ...extra,
});

async function create(a: Staff, extra: Record<string, unknown> = {}) {
  const res = await a.client.post('/api/discounts', body(extra));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; code: string; used_count: number };
}

let orderNumber = 0;
/** An order row that used the discount (only what revenue reads). */
async function orderWith(teamId: number, discountId: number | null, totalMinor: number, paymentStatus: PaymentStatus) {
  await t.app.deps.db.insert(orders).values({
    teamId,
    number: ++orderNumber,
    firstname: 'Anna',
    lastname: 'Muster',
    email: 'anna@example.com',
    language: 'de',
    currency: 'CHF',
    paymentType: 'invoice',
    paymentStatus,
    subtotalMinor: totalMinor,
    totalMinor,
    discountId,
    discountCode: discountId ? 'X' : null,
  });
}

describe('discounts (back office)', () => {
  it('are created, read, listed, changed and deleted; values stored exactly', async () => {
    const a = await owner(t.app);
    const res = await a.client.post('/api/discounts?language=en', body());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('The discount code has been created.');
    const d = res.json().data;
    expect(d).toMatchObject({
      code: 'SOMMER10',
      name: 'Sommeraktion',
      type: 'percent',
      value: 10.5,
      currency: 'CHF',
      max_uses: null,
      used_count: 0,
      valid_from: null,
      valid_until: null,
      activity_ids: [],
      active: true,
      revenue: 0,
    });
    expect(d.created_at).toMatch(/[+-]\d{2}:\d{2}$/);
    const [stored] = await t.app.deps.db.select().from(discounts).where(eq(discounts.id, d.id));
    expect(stored!.value).toBe(1050);

    const fixed = await create(a, { code: 'fix20', type: 'fixed', value: '20,05', max_uses: 5 });
    const [storedFixed] = await t.app.deps.db.select().from(discounts).where(eq(discounts.id, fixed.id));
    expect(storedFixed!.value).toBe(2005);
    expect((await a.client.get(`/api/discounts/${fixed.id}`)).json().data).toMatchObject({ type: 'fixed', value: 20.05, max_uses: 5 });

    const activity = await makeActivity(t.app.deps.db, a.team.id);
    const put = await a.client.request('PUT', `/api/discounts/${d.id}?language=de`, {
      code: 'Sommer-12',
      type: 'fixed',
      value: 12,
      valid_from: '2026-06-01T00:00',
      valid_until: '2026-08-31T23:59',
      activity_ids: [activity.id, activity.id],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().message).toBe('Der Rabattcode wurde gespeichert.');
    expect(put.json().data).toMatchObject({
      code: 'Sommer-12',
      // Left out: kept.
      name: 'Sommeraktion',
      active: true,
      type: 'fixed',
      value: 12,
      valid_from: '2026-06-01T00:00:00+02:00',
      valid_until: '2026-08-31T23:59:00+02:00',
      activity_ids: [activity.id],
    });
    // name null clears it; active false deactivates.
    const cleared = await a.client.request('PUT', `/api/discounts/${d.id}`, {
      code: 'Sommer-12',
      type: 'fixed',
      value: 12,
      name: null,
      active: false,
    });
    expect(cleared.json().data).toMatchObject({ name: null, active: false, activity_ids: [activity.id] });

    const del = await a.client.request('DELETE', `/api/discounts/${d.id}?language=en`);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().message).toBe('The discount code has been deleted.');
    expect((await a.client.get(`/api/discounts/${d.id}`)).statusCode).toBe(404);
    expect((await a.client.request('DELETE', `/api/discounts/${d.id}`)).statusCode).toBe(404);
  });

  it('validate every rule with a 422 on the field, in the request language', async () => {
    const a = await owner(t.app);
    const b = await owner(t.app);
    const foreign = await makeActivity(t.app.deps.db, b.team.id);
    const mine = await makeActivity(t.app.deps.db, a.team.id);
    await create(a, { code: 'TAKEN' });

    const errors = async (extra: Record<string, unknown>, lang = 'en') => {
      const res = await a.client.post(`/api/discounts?language=${lang}`, body(extra));
      expect(res.statusCode, res.body).toBe(422);
      return res.json().errors as Record<string, string[]>;
    };
    expect(await errors({ code: 'taken' })).toEqual({ code: ['This code already exists in your company.'] });
    expect((await errors({ code: 'x' })).code).toEqual(['Use 2 to 40 letters, digits, - or _, starting with a letter or digit.']);
    expect(Object.keys(await errors({ code: 'mit leerzeichen' }))).toEqual(['code']);
    for (const value of ['0', '100.01', '101', '-5', '12.345', 'abc', 0])
      expect(Object.keys(await errors({ value })), String(value)).toEqual(['value']);
    expect((await errors({ value: '0' })).value).toEqual([
      'Please enter a percentage greater than 0 and at most 100, with at most 2 decimal places.',
    ]);
    expect((await a.client.post('/api/discounts', body({ code: 'FULL', value: '100' }))).statusCode).toBe(200);
    for (const value of ['0', '0.00', '-1', '1.234', 'zwanzig', '1000000.01'])
      expect(Object.keys(await errors({ type: 'fixed', value })), value).toEqual(['value']);
    expect((await errors({ type: 'fixed', value: '0' }, 'de')).value).toEqual([
      'Bitte geben Sie einen Betrag grösser als 0 mit höchstens 2 Nachkommastellen ein.',
    ]);
    expect((await errors({ valid_from: '2026-06-02T00:00', valid_until: '2026-06-01T00:00' })).valid_until).toEqual([
      'The end of validity must be after its start.',
    ]);
    expect(Object.keys(await errors({ valid_from: '2026-06-01T10:00', valid_until: '2026-06-01T10:00' }))).toEqual(['valid_until']);
    expect(Object.keys(await errors({ valid_from: '2026-02-30T10:00' }))).toEqual(['valid_from']);
    expect(await errors({ activity_ids: [mine.id, foreign.id] })).toEqual({
      activity_ids: ['This activity does not exist in your company.'],
    });
    expect(Object.keys(await errors({ max_uses: 0 }))).toEqual(['max_uses']);
    expect(Object.keys(await errors({ type: 'gratis' }))).toEqual(['type']);
    expect(Object.keys(await errors({ unknown: 1 })).length).toBe(1);
    // Several problems: one 422 names them all.
    expect(Object.keys(await errors({ code: 'TAKEN', value: '0', activity_ids: [foreign.id] })).sort()).toEqual([
      'activity_ids',
      'code',
      'value',
    ]);
    // Hostile input never 500s.
    for (const hostile of [null, [], 'x', { code: { $ne: 1 } }, { ...body(), value: { a: 1 } }, { ...body(), activity_ids: ['1'] }]) {
      const res = await a.client.post('/api/discounts', hostile);
      expect(res.statusCode, JSON.stringify(hostile)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(hostile)).toBeLessThan(500);
    }
  });

  it('keep max_uses at or above the uses counted, and refuse to delete a used code (409)', async () => {
    const a = await owner(t.app);
    const d = await create(a, { code: 'THREE', max_uses: 3 });
    const db = t.app.deps.db;
    expect(await takeDiscountUse(db, a.team.id, d.id)).toBe(true);
    expect(await takeDiscountUse(db, a.team.id, d.id)).toBe(true);
    const low = await a.client.request('PUT', `/api/discounts/${d.id}?language=en`, body({ code: 'THREE', max_uses: 1 }));
    expect(low.statusCode).toBe(422);
    expect(low.json().errors).toEqual({ max_uses: ['The maximum may not be below the 2 uses already counted.'] });
    const same = await a.client.request('PUT', `/api/discounts/${d.id}`, body({ code: 'THREE', max_uses: 2 }));
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().data).toMatchObject({ max_uses: 2, used_count: 2 });

    const del = await a.client.request('DELETE', `/api/discounts/${d.id}?language=en`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('This discount code has already been used 2 times and cannot be deleted. Deactivate it instead.');
    expect((await a.client.get(`/api/discounts/${d.id}`)).statusCode).toBe(200);
    // Uses given back (orders cancelled before payment): deletable again.
    await returnDiscountUse(db, a.team.id, d.id);
    await returnDiscountUse(db, a.team.id, d.id);
    await returnDiscountUse(db, a.team.id, d.id);
    expect((await a.client.get(`/api/discounts/${d.id}`)).json().data.used_count).toBe(0);
    expect((await a.client.request('DELETE', `/api/discounts/${d.id}`)).statusCode).toBe(200);
  });

  it('show the revenue of paid, free and partially refunded orders that used the code', async () => {
    const a = await owner(t.app);
    const d = await create(a, { code: 'REV' });
    const other = await create(a, { code: 'OTHER' });
    await orderWith(a.team.id, d.id, 9000, 'paid');
    await orderWith(a.team.id, d.id, 0, 'free');
    await orderWith(a.team.id, d.id, 1050, 'partially-refunded');
    for (const status of ['waiting', 'cancelled', 'expired', 'refunded', 'declined', 'error'] as const)
      await orderWith(a.team.id, d.id, 7777, status);
    await orderWith(a.team.id, other.id, 500, 'paid');
    await orderWith(a.team.id, null, 12345, 'paid');
    expect((await a.client.get(`/api/discounts/${d.id}`)).json().data.revenue).toBe(100.5);
    const list = (await a.client.get('/api/discounts?sort[field]=code&sort[type]=asc')).json();
    expect(list.data.map((x: { code: string; revenue: number }) => [x.code, x.revenue])).toEqual([
      ['OTHER', 5],
      ['REV', 100.5],
    ]);
    // An unused code that a cancelled order references can go: the order keeps its code, the link is dropped.
    const gone = await create(a, { code: 'GONE' });
    await orderWith(a.team.id, gone.id, 100, 'cancelled');
    expect((await a.client.request('DELETE', `/api/discounts/${gone.id}`)).statusCode).toBe(200);
    const [kept] = await t.app.deps.db.select().from(orders).where(eq(orders.number, orderNumber));
    expect(kept).toMatchObject({ discountId: null, discountCode: 'X' });
  });

  it('list with sorting, filters and pages (newest first by default)', async () => {
    const a = await owner(t.app);
    const db = t.app.deps.db;
    for (const [i, code] of ['alpha', 'Bravo', 'charlie', 'delta', 'ECHO'].entries()) {
      const d = await create(a, { code, name: i % 2 ? `Name ${code}` : null, active: code !== 'delta', value: String(i + 1) });
      await db
        .update(discounts)
        .set({ createdAt: new Date(Date.UTC(2026, 0, i + 1)) })
        .where(eq(discounts.id, d.id));
    }
    const codes = async (query: string) => {
      const res = await a.client.get(`/api/discounts${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((x: { code: string }) => x.code);
    };
    expect(await codes('')).toEqual(['ECHO', 'delta', 'charlie', 'Bravo', 'alpha']);
    expect(await codes('?sort[field]=code&sort[type]=asc')).toEqual(['alpha', 'Bravo', 'charlie', 'delta', 'ECHO']);
    expect(await codes('?sort[field]=code&sort[type]=desc')).toEqual(['ECHO', 'delta', 'charlie', 'Bravo', 'alpha']);
    expect(await codes('?sort[field]=active&sort[type]=asc&perPage=1')).toEqual(['delta']);
    expect(await codes('?columnFilters[code]=A')).toEqual(['delta', 'charlie', 'Bravo', 'alpha']);
    expect(await codes('?columnFilters[name]=name')).toEqual(['delta', 'Bravo']);
    expect(await codes('?columnFilters[active]=0')).toEqual(['delta']);
    expect(await codes('?columnFilters[active]=1&columnFilters[code]=e')).toEqual(['ECHO', 'charlie']);
    expect(await codes('?columnFilters[code]=%25')).toEqual([]);
    const page = (await a.client.get('/api/discounts?perPage=2&page=2&sort[field]=code&sort[type]=asc')).json();
    expect(page.data.map((x: { code: string }) => x.code)).toEqual(['charlie', 'delta']);
    expect(page.meta).toMatchObject({ current_page: 2, last_page: 3, per_page: 2, from: 3, to: 4, total: 5 });
    // Malformed query values fall back to the defaults.
    expect(await codes('?sort[field]=revenue;drop&sort[type]=sideways&page=x&perPage=abc&columnFilters[active]=maybe')).toEqual([
      'ECHO',
      'delta',
      'charlie',
      'Bravo',
      'alpha',
    ]);
  });

  it('of another team are not found; instructors may not manage them', async () => {
    const a = await owner(t.app);
    const b = await owner(t.app);
    const d = await create(a, { code: 'MINE' });
    expect((await b.client.get(`/api/discounts/${d.id}`)).statusCode).toBe(404);
    expect((await b.client.request('PUT', `/api/discounts/${d.id}`, body())).statusCode).toBe(404);
    expect((await b.client.request('DELETE', `/api/discounts/${d.id}`)).statusCode).toBe(404);
    expect((await b.client.get('/api/discounts')).json().meta.total).toBe(0);
    // Codes are unique per team only.
    expect((await b.client.post('/api/discounts', body({ code: 'mine' }))).statusCode).toBe(200);
    expect((await a.client.get(`/api/discounts/${d.id}`)).json().data.code).toBe('MINE');
    const i = await staff(t.app, a.team, 'instructor');
    expect((await i.client.get('/api/discounts')).statusCode).toBe(403);
    expect((await i.client.get(`/api/discounts/${d.id}`)).statusCode).toBe(403);
    expect((await i.client.post('/api/discounts', body({ code: 'NEW' }))).statusCode).toBe(403);
    expect((await i.client.request('DELETE', `/api/discounts/${d.id}`)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/discounts' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('discount at checkout', () => {
  const refusal = async (promise: Promise<unknown>) => {
    const err = (await promise.then(
      () => null,
      (e: unknown) => e,
    )) as { status?: number; fields?: Record<string, string[]> } | null;
    expect(err, 'expected a refusal').not.toBeNull();
    expect(err!.status).toBe(422);
    return err!.fields;
  };

  it('resolves a code case-insensitively and refuses each reason on discount_code', async () => {
    const a = await owner(t.app);
    const db = t.app.deps.db;
    const yoga = await makeActivity(db, a.team.id);
    const pilates = await makeActivity(db, a.team.id);
    const hour = 3600_000;
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    await create(a, { code: 'Open' });
    await create(a, { code: 'OFF', active: false });
    await create(a, { code: 'SOON', valid_from: iso(now + hour) });
    await create(a, { code: 'PAST', valid_from: iso(now - 2 * hour), valid_until: iso(now - hour) });
    await create(a, { code: 'WINDOW', valid_from: iso(now - hour), valid_until: iso(now + hour) });
    const once = await create(a, { code: 'ONCE', max_uses: 1 });
    await create(a, { code: 'YOGA', activity_ids: [yoga.id] });
    const other = await owner(t.app);
    await create(other, { code: 'FOREIGN' });

    const open = await resolveDiscountForCheckout(db, a.team.id, ' open ', [yoga.id]);
    expect(open).toMatchObject({ code: 'Open', type: 'percent', value: 1050 });
    expect((await resolveDiscountForCheckout(db, a.team.id, 'window', [pilates.id])).code).toBe('WINDOW');
    expect((await resolveDiscountForCheckout(db, a.team.id, 'OPEN', [])).code).toBe('Open');
    expect((await resolveDiscountForCheckout(db, a.team.id, 'YOGA', [pilates.id, yoga.id])).code).toBe('YOGA');

    // Anonymous callers get one answer whatever the reason (issue 20 item 4); staff see the reason.
    const refused = { discount_code: ['discounts:checkout.invalid'] };
    const reason = async (code: string, ids = [yoga.id]) => {
      const answer = await refusal(resolveDiscountForCheckout(db, a.team.id, code, ids));
      expect(answer).toEqual(refused);
      const [row] = await db
        .select()
        .from(discounts)
        .where(and(eq(discounts.teamId, a.team.id), sql`lower(${discounts.code}) = lower(${code.trim()})`));
      return discountProblem(row, ids);
    };
    expect(await reason('NOPE')).toBe('invalid');
    expect(await reason('')).toBe('invalid');
    expect(await reason('off')).toBe('invalid');
    expect(await reason('FOREIGN')).toBe('invalid');
    expect(await reason('soon')).toBe('not_yet_valid');
    expect(await reason('past')).toBe('expired');
    expect(await reason('yoga', [pilates.id])).toBe('not_for_activities');
    expect(await reason('yoga', [])).toBe('not_for_activities');
    expect((await resolveDiscountForCheckout(db, a.team.id, 'once', [yoga.id])).id).toBe(once.id);
    expect(await takeDiscountUse(db, a.team.id, once.id)).toBe(true);
    expect(await reason('ONCE')).toBe('used_up');
  });

  it('answers its refusals as one 422 on discount_code in the request language, whatever the reason', async () => {
    const a = await owner(t.app);
    await create(a, { code: 'OLD', valid_from: '2020-01-01T00:00', valid_until: '2020-02-01T00:00' });
    const ask = (code: string, lang: string) =>
      t.app.inject({ method: 'GET', url: `/__test/discount/${a.team.id}/${code}?language=${lang}` });
    const expired = await ask('old', 'de');
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors).toEqual({ discount_code: ['Dieser Rabattcode ist ungültig.'] });
    expect((await ask('NOPE', 'de')).json().errors).toEqual({ discount_code: ['Dieser Rabattcode ist ungültig.'] });
    expect((await ask('NOPE', 'fr')).json().errors).toEqual({ discount_code: ['Ce code de réduction n’est pas valable.'] });
    expect((await ask('NOPE', 'en')).json().errors).toEqual({ discount_code: ['This discount code is not valid.'] });
  });

  it('counts uses up to max_uses and never above, and gives them back', async () => {
    const a = await owner(t.app);
    const db = t.app.deps.db;
    const d = await create(a, { code: 'FIVE', max_uses: 5 });
    const results: boolean[] = [];
    for (let i = 0; i < 7; i++) results.push(await db.transaction((tx) => takeDiscountUse(tx, a.team.id, d.id)));
    expect(results).toEqual([true, true, true, true, true, false, false]);
    const count = async () => (await db.select().from(discounts).where(eq(discounts.id, d.id)))[0]!.usedCount;
    expect(await count()).toBe(5);
    // A use taken in a transaction that rolls back is not counted.
    await returnDiscountUse(db, a.team.id, d.id);
    await db
      .transaction(async (tx) => {
        expect(await takeDiscountUse(tx, a.team.id, d.id)).toBe(true);
        throw new Error('rollback');
      })
      .catch(() => {});
    expect(await count()).toBe(4);
    // The use given back can be taken once more, then max_uses holds again.
    expect(await takeDiscountUse(db, a.team.id, d.id)).toBe(true);
    expect(await takeDiscountUse(db, a.team.id, d.id)).toBe(false);
    expect(await count()).toBe(5);
    // Unlimited codes count on; another team's id counts nothing; giving back never goes below 0.
    const free = await create(a, { code: 'ENDLESS' });
    for (let i = 0; i < 3; i++) expect(await takeDiscountUse(db, a.team.id, free.id)).toBe(true);
    const b = await owner(t.app);
    expect(await takeDiscountUse(db, b.team.id, free.id)).toBe(false);
    await returnDiscountUse(db, b.team.id, free.id);
    expect((await db.select().from(discounts).where(eq(discounts.id, free.id)))[0]!.usedCount).toBe(3);
    const zero = await create(a, { code: 'ZERO' });
    await returnDiscountUse(db, a.team.id, zero.id);
    expect((await db.select().from(discounts).where(eq(discounts.id, zero.id)))[0]!.usedCount).toBe(0);
  });

  it('applies to the items of its activities only (all when none are chosen)', async () => {
    const a = await owner(t.app);
    const db = t.app.deps.db;
    const all = await create(a, { code: 'ALL' });
    const some = await create(a, { code: 'SOME', activity_ids: [(await makeActivity(db, a.team.id)).id] });
    const [allRow] = await db.select().from(discounts).where(eq(discounts.id, all.id));
    const [someRow] = await db.select().from(discounts).where(eq(discounts.id, some.id));
    expect(eligibleForDiscount(allRow!, 123)).toBe(true);
    expect(eligibleForDiscount(allRow!, null)).toBe(true);
    expect(eligibleForDiscount(someRow!, someRow!.activityIds[0]!)).toBe(true);
    expect(eligibleForDiscount(someRow!, someRow!.activityIds[0]! + 1)).toBe(false);
    expect(eligibleForDiscount(someRow!, null)).toBe(false);
  });

  it('states fixed amounts in the team currency', async () => {
    const a = await owner(t.app);
    await t.app.deps.db.update(teams).set({ currency: 'EUR' }).where(eq(teams.id, a.team.id));
    const b = await loginAs(t.app, a.user.email);
    const d = (await b.post('/api/discounts', body({ code: 'EURO', type: 'fixed', value: '7.5' }))).json().data;
    expect(d).toMatchObject({ currency: 'EUR', value: 7.5 });
  });
});
