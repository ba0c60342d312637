import { platformFeeMinor } from '@bookla/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client.ts';
import { orders } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { makeActivity, makeTicket, owner, type Staff } from '../../../test/factories.ts';
import { orderPageUrl, orderToken } from '../orders/index.ts';
import type { PaymentDeps } from './adapters.ts';
import { startOnlinePayment, testPaymentToken } from './index.ts';
import { configurePayments, eventsOf, handledEvents, mailsTo, orderRow, paymentRow, soldSeats, waitingOrder } from './payments-test-kit.ts';

/** The test-mode provider: its page's calls, through the same notice handler as the webhook. */

let t: TestApp;
let app: FastifyInstance;
let db: Db;
let deps: PaymentDeps;
let a: Staff;
let b: Staff;
let ticketA: number;
let ticketB: number;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  db = app.deps.db;
  deps = { db, config: app.deps.config };
  a = await owner(app, { teamName: 'Demo Provider' });
  b = await owner(app, { teamName: 'Real Provider' });
  await configurePayments(a, { testMode: true });
  ticketA = (await makeTicket(db, a.team.id, (await makeActivity(db, a.team.id)).id, { stock: 50, priceMinor: 3000 })).id;
  ticketB = (await makeTicket(db, b.team.id, (await makeActivity(db, b.team.id)).id, { stock: 50 })).id;
});
afterAll(() => t?.close());

const url = (paymentId: number, token: string) => `/api/public/test-payments/${paymentId}?token=${encodeURIComponent(token)}`;
const view = (paymentId: number, token = testPaymentToken(app.deps.config, paymentId)) =>
  app.inject({ method: 'GET', url: url(paymentId, token) });
const answer = (
  paymentId: number,
  outcome: unknown,
  token = testPaymentToken(app.deps.config, paymentId),
  headers: Record<string, string> = {},
) => app.inject({ method: 'POST', url: url(paymentId, token), payload: { outcome }, headers });

/** A waiting test-mode order with its page opened through our code. */
async function testOrder(team: Staff = a, ticketId = ticketA, seats = 1) {
  const made = await waitingOrder(db, team.team.id, ticketId, 'test', { seats });
  const { paymentUrl } = await startOnlinePayment(deps, { teamId: team.team.id, orderId: made.order.id, method: 'test', language: 'en' });
  return { ...made, paymentUrl };
}

