import { includedTaxMinor, PAID_STATUSES, type PaymentStatus } from '@bookla/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client.ts';
import { orderProducts, orders, products } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { makeActivity, makeTicket, owner, staff, type Staff } from '../../../test/factories.ts';
import { makeOrder } from '../../../test/selling-factories.ts';

let t: TestApp;
let app: FastifyInstance;
let db: Db;
let a: Staff;
let yoga: { activityId: number; ticketId: number };
let pottery: { activityId: number; ticketId: number };
let mat: number;
let tea: number;

async function makeProduct(teamId: number, name: string, priceMinor: number) {
  const [row] = await db
    .insert(products)
    .values({ teamId, name: { de: `${name} DE`, en: name }, priceMinor, currency: 'CHF', taxRateBp: 810 })
    .returning();
  return row!.id;
}

/** An order of the ticket with products: `perSeat` for its participant (its line), `perOrder` for the order. */
async function sale(
  teamId: number,
  ticketId: number,
  status: PaymentStatus,
  items: { productId: number; quantity: number; unitMinor: number; perOrder?: boolean }[],
  createdAt?: Date,
) {
  const made = await makeOrder(db, teamId, { ticketId, paymentStatus: status });
  for (const item of items) {
    const total = item.quantity * item.unitMinor;
    await db.insert(orderProducts).values({
      teamId,
      orderId: made.order.id,
      orderItemId: item.perOrder ? null : made.item.id,
      participantId: item.perOrder ? null : made.participants[0]!.id,
      productId: item.productId,
      name: { de: 'verkauft DE', en: item.productId === mat ? 'Yoga mat' : 'Tea' },
      unitPriceMinor: item.unitMinor,
      quantity: item.quantity,
      totalMinor: total,
      taxRateBp: 810,
      taxMinor: includedTaxMinor(total, 810),
    });
  }
  if (createdAt) await db.update(orders).set({ createdAt }).where(eq(orders.id, made.order.id));
  return made.order.id;
}

interface Row {
  product_id: number | null;
  product_name: string;
  activity_id: number | null;
  activity_name: string | null;
  quantity: number;
  revenue: number;
  tax: number;
  order_count: number;
  currency: string;
}

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  db = app.deps.db;
  a = await owner(app);
  const y = await makeActivity(db, a.team.id, { name: { de: 'Yoga DE', en: 'Yoga' } });
  const p = await makeActivity(db, a.team.id, { name: { de: 'Töpfern', en: 'Pottery' } });
  yoga = { activityId: y.id, ticketId: (await makeTicket(db, a.team.id, y.id, { stock: 500 })).id };
  pottery = { activityId: p.id, ticketId: (await makeTicket(db, a.team.id, p.id, { stock: 500 })).id };
  mat = await makeProduct(a.team.id, 'Yoga mat', 1500);
  tea = await makeProduct(a.team.id, 'Tea', 450);
  const march = new Date('2026-03-10T10:00:00Z');
  const april = new Date('2026-04-02T10:00:00Z');
  // Paid (counted): every status of PAID_STATUSES.
  await sale(a.team.id, yoga.ticketId, 'paid', [{ productId: mat, quantity: 2, unitMinor: 1500 }], march);
  await sale(
    a.team.id,
    yoga.ticketId,
    'partially-refunded',
    [
      { productId: mat, quantity: 1, unitMinor: 1500 },
      { productId: tea, quantity: 3, unitMinor: 450 },
    ],
    april,
  );
  await sale(a.team.id, pottery.ticketId, 'paid', [{ productId: tea, quantity: 1, unitMinor: 450, perOrder: true }], april);
  await sale(a.team.id, pottery.ticketId, 'free', [{ productId: tea, quantity: 1, unitMinor: 0 }], march);
  // Not paid (not counted).
  await sale(a.team.id, yoga.ticketId, 'waiting', [{ productId: mat, quantity: 5, unitMinor: 1500 }], april);
  await sale(a.team.id, yoga.ticketId, 'cancelled', [{ productId: mat, quantity: 7, unitMinor: 1500 }], april);
  await sale(a.team.id, pottery.ticketId, 'refunded', [{ productId: tea, quantity: 9, unitMinor: 450 }], april);
  // Another company's paid sales.
  const other = await owner(app);
  const o = await makeActivity(db, other.team.id);
  const oTicket = await makeTicket(db, other.team.id, o.id);
  const oProduct = (
    await db
      .insert(products)
      .values({ teamId: other.team.id, name: { en: 'Other' }, priceMinor: 100, currency: 'CHF' })
      .returning()
  )[0]!.id;
  const made = await makeOrder(db, other.team.id, { ticketId: oTicket.id });
  await db.insert(orderProducts).values({
    teamId: other.team.id,
    orderId: made.order.id,
    productId: oProduct,
    name: { en: 'Other' },
    unitPriceMinor: 100,
    quantity: 50,
    totalMinor: 5000,
  });
});
afterAll(() => t.close());

/** The figures counted straight from the tables: per product and activity, paid orders of the team. */
async function directCounts(teamId: number) {
  const rows = await db
    .select({
      productId: orderProducts.productId,
      orderItemId: orderProducts.orderItemId,
      orderId: orderProducts.orderId,
      quantity: orderProducts.quantity,
      total: orderProducts.totalMinor,
      tax: orderProducts.taxMinor,
      activityId: sql<number>`(SELECT min(oi.activity_id) FROM order_items oi WHERE oi.order_id = ${orderProducts.orderId})`,
    })
    .from(orderProducts)
    .innerJoin(orders, eq(orders.id, orderProducts.orderId))
    .where(and(eq(orderProducts.teamId, teamId), inArray(orders.paymentStatus, [...PAID_STATUSES])));
  const sums = new Map<string, { quantity: number; revenue: number; tax: number; orders: Set<number> }>();
  for (const r of rows) {
    const key = `${r.productId}/${r.activityId}`;
    const s = sums.get(key) ?? { quantity: 0, revenue: 0, tax: 0, orders: new Set<number>() };
    s.quantity += r.quantity;
    s.revenue += r.total;
    s.tax += r.tax;
    s.orders.add(r.orderId);
    sums.set(key, s);
  }
  return sums;
}

