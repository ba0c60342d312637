import { zonedParts, zonedTimeToUtc } from '@bookla/shared/zoned-time';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, customers, discounts, orders, ticketReservations, tickets } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { makeActivity, makeSession, makeTicket } from '../../../test/factories.ts';
import { holderKey } from '../../catalogue/tickets/index.ts';
import { makeDiscount, makeShop, orderBody } from './checkout-fixtures.ts';
import { holdConfirmToken } from './hold-confirm.ts';
import { expireDueOrders, markOrderPaid } from './order-state.service.ts';
import { holdTimes, UNCONFIRMED_HOLD_MINUTES } from './place-order.service.ts';

/**
 * Issue 20 items 1 and 13: nobody holds an activity's seats as a weapon. The per-visitor share,
 * max per order after merging lines, bounded renewals, holds clipped to the first session, short
 * holds for unconfirmed invoice orders, and the activity's capacity across its tickets.
 * (Concurrency of the share and the capacity: hold-limits-races.test.ts on PostgreSQL.)
 */

let t: TestApp;
const db = () => t.app.deps.db;
const deps = () => ({ db: db(), config: t.app.deps.config });

beforeAll(async () => {
  t = await buildTestApp(process.env.DEBUG_LOG ? { logStream: process.stderr, config: { logLevel: 'error' } } : {});
});
afterAll(() => t.close());

let ipSeq = 0;
/** A fresh visitor address per test (IPv4 in TEST-NET-3), so no test counts another's holds. */
const newIp = () => `203.0.113.${++ipSeq}`;

const call = (method: 'POST' | 'DELETE', url: string, body: unknown, ip: string, lang = 'de') =>
  t.app.inject({ method, url, payload: body as object, remoteAddress: ip, headers: { 'accept-language': lang } });
const reserve = (teamId: number, items: unknown, ip: string, lang = 'de') =>
  call('POST', `/api/public/teams/${teamId}/reservations`, { items }, ip, lang);
const place = (teamId: number, body: unknown, ip: string, lang = 'de') =>
  call('POST', `/api/public/teams/${teamId}/orders`, body, ip, lang);

const orderRow = async (id: number | string) =>
  (
    await db()
      .select()
      .from(orders)
      .where(typeof id === 'number' ? eq(orders.id, id) : eq(orders.publicId, id))
  )[0]!;
const ticketRow = async (id: number) => (await db().select().from(tickets).where(eq(tickets.id, id)))[0]!;
const minutesFromNow = (d: Date | string | null) => (new Date(d!).getTime() - Date.now()) / 60_000;

describe('max per order after merging lines (item 1b)', () => {
  it('refuses a ticket named 7 × 10 times (merged: 70) and anything over the default of 10 per order', async () => {
    const shop = await makeShop(db());
    await db().update(tickets).set({ stock: 2000 }).where(eq(tickets.id, shop.ticket.id));
    const ip = newIp();
    // Seven lines of 10 of one ticket: each line within the default maximum, merged 70.
    const seven = Array.from({ length: 7 }, () => ({ ticket_id: shop.ticket.id, quantity: 10 }));
    const res = await reserve(shop.teamId, seven, ip, 'en');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ 'items.0.quantity': ['Please choose between 1 and 10.'] });
    // 7 × 100 (the 700 seats) is refused too, whichever rule sees it first.
    const hundreds = Array.from({ length: 7 }, () => ({ ticket_id: shop.ticket.id, quantity: 100 }));
    expect((await reserve(shop.teamId, hundreds, ip)).statusCode).toBe(422);
    // 6 + 5 of the same ticket: each line within 10, merged 11.
    const eleven = await reserve(
      shop.teamId,
      [
        { ticket_id: shop.ticket.id, quantity: 6 },
        { ticket_id: shop.ticket.id, quantity: 5 },
      ],
      ip,
    );
    expect(eleven.statusCode, eleven.body).toBe(422);
    expect(Object.keys(eleven.json().errors)).toEqual(['items.0.quantity']);
    const direct = await place(shop.teamId, orderBody(shop.ticket.id, 11), ip);
    expect(direct.statusCode, direct.body).toBe(422);
    expect(Object.keys(direct.json().errors)).toContain('items.0.quantity');
    expect((await ticketRow(shop.ticket.id)).sold).toBe(0);
    expect(await db().select().from(ticketReservations).where(eq(ticketReservations.ticketId, shop.ticket.id))).toEqual([]);
  });

  it('keeps a ticket’s own maximum when it has one', async () => {
    const shop = await makeShop(db());
    const group = await makeTicket(db(), shop.teamId, shop.activity.id, { stock: 100, maxPerOrder: 30 });
    await db().update(activities).set({ holdLimit: 50 }).where(eq(activities.id, shop.activity.id));
    expect((await reserve(shop.teamId, [{ ticket_id: group.id, quantity: 25 }], newIp())).statusCode).toBe(201);
  });
});

