import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentRefunds } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { makeActivity, makeTicket, owner, type Staff } from '../../../test/factories.ts';
import type { PaymentDeps, PaymentRow } from './adapters.ts';
import { paymentAdapter, startOnlinePayment } from './index.ts';
import { configurePayments, eventsOf, handledEvents, orderRow, paymentRow, waitingOrder, webhook } from './payments-test-kit.ts';
import {
  datatransTransaction,
  signedDatatransDelivery,
  startFakeDatatrans,
  type FakeDatatrans,
} from './providers/datatrans/fake-datatrans.ts';
import {
  chargeObject,
  sessionObject,
  signedDelivery,
  startFakeStripe,
  stripeEvent,
  type FakeStripe,
} from './providers/stripe/fake-stripe.ts';

/**
 * The payment-provider contract: every provider that takes money online passes the same tests —
 * start (the hosted page for the order's total, TWINT among the methods), webhook (a signed
 * delivery marks the order paid, a replay changes nothing, a forged or stale one is refused with
 * 400), refund and partial refund (through the one refund service, with an idempotency key, the
 * outcome recorded, the order not locked while the provider is asked), a refused refund (502,
 * nothing changes). Run against Stripe (the real SDK and the local fake Stripe) and Datatrans
 * (the adapter's HTTP calls and the local fake Datatrans); no network.
 */

type Delivery = { payload: string; headers: Record<string, string> };

interface ProviderKit {
  provider: 'stripe' | 'datatrans';
  configure(team: Staff): Promise<void>;
  /** What the provider was asked when the page was opened: amount, currency, and the methods when the provider takes a list. */
  startRequest(): { amount: number; currency: string; methods: string[] | null };
  /** The provider's signed "paid" delivery for the started attempt; the fake then holds the money. */
  paid(payment: PaymentRow, teamId: number, sign?: { key?: 'forged'; ageMs?: number }): Delivery;
  refundCalls(): { amount: number; idempotencyKey: string | undefined }[];
  /** The provider's signed webhook for the last refund made (`refundedSoFar` on the payment after it). */
  refundedDelivery(payment: PaymentRow, step: number, refundedSoFar: number): Delivery;
  failNext(): void;
  holdNext(): { arrived: Promise<void>; release(): void };
}

const STRIPE_SECRET = 'sk_test_contractTeamSecret000';
const STRIPE_WHSEC = 'whsec_contractTeamWebhook0000';
const DT_MERCHANT = '1100099999';
const DT_PASSWORD = 'contract-Passw0rd';
const DT_KEY = '5f'.repeat(32);

let t: TestApp;
let fakeStripe: FakeStripe;
let fakeDatatrans: FakeDatatrans;
let deps: PaymentDeps;

beforeAll(async () => {
  fakeStripe = await startFakeStripe();
  fakeDatatrans = await startFakeDatatrans();
  fakeDatatrans.addMerchant(DT_MERCHANT, DT_PASSWORD);
  t = await buildTestApp({ config: { stripeApi: fakeStripe.target, datatransApi: fakeDatatrans.url } });
  deps = { db: t.app.deps.db, config: t.app.deps.config };
});
afterAll(async () => {
  await t?.close();
  await fakeStripe?.close();
  await fakeDatatrans?.close();
});

const stripeKit: ProviderKit = {
  provider: 'stripe',
  configure: (team) => configurePayments(team, { stripe: { secretKey: STRIPE_SECRET, webhookSecret: STRIPE_WHSEC } }),
  startRequest() {
    const req = fakeStripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    const price = (req.body.line_items as { price_data: { unit_amount: string; currency: string } }[])[0]!.price_data;
    const types = req.body.payment_method_types as string[] | undefined;
    return { amount: Number(price.unit_amount), currency: price.currency.toUpperCase(), methods: types ?? null };
  },
  paid(payment, teamId, sign = {}) {
    const pi = `pi_${payment.id}x${Date.now().toString(36)}`;
    fakeStripe.addCharge(pi, payment.amountMinor);
    const session = {
      id: payment.externalId!,
      metadata: { team_id: String(teamId), order_id: String(payment.orderId), payment_id: String(payment.id) },
      amount_total: payment.amountMinor,
      currency: payment.currency.toLowerCase(),
    };
    const event = stripeEvent('checkout.session.completed', sessionObject(session, { payment_intent: pi }));
    const secret = sign.key === 'forged' ? 'whsec_someoneElsesSecret00000' : STRIPE_WHSEC;
    return signedDelivery(event, secret, sign.ageMs ? Math.floor((Date.now() - sign.ageMs) / 1000) : undefined);
  },
  refundCalls: () => fakeStripe.refunds.map((r) => ({ amount: r.amount, idempotencyKey: r.idempotencyKey })),
  refundedDelivery(payment, step, soFar) {
    const charge = chargeObject(payment.externalPaymentId!, payment.amountMinor, soFar);
    return signedDelivery(stripeEvent('charge.refunded', charge, { previous_attributes: { amount_refunded: soFar - step } }), STRIPE_WHSEC);
  },
  // A card error: not retried by the SDK.
  failNext: () => fakeStripe.failNext(1, 402),
  holdNext: () => fakeStripe.holdNext(),
};

