import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../../../db/client.ts';
import { AppError } from '../../../../../lib/app-error.ts';
import { buildTestApp, type TestApp } from '../../../../../test/build-test-app.ts';
import { makeActivity, makeTicket, owner, type Staff } from '../../../../../test/factories.ts';
import { orderPageUrl } from '../../../orders/index.ts';
import type { PaymentDeps } from '../../adapters.ts';
import { chargeObject, sessionObject, signedDelivery, startFakeStripe, stripeEvent, type FakeStripe } from './fake-stripe.ts';
import { startOnlinePayment } from '../../index.ts';
import {
  configurePayments,
  eventsOf,
  handledEvents,
  mailsTo,
  orderRow,
  paymentRow,
  soldSeats,
  waitingOrder,
  webhook,
} from '../../payments-test-kit.ts';

/**
 * Stripe Checkout and its webhook, with the real SDK against a local fake Stripe (no network)
 * and events signed as Stripe signs them.
 */

const SECRET_A = 'sk_test_teamAsecretKey000000';
const WHSEC_A = 'whsec_teamAwebhookSecret0000';
const SECRET_B = 'sk_test_teamBsecretKey000000';
const WHSEC_B = 'whsec_teamBwebhookSecret0000';
const SECRET_C = 'sk_test_platformKeyForConnect';
const WHSEC_C = 'whsec_connectWebhookSecret00';
const ACCOUNT_C = 'acct_1ConnectedTeamC';
const SECRET_D = 'sk_test_teamDsecretKey000000';
const ACCOUNT_D = 'acct_1ConnectedTeamD';
/** The platform's Connect endpoint secret (STRIPE_CONNECT_WEBHOOK_SECRET). */
const WHSEC_PLATFORM = 'whsec_platformConnectSecret0';

let fake: FakeStripe;
let t: TestApp;
let app: FastifyInstance;
let db: Db;
let deps: PaymentDeps;
let a: Staff;
let b: Staff;
let c: Staff;
let d: Staff;
let ticketA: number;
let ticketB: number;
let ticketC: number;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await buildTestApp({ config: { stripeApi: fake.target, stripeConnectWebhookSecret: WHSEC_PLATFORM } });
  app = t.app;
  db = app.deps.db;
  deps = { db, config: app.deps.config };
  a = await owner(app, { teamName: 'Yoga Studio A' });
  b = await owner(app, { teamName: 'Team B' });
  c = await owner(app, { teamName: 'Connected C' });
  d = await owner(app, { teamName: 'Connected D' });
  // JSON bodies still parse on the other routes (the webhook's raw parser is its plugin's only).
  await configurePayments(a, { stripe: { secretKey: SECRET_A, webhookSecret: WHSEC_A } });
  await configurePayments(b, { stripe: { secretKey: SECRET_B, webhookSecret: WHSEC_B } });
  await configurePayments(c, { stripe: { secretKey: SECRET_C, webhookSecret: WHSEC_C, accountId: ACCOUNT_C } });
  await configurePayments(d, { stripe: { secretKey: SECRET_D, webhookSecret: WHSEC_C, accountId: ACCOUNT_D } });
  ticketB = (await makeTicket(db, b.team.id, (await makeActivity(db, b.team.id)).id, { stock: 100, priceMinor: 2500 })).id;
  ticketA = (await makeTicket(db, a.team.id, (await makeActivity(db, a.team.id)).id, { stock: 100, priceMinor: 2500 })).id;
  ticketC = (await makeTicket(db, c.team.id, (await makeActivity(db, c.team.id)).id, { stock: 100, priceMinor: 4000 })).id;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

/** A delivery to the team's own endpoint (`?team=`; team A unless said). */
const hook = (delivery: { payload: string; headers: Record<string, string> }, team: Staff | null = a) =>
  webhook(app, delivery, team?.team.id);