describe('startOnlinePayment (test mode)', () => {
  it("gives the shop's test page with its own token, and records the start", async () => {
    const o = await testOrder();
    const token = testPaymentToken(app.deps.config, o.payment.id);
    expect(o.paymentUrl).toBe(`http://localhost:3000/en/shop/${a.team.id}/test-payment/${o.payment.id}?token=${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // Purpose-separated from the order link's token.
    expect(token).not.toBe(orderToken(app.deps.config, o.order));
    const payment = await paymentRow(db, o.payment.id);
    expect(payment).toMatchObject({ externalId: `test_${o.payment.id}`, checkoutUrl: o.paymentUrl, status: 'pending' });
    expect(await eventsOf(db, o.order.id, 'payment_started')).toHaveLength(1);
  });
});

describe('orders placed in test mode (issue 20 item 3)', () => {
  it('are marked as test orders and carry no platform fee (a real order of the same price does)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/public/teams/${a.team.id}/orders`,
      headers: { 'accept-language': 'en' },
      payload: {
        items: [{ ticket_id: ticketA, quantity: 1 }],
        customer: { firstname: 'Anna', lastname: 'Muster', email: 'test-mode-buyer@example.com' },
        participants: [{ ticket_id: ticketA, firstname: 'Anna', lastname: 'Muster', answers: {} }],
        answers: {},
        payment_method: 'test',
        language: 'en',
        accept_terms: true,
      },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const [row] = await db.select().from(orders).where(eq(orders.email, 'test-mode-buyer@example.com'));
    expect(row).toMatchObject({ paymentType: 'test', isTest: true, platformFeeMinor: 0, totalMinor: 3000 });
    // The fee the same total brings on a real order.
    expect(platformFeeMinor(3000, 'payg')).toBeGreaterThan(0);
  });
});

describe('/api/public/test-payments/:paymentId', () => {
  it('shows the attempt: amount, company, order number, status and where to go back', async () => {
    const o = await testOrder(a, ticketA, 2);
    const res = await view(o.payment.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      data: {
        id: o.payment.id,
        team_id: a.team.id,
        team_name: 'Demo Provider',
        order_id: o.order.publicId,
        order_number: o.order.number,
        amount: 60,
        amount_minor: 6000,
        currency: 'CHF',
        status: 'pending',
        payment_status: 'waiting',
        order_url: `${orderPageUrl(app.deps.config, 'de', a.team.id, o.order)}&payment=return`,
        can_save_card: false,
      },
    });
  });

  it('pay → paid through the notice handler; the same answer again changes nothing; another answer then: 409', async () => {
    const o = await testOrder();
    const seats = await soldSeats(db, ticketA);
    const res = await answer(o.payment.id, 'pay');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ order_url: `${orderPageUrl(app.deps.config, 'de', a.team.id, o.order)}&payment=return` });
    expect((await orderRow(db, o.order.id)).paymentStatus).toBe('paid');
    expect((await paymentRow(db, o.payment.id)).status).toBe('succeeded');
    expect(await soldSeats(db, ticketA)).toBe(seats);
    expect(await handledEvents(db, 'test', `test_${o.payment.id}_pay`)).toHaveLength(1);
    const paid = await eventsOf(db, o.order.id, 'paid');
    expect(paid).toHaveLength(1);
    expect(paid[0]!.actor).toBe('provider');

    for (let i = 0; i < 3; i++) expect((await answer(o.payment.id, 'pay')).statusCode).toBe(200);
    expect(await eventsOf(db, o.order.id, 'paid')).toHaveLength(1);
    expect(await mailsTo(db, o.email, 'order_paid')).toHaveLength(1);

    const late = await answer(o.payment.id, 'decline', undefined, { 'accept-language': 'en' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This test payment has already been answered.');
    expect((await orderRow(db, o.order.id)).paymentStatus).toBe('paid');
    expect((await view(o.payment.id)).json().data).toMatchObject({ status: 'succeeded', payment_status: 'paid' });
  });

  it('decline → declined, seats released', async () => {
    const o = await testOrder(a, ticketA, 3);
    const seats = await soldSeats(db, ticketA);
    const res = await answer(o.payment.id, 'decline');
    expect(res.statusCode, res.body).toBe(200);
    expect((await orderRow(db, o.order.id)).paymentStatus).toBe('declined');
    expect(await soldSeats(db, ticketA)).toBe(seats - 3);
    expect((await view(o.payment.id)).json().data).toMatchObject({ status: 'failed', payment_status: 'declined' });
    expect(await mailsTo(db, o.email, 'order_paid')).toHaveLength(0);
    expect((await answer(o.payment.id, 'pay')).statusCode).toBe(409);
    expect((await orderRow(db, o.order.id)).paymentStatus).toBe('declined');
  });

  it('a wrong or missing token: 404', async () => {
    const o = await testOrder();
    const other = await testOrder();
    for (const token of [
      '',
      'x',
      testPaymentToken(app.deps.config, other.payment.id),
      orderToken(app.deps.config, o.order),
      'A'.repeat(150),
    ]) {
      expect((await view(o.payment.id, token)).statusCode).toBe(404);
      expect((await answer(o.payment.id, 'pay', token)).statusCode).toBe(404);
    }
    expect((await app.inject({ method: 'GET', url: `/api/public/test-payments/${o.payment.id}` })).statusCode).toBe(404);
    expect((await orderRow(db, o.order.id)).paymentStatus).toBe('waiting');
  });

  it("a team without test mode, or another team's payment with a valid-looking token: 404", async () => {
    const own = await testOrder();
    const theirs = await waitingOrder(db, b.team.id, ticketB, 'test');
    // B's attempt with its own correct token: B has no test mode.
    expect((await view(theirs.payment.id)).statusCode).toBe(404);
    expect((await answer(theirs.payment.id, 'pay')).statusCode).toBe(404);
    // B's attempt with the token of A's attempt.
    const aToken = testPaymentToken(app.deps.config, own.payment.id);
    expect((await view(theirs.payment.id, aToken)).statusCode).toBe(404);
    expect((await answer(theirs.payment.id, 'pay', aToken)).statusCode).toBe(404);
    expect((await orderRow(db, theirs.order.id)).paymentStatus).toBe('waiting');
    // Once the demo team turns test mode off, its page is gone too.
    await configurePayments(a, { testMode: false });
    try {
      expect((await view(own.payment.id)).statusCode).toBe(404);
      expect((await answer(own.payment.id, 'pay')).statusCode).toBe(404);
    } finally {
      await configurePayments(a, { testMode: true });
    }
    expect((await orderRow(db, own.order.id)).paymentStatus).toBe('waiting');
  });

  it('a Stripe attempt is not a test page, even with its token', async () => {
    const stripeAttempt = await waitingOrder(db, a.team.id, ticketA, 'stripe');
    expect((await view(stripeAttempt.payment.id)).statusCode).toBe(404);
    expect((await answer(stripeAttempt.payment.id, 'pay')).statusCode).toBe(404);
  });

  it('refuses hostile input with 4xx, never 5xx', async () => {
    const o = await testOrder();
    const token = testPaymentToken(app.deps.config, o.payment.id);
    const bodies: unknown[] = ['steal', null, 1, { pay: true }, ['pay']];
    for (const outcome of bodies) expect((await answer(o.payment.id, outcome)).statusCode).toBe(422);
    const extra = await app.inject({ method: 'POST', url: url(o.payment.id, token), payload: { outcome: 'pay', amount: 0 } });
    expect(extra.statusCode).toBe(422);
    const notJson = await app.inject({
      method: 'POST',
      url: url(o.payment.id, token),
      payload: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    for (const id of ['abc', '0', '-1', '99999999999', "1'"]) {
      const res = await app.inject({ method: 'GET', url: `/api/public/test-payments/${id}?token=${token}` });
      expect(res.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, id).toBeLessThan(500);
    }
    expect((await orderRow(db, o.order.id)).paymentStatus).toBe('waiting');
  });
});