describe('GET /api/orders/additional_sales', () => {
  it('sums the products of paid orders per product and activity, equal to a direct count; totals over all rows', async () => {
    const res = await a.client.get('/api/orders/additional_sales?language=en&perPage=100');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      data: Row[];
      meta: { total: number };
      totals: { currency: string; quantity: number; revenue: number; tax: number }[];
    };
    const direct = await directCounts(a.team.id);
    expect(body.meta.total).toBe(direct.size);
    expect(body.data).toHaveLength(direct.size);
    for (const row of body.data) {
      const d = direct.get(`${row.product_id}/${row.activity_id}`)!;
      expect(d, `${row.product_name} / ${row.activity_name}`).toBeDefined();
      expect(row.quantity).toBe(d.quantity);
      expect(Math.round(row.revenue * 100)).toBe(d.revenue);
      expect(Math.round(row.tax * 100)).toBe(d.tax);
      expect(row.order_count).toBe(d.orders.size);
      expect(row.currency).toBe('CHF');
    }
    // Waiting, cancelled and refunded orders are left out: 2 + 1 mats, 3 + 1 + 1 teas.
    const mats = body.data.filter((r) => r.product_id === mat);
    expect(mats.map((r) => r.quantity)).toEqual([3]);
    expect(mats[0]).toMatchObject({ product_name: 'Yoga mat', activity_name: 'Yoga', revenue: 45, order_count: 2 });
    const teas = body.data.filter((r) => r.product_id === tea).sort((x, y) => x.quantity - y.quantity);
    // Tea for the whole pottery order belongs to the order's activity.
    expect(teas.map((r) => [r.activity_name, r.quantity, r.revenue])).toEqual([
      ['Pottery', 2, 4.5],
      ['Yoga', 3, 13.5],
    ]);
    expect(body.totals).toEqual([{ currency: 'CHF', quantity: 8, revenue: 63, tax: expect.any(Number) }]);
    const taxSum = [...direct.values()].reduce((n, d) => n + d.tax, 0);
    expect(Math.round(body.totals[0]!.tax * 100)).toBe(taxSum);
    // Sorted by revenue, highest first (the default).
    expect(body.data.map((r) => r.revenue)).toEqual([...body.data.map((r) => r.revenue)].sort((x, y) => y - x));
  });

  it('filters by period (order date in the team’s zone), activity, product and name; names in the request language', async () => {
    const march = await a.client.get(
      '/api/orders/additional_sales?columnFilters[from]=2026-03-01&columnFilters[to]=2026-03-31&language=de',
    );
    expect(march.statusCode, march.body).toBe(200);
    expect(march.json().data.map((r: Row) => [r.product_name, r.activity_name, r.quantity])).toEqual([
      ['verkauft DE', 'Yoga DE', 2],
      ['verkauft DE', 'Töpfern', 1],
    ]);
    expect(march.json().totals).toEqual([{ currency: 'CHF', quantity: 3, revenue: 30, tax: expect.any(Number) }]);
    const pottery = await a.client.get(
      `/api/orders/additional_sales?columnFilters[activity_id]=${yoga.activityId}&columnFilters[product_id]=${tea}`,
    );
    expect(pottery.json().data.map((r: Row) => [r.activity_id, r.product_id, r.quantity])).toEqual([[yoga.activityId, tea, 3]]);
    const search = await a.client.get('/api/orders/additional_sales?columnFilters[search]=mat&language=en');
    expect(search.json().data.map((r: Row) => r.product_name)).toEqual(['Yoga mat']);
    const sorted = await a.client.get('/api/orders/additional_sales?sort[field]=product_name&sort[type]=asc&language=en');
    expect(sorted.json().data.map((r: Row) => r.product_name)).toEqual(['Tea', 'Tea', 'Yoga mat']);
    const paged = await a.client.get('/api/orders/additional_sales?perPage=1&page=2');
    expect(paged.json()).toMatchObject({ meta: { total: 3, current_page: 2, last_page: 3 }, data: [{ id: 2 }] });
    // The totals are those of the whole list, not of the page.
    expect(paged.json().totals[0].quantity).toBe(8);
  });

  it('answers 422 in the request language for malformed filters, never a 500', async () => {
    const bad = await a.client.get(
      '/api/orders/additional_sales?columnFilters[from]=2026-02-30&columnFilters[activity_id]=abc&language=en',
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      'columnFilters.from': ['Please enter a valid date.'],
      'columnFilters.activity_id': ['Please enter a number.'],
    });
    const reversed = await a.client.get(
      '/api/orders/additional_sales?columnFilters[from]=2026-05-01&columnFilters[to]=2026-04-01&language=de',
    );
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors['columnFilters.to']).toEqual(['Das Enddatum darf nicht vor dem Startdatum liegen.']);
    expect((await a.client.get('/api/orders/additional_sales?sort[field]=nope&page=x')).statusCode).toBe(200);
  });

  it('is for nav.orders: an instructor gets 403, an editor the figures', async () => {
    const teacher = await staff(app, a.team, 'instructor');
    expect((await teacher.client.get('/api/orders/additional_sales')).statusCode).toBe(403);
    const editor = await staff(app, a.team, 'editor');
    expect((await editor.client.get('/api/orders/additional_sales')).json().meta.total).toBe(3);
  });
});
