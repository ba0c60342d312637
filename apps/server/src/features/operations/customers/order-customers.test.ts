import { PAID_STATUSES, type CustomerOrder, type OrderCustomer, type PaymentStatus } from '@bookla/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client.ts';
import { orders } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { makeActivity, makeTicket, owner, staff, type Staff } from '../../../test/factories.ts';
import { makeOrder } from '../../../test/selling-factories.ts';

let t: TestApp;
let app: FastifyInstance;
let db: Db;
let a: Staff;
let ticketId: number;
let annaFirst: number;
let annaLast: number;
let otherTeamOrder: number;

async function order(
  email: string,
  status: PaymentStatus,
  extra: Partial<typeof orders.$inferInsert> = {},
  teamId = a.team.id,
  ticket = ticketId,
) {
  const made = await makeOrder(db, teamId, { ticketId: ticket, paymentStatus: status, email });
  if (Object.keys(extra).length) await db.update(orders).set(extra).where(eq(orders.id, made.order.id));
  return made.order.id;
}

const customers = async (s: Staff, query = '') => {
  const res = await s.client.get(`/api/customers/orders?perPage=100${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: OrderCustomer[]; meta: { total: number } };
};

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  db = app.deps.db;
  a = await owner(app);
  const activity = await makeActivity(db, a.team.id, { name: { de: 'Yoga DE', en: 'Yoga' } });
  ticketId = (await makeTicket(db, a.team.id, activity.id, { priceMinor: 2500, stock: 100 })).id;
  // Anna orders four times with her address written three ways.
  annaFirst = await order('Anna@Example.com', 'paid', { createdAt: new Date('2026-01-05T09:00:00Z') });
  await order('anna@example.com', 'partially-refunded', { refundedMinor: 1000, createdAt: new Date('2026-02-05T09:00:00Z') });
  await order('ANNA@EXAMPLE.COM', 'cancelled', { createdAt: new Date('2026-03-05T09:00:00Z') });
  annaLast = await order('anna@example.com', 'waiting', {
    firstname: 'Anna',
    lastname: 'Neuname',
    company: 'Muster AG',
    createdAt: new Date('2026-04-05T09:00:00Z'),
  });
  await order('ben@example.com', 'paid', { lastname: 'Berger', createdAt: new Date('2026-03-01T09:00:00Z') });
  await order('ben@example.com', 'free', { lastname: 'Berger', totalMinor: 0, createdAt: new Date('2026-03-02T09:00:00Z') });
  await order('carla@example.com', 'refunded', { lastname: 'Carlsson', refundedMinor: 2500, createdAt: new Date('2026-02-01T09:00:00Z') });
  // Another company with a customer of the same address.
  const other = await owner(app);
  const oActivity = await makeActivity(db, other.team.id);
  const oTicket = (await makeTicket(db, other.team.id, oActivity.id)).id;
  otherTeamOrder = await order('anna@example.com', 'paid', {}, other.team.id, oTicket);
});
afterAll(() => t.close());

describe('GET /api/customers/orders', () => {
  it('counts one customer per e-mail address, whatever its case; figures equal a direct count', async () => {
    const { data, meta } = await customers(a);
    expect(meta.total).toBe(3);
    // Latest order first.
    expect(data.map((c) => c.email)).toEqual(['anna@example.com', 'ben@example.com', 'carla@example.com']);
    const anna = data[0]!;
    expect(anna).toMatchObject({
      id: annaLast,
      firstname: 'Anna',
      lastname: 'Neuname',
      company: 'Muster AG',
      order_count: 4,
      paid_order_count: 2,
      // 25.00 paid + 25.00 partially refunded by 10.00.
      total_paid: 40,
      currency: 'CHF',
      first_order_at: '2026-01-05T10:00:00+01:00',
      last_order_at: '2026-04-05T11:00:00+02:00',
      last_order_id: annaLast,
    });
    for (const c of data) {
      const [direct] = await db
        .select({
          n: sql<number>`count(*)::int`,
          paid: sql<number>`coalesce(sum(${orders.totalMinor} - ${orders.refundedMinor}), 0)::int`,
        })
        .from(orders)
        .where(
          and(
            eq(orders.teamId, a.team.id),
            sql`lower(${orders.email}) = ${c.email.toLowerCase()}`,
            inArray(orders.paymentStatus, [...PAID_STATUSES]),
          ),
        );
      expect(c.paid_order_count).toBe(direct!.n);
      expect(Math.round(c.total_paid * 100)).toBe(direct!.paid);
    }
    expect(data[1]).toMatchObject({ lastname: 'Berger', order_count: 2, paid_order_count: 2, total_paid: 25 });
    // A refunded order is an order, but nothing paid.
    expect(data[2]).toMatchObject({ lastname: 'Carlsson', order_count: 1, paid_order_count: 0, total_paid: 0 });
  });

  it('searches names, e-mails and companies of any of the customer’s orders; sorts by the whitelist', async () => {
    expect((await customers(a, '&columnFilters[search]=muster ag')).data.map((c) => c.email)).toEqual(['anna@example.com']);
    expect((await customers(a, '&columnFilters[search]=BEN@')).data.map((c) => c.lastname)).toEqual(['Berger']);
    expect((await customers(a, '&sort[field]=total_paid&sort[type]=desc')).data.map((c) => c.total_paid)).toEqual([40, 25, 0]);
    expect((await customers(a, '&sort[field]=email&sort[type]=asc')).data.map((c) => c.email)).toEqual([
      'anna@example.com',
      'ben@example.com',
      'carla@example.com',
    ]);
    const paged = (await a.client.get('/api/customers/orders?perPage=1&page=2&sort[field]=order_count&sort[type]=desc')).json();
    expect(paged.meta).toMatchObject({ total: 3, last_page: 3, current_page: 2 });
    expect(paged.data.map((c: OrderCustomer) => c.email)).toEqual(['ben@example.com']);
  });

  it('lists the customer’s orders from any of them, newest first; another company’s order is not found', async () => {
    const res = await a.client.get(`/api/customers/orders/${annaFirst}/orders?language=en`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as CustomerOrder[];
    expect(rows.map((o) => o.payment_status)).toEqual(['waiting', 'cancelled', 'partially-refunded', 'paid']);
    expect(rows[0]).toMatchObject({ id: annaLast, total: 25, refunded: 0, currency: 'CHF', activities: ['Yoga'] });
    expect(rows[2]).toMatchObject({ refunded: 10 });
    expect(res.json().meta.total).toBe(4);
    expect((await a.client.get(`/api/customers/orders/${otherTeamOrder}/orders`)).statusCode).toBe(404);
    expect((await a.client.get('/api/customers/orders/0/orders')).statusCode).toBe(422);
  });

  it('is for nav.customers.order: an instructor gets 403', async () => {
    const teacher = await staff(app, a.team, 'instructor');
    expect((await teacher.client.get('/api/customers/orders')).statusCode).toBe(403);
    expect((await teacher.client.get(`/api/customers/orders/${annaFirst}/orders`)).statusCode).toBe(403);
    const editor = await staff(app, a.team, 'editor');
    expect((await customers(editor)).meta.total).toBe(3);
  });
});
