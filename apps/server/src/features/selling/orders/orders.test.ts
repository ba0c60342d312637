import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails, orderEvents, orders, payments, tickets } from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { makeActivity, makeTicket, owner, staff, type Staff } from '../../../test/factories.ts';
import { makeOrder } from '../../../test/selling-factories.ts';

/** Orders in the back office: the list (spec §7), one order, recording a payment, cancelling. */

let t: TestApp;
let boss: Staff;
let teamId: number;
let ticketId: number;
const db = () => t.app.deps.db;
const ids = new Map<number, number>();
/** The id of the order with this number. */
const id = (n: number): number => ids.get(n)!;

async function sold(): Promise<number> {
  const [row] = await db().select({ sold: tickets.sold }).from(tickets).where(eq(tickets.id, ticketId));
  return row!.sold;
}

async function statusOf(id: number) {
  const [row] = await db().select({ status: orders.paymentStatus }).from(orders).where(eq(orders.id, id));
  return row!.status;
}

const listOf = async (query = '') => {
  const res = await boss.client.get(`/api/orders${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const numbers = async (query = '') => (await listOf(query)).data.map((o: { number: number }) => o.number);

beforeAll(async () => {
  t = await buildTestApp();
  boss = await owner(t.app, { firstname: 'Olivia' });
  teamId = boss.team.id;
  const activity = await makeActivity(db(), teamId, { name: { de: 'Yoga am Morgen', en: 'Morning yoga' } });
  ticketId = (await makeTicket(db(), teamId, activity.id, { priceMinor: 3000, stock: 50, taxRateBp: 810 })).id;
  // Numbers 1…12; a few with names, companies and statuses to filter and sort by.
  for (let i = 1; i <= 12; i++) {
    const status = i === 3 || i === 7 ? 'waiting' : i === 5 ? 'cancelled' : 'paid';
    const { order } = await makeOrder(db(), teamId, {
      ticketId,
      paymentStatus: status,
      email: i === 4 ? 'zora.kunde@example.org' : `kunde${i}@example.com`,
      participants: Array.from({ length: i === 9 ? 3 : 1 }, (_, k) => ({ firstname: 'Teil', lastname: `Nehmer ${k}` })),
    });
    ids.set(i, order.id);
    if (i === 6) await db().update(orders).set({ lastname: 'Aebischer', company: 'Bergbahnen AG' }).where(eq(orders.id, order.id));
    if (i === 8) await db().update(orders).set({ firstname: 'Xaver', lastname: 'Zürcher' }).where(eq(orders.id, order.id));
  }
});
afterAll(() => t.close());

describe('GET /api/orders', () => {
  it('lists 10 per page, newest first, as Order objects with the list meta', async () => {
    const body = await listOf();
    expect(body.data.map((o: { number: number }) => o.number)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(body.meta).toMatchObject({ current_page: 1, last_page: 2, per_page: 10, total: 12, from: 1, to: 10 });
    const nine = body.data.find((o: { number: number }) => o.number === 9);
    expect(nine).toMatchObject({
      id: id(9),
      currency: 'CHF',
      payment_status: 'paid',
      total: 90,
      order_items: [{ name: 'Yoga am Morgen – Eintritt', quantity: 3, price: 30, participants: [{}, {}, {}] }],
    });
    expect((await listOf('?language=en')).data[3].order_items[0].name).toBe('Morning yoga – Admission');
    expect(await numbers('?page=2')).toEqual([2, 1]);
  });

  it('sorts by the whitelisted fields only', async () => {
    expect(await numbers('?sort[field]=number&sort[type]=asc&perPage=3')).toEqual([1, 2, 3]);
    expect((await numbers('?sort[field]=total&sort[type]=desc&perPage=1'))[0]).toBe(9);
    expect((await numbers('?sort[field]=lastname&sort[type]=asc&perPage=1'))[0]).toBe(6);
    expect((await numbers('?sort[field]=lastname&sort[type]=desc&perPage=1'))[0]).toBe(8);
    expect(await numbers('?sort[field]=payment_status&sort[type]=asc&perPage=2')).toEqual([5, 1]);
    // Not whitelisted: 422 (order-admin.test.ts checks the messages).
    expect((await boss.client.get('/api/orders?sort[field]=email;drop&perPage=2')).statusCode).toBe(422);
  });

  it('filters by payment status and searches number, name, e-mail and company', async () => {
    expect(await numbers('?columnFilters[payment_status]=waiting')).toEqual([7, 3]);
    expect(await numbers('?columnFilters[payment_status]=waiting,cancelled')).toEqual([7, 5, 3]);
    expect(await numbers('?columnFilters[payment_status]=nonsense')).toEqual([]);
    expect(await numbers('?columnFilters[search]=zora')).toEqual([4]);
    expect(await numbers('?columnFilters[search]=bergbahnen')).toEqual([6]);
    expect(await numbers('?columnFilters[search]=Xaver%20Z%C3%BCrcher')).toEqual([8]);
    expect(await numbers('?columnFilters[search]=aebischer')).toEqual([6]);
    expect(await numbers('?columnFilters[search]=%2311')).toEqual([11]);
    expect(await numbers('?columnFilters[search]=kunde1&columnFilters[payment_status]=paid')).toEqual([12, 11, 10, 1]);
    expect(await numbers('?columnFilters[search]=%25')).toEqual([]);
  });

  it('never fails on malformed queries', async () => {
    for (const q of ['?page=abc&perPage=-4', '?perPage=100000', '?sort=x', '?columnFilters=x', '?columnFilters[__proto__]=1', '?page=99']) {
      const res = await boss.client.get(`/api/orders${q}`);
      expect(res.statusCode, q).toBe(200);
    }
    expect((await listOf('?perPage=100000')).meta.per_page).toBe(100);
    expect((await listOf('?page=99')).meta).toMatchObject({ total: 12, current_page: 99 });
  });

  it('shows no order of another company', async () => {
    const other = await owner(t.app);
    const res = await other.client.get('/api/orders');
    expect(res.json()).toMatchObject({ data: [], meta: { total: 0 } });
    expect(res.body).not.toContain('kunde');
  });
});

describe('GET /api/orders/:id', () => {
  it('shows the order with its history, payments and platform fee', async () => {
    await db()
      .update(orders)
      .set({ platformFeeMinor: 286 })
      .where(eq(orders.id, id(2)));
    await db()
      .insert(payments)
      .values({ teamId, orderId: id(2), provider: 'stripe', status: 'succeeded', amountMinor: 3000, currency: 'CHF' });
    await db()
      .insert(orderEvents)
      .values({ teamId, orderId: id(2), type: 'created', actor: 'customer', data: { source: 'shop' } });
    const res = await boss.client.get(`/api/orders/${id(2)}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ id: id(2), number: 2, payment_status: 'paid', total: 30, platform_fee: 2.86 });
    expect(data.payments).toEqual([
      { id: expect.any(Number), provider: 'stripe', status: 'succeeded', amount: 30, created_at: expect.any(String) },
    ]);
    expect(data.events).toEqual([
      {
        id: expect.any(Number),
        type: 'created',
        actor: 'customer',
        user_name: null,
        data: { source: 'shop' },
        created_at: expect.any(String),
      },
    ]);
  });

  it('answers 404 for an unknown id and another company’s order, 422/404 for a malformed id', async () => {
    const other = await owner(t.app);
    expect((await other.client.get(`/api/orders/${id(2)}`)).statusCode).toBe(404);
    expect((await boss.client.get('/api/orders/999999')).statusCode).toBe(404);
    expect([404, 422]).toContain((await boss.client.get('/api/orders/abc')).statusCode);
  });
});