describe('one visitor holds a bounded share of an activity (item 1)', () => {
  it('an honest buyer books 4 seats at once', async () => {
    const shop = await makeShop(db());
    const res = await place(shop.teamId, orderBody(shop.ticket.id, 4), newIp());
    expect(res.statusCode, res.body).toBe(201);
    const row = await orderRow(res.json().order.id);
    expect(row.holderKey).toBe(holderKey(t.app.deps.config, '203.0.113.' + ipSeq));
    expect(row.holderEmail).toMatch(/^buyer-\d+@example\.com$/);
  });

  it('counts reservations and unpaid orders of one address against the default of 10 seats (409 HOLD_LIMIT in the request’s language)', async () => {
    const shop = await makeShop(db());
    await db().update(tickets).set({ stock: 100 }).where(eq(tickets.id, shop.ticket.id));
    const second = await makeTicket(db(), shop.teamId, shop.activity.id, { stock: 100 });
    const ip = newIp();
    expect((await reserve(shop.teamId, [{ ticket_id: shop.ticket.id, quantity: 4 }], ip)).statusCode).toBe(201);
    expect((await place(shop.teamId, orderBody(second.id, 4), ip)).statusCode).toBe(201);
    // 8 held: 3 more would be 11.
    for (const lang of ['de', 'en', 'fr'] as const) {
      const res = await reserve(shop.teamId, [{ ticket_id: second.id, quantity: 3 }], ip, lang);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'HOLD_LIMIT', limit: 10, held: 8 });
      expect(res.json().message).toMatch({ de: /Plätze/, en: /seats/, fr: /places/ }[lang]);
    }
    const direct = await place(shop.teamId, orderBody(second.id, 3), ip, 'fr');
    expect(direct.statusCode, direct.body).toBe(409);
    expect(direct.json()).toMatchObject({ code: 'HOLD_LIMIT', limit: 10, held: 8 });
    // Two more fit; another visitor is not affected at all.
    expect((await reserve(shop.teamId, [{ ticket_id: second.id, quantity: 2 }], ip)).statusCode).toBe(201);
    expect((await reserve(shop.teamId, [{ ticket_id: second.id, quantity: 10 }], newIp())).statusCode).toBe(201);
    // Nothing was taken by the refusals.
    expect((await ticketRow(second.id)).sold).toBe(4);
  });

  it('counts an IPv6 visitor by its /64, and an e-mail address across addresses (+tags and case ignored)', async () => {
    const shop = await makeShop(db());
    await db().update(tickets).set({ stock: 100 }).where(eq(tickets.id, shop.ticket.id));
    expect((await reserve(shop.teamId, [{ ticket_id: shop.ticket.id, quantity: 6 }], '2001:db8:1:2::1')).statusCode).toBe(201);
    const sameNet = await reserve(shop.teamId, [{ ticket_id: shop.ticket.id, quantity: 6 }], '2001:db8:1:2:ffff::9');
    expect(sameNet.statusCode).toBe(409);
    expect(sameNet.json().code).toBe('HOLD_LIMIT');
    const mail = (email: string) => orderBody(shop.ticket.id, 6, { customer: { firstname: 'A', lastname: 'B', email } });
    expect((await place(shop.teamId, mail('Mallory@Example.com'), newIp())).statusCode).toBe(201);
    const again = await place(shop.teamId, mail('mallory+2@example.com'), newIp());
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().code).toBe('HOLD_LIMIT');
  });

  it('paid orders do not count; the activity’s own limit applies when set', async () => {
    const shop = await makeShop(db());
    await db().update(tickets).set({ stock: 100 }).where(eq(tickets.id, shop.ticket.id));
    const ip = newIp();
    const first = await place(shop.teamId, orderBody(shop.ticket.id, 10), ip);
    expect(first.statusCode, first.body).toBe(201);
    expect((await place(shop.teamId, orderBody(shop.ticket.id, 1), ip)).json().code).toBe('HOLD_LIMIT');
    const paid = await orderRow(first.json().order.id);
    await markOrderPaid(deps(), { teamId: shop.teamId, orderId: paid.id, who: { actor: 'system' } });
    expect((await place(shop.teamId, orderBody(shop.ticket.id, 10), ip)).statusCode).toBe(201);
    await db().update(activities).set({ holdLimit: 12 }).where(eq(activities.id, shop.activity.id));
    expect((await place(shop.teamId, orderBody(shop.ticket.id, 2), ip)).statusCode).toBe(201);
    expect((await place(shop.teamId, orderBody(shop.ticket.id, 1), ip)).json()).toMatchObject({ code: 'HOLD_LIMIT', limit: 12 });
  });

  it('bounds renewals: releasing and reserving again counts within the hour (3 × the limit)', async () => {
    const shop = await makeShop(db());
    await db().update(tickets).set({ stock: 100 }).where(eq(tickets.id, shop.ticket.id));
    const ip = newIp();
    for (let round = 0; round < 3; round++) {
      const res = await reserve(shop.teamId, [{ ticket_id: shop.ticket.id, quantity: 10 }], ip);
      expect(res.statusCode, `round ${round}: ${res.body}`).toBe(201);
      expect((await call('DELETE', `/api/public/reservations/${res.json().token}`, undefined, ip)).statusCode).toBe(204);
    }
    const fourth = await reserve(shop.teamId, [{ ticket_id: shop.ticket.id, quantity: 1 }], ip);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().code).toBe('HOLD_LIMIT');
    // The released seats are free for everybody else.
    expect((await reserve(shop.teamId, [{ ticket_id: shop.ticket.id, quantity: 10 }], newIp())).statusCode).toBe(201);
  });
});