/** A waiting Stripe order of team A with its Checkout session opened through our code. */
async function startedOrder(opts: { seats?: number; team?: Staff; ticketId?: number; holdUntil?: Date | null } = {}) {
  const team = opts.team ?? a;
  const made = await waitingOrder(db, team.team.id, opts.ticketId ?? ticketA, 'stripe', { seats: opts.seats, holdUntil: opts.holdUntil });
  const { paymentUrl } = await startOnlinePayment(deps, { teamId: team.team.id, orderId: made.order.id, method: 'stripe', language: 'de' });
  const payment = await paymentRow(db, made.payment.id);
  const session = {
    id: payment.externalId!,
    metadata: { team_id: String(team.team.id), order_id: String(made.order.id), payment_id: String(payment.id) },
    amount_total: made.order.totalMinor,
    currency: 'chf',
  };
  return { ...made, paymentUrl, session };
}

describe('startOnlinePayment (Stripe Checkout)', () => {
  it('creates a Checkout session with the order total, buyer, metadata and return URLs, and keeps it', async () => {
    const hold = new Date(Date.now() + 2 * 3600_000);
    const made = await waitingOrder(db, a.team.id, ticketA, 'stripe', { seats: 2, holdUntil: hold });
    const { paymentUrl } = await startOnlinePayment(deps, { teamId: a.team.id, orderId: made.order.id, method: 'stripe', language: 'de' });

    expect(fake.requests).toHaveLength(1);
    const [req] = fake.requests;
    expect(req!.method).toBe('POST');
    expect(req!.path).toBe('/v1/checkout/sessions');
    expect(req!.headers.authorization).toBe(`Bearer ${SECRET_A}`);
    expect(req!.headers['stripe-account']).toBeUndefined();
    const returnUrl = `${orderPageUrl(app.deps.config, 'de', a.team.id, made.order)}&payment=return`;
    expect(req!.body).toEqual({
      mode: 'payment',
      line_items: [
        {
          quantity: '1',
          price_data: { currency: 'chf', unit_amount: '5000', product_data: { name: `Bestellung #${made.order.number} – Yoga Studio A` } },
        },
      ],
      customer_email: made.email,
      client_reference_id: String(made.order.id),
      metadata: { team_id: String(a.team.id), order_id: String(made.order.id), payment_id: String(made.payment.id) },
      payment_intent_data: {
        metadata: { team_id: String(a.team.id), order_id: String(made.order.id), payment_id: String(made.payment.id) },
      },
      success_url: returnUrl,
      cancel_url: returnUrl,
      expires_at: String(Math.floor(hold.getTime() / 1000)),
      locale: 'de',
    });

    const payment = await paymentRow(db, made.payment.id);
    expect(payment.externalId).toMatch(/^cs_test_/);
    expect(payment.checkoutUrl).toBe(paymentUrl);
    expect(paymentUrl).toBe(`https://checkout.stripe.com/c/pay/${payment.externalId}#fidkdWxOYHwnPyd1blpxYHZxWjA0`);
    expect(payment.status).toBe('pending');
    expect((await orderRow(db, made.order.id)).holdUntil?.getTime()).toBe(hold.getTime());
    const started = await eventsOf(db, made.order.id, 'payment_started');
    expect(started).toHaveLength(1);
    expect(started[0]!.data).toMatchObject({ provider: 'stripe', payment_id: made.payment.id, external_id: payment.externalId });

    // Asked again for the same attempt: the same page, Stripe is not called again.
    const again = await startOnlinePayment(deps, { teamId: a.team.id, orderId: made.order.id, method: 'stripe', language: 'de' });
    expect(again.paymentUrl).toBe(paymentUrl);
    expect(fake.requests).toHaveLength(1);
  });

  it('keeps the session open at least 30 minutes and lengthens a shorter hold to match', async () => {
    const made = await waitingOrder(db, a.team.id, ticketA, 'stripe', { holdUntil: new Date(Date.now() + 10 * 60_000) });
    const before = Date.now();
    await startOnlinePayment(deps, { teamId: a.team.id, orderId: made.order.id, method: 'stripe', language: 'en' });
    const expiresAt = Number(fake.requests[0]!.body.expires_at) * 1000;
    expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * 60_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 32 * 60_000);
    expect((await orderRow(db, made.order.id)).holdUntil?.getTime()).toBe(expiresAt);
    expect(
      (fake.requests[0]!.body.line_items as { price_data: { product_data: { name: string } } }[])[0]!.price_data.product_data.name,
    ).toBe(`Order #${made.order.number} – Yoga Studio A`);
    expect(fake.requests[0]!.body.locale).toBe('en');
  });

  it('with Stripe Connect creates the session on the connected account with the platform fee', async () => {
    const made = await waitingOrder(db, c.team.id, ticketC, 'stripe', { platformFeeMinor: 365 });
    await startOnlinePayment(deps, { teamId: c.team.id, orderId: made.order.id, method: 'stripe', language: 'fr' });
    const [req] = fake.requests;
    expect(req!.headers.authorization).toBe(`Bearer ${SECRET_C}`);
    expect(req!.headers['stripe-account']).toBe(ACCOUNT_C);
    expect(req!.body.payment_intent_data).toEqual({
      application_fee_amount: '365',
      metadata: { team_id: String(c.team.id), order_id: String(made.order.id), payment_id: String(made.payment.id) },
    });
    expect((req!.body.line_items as { price_data: { unit_amount: string } }[])[0]!.price_data.unit_amount).toBe('4000');
    expect(req!.body.locale).toBe('fr');
  });

  it('when Stripe keeps failing (after the retries) ends the order as error, releases its seats and says so', async () => {
    const seatsBefore = await soldSeats(db, ticketA);
    const made = await waitingOrder(db, a.team.id, ticketA, 'stripe', { seats: 2 });
    expect(await soldSeats(db, ticketA)).toBe(seatsBefore + 2);
    fake.failNext(3, 503);
    const failure = await startOnlinePayment(deps, { teamId: a.team.id, orderId: made.order.id, method: 'stripe', language: 'de' }).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).messageKey).toBe('payments:provider_unavailable');
    expect(fake.requests).toHaveLength(3); // the call and two retries
    // The SDK sends one idempotency key for all its tries of the same call.
    expect(new Set(fake.requests.map((r) => r.headers['idempotency-key'])).size).toBe(1);
    expect((await orderRow(db, made.order.id)).paymentStatus).toBe('error');
    expect((await paymentRow(db, made.payment.id)).status).toBe('failed');
    expect(await soldSeats(db, ticketA)).toBe(seatsBefore);
  });
});

