import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { discounts, orders, payments, tickets } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import type * as Payments from '../payments/index.ts';
import { makeDiscount, makeShop, orderBody } from './checkout-fixtures.ts';

// The provider cannot be reached: the payment start throws (as the payments feature does after the SDK's retries).
vi.mock('../payments/index.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Payments>()),
  startOnlinePayment: vi.fn(async () => {
    throw new Error('connect ECONNREFUSED 127.0.0.1:9');
  }),
}));

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('an online payment that cannot be started', () => {
  it('answers 502 PAYMENT_UNAVAILABLE and ends the order as error: seats, discount use and payment attempt released', async () => {
    const db = t.app.deps.db;
    const shop = await makeShop(db);
    const code = await makeDiscount(db, shop.teamId, { code: 'TEN', maxUses: 3 });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/public/teams/${shop.teamId}/orders`,
      headers: { 'accept-language': 'en' },
      payload: orderBody(shop.ticket.id, 2, { payment_method: 'test', discount_code: 'TEN', language: 'en' }),
    });
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json()).toMatchObject({ code: 'PAYMENT_UNAVAILABLE' });
    expect(res.json().message).toMatch(/nothing was charged/);
    const [order] = await db.select().from(orders).where(eq(orders.teamId, shop.teamId));
    expect(order).toMatchObject({ paymentStatus: 'error', holdUntil: null });
    expect((await db.select().from(tickets).where(eq(tickets.id, shop.ticket.id)))[0]!.sold).toBe(0);
    expect((await db.select().from(discounts).where(eq(discounts.id, code.id)))[0]!.usedCount).toBe(0);
    expect((await db.select().from(payments).where(eq(payments.orderId, order!.id))).map((p) => p.status)).toEqual(['failed']);
  });
});