describe('no hold outlives the first booked session (item 1a, 1d)', () => {
  it('a reservation ends at the session’s start when that is sooner than its minutes', async () => {
    const shop = await makeShop(db());
    const session = await makeSession(db(), shop.teamId, shop.activity.id, new Date(Date.now() + 6 * 60_000));
    const perDate = await makeTicket(db(), shop.teamId, shop.activity.id, { sessionId: session.id });
    const res = await reserve(shop.teamId, [{ ticket_id: perDate.id, quantity: 1 }], newIp());
    expect(res.statusCode, res.body).toBe(201);
    expect(Date.parse(res.json().expires_at)).toBeLessThanOrEqual(session.startsAt.getTime());
  });

  it('an invoice is due at the latest the day before the first session; from an unconfirmed address the hold is 30 minutes', async () => {
    const shop = await makeShop(db(), { invoiceDueDays: 30 });
    const start = new Date(Date.now() + 5 * 86_400_000);
    await makeSession(db(), shop.teamId, shop.activity.id, start);
    const res = await place(shop.teamId, orderBody(shop.ticket.id, 2), newIp());
    expect(res.statusCode, res.body).toBe(201);
    const row = await orderRow(res.json().order.id);
    // At the end of the day before the session's day in the team's zone (issue 22 item 5).
    const day = zonedParts(start, 'Europe/Zurich');
    const startOfDay = zonedTimeToUtc({ year: day.year, month: day.month, day: day.day, hour: 0, minute: 0 }, 'Europe/Zurich');
    expect(row.invoiceDueAt).toEqual(new Date(startOfDay.getTime() - 1000));
    expect(minutesFromNow(row.holdUntil)).toBeGreaterThan(UNCONFIRMED_HOLD_MINUTES - 1);
    expect(minutesFromNow(row.holdUntil)).toBeLessThanOrEqual(UNCONFIRMED_HOLD_MINUTES + 0.1);
  });

  it('a confirmed customer account holds until the due date', async () => {
    const shop = await makeShop(db(), { invoiceDueDays: 14 });
    const body = orderBody(shop.ticket.id, 1);
    await db().insert(customers).values({
      teamId: shop.teamId,
      email: body.customer.email.toUpperCase(),
      firstname: 'A',
      lastname: 'B',
      language: 'de',
      emailVerifiedAt: new Date(),
    });
    const res = await place(shop.teamId, body, newIp());
    expect(res.statusCode, res.body).toBe(201);
    const row = await orderRow(res.json().order.id);
    expect(row.holdUntil!.getTime()).toBe(row.invoiceDueAt!.getTime());
    expect(minutesFromNow(row.invoiceDueAt) / 1440).toBeGreaterThan(13.9);
  });

  it('holdTimes: an invoice is due by the end of the day before the first session (issue 22 item 5); online payments end at the session', () => {
    const now = new Date('2026-12-01T10:00:00Z');
    const base = { now, status: 'waiting' as const, invoiceDueDays: 14, reservationMinutes: 15, timeZone: 'Europe/Zurich' };
    // The session on 4.12 (Zurich): due at the end of 3.12 there (UTC+1 in December).
    const dec4 = new Date('2026-12-04T09:00:00Z');
    const endOfDec3 = new Date('2026-12-03T22:59:59Z');
    expect(holdTimes({ ...base, method: 'invoice', firstSessionAt: dec4, confirmedAddress: true })).toEqual({
      holdUntil: endOfDec3,
      invoiceDueAt: endOfDec3,
    });
    expect(holdTimes({ ...base, method: 'invoice', firstSessionAt: dec4, confirmedAddress: false }).holdUntil).toEqual(
      new Date('2026-12-01T10:30:00Z'),
    );
    expect(holdTimes({ ...base, method: 'invoice', firstSessionAt: null, confirmedAddress: true }).invoiceDueAt).toEqual(
      new Date('2026-12-15T10:00:00Z'),
    );
    const in5 = new Date('2026-12-01T10:05:00Z');
    expect(holdTimes({ ...base, method: 'stripe', firstSessionAt: in5, confirmedAddress: false }).holdUntil).toEqual(in5);
    // A session within a day leaves no day to pay an invoice: the checkout refuses it before (invoice-due.test.ts).
    expect(() => holdTimes({ ...base, method: 'invoice', firstSessionAt: in5, confirmedAddress: false })).toThrow();
  });
});