describe('POST /api/webhooks/stripe', () => {
  it('refuses a bad or missing signature, a tampered body, an old timestamp and an unknown team (400), changing nothing', async () => {
    const o = await startedOrder();
    const completed = stripeEvent('checkout.session.completed', sessionObject(o.session));
    const good = signedDelivery(completed, WHSEC_A);
    const attempts = [
      signedDelivery(completed, 'whsec_notTheTeamsSecret000'),
      signedDelivery(completed, WHSEC_B), // another team's secret
      { payload: good.payload, headers: { 'content-type': 'application/json' } },
      { payload: good.payload.replace('"paid"', '"paid" '), headers: good.headers },
      signedDelivery(completed, WHSEC_A, Math.floor(Date.now() / 1000) - 3600),
      { payload: 'not json', headers: good.headers },
      { payload: '{"id":"evt_1"}', headers: good.headers },
    ];
    const replies = [
      ...(await Promise.all(attempts.map((delivery) => hook(delivery)))),
      // The endpoint names no team, or one that does not exist: the body's metadata never chooses one.
      await hook(good, null),
      await webhook(app, good, 999_999),
    ];
    for (const res of replies) {
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json())).toEqual(['message']);
    }
    // No body, no content type, a body in another content type: the same 400.
    const bare = [
      await app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'stripe-signature': good.headers['stripe-signature']! } }),
      await app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        payload: Buffer.from(good.payload),
        headers: { 'stripe-signature': 'v1=00' },
      }),
      await app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        payload: good.payload,
        headers: { 'content-type': 'text/plain', 'stripe-signature': 't=1,v1=00' },
      }),
    ];
    for (const res of bare) expect(res.statusCode, res.body).toBe(400);
    expect((await orderRow(db, o.order.id)).paymentStatus).toBe('waiting');
    expect(await handledEvents(db, 'stripe', completed.id as string)).toHaveLength(0);
    expect(await eventsOf(db, o.order.id, 'paid')).toHaveLength(0);
    expect(await mailsTo(db, o.email)).toHaveLength(0);
  });

  it('completed and paid → the order is paid once: one event, one mail, even when the event comes 3 more times', async () => {
    const o = await startedOrder({ seats: 2 });
    const seats = await soldSeats(db, ticketA);
    const object = sessionObject(o.session);
    const delivery = signedDelivery(stripeEvent('checkout.session.completed', object), WHSEC_A);
    for (let i = 0; i < 4; i++) {
      const res = await hook(delivery);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ received: true });
    }
    const order = await orderRow(db, o.order.id);
    expect(order.paymentStatus).toBe('paid');
    expect(order.paidAt).not.toBeNull();
    expect(order.holdUntil).toBeNull();
    expect(await soldSeats(db, ticketA)).toBe(seats);
    const payment = await paymentRow(db, o.payment.id);
    expect(payment.status).toBe('succeeded');
    expect(payment.externalPaymentId).toBe(object.payment_intent);
    expect(await eventsOf(db, o.order.id, 'paid')).toHaveLength(1);
    expect(await mailsTo(db, o.email, 'order_paid')).toHaveLength(1);
    expect(await mailsTo(db, o.email)).toHaveLength(1);
    expect(await handledEvents(db, 'stripe', JSON.parse(delivery.payload).id)).toHaveLength(1);
  });

  it('the same event replayed concurrently still changes the order once', async () => {
    const o = await startedOrder();
    const delivery = signedDelivery(stripeEvent('checkout.session.completed', sessionObject(o.session)), WHSEC_A);
    const replies = await Promise.all([1, 2, 3].map(() => hook(delivery)));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await orderRow(db, o.order.id)).paymentStatus).toBe('paid');
    expect(await eventsOf(db, o.order.id, 'paid')).toHaveLength(1);
    expect(await mailsTo(db, o.email, 'order_paid')).toHaveLength(1);
  });

  it('out of order, expired then completed: paid in the end, seats taken again, one paid mail', async () => {
    const o = await startedOrder({ seats: 3 });
    const seats = await soldSeats(db, ticketA);
    const expired = await hook(
      signedDelivery(
        stripeEvent(
          'checkout.session.expired',
          sessionObject(o.session, { status: 'expired', payment_status: 'unpaid', payment_intent: null }),
        ),
        WHSEC_A,
      ),
    );
    expect(expired.statusCode).toBe(200);
    expect((await orderRow(db, o.order.id)).paymentStatus).toBe('expired');
    expect(await soldSeats(db, ticketA)).toBe(seats - 3);
    const completed = await hook(signedDelivery(stripeEvent('checkout.session.completed', sessionObject(o.session)), WHSEC_A));
    expect(completed.statusCode).toBe(200);
    const order = await orderRow(db, o.order.id);
    expect(order.paymentStatus).toBe('paid');
    expect(await soldSeats(db, ticketA)).toBe(seats);
    expect((await paymentRow(db, o.payment.id)).status).toBe('succeeded');
    expect(await eventsOf(db, o.order.id, 'paid')).toHaveLength(1);
    expect(await mailsTo(db, o.email, 'order_paid')).toHaveLength(1);
  });

  it('out of order, completed then expired: stays paid, one paid mail, no release', async () => {
    const o = await startedOrder({ seats: 2 });
    const seats = await soldSeats(db, ticketA);
    await hook(signedDelivery(stripeEvent('checkout.session.completed', sessionObject(o.session)), WHSEC_A));
    const res = await hook(
      signedDelivery(stripeEvent('checkout.session.expired', sessionObject(o.session, { status: 'expired' })), WHSEC_A),
    );
    expect(res.statusCode).toBe(200);
    expect((await orderRow(db, o.order.id)).paymentStatus).toBe('paid');
    expect(await soldSeats(db, ticketA)).toBe(seats);
    expect(await eventsOf(db, o.order.id, 'paid')).toHaveLength(1);
    expect(await eventsOf(db, o.order.id, 'expired')).toHaveLength(0);
    expect(await mailsTo(db, o.email, 'order_paid')).toHaveLength(1);
    expect(await mailsTo(db, o.email, 'order_ended')).toHaveLength(0);
  });

  it('completed but unpaid (a bank debit) waits; async succeeded → paid', async () => {
    const o = await startedOrder();
    const object = sessionObject(o.session, { payment_status: 'unpaid' });
    expect((await hook(signedDelivery(stripeEvent('checkout.session.completed', object), WHSEC_A))).statusCode).toBe(200);
    expect((await orderRow(db, o.order.id)).paymentStatus).toBe('waiting');
    expect((await paymentRow(db, o.payment.id)).externalPaymentId).toBe(object.payment_intent);
    await hook(signedDelivery(stripeEvent('checkout.session.async_payment_succeeded', { ...object, payment_status: 'paid' }), WHSEC_A));
    expect((await orderRow(db, o.order.id)).paymentStatus).toBe('paid');
    expect(await mailsTo(db, o.email, 'order_paid')).toHaveLength(1);
  });

  it('async payment failed → declined, seats released', async () => {
    const o = await startedOrder({ seats: 2 });
    const seats = await soldSeats(db, ticketA);
    const object = sessionObject(o.session, { payment_status: 'unpaid' });
    await hook(signedDelivery(stripeEvent('checkout.session.completed', object), WHSEC_A));
    const res = await hook(signedDelivery(stripeEvent('checkout.session.async_payment_failed', object), WHSEC_A));
    expect(res.statusCode).toBe(200);
    const order = await orderRow(db, o.order.id);
    expect(order.paymentStatus).toBe('declined');
    expect(await soldSeats(db, ticketA)).toBe(seats - 2);
    expect((await paymentRow(db, o.payment.id)).status).toBe('failed');
    expect(await mailsTo(db, o.email, 'order_paid')).toHaveLength(0);
  });

  it('charge refunded in part, then in full → partially-refunded, then refunded (seats released); each step counted once', async () => {
    const o = await startedOrder({ seats: 2 }); // 2 × 25.00
    const object = sessionObject(o.session);
    await hook(signedDelivery(stripeEvent('checkout.session.completed', object), WHSEC_A));
    const pi = object.payment_intent as string;
    const seats = await soldSeats(db, ticketA);

    // The charge names neither team nor order: it is found through its PaymentIntent.
    const partial = signedDelivery(
      stripeEvent('charge.refunded', chargeObject(pi, 5000, 1500), { previous_attributes: { amount_refunded: 0 } }),
      WHSEC_A,
    );
    for (let i = 0; i < 3; i++) expect((await hook(partial)).statusCode).toBe(200);
    let order = await orderRow(db, o.order.id);
    expect(order.paymentStatus).toBe('partially-refunded');
    expect(order.refundedMinor).toBe(1500);
    expect(await soldSeats(db, ticketA)).toBe(seats);

    // The same step again under another event id (Stripe resending as a new event): still once.
    await hook(
      signedDelivery(
        stripeEvent('charge.refunded', chargeObject(pi, 5000, 1500), { previous_attributes: { amount_refunded: 0 } }),
        WHSEC_A,
      ),
    );
    expect((await orderRow(db, o.order.id)).refundedMinor).toBe(1500);

    const full = signedDelivery(
      stripeEvent('charge.refunded', chargeObject(pi, 5000, 5000), { previous_attributes: { amount_refunded: 1500 } }),
      WHSEC_A,
    );
    expect((await hook(full)).statusCode).toBe(200);
    order = await orderRow(db, o.order.id);
    expect(order.paymentStatus).toBe('refunded');
    expect(order.refundedMinor).toBe(5000);
    expect(await soldSeats(db, ticketA)).toBe(seats - 2);
    expect((await paymentRow(db, o.payment.id)).status).toBe('refunded');
    expect((await eventsOf(db, o.order.id, 'refunded')).map((e) => e.data.amount_minor)).toEqual([1500, 3500]);
  });

  it('a refund event without the previous amount refunds the difference to what the order recorded', async () => {
    const o = await startedOrder();
    const object = sessionObject(o.session);
    await hook(signedDelivery(stripeEvent('checkout.session.completed', object), WHSEC_A));
    await hook(signedDelivery(stripeEvent('charge.refunded', chargeObject(object.payment_intent as string, 2500, 1000)), WHSEC_A));
    expect(await orderRow(db, o.order.id)).toMatchObject({ paymentStatus: 'partially-refunded', refundedMinor: 1000 });
    await hook(signedDelivery(stripeEvent('charge.refunded', chargeObject(object.payment_intent as string, 2500, 2500)), WHSEC_A));
    expect(await orderRow(db, o.order.id)).toMatchObject({ paymentStatus: 'refunded', refundedMinor: 2500 });
  });

  it("never reaches another team's order: an event signed by team B naming team A's order changes nothing", async () => {
    const o = await startedOrder();
    const forged = sessionObject({ ...o.session, metadata: { ...o.session.metadata, team_id: String(b.team.id) } });
    const res = await hook(signedDelivery(stripeEvent('checkout.session.completed', forged), WHSEC_B), b);
    expect(res.statusCode).toBe(200); // properly signed by B, but nothing of B's to change
    expect((await orderRow(db, o.order.id)).paymentStatus).toBe('waiting');
    // Signed by B but sent to A's endpoint: the signature fails.
    expect((await hook(signedDelivery(stripeEvent('checkout.session.completed', forged), WHSEC_B), a)).statusCode).toBe(400);
    // A refund of A's payment intent signed by B: at B's endpoint nothing of B's; at A's the signature fails.
    const paid = await startedOrder();
    const object = sessionObject(paid.session);
    await hook(signedDelivery(stripeEvent('checkout.session.completed', object), WHSEC_A));
    const refund = signedDelivery(stripeEvent('charge.refunded', chargeObject(object.payment_intent as string, 2500, 2500)), WHSEC_B);
    expect((await hook(refund, b)).statusCode).toBe(200);
    expect((await hook(refund, a)).statusCode).toBe(400);
    expect((await orderRow(db, paid.order.id)).paymentStatus).toBe('paid');
  });

  it('answers 200 to event types it does not act on, and to sessions that are not ours', async () => {
    const o = await startedOrder();
    const other = await hook(
      signedDelivery(
        stripeEvent('payment_intent.created', { id: 'pi_x', object: 'payment_intent', metadata: { team_id: String(a.team.id) } }),
        WHSEC_A,
      ),
    );
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json()).toEqual({ received: true });
    const foreignSession = sessionObject({ ...o.session, id: 'cs_test_notOurs' });
    expect((await hook(signedDelivery(stripeEvent('checkout.session.completed', foreignSession), WHSEC_A))).statusCode).toBe(200);
    expect((await orderRow(db, o.order.id)).paymentStatus).toBe('waiting');
  });

  it("verifies a connected account's event with the platform's Connect secret and finds its team by the verified account", async () => {
    const o = await startedOrder({ team: c, ticketId: ticketC });
    const event = stripeEvent('checkout.session.completed', sessionObject(o.session), { account: ACCOUNT_C });
    // The team's own stored secret verifies nothing of a connected account, nor at its own endpoint.
    expect((await hook(signedDelivery(event, WHSEC_C), null)).statusCode).toBe(400);
    expect((await hook(signedDelivery(event, WHSEC_C), c)).statusCode).toBe(400);
    expect((await orderRow(db, o.order.id)).paymentStatus).toBe('waiting');
    const res = await hook(signedDelivery(event, WHSEC_PLATFORM), null);
    expect(res.statusCode, res.body).toBe(200);
    expect((await orderRow(db, o.order.id)).paymentStatus).toBe('paid');
  });

  it('an event of another connected account never reaches the team named in its metadata (event.account decides)', async () => {
    // Team D (its own connected account) sends an event naming team C's order in its metadata.
    // Before issue 20 the team came from metadata.team_id and was checked with C's stored secret,
    // which D also knew (here: both stored the same Connect secret); `account` was never compared.
    const o = await startedOrder({ team: c, ticketId: ticketC });
    const forged = sessionObject(o.session);
    for (const [account, secret] of [
      [ACCOUNT_D, WHSEC_PLATFORM],
      [ACCOUNT_D, WHSEC_C],
      ['acct_1NobodysAccount', WHSEC_PLATFORM],
    ] as const) {
      const res = await hook(signedDelivery(stripeEvent('checkout.session.completed', forged, { account }), secret), null);
      expect([200, 400], res.body).toContain(res.statusCode);
    }
    expect((await orderRow(db, o.order.id)).paymentStatus).toBe('waiting');
    expect(await eventsOf(db, o.order.id, 'paid')).toHaveLength(0);
    // A Connect event at a team's endpoint must be that team's account.
    const right = signedDelivery(stripeEvent('checkout.session.completed', forged, { account: ACCOUNT_C }), WHSEC_PLATFORM);
    expect((await hook(right, d)).statusCode).toBe(400);
    expect((await orderRow(db, o.order.id)).paymentStatus).toBe('waiting');
  });

  it('replay keys are per team: the same event id for two teams is processed for both', async () => {
    const oa = await startedOrder();
    const ob = await startedOrder({ team: b, ticketId: ticketB });
    const id = `evt_sameForTwoTeams${Date.now()}`;
    const ra = await hook(signedDelivery(stripeEvent('checkout.session.completed', sessionObject(oa.session), { id }), WHSEC_A), a);
    const rb = await hook(signedDelivery(stripeEvent('checkout.session.completed', sessionObject(ob.session), { id }), WHSEC_B), b);
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
    expect((await orderRow(db, oa.order.id)).paymentStatus).toBe('paid');
    expect((await orderRow(db, ob.order.id)).paymentStatus).toBe('paid');
    expect((await handledEvents(db, 'stripe', id)).map((e) => e.teamId).sort()).toEqual([a.team.id, b.team.id].sort());
    // Each team's replay is still a replay.
    await hook(signedDelivery(stripeEvent('checkout.session.completed', sessionObject(ob.session), { id }), WHSEC_B), b);
    expect(await eventsOf(db, ob.order.id, 'paid')).toHaveLength(1);
  });

  it('a paid amount or currency that differs from the order never marks it paid: recorded for staff in its history', async () => {
    for (const over of [{ amount_total: 100 }, { currency: 'eur' }, { amount_total: null }]) {
      const o = await startedOrder();
      const res = await hook(signedDelivery(stripeEvent('checkout.session.completed', { ...sessionObject(o.session), ...over }), WHSEC_A));
      expect(res.statusCode, res.body).toBe(200);
      const order = await orderRow(db, o.order.id);
      expect(order.paymentStatus).toBe('waiting');
      expect(order.paidAt).toBeNull();
      expect((await paymentRow(db, o.payment.id)).status).toBe('mismatch');
      expect(await eventsOf(db, o.order.id, 'paid')).toHaveLength(0);
      const [mismatch, ...more] = await eventsOf(db, o.order.id, 'payment_mismatch');
      expect(more).toHaveLength(0);
      expect(mismatch!.actor).toBe('provider');
      expect(mismatch!.data).toMatchObject({
        provider: 'stripe',
        payment_id: o.payment.id,
        expected_minor: o.order.totalMinor,
        expected_currency: 'CHF',
        amount_minor: over.amount_total === undefined ? o.order.totalMinor : over.amount_total,
        currency: over.currency ? 'EUR' : 'CHF',
      });
      expect(await mailsTo(db, o.email, 'order_paid')).toHaveLength(0);
    }
  });

  it("keeps the raw parser to the webhook: other routes still refuse what isn't JSON", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/public/test-payments/1?token=x',
      payload: 'outcome=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });
});