const datatransKit: ProviderKit = {
  provider: 'datatrans',
  configure: (team) => configurePayments(team, { datatrans: { merchantId: DT_MERCHANT, password: DT_PASSWORD, hmacKey: DT_KEY } }),
  startRequest() {
    const req = fakeDatatrans.requests.filter((r) => r.path === '/v1/transactions').at(-1)!;
    return { amount: Number(req.body.amount), currency: String(req.body.currency), methods: req.body.paymentMethods as string[] };
  },
  paid(payment, _teamId, sign = {}) {
    const tx = fakeDatatrans.settle(payment.externalId!);
    const body = datatransTransaction(tx, { amount: payment.amountMinor });
    const key = sign.key === 'forged' ? '77'.repeat(32) : DT_KEY;
    return signedDatatransDelivery(body, key, Date.now() - (sign.ageMs ?? 0));
  },
  refundCalls: () => fakeDatatrans.credits.map((c) => ({ amount: c.amount, idempotencyKey: c.idempotencyKey })),
  refundedDelivery(payment, step) {
    const credit = fakeDatatrans.credits.at(-1)!;
    const request = fakeDatatrans.requests.filter((r) => r.path.endsWith('/credit')).at(-1)!;
    const body = datatransTransaction(
      { id: credit.id, merchantId: DT_MERCHANT, refno: String(request.body.refno), currency: payment.currency },
      { type: 'credit', amount: step },
    );
    return signedDatatransDelivery(body, DT_KEY);
  },
  failNext: () => fakeDatatrans.failNext(1, 400),
  holdNext: () => fakeDatatrans.holdNext(),
};