describe('an unpaid order from an unconfirmed address releases its seats (item 1, 1c)', () => {
  it('expires after 30 minutes with its seats and its discount use, unless the mailed link is opened', async () => {
    const shop = await makeShop(db());
    const code = await makeDiscount(db(), shop.teamId, { code: `HOLD${Date.now()}`, maxUses: 2 });
    const ip = newIp();
    const a = await place(shop.teamId, orderBody(shop.ticket.id, 1, { discount_code: code.code }), ip);
    const b = await place(shop.teamId, orderBody(shop.ticket.id, 1, { discount_code: code.code }), ip);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const used = async () => (await db().select().from(discounts).where(eq(discounts.id, code.id)))[0]!.usedCount;
    expect(await used()).toBe(2);
    // B's customer opens the link of the mail: its hold runs to the due date.
    const bRow = await orderRow(b.json().order.id);
    const confirmUrl = (publicId: string, token: string, confirm: string) =>
      `/api/public/orders/${publicId}/confirm?token=${encodeURIComponent(token)}&confirm=${encodeURIComponent(confirm)}`;
    const bUrl = new URL(b.json().order_url);
    const publicId = bUrl.pathname.split('/').pop()!;
    const token = bUrl.searchParams.get('token')!;
    // The checkout's own link (known to whoever ordered) proves nothing: a wrong confirm key is 404.
    expect((await call('POST', confirmUrl(publicId, token, 'nope'), undefined, ip)).statusCode).toBe(404);
    expect((await orderRow(bRow.id)).holdUntil!.getTime()).toBe(bRow.holdUntil!.getTime());
    const ok = await call('POST', confirmUrl(publicId, token, holdConfirmToken(t.app.deps.config, bRow.publicId)), undefined, ip);
    expect(ok.statusCode, ok.body).toBe(204);
    expect((await orderRow(bRow.id)).holdUntil!.getTime()).toBe(bRow.invoiceDueAt!.getTime());
    // 30 minutes later (moved back in time): A expires, B holds on.
    const aRow = await orderRow(a.json().order.id);
    await db()
      .update(orders)
      .set({ holdUntil: sql`${orders.holdUntil} - interval '31 minutes'` })
      .where(and(eq(orders.teamId, shop.teamId), eq(orders.id, aRow.id)));
    expect(await expireDueOrders({ ...deps() })).toBeGreaterThanOrEqual(1);
    expect((await orderRow(aRow.id)).paymentStatus).toBe('expired');
    expect((await orderRow(bRow.id)).paymentStatus).toBe('waiting');
    expect(await used()).toBe(1);
    expect((await ticketRow(shop.ticket.id)).sold).toBe(1);
  });
});