describe('POST /api/orders/:id/mark-paid', () => {
  it('records a manual payment of a waiting order: paid, staff in the history, tickets mailed', async () => {
    const res = await boss.client.post(`/api/orders/${id(3)}/mark-paid?language=en`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'The payment has been recorded. The customer receives the tickets by e-mail.' });
    expect(body.data).toMatchObject({ id: id(3), payment_status: 'paid', hold_until: null });
    expect(body.data.paid_at).toEqual(expect.any(String));
    expect(body.data.payments).toEqual([expect.objectContaining({ provider: 'manual', status: 'succeeded', amount: 30 })]);
    expect(body.data.events).toContainEqual(expect.objectContaining({ type: 'paid', actor: 'staff', user_name: 'Olivia Muster' }));
    const mails = await db()
      .select()
      .from(emails)
      .where(and(eq(emails.teamId, teamId), eq(emails.kind, 'order_paid')));
    expect(mails.map((m) => m.toAddress)).toEqual(['kunde3@example.com']);

    // Again (a second click): 409, nothing changes.
    const again = await boss.client.post(`/api/orders/${id(3)}/mark-paid?language=en`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order has already been paid.');
    const rows = await db()
      .select()
      .from(payments)
      .where(eq(payments.orderId, id(3)));
    expect(rows).toHaveLength(1);
  });

  it('refuses a body with fields (the path names the action): 422 in the request language, the order still waiting', async () => {
    for (const path of ['mark-paid', 'resend', 'revoke-links']) {
      const res = await boss.client.post(`/api/orders/${id(7)}/${path}?language=de`, { amount: 1 });
      expect(res.statusCode, path).toBe(422);
      expect(res.json(), path).toEqual({ message: 'Die Angaben sind ungültig.', errors: { _: ['Unbekannte Felder: amount.'] } });
    }
    expect(await statusOf(id(7))).toBe('waiting');
  });

  it('refuses paid, free and ended orders with 409 and a clear message', async () => {
    const paid = await boss.client.post(`/api/orders/${id(1)}/mark-paid`, {}, { 'accept-language': 'de' });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe('Diese Bestellung ist bereits bezahlt.');
    const cancelled = await boss.client.post(`/api/orders/${id(5)}/mark-paid?language=en`);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toMatch(/no longer open/);
    expect(await statusOf(id(5))).toBe('cancelled');
  });
});

