import { includedTaxMinor, type AdditionalSale, type Discount, type OrderCustomer } from '@bookla/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client.ts';
import { discounts, orderProducts, orders, products } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { makeActivity, makeTicket, owner, type Staff } from '../../../test/factories.ts';
import { makeOrder } from '../../../test/selling-factories.ts';

/**
 * Issue 22 item 6: a test-mode order (`orders.is_test`, paid on the test payment page, no real
 * money) is no sale. The statistics and the dashboard leave it out already (statistics.test.ts);
 * so do a customer's paid orders and total, the additional sales and a discount code's revenue.
 */

let t: TestApp;
let db: Db;
let a: Staff;
let productId: number;
let discountId: number;

/** A paid order of one seat (CHF 25) with a product (CHF 15) and the discount code; `test`: paid on the test page. */
async function paidOrder(ticketId: number, email: string, test: boolean) {
  const made = await makeOrder(db, a.team.id, { ticketId, email, paymentType: test ? 'test' : 'stripe' });
  await db.update(orders).set({ isTest: test, discountId, discountCode: 'SPRING' }).where(eq(orders.id, made.order.id));
  await db.insert(orderProducts).values({
    teamId: a.team.id,
    orderId: made.order.id,
    orderItemId: null,
    participantId: null,
    productId,
    name: { de: 'Matte', en: 'Mat' },
    unitPriceMinor: 1500,
    quantity: 1,
    totalMinor: 1500,
    taxRateBp: 810,
    taxMinor: includedTaxMinor(1500, 810),
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  db = t.app.deps.db;
  a = await owner(t.app);
  const activity = await makeActivity(db, a.team.id, { name: { de: 'Yoga', en: 'Yoga' } });
  const ticketId = (await makeTicket(db, a.team.id, activity.id, { priceMinor: 2500, stock: 50 })).id;
  const [product] = await db
    .insert(products)
    .values({ teamId: a.team.id, name: { de: 'Matte', en: 'Mat' }, priceMinor: 1500, currency: 'CHF', taxRateBp: 810 })
    .returning();
  productId = product!.id;
  const [discount] = await db.insert(discounts).values({ teamId: a.team.id, code: 'SPRING', type: 'percent', value: 1000 }).returning();
  discountId = discount!.id;
  // One real sale and two test-mode ones: one by the same customer, one by the provider trying the shop.
  await paidOrder(ticketId, 'anna@example.com', false);
  await paidOrder(ticketId, 'anna@example.com', true);
  await paidOrder(ticketId, 'owner-trying@example.com', true);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('test-mode orders are no sales (issue 22 item 6)', () => {
  it('a customer’s paid orders and total count real orders only; a test-only customer has paid nothing', async () => {
    const res = await a.client.get('/api/customers/orders?perPage=100');
    expect(res.statusCode, res.body).toBe(200);
    const rows = (res.json() as { data: OrderCustomer[] }).data;
    const anna = rows.find((r) => r.email === 'anna@example.com')!;
    expect(anna).toMatchObject({ order_count: 2, paid_order_count: 1, total_paid: 25 });
    expect(rows.find((r) => r.email === 'owner-trying@example.com')).toMatchObject({ paid_order_count: 0, total_paid: 0 });
  });

  it('the additional sales count the products of real orders only', async () => {
    const res = await a.client.get('/api/orders/additional_sales?perPage=100');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: AdditionalSale[]; totals: { revenue: number; quantity: number }[] };
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ quantity: 1, revenue: 15, order_count: 1 });
    expect(body.totals).toEqual([expect.objectContaining({ quantity: 1, revenue: 15 })]);
  });

  it('a discount code’s revenue sums real orders only', async () => {
    const res = await a.client.get(`/api/discounts/${discountId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { data: Discount }).data.revenue).toBe(25);
    const list = await a.client.get('/api/discounts?perPage=100');
    expect((list.json() as { data: Discount[] }).data.find((d) => d.id === discountId)?.revenue).toBe(25);
  });
});