describe('activity capacity across its tickets (item 13)', () => {
  it('capacity 1: 5 seats reserved → 409 SOLD_OUT; two tickets share the capacity in reservations and orders', async () => {
    const shop = await makeShop(db());
    await db().update(activities).set({ capacity: 1 }).where(eq(activities.id, shop.activity.id));
    const res = await reserve(shop.teamId, [{ ticket_id: shop.ticket.id, quantity: 5 }], newIp());
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'SOLD_OUT', available: 1 });

    const other = await makeActivity(db(), shop.teamId);
    await db().update(activities).set({ capacity: 5 }).where(eq(activities.id, other.id));
    const adult = await makeTicket(db(), shop.teamId, other.id, { stock: 5 });
    const child = await makeTicket(db(), shop.teamId, other.id, { stock: 5 });
    expect((await reserve(shop.teamId, [{ ticket_id: adult.id, quantity: 3 }], newIp())).statusCode).toBe(201);
    const over = await place(shop.teamId, orderBody(child.id, 3), newIp());
    expect(over.statusCode, over.body).toBe(409);
    expect(over.json()).toMatchObject({ code: 'SOLD_OUT', available: 2 });
    expect((await place(shop.teamId, orderBody(child.id, 2), newIp())).statusCode).toBe(201);
    const full = await reserve(shop.teamId, [{ ticket_id: adult.id, quantity: 1 }], newIp());
    expect(full.json()).toMatchObject({ code: 'SOLD_OUT', available: 0 });
    expect((await ticketRow(adult.id)).sold + (await ticketRow(child.id)).sold).toBe(2);
  });

  it('capacity counts per date: a full date leaves the other open; a ticket for the whole activity takes a seat on every date', async () => {
    const shop = await makeShop(db());
    const course = await makeActivity(db(), shop.teamId);
    await db().update(activities).set({ capacity: 2 }).where(eq(activities.id, course.id));
    const d1 = await makeSession(db(), shop.teamId, course.id, new Date(Date.now() + 2 * 86_400_000));
    const d2 = await makeSession(db(), shop.teamId, course.id, new Date(Date.now() + 3 * 86_400_000));
    const one = await makeTicket(db(), shop.teamId, course.id, { sessionId: d1.id });
    const two = await makeTicket(db(), shop.teamId, course.id, { sessionId: d2.id });
    const all = await makeTicket(db(), shop.teamId, course.id);
    expect((await place(shop.teamId, orderBody(one.id, 2), newIp())).statusCode).toBe(201);
    expect((await reserve(shop.teamId, [{ ticket_id: two.id, quantity: 1 }], newIp())).statusCode).toBe(201);
    // The whole course would need a seat on date 1, which is full.
    const whole = await reserve(shop.teamId, [{ ticket_id: all.id, quantity: 1 }], newIp());
    expect(whole.json()).toMatchObject({ code: 'SOLD_OUT', available: 0 });
    expect((await place(shop.teamId, orderBody(two.id, 1), newIp())).statusCode).toBe(201);
    expect((await place(shop.teamId, orderBody(two.id, 1), newIp())).json()).toMatchObject({ code: 'SOLD_OUT', available: 0 });
  });
});
