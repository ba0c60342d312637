import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emails, orderEvents, orders, payments, tickets } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { makeActivity, makeTicket, owner, type Staff } from '../../../test/factories.ts';
import { makeOrder } from '../../../test/selling-factories.ts';
import { chargeObject, signedDelivery, startFakeStripe, stripeEvent, type FakeStripe } from './providers/stripe/fake-stripe.ts';
import { configurePayments, webhook } from './payments-test-kit.ts';

/**
 * Refunds and cancellations by staff: recorded for invoice, manual and test-mode orders, through
 * Stripe (the real SDK against the local fake Stripe) for Stripe orders; never more than paid
 * minus refunded, also when two refunds of one order arrive at once; a full refund releases the
 * seats; the webhook Stripe sends afterwards counts nothing twice.
 */

const SECRET = 'sk_test_refundTeamSecretKey00';
const WHSEC = 'whsec_refundTeamWebhookSecret0';

let fake: FakeStripe;
let t: TestApp;
let boss: Staff;
let teamId: number;
let ticketId: number;
const db = () => t.app.deps.db;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await buildTestApp({ config: { stripeApi: fake.target } });
  boss = await owner(t.app, { firstname: 'Olivia' });
  teamId = boss.team.id;
  await configurePayments(boss, { stripe: { secretKey: SECRET, webhookSecret: WHSEC } });
  ticketId = (await makeTicket(db(), teamId, (await makeActivity(db(), teamId)).id, { priceMinor: 3000, stock: 100 })).id;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.refunds.length = 0;
});

const sold = async () => (await db().select({ sold: tickets.sold }).from(tickets).where(eq(tickets.id, ticketId)))[0]!.sold;
const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const events = async (id: number, type: string) =>
  (await db().select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(orderEvents.id)).filter((e) => e.type === type);
/** The order's refund mails (issue 22 item 4: each with its credit note), oldest first. */
const refundMails = async (id: number) => {
  const ids = (await events(id, 'mail_queued')).filter((e) => e.data.occasion === 'refunded').map((e) => Number(e.data.email_id));
  return ids.length ? db().select().from(emails).where(inArray(emails.id, ids)).orderBy(emails.id) : [];
};
const refund = (id: number, body: Record<string, unknown> = {}, lang = 'en') =>
  boss.client.post(`/api/orders/${id}/refund?language=${lang}`, body);

/** A paid order of three seats (CHF 90) paid by invoice, or by Stripe with its PaymentIntent at the fake. */
async function paidOrder(provider: 'invoice' | 'stripe' | 'test' = 'invoice') {
  const made = await makeOrder(db(), teamId, {
    ticketId,
    paymentType: provider,
    participants: [1, 2, 3].map((n) => ({ firstname: `P${n}`, lastname: 'Muster' })),
  });
  let paymentIntent: string | null = null;
  if (provider === 'stripe') {
    paymentIntent = `pi_${made.order.id}x${Date.now().toString(36)}`;
    await db().insert(payments).values({
      teamId,
      orderId: made.order.id,
      provider: 'stripe',
      status: 'succeeded',
      amountMinor: 9000,
      currency: 'CHF',
      externalPaymentId: paymentIntent,
    });
    fake.addCharge(paymentIntent, 9000);
  }
  return { id: made.order.id, paymentIntent };
}