describe.each([stripeKit, datatransKit])('payment provider contract: $provider', (kit) => {
  let boss: Staff;
  let ticketId: number;
  const db = () => t.app.deps.db;

  beforeAll(async () => {
    boss = await owner(t.app, { teamName: `Contract ${kit.provider}` });
    await kit.configure(boss);
    ticketId = (await makeTicket(db(), boss.team.id, (await makeActivity(db(), boss.team.id)).id, { stock: 100, priceMinor: 3000 })).id;
  });

  /** A waiting order of two seats (CHF 60) with the provider's page opened through our code. */
  async function started() {
    const made = await waitingOrder(db(), boss.team.id, ticketId, kit.provider, { seats: 2 });
    const { paymentUrl } = await startOnlinePayment(deps, {
      teamId: boss.team.id,
      orderId: made.order.id,
      method: kit.provider,
      language: 'de',
    });
    return { ...made, paymentUrl, payment: await paymentRow(db(), made.payment.id) };
  }

  async function paidOrder() {
    const s = await started();
    const delivery = kit.paid(s.payment, boss.team.id);
    const res = await webhook(t.app, delivery, boss.team.id, kit.provider);
    expect(res.statusCode, res.body).toBe(200);
    return s;
  }

  const refund = (id: number, body: Record<string, unknown> = {}) => boss.client.post(`/api/orders/${id}/refund?language=en`, body);
  const refundRows = (orderId: number) =>
    db()
      .select()
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.teamId, boss.team.id), eq(paymentRefunds.orderId, orderId)))
      .orderBy(paymentRefunds.id);

  it('start: opens the hosted page for the order total and keeps it; TWINT is among the methods', async () => {
    const s = await started();
    expect(s.paymentUrl).toMatch(/^https?:\/\//);
    expect(s.payment).toMatchObject({ externalId: expect.any(String), checkoutUrl: s.paymentUrl, status: 'pending' });
    expect(kit.startRequest()).toMatchObject({ amount: 6000, currency: 'CHF' });
    expect(paymentAdapter(kit.provider).capabilities.methods).toContain('twint');
    // A provider that is told the methods is told TWINT (Datatrans' code: TWI).
    const methods = kit.startRequest().methods;
    if (methods) expect(methods).toContain('TWI');
    // The same attempt again: the same page, the provider is not asked twice.
    const again = await startOnlinePayment(deps, { teamId: boss.team.id, orderId: s.order.id, method: kit.provider, language: 'de' });
    expect(again.paymentUrl).toBe(s.paymentUrl);
  });

  it('checkout: the public team offers the method, and an order placed with it returns the provider’s page', async () => {
    const team = await t.app.inject({ method: 'GET', url: `/api/public/teams/${boss.team.id}` });
    expect(team.json().data.payment_methods).toEqual(['free', kit.provider]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/public/teams/${boss.team.id}/orders`,
      headers: { 'accept-language': 'de' },
      payload: {
        items: [{ ticket_id: ticketId, quantity: 1 }],
        customer: { firstname: 'Anna', lastname: 'Muster', email: `contract-${kit.provider}@example.com` },
        participants: [{ ticket_id: ticketId, firstname: 'Anna', lastname: 'Muster', answers: {} }],
        answers: {},
        payment_method: kit.provider,
        language: 'de',
        accept_terms: true,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().payment_url).toMatch(/^https?:\/\//);
    expect(res.json().order).toMatchObject({ payment_type: kit.provider, payment_status: 'waiting' });
    expect(kit.startRequest()).toMatchObject({ amount: 3000, currency: 'CHF' });
  });

  it('webhook: forged or stale deliveries are refused (400, nothing changes); a signed one marks paid once, its replay changes nothing', async () => {
    const s = await started();
    for (const sign of [{ key: 'forged' as const }, { ageMs: 10 * 60_000 }]) {
      const res = await webhook(t.app, kit.paid(s.payment, boss.team.id, sign), boss.team.id, kit.provider);
      expect(res.statusCode, JSON.stringify(sign)).toBe(400);
    }
    expect((await orderRow(db(), s.order.id)).paymentStatus).toBe('waiting');
    // Another team's endpoint does not take this team's delivery.
    const other = await owner(t.app);
    const delivery = kit.paid(s.payment, boss.team.id);
    expect((await webhook(t.app, delivery, other.team.id, kit.provider)).statusCode).toBe(400);

    expect((await webhook(t.app, delivery, boss.team.id, kit.provider)).statusCode).toBe(200);
    expect((await orderRow(db(), s.order.id)).paymentStatus).toBe('paid');
    expect((await webhook(t.app, delivery, boss.team.id, kit.provider)).statusCode).toBe(200);
    expect(await eventsOf(db(), s.order.id, 'paid')).toHaveLength(1);
    const handled = (await handledEvents(db(), kit.provider)).filter((e) => e.orderId === s.order.id);
    expect(handled).toHaveLength(1);
  });

  it('refund: partial, then the rest — each at the provider once with its own idempotency key, the outcome recorded', async () => {
    const s = await paidOrder();
    const before = kit.refundCalls().length;
    const part = await refund(s.order.id, { amount: '10' });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().data).toMatchObject({ payment_status: 'partially-refunded', refunded: 10, refund_method: kit.provider });
    // The provider's webhook for the same step counts nothing twice (its key is the one recorded).
    const payment = await paymentRow(db(), s.payment.id);
    const echo = await webhook(t.app, kit.refundedDelivery(payment, 1000, 1000), boss.team.id, kit.provider);
    expect(echo.statusCode, echo.body).toBe(200);
    expect(await orderRow(db(), s.order.id)).toMatchObject({ refundedMinor: 1000, paymentStatus: 'partially-refunded' });
    expect(await eventsOf(db(), s.order.id, 'refunded')).toHaveLength(1);
    const rest = await refund(s.order.id);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().data).toMatchObject({ payment_status: 'refunded', refunded: 60 });
    const calls = kit.refundCalls().slice(before);
    expect(calls.map((c) => c.amount)).toEqual([1000, 5000]);
    const rows = await refundRows(s.order.id);
    expect(rows.map((r) => [r.status, r.amountMinor, r.provider])).toEqual([
      ['succeeded', 1000, kit.provider],
      ['succeeded', 5000, kit.provider],
    ]);
    expect(calls.map((c) => c.idempotencyKey)).toEqual(rows.map((r) => r.idempotencyKey));
    expect(new Set(rows.map((r) => r.idempotencyKey)).size).toBe(2);
    expect(rows.every((r) => r.externalRefundId)).toBe(true);
    expect((await orderRow(db(), s.order.id)).refundedMinor).toBe(6000);
    // Nothing left: 409, the provider is not asked.
    expect((await refund(s.order.id)).statusCode).toBe(409);
    expect(kit.refundCalls().length - before).toBe(2);
  });

  it('refund: the order is not locked while the provider is asked', async () => {
    const s = await paidOrder();
    const held = kit.holdNext();
    const pending = refund(s.order.id, { amount: '5' });
    await held.arrived;
    // During the provider's call another transaction can lock the order at once (NOWAIT).
    const locked = await db().transaction(async (tx) => tx.execute(sql`SELECT id FROM orders WHERE id = ${s.order.id} FOR UPDATE NOWAIT`));
    expect((locked as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    // And the amount is reserved: a second refund of everything cannot take it twice.
    const second = await refund(s.order.id, { amount: '60' });
    expect(second.statusCode).toBe(422);
    held.release();
    const res = await pending;
    expect(res.statusCode, res.body).toBe(200);
    expect((await orderRow(db(), s.order.id)).refundedMinor).toBe(500);
  });

  it('refund refused by the provider: 502, nothing changes, the attempt is recorded as failed', async () => {
    const s = await paidOrder();
    kit.failNext();
    const res = await refund(s.order.id, { amount: '10' });
    expect(res.statusCode).toBe(502);
    expect(await orderRow(db(), s.order.id)).toMatchObject({ refundedMinor: 0, paymentStatus: 'paid' });
    expect((await refundRows(s.order.id)).map((r) => r.status)).toEqual(['failed']);
    expect(await eventsOf(db(), s.order.id, 'refund_failed')).toHaveLength(1);
    // The next try works (a fresh key).
    expect((await refund(s.order.id, { amount: '10' })).statusCode).toBe(200);
  });
});