describe('POST /api/orders/:id/cancel', () => {
  it('cancels an unpaid order: seats back, customer told, history written', async () => {
    const before = await sold();
    const res = await boss.client.post(`/api/orders/${id(7)}/cancel?language=en`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'The order has been cancelled and its seats released.' });
    expect(res.json().data).toMatchObject({ payment_status: 'cancelled' });
    expect(res.json().data.events).toContainEqual(
      expect.objectContaining({ type: 'cancelled', actor: 'staff', user_name: 'Olivia Muster' }),
    );
    expect(await sold()).toBe(before - 1);
    const ended = await db()
      .select()
      .from(emails)
      .where(and(eq(emails.teamId, teamId), eq(emails.kind, 'order_ended')));
    expect(ended.map((m) => m.toAddress)).toEqual(['kunde7@example.com']);

    const again = await boss.client.post(`/api/orders/${id(7)}/cancel?language=en`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order has already been cancelled or has expired.');
    expect(await sold()).toBe(before - 1);
  });

  it('refuses a paid order: refund first', async () => {
    const before = await sold();
    const res = await boss.client.post(`/api/orders/${id(1)}/cancel?language=en`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This order has been paid. Refund it first, then it can be cancelled.');
    expect(await statusOf(id(1))).toBe('paid');
    expect(await sold()).toBe(before);
  });

  it('answers 404 for another company’s order and changes nothing', async () => {
    const { order } = await makeOrder(db(), teamId, { ticketId, paymentStatus: 'waiting' });
    const other = await owner(t.app);
    for (const action of ['cancel', 'mark-paid']) {
      expect((await other.client.post(`/api/orders/${order.id}/${action}`)).statusCode).toBe(404);
    }
    expect(await statusOf(order.id)).toBe('waiting');
  });
});

describe('permissions', () => {
  it('refuses instructors (403) and visitors without a session (401); editors may', async () => {
    const instructor = await staff(t.app, boss.team, 'instructor');
    const { order } = await makeOrder(db(), teamId, { ticketId, paymentStatus: 'waiting' });
    const calls: ['GET' | 'POST', string][] = [
      ['GET', '/api/orders'],
      ['GET', `/api/orders/${order.id}`],
      ['POST', `/api/orders/${order.id}/mark-paid`],
      ['POST', `/api/orders/${order.id}/cancel`],
    ];
    for (const [method, url] of calls) {
      expect((await instructor.client.request(method, url, method === 'POST' ? {} : undefined)).statusCode, url).toBe(403);
    }
    expect(await statusOf(order.id)).toBe('waiting');
    const anon = new TestClient(t.app);
    expect((await anon.get('/api/orders')).statusCode).toBe(401);
    const editor = await staff(t.app, boss.team, 'editor');
    expect((await editor.client.get(`/api/orders/${order.id}`)).statusCode).toBe(200);
    expect((await editor.client.post(`/api/orders/${order.id}/mark-paid`)).statusCode).toBe(200);
  });
});
