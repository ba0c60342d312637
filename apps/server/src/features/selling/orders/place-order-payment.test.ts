import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discounts, orderEvents, orders, payments, tickets } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { DEFAULT_PASSWORD, makeActivity, makeTicket, owner } from '../../../test/factories.ts';
import { makeDiscount, orderBody } from './checkout-fixtures.ts';

// The provider cannot be reached: a local stand-in for Stripe's API answers every call of the real
// SDK (and its retries) with 503.
let stripe: Server;
let calls = 0;
let t: TestApp;
beforeAll(async () => {
  stripe = createServer((req, res) => {
    calls++;
    req.resume();
    req.on('end', () => {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: 'unavailable' } }));
    });
  });
  await new Promise<void>((done) => stripe.listen(0, '127.0.0.1', done));
  const { port } = stripe.address() as AddressInfo;
  t = await buildTestApp({ config: { stripeApi: { host: '127.0.0.1', port, protocol: 'http' } } });
});
afterAll(async () => {
  await t?.close();
  await new Promise((done) => stripe?.close(done));
});

describe('an online payment that cannot be started', () => {
  it('answers 502 PAYMENT_UNAVAILABLE and ends the order as error once: seats, discount use and payment attempt released', async () => {
    const db = t.app.deps.db;
    const staff = await owner(t.app);
    const teamId = staff.team.id;
    const configured = await staff.client.request('PUT', '/api/config/integration', {
      stripe: {
        enabled: true,
        publishable_key: 'pk_test_placeOrderPayment000',
        secret_key: 'sk_test_placeOrderPayment000',
        webhook_secret: 'whsec_placeOrderPayment0000',
        account_id: null,
      },
      current_password: DEFAULT_PASSWORD,
    });
    expect(configured.statusCode, configured.body).toBe(200);
    const ticket = await makeTicket(db, teamId, (await makeActivity(db, teamId)).id, { stock: 10, priceMinor: 2500 });
    const code = await makeDiscount(db, teamId, { code: 'TEN', maxUses: 3 });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/public/teams/${teamId}/orders`,
      headers: { 'accept-language': 'en' },
      payload: orderBody(ticket.id, 2, { payment_method: 'stripe', discount_code: 'TEN', language: 'en' }),
    });
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json()).toMatchObject({ code: 'PAYMENT_UNAVAILABLE' });
    expect(res.json().message).toMatch(/nothing was charged/);
    expect(calls).toBe(3); // the call and the SDK's two retries
    const [order] = await db.select().from(orders).where(eq(orders.teamId, teamId));
    expect(order).toMatchObject({ paymentStatus: 'error', holdUntil: null });
    expect((await db.select().from(tickets).where(eq(tickets.id, ticket.id)))[0]!.sold).toBe(0);
    expect((await db.select().from(discounts).where(eq(discounts.id, code.id)))[0]!.usedCount).toBe(0);
    expect((await db.select().from(payments).where(eq(payments.orderId, order!.id))).map((p) => p.status)).toEqual(['failed']);
    // Ended once (by the payment start), not a second time by the checkout.
    const events = await db.select({ type: orderEvents.type }).from(orderEvents).where(eq(orderEvents.orderId, order!.id));
    expect(events.filter((e) => e.type === 'payment_failed')).toHaveLength(1);
  });

  it('with an Idempotency-Key, the repeat of such an order places it anew (the ended order is not answered again)', async () => {
    const db = t.app.deps.db;
    const staff = await owner(t.app);
    const teamId = staff.team.id;
    await staff.client.request('PUT', '/api/config/integration', {
      stripe: {
        enabled: true,
        publishable_key: 'pk_test_placeOrderPayment001',
        secret_key: 'sk_test_placeOrderPayment001',
        webhook_secret: 'whsec_placeOrderPayment0001',
        account_id: null,
      },
      current_password: DEFAULT_PASSWORD,
    });
    const ticket = await makeTicket(db, teamId, (await makeActivity(db, teamId)).id, { stock: 10, priceMinor: 2500 });
    const body = orderBody(ticket.id, 1, { payment_method: 'stripe', language: 'en' });
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/public/teams/${teamId}/orders`,
        headers: { 'idempotency-key': 'stripe-down-1' },
        payload: body,
      });
    const before = calls;
    expect((await send()).statusCode).toBe(502);
    const again = await send();
    expect(again.statusCode).toBe(502);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(calls - before).toBe(6); // the provider was asked again (3 calls each)
    const ended = await db.select({ status: orders.paymentStatus }).from(orders).where(eq(orders.teamId, teamId));
    expect(ended.map((o) => o.status)).toEqual(['error', 'error']);
  });
});