describe('refunds recorded (invoice, test mode)', () => {
  it('refunds in part, refuses more than is left (422), then in full: seats released, history with staff', async () => {
    const { id } = await paidOrder('invoice');
    const before = await sold();
    const part = await refund(id, { amount: '20,50', reason: 'Ein Kind krank' });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({ success: true, message: 'CHF 20.50 has been refunded.' });
    expect(part.json().data).toMatchObject({
      payment_status: 'partially-refunded',
      refunded: 20.5,
      refundable: 69.5,
      refund_method: 'record',
    });
    expect(await sold()).toBe(before);

    const over = await refund(id, { amount: 70 });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toEqual({ amount: ['At most CHF 69.50 can still be refunded.'] });
    const overDe = await refund(id, { amount: '69.51' }, 'de');
    expect(overDe.json().errors.amount[0]).toBe('Es können höchstens noch CHF 69.50 zurückerstattet werden.');
    for (const amount of ['0', '-5', 'abc', '1.234'])
      expect((await refund(id, { amount })).json().errors, amount).toEqual({ amount: ['Please enter an amount above 0, e.g. 12.50.'] });

    const rest = await refund(id);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().message).toBe('CHF 69.50 has been refunded; the order is fully refunded and its seats released.');
    expect(rest.json().data).toMatchObject({ payment_status: 'refunded', refunded: 90, refundable: 0, refund_method: null });
    expect(rest.json().data.actions).toMatchObject({ refund: false, cancel: false, tickets_pdf: false });
    expect(await sold()).toBe(before - 3);
    expect((await events(id, 'refunded')).map((e) => [e.actor, e.userId, e.data])).toEqual([
      ['staff', boss.user.id, expect.objectContaining({ amount_minor: 2050, method: 'record', reason: 'Ein Kind krank' })],
      ['staff', boss.user.id, expect.objectContaining({ amount_minor: 6950, refunded_minor: 9000 })],
    ]);

    const again = await refund(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order has already been refunded in full.');
    expect(await sold()).toBe(before - 3);
    expect(fake.requests).toEqual([]);
  });

  it('refuses unpaid orders (409) and another company’s order (404)', async () => {
    const waiting = await makeOrder(db(), teamId, { ticketId, paymentStatus: 'waiting' });
    const res = await refund(waiting.order.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only paid orders can be refunded.');
    const other = await owner(t.app);
    const { id } = await paidOrder('test');
    expect((await other.client.post(`/api/orders/${id}/refund`, {})).statusCode).toBe(404);
    expect((await orderRow(id)).refundedMinor).toBe(0);
    // A test-mode order: recorded only (no money moved anywhere).
    expect((await refund(id, { amount: 10 })).json().data).toMatchObject({ payment_status: 'partially-refunded', refund_method: 'record' });
    expect(fake.requests).toEqual([]);
  });
});

describe('refunds through Stripe', () => {
  it('refunds at Stripe with the team’s key; the webhook that follows counts nothing twice', async () => {
    const { id, paymentIntent } = await paidOrder('stripe');
    const res = await refund(id, { amount: '30' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ payment_status: 'partially-refunded', refunded: 30, refund_method: 'stripe' });
    expect(fake.refunds).toEqual([
      {
        id: expect.stringMatching(/^re_/),
        paymentIntent,
        amount: 3000,
        idempotencyKey: expect.stringMatching(new RegExp(`^bookla-refund-${id}-[0-9a-f-]{36}$`)),
      },
    ]);
    const call = fake.requests.find((r) => r.path === '/v1/refunds')!;
    expect(call.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(call.body).toMatchObject({
      payment_intent: paymentIntent,
      amount: '3000',
      expand: ['charge'],
      metadata: { order_id: String(id) },
    });

    // Stripe's `charge.refunded` for the same step (with and without the previous amount): no change.
    for (const previous of [{ amount_refunded: 0 }, undefined]) {
      const event = stripeEvent(
        'charge.refunded',
        chargeObject(paymentIntent!, 9000, 3000),
        previous ? { previous_attributes: previous } : {},
      );
      // The team uses its own keys (not Connect): Stripe calls the team's own endpoint (`?team=`).
      const hook = await webhook(t.app, signedDelivery(event, WHSEC), teamId);
      expect(hook.statusCode, hook.body).toBe(200);
    }
    expect(await orderRow(id)).toMatchObject({ refundedMinor: 3000, paymentStatus: 'partially-refunded' });
    expect(await events(id, 'refunded')).toHaveLength(1);
    // One refund, one mail with its credit note, whichever of the two recorded it.
    expect(await refundMails(id)).toEqual([
      expect.objectContaining({ kind: 'order_refunded', attachments: [{ kind: 'credit_note', orderId: id, creditNote: 1 }] }),
    ]);

    // The rest: Stripe refunds 60, the order is refunded, the seats go back.
    const before = await sold();
    const rest = await refund(id);
    expect(rest.json().data).toMatchObject({ payment_status: 'refunded', refunded: 90 });
    expect(fake.refunds.map((r) => r.amount)).toEqual([3000, 6000]);
    expect(await sold()).toBe(before - 3);
  });

  it('a refund made at Stripe itself (only its webhook) mails the customer its credit note, once', async () => {
    const { id, paymentIntent } = await paidOrder('stripe');
    const event = stripeEvent('charge.refunded', chargeObject(paymentIntent!, 9000, 2500), { previous_attributes: { amount_refunded: 0 } });
    for (let n = 0; n < 2; n++) expect((await webhook(t.app, signedDelivery(event, WHSEC), teamId)).statusCode).toBe(200);
    expect(await orderRow(id)).toMatchObject({ refundedMinor: 2500, paymentStatus: 'partially-refunded' });
    const mails = await refundMails(id);
    expect(mails).toEqual([
      expect.objectContaining({ kind: 'order_refunded', attachments: [{ kind: 'credit_note', orderId: id, creditNote: 1 }] }),
    ]);
    const text = mails[0]!.textBody.replace(/\u00a0/g, ' ');
    expect(text).toContain('CHF 25.00');
    expect(text).toContain('Der Betrag wird Ihrem Zahlungsmittel gutgeschrieben');
  });

  it('changes nothing when Stripe refuses (502), and notes the attempt in the history', async () => {
    const { id } = await paidOrder('stripe');
    fake.failNext(1, 400);
    const res = await refund(id, { amount: 10 });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/payment provider could not make the refund/);
    expect(await orderRow(id)).toMatchObject({ refundedMinor: 0, paymentStatus: 'paid' });
    expect(await events(id, 'refunded')).toEqual([]);
    expect(await events(id, 'refund_failed')).toEqual([expect.objectContaining({ actor: 'staff', userId: boss.user.id })]);
  });

  it('two full refunds of one order at once: one is made, the other refused; Stripe asked once', async () => {
    const { id } = await paidOrder('stripe');
    const before = await sold();
    const replies = await Promise.all([refund(id), refund(id)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.statusCode === 409)!.json().message).toBe('This order has already been refunded in full.');
    expect(await orderRow(id)).toMatchObject({ refundedMinor: 9000, paymentStatus: 'refunded' });
    expect(fake.refunds.map((r) => r.amount)).toEqual([9000]);
    expect(await events(id, 'refunded')).toHaveLength(1);
    expect(await sold()).toBe(before - 3);
  });
});

describe('cancelling paid and free orders', () => {
  it('a paid order only with a refund: everything refunded, seats released', async () => {
    const { id } = await paidOrder('invoice');
    const before = await sold();
    const refused = await boss.client.post(`/api/orders/${id}/cancel?language=en`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This order has been paid. Refund it first, then it can be cancelled.');
    await refund(id, { amount: 10 });
    const res = await boss.client.post(`/api/orders/${id}/cancel?language=en`, { refund: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('The order has been cancelled, CHF 80.00 refunded and its seats released.');
    expect(res.json().data).toMatchObject({ payment_status: 'refunded', refunded: 90 });
    expect(await sold()).toBe(before - 3);
    expect((await boss.client.post(`/api/orders/${id}/cancel?language=en`, { refund: true })).json().message).toBe(
      'This order has already been refunded in full.',
    );
  });

  it('a free order: cancelled, seats released, the customer told', async () => {
    const free = await makeOrder(db(), teamId, { ticketId, paymentStatus: 'free', paymentType: 'free' });
    const before = await sold();
    const res = await boss.client.post(`/api/orders/${free.order.id}/cancel?language=en`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ payment_status: 'cancelled' });
    expect(res.json().data.events).toContainEqual(
      expect.objectContaining({ type: 'cancelled', actor: 'staff', user_name: 'Olivia Muster' }),
    );
    expect(await sold()).toBe(before - 1);
    expect((await boss.client.post(`/api/orders/${free.order.id}/cancel`)).statusCode).toBe(409);
  });
});
