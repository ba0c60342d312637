import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activities, orderItems, orders, payments, tickets } from '../../../db/schema/index.ts';
import { createMemoryRateLimiter } from '../../../lib/rate-limit.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { makeActivity, makeSession, makeTicket, owner, type Staff } from '../../../test/factories.ts';
import { makeOrder } from '../../../test/selling-factories.ts';
import { orderToken } from '../orders/index.ts';
// eslint-disable-next-line local/feature-boundaries -- the payments feature's fake Stripe: a test tool, not its public face
import { startFakeStripe, type FakeStripe } from '../payments/providers/stripe/fake-stripe.ts';
import { address, api, configurePayments, eventsOf, mailsTo, verifiedCustomer } from './customer-test-kit.ts';

/**
 * Self-service cancellation within the activity's policy: by the order link's token or the
 * customer session (own orders only), free and unpaid orders cancelled, paid ones refunded by their
 * payment type inside the free window (Stripe through the real SDK against the local fake),
 * cancelled without refund after it where allowed, refused (409) otherwise; seats come back and
 * the order's history shows the customer.
 */

const SECRET = 'sk_test_customerCancelSecretKey0';
const WHSEC = 'whsec_customerCancelWebhookSecret';
const H = 3600_000;

let fake: FakeStripe;
let t: TestApp;
let boss: Staff;
let teamId: number;
let now = Date.now();
const db = () => t.app.deps.db;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await buildTestApp({ config: { stripeApi: fake.target }, limiter: createMemoryRateLimiter(() => now) });
  boss = await owner(t.app, { firstname: 'Olivia' });
  teamId = boss.team.id;
  await configurePayments(boss, { secretKey: SECRET, webhookSecret: WHSEC });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  now += 24 * H;
  fake.refunds.length = 0;
});

/** An activity with its policy, one session `startsIn` hours from now and a CHF 30 ticket. */
async function offer(policy: { hours: number | null; late?: boolean }, startsIn = 24 * 7, team = teamId) {
  const activity = await makeActivity(db(), team);
  await db()
    .update(activities)
    .set({ cancelFreeHours: policy.hours, cancelLateAllowed: policy.late ?? false })
    .where(eq(activities.id, activity.id));
  const session = await makeSession(db(), team, activity.id, new Date(Date.now() + startsIn * H));
  const ticket = await makeTicket(db(), team, activity.id, { priceMinor: 3000, stock: 10 });
  return { activity, session, ticket };
}

type Kind = 'free' | 'invoice-unpaid' | 'invoice-paid' | 'test' | 'stripe';
async function order(ticketId: number, kind: Kind, opts: { email?: string; seats?: number; team?: number } = {}) {
  const [paymentStatus, paymentType] = (
    {
      free: ['free', 'free'],
      'invoice-unpaid': ['waiting', 'invoice'],
      'invoice-paid': ['paid', 'invoice'],
      test: ['paid', 'test'],
      stripe: ['paid', 'stripe'],
    } as const
  )[kind];
  const made = await makeOrder(db(), opts.team ?? teamId, {
    ticketId,
    paymentStatus,
    paymentType,
    email: opts.email ?? address(),
    participants: Array.from({ length: opts.seats ?? 2 }, (_, i) => ({ firstname: `P${i}`, lastname: 'Muster' })),
  });
  if (kind === 'stripe') {
    const intent = `pi_${made.order.id}x${Date.now().toString(36)}`;
    await db().insert(payments).values({
      teamId,
      orderId: made.order.id,
      provider: 'stripe',
      status: 'succeeded',
      amountMinor: made.order.totalMinor,
      currency: 'CHF',
      externalPaymentId: intent,
    });
    fake.addCharge(intent, made.order.totalMinor);
  }
  return made.order;
}

const sold = async (ticketId: number) => (await db().select({ sold: tickets.sold }).from(tickets).where(eq(tickets.id, ticketId)))[0]!.sold;
const row = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
/** The order's link parts (public id, version); an unknown id gets a random public id (no such order). */
const linkOf = async (id: number) =>
  (await db().select({ publicId: orders.publicId, linkVersion: orders.linkVersion }).from(orders).where(eq(orders.id, id)))[0] ?? {
    publicId: randomUUID(),
    linkVersion: 0,
  };
const token = async (id: number) => orderToken(t.app.deps.config, await linkOf(id));
const quote = async (id: number, tok?: string) =>
  t.app.inject({ url: `/api/public/orders/${(await linkOf(id)).publicId}/cancellation?token=${tok ?? (await token(id))}&lang=en` });
const cancel = async (id: number, body: Record<string, unknown> = {}, tok?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/orders/${(await linkOf(id)).publicId}/cancellation?token=${tok ?? (await token(id))}&lang=en`,
    payload: body,
  });

describe('inside the free window', () => {
  it('a free booking is cancelled: seats back, history by the customer, the "ended" mail', async () => {
    const { ticket } = await offer({ hours: 48 });
    const o = await order(ticket.id, 'free');
    expect(await sold(ticket.id)).toBe(2);
    const q = await quote(o.id);
    expect(q.statusCode, q.body).toBe(200);
    expect(q.json().data).toMatchObject({ allowed: true, mode: 'cancel', refund: 0, reason: null });
    expect(q.json().data.message).toMatch(/^You can cancel this booking free of charge until /);
    const res = await cancel(o.id, { expect: 'cancel' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Your booking has been cancelled.', data: { payment_status: 'cancelled' } });
    expect(await sold(ticket.id)).toBe(0);
    expect(await eventsOf(db(), o.id, 'cancelled')).toEqual([expect.objectContaining({ actor: 'customer', userId: null })]);
    expect(await mailsTo(t.app, o.email, 'order_ended')).toHaveLength(1);
    // Ended now: nothing more to cancel.
    expect((await cancel(o.id)).statusCode).toBe(409);
    expect((await quote(o.id)).json().data).toMatchObject({ allowed: false, reason: 'ended', message: 'This booking has already ended.' });
  });

  it('an unpaid invoice order is cancelled without anything to refund', async () => {
    const { ticket } = await offer({ hours: 48 });
    const o = await order(ticket.id, 'invoice-unpaid');
    const res = await cancel(o.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await row(o.id)).toMatchObject({ paymentStatus: 'cancelled', refundedMinor: 0 });
    expect(await sold(ticket.id)).toBe(0);
  });

  it('a test-mode payment is refunded in full (recorded), seats back, the refund mail', async () => {
    const { ticket } = await offer({ hours: 48 });
    const o = await order(ticket.id, 'test');
    expect((await quote(o.id)).json().data).toMatchObject({ mode: 'refund', refund: 60, refund_method: 'online' });
    const res = await cancel(o.id, { expect: 'refund' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Your booking has been cancelled. CHF 60.00 will be refunded to your means of payment.');
    expect(await row(o.id)).toMatchObject({ paymentStatus: 'refunded', refundedMinor: 6000 });
    expect(await sold(ticket.id)).toBe(0);
    expect(await eventsOf(db(), o.id, 'refunded')).toEqual([
      expect.objectContaining({ actor: 'customer', data: expect.objectContaining({ amount_minor: 6000, method: 'record' }) }),
    ]);
    const [mail] = await mailsTo(t.app, o.email, 'order_cancelled_by_customer');
    expect(mail!.textBody).toMatch(/CHF 60.00 will be refunded|werden Ihrem Zahlungsmittel zurückerstattet/);
    expect(fake.refunds).toEqual([]);
  });

  it('a Stripe payment is refunded at Stripe with the team’s key', async () => {
    const { ticket } = await offer({ hours: 48 });
    const o = await order(ticket.id, 'stripe');
    const res = await cancel(o.id, { expect: 'refund' });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.refunds).toEqual([
      expect.objectContaining({ amount: 6000, idempotencyKey: expect.stringMatching(new RegExp(`^bookla-refund-${o.id}-[0-9a-f-]{36}$`)) }),
    ]);
    expect(await row(o.id)).toMatchObject({ paymentStatus: 'refunded', refundedMinor: 6000 });
    expect(await eventsOf(db(), o.id, 'refunded')).toEqual([
      expect.objectContaining({ actor: 'customer', data: expect.objectContaining({ method: 'stripe' }) }),
    ]);
    expect(await sold(ticket.id)).toBe(0);
  });

  it('a Stripe refusal changes nothing (502) and the history notes the attempt', async () => {
    const { ticket } = await offer({ hours: 48 });
    const o = await order(ticket.id, 'stripe');
    fake.failNext(1, 400);
    const res = await cancel(o.id);
    expect(res.statusCode).toBe(502);
    expect(await row(o.id)).toMatchObject({ paymentStatus: 'paid', refundedMinor: 0 });
    expect(await sold(ticket.id)).toBe(2);
    expect(await eventsOf(db(), o.id, 'refund_failed')).toEqual([expect.objectContaining({ actor: 'customer' })]);
  });

  it('a paid invoice is refunded as owed by the organiser: recorded, and the mail says who pays it back', async () => {
    const { ticket } = await offer({ hours: 48 });
    const o = await order(ticket.id, 'invoice-paid');
    expect((await quote(o.id)).json().data).toMatchObject({ mode: 'refund', refund_method: 'provider' });
    const res = await cancel(o.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ payment_status: 'refunded', refund: 60, refund_method: 'provider' });
    expect(await eventsOf(db(), o.id, 'refunded')).toEqual([
      expect.objectContaining({
        actor: 'customer',
        data: expect.objectContaining({ method: 'record', reason: 'customer_cancellation_transfer_due', amount_minor: 6000 }),
      }),
    ]);
    // One mail: the cancellation, with the refund's credit note attached (no separate refund mail).
    const [mail, ...more] = await mailsTo(t.app, o.email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      kind: 'order_cancelled_by_customer',
      attachments: [{ kind: 'credit_note', orderId: o.id, creditNote: 1 }],
    });
    expect(mail!.textBody).toContain(`${o.number}-1`);
  });
});

describe('after the free window', () => {
  it('late cancellation allowed: cancelled without refund, the money stays, the seats come back', async () => {
    const { ticket } = await offer({ hours: 48, late: true }, 24);
    const o = await order(ticket.id, 'test');
    const q = (await quote(o.id)).json().data;
    expect(q).toMatchObject({ allowed: true, mode: 'no_refund', refund: 0, kept: 60, late_allowed: true });
    expect(q.message).toMatch(/^The free cancellation period ended on .*CHF 60.00 will not be refunded\.$/);
    // The customer agreed to a refund (say, the dialog was opened before the window closed): refused, nothing changes.
    const stale = await cancel(o.id, { expect: 'refund' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().quote).toMatchObject({ mode: 'no_refund' });
    expect((await row(o.id)).paymentStatus).toBe('paid');
    const res = await cancel(o.id, { expect: 'no_refund' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Your booking has been cancelled without a refund.');
    expect(await row(o.id)).toMatchObject({ paymentStatus: 'cancelled', refundedMinor: 0, totalMinor: 6000 });
    expect((await row(o.id)).paidAt).not.toBeNull();
    expect(await sold(ticket.id)).toBe(0);
    expect(await eventsOf(db(), o.id, 'cancelled')).toEqual([
      expect.objectContaining({ actor: 'customer', data: expect.objectContaining({ refund: 'none', kept_minor: 6000 }) }),
    ]);
    const [mail] = await mailsTo(t.app, o.email, 'order_cancelled_by_customer');
    expect(mail!.subject).toMatch(/storniert/);
  });

  it('late cancellation not allowed: 409 with the reason, nothing changes', async () => {
    const { ticket } = await offer({ hours: 48 }, 24);
    for (const kind of ['free', 'invoice-unpaid', 'test'] as const) {
      const o = await order(ticket.id, kind);
      const res = await cancel(o.id);
      expect(res.statusCode, kind).toBe(409);
      expect(res.json().message).toMatch(/^The free cancellation period ended on .*Please contact /);
      expect((await row(o.id)).paymentStatus).toBe(o.paymentStatus);
    }
    expect(await sold(ticket.id)).toBe(6);
  });

  it('an unpaid order late with late cancellation allowed: cancelled (nothing was paid)', async () => {
    const { ticket } = await offer({ hours: 48, late: true }, 24);
    const o = await order(ticket.id, 'invoice-unpaid');
    expect((await quote(o.id)).json().data).toMatchObject({ mode: 'cancel' });
    expect((await cancel(o.id)).statusCode).toBe(200);
    expect((await row(o.id)).paymentStatus).toBe('cancelled');
  });

  it('once the session has begun: refused', async () => {
    const { ticket } = await offer({ hours: 0, late: true }, -1);
    const o = await order(ticket.id, 'free');
    const res = await cancel(o.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This booking has already begun and can no longer be cancelled.');
  });
});

describe('the policy', () => {
  it('no self-service (null): 409 with a clear message', async () => {
    const { ticket } = await offer({ hours: null });
    const o = await order(ticket.id, 'test');
    const res = await cancel(o.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`This booking cannot be cancelled online. Please contact ${boss.team.name}.`);
    expect(await row(o.id)).toMatchObject({ paymentStatus: 'paid' });
  });

  it('several activities: the strictest applies', async () => {
    const loose = await offer({ hours: 24, late: true }, 24 * 7);
    const strict = await offer({ hours: 24 * 10 }, 24 * 7);
    const o = await order(loose.ticket.id, 'free');
    // A second line of the strict activity in the same order.
    const [item] = await db().select().from(orderItems).where(eq(orderItems.orderId, o.id));
    const { id: _id, ...line } = item!;
    await db()
      .insert(orderItems)
      .values({ ...line, ticketId: strict.ticket.id, activityId: strict.activity.id, sessionId: null });
    const q = (await quote(o.id)).json().data;
    // The strict window (10 days before) has passed and it allows no late cancellation.
    expect(q).toMatchObject({ allowed: false, reason: 'window_passed', late_allowed: false });
    expect(new Date(q.free_until).getTime()).toBeCloseTo(strict.session.startsAt.getTime() - 240 * H, -3);
  });

  it('a drop-in ticket counts from its own session', async () => {
    const { activity } = await offer({ hours: 48 }, 24);
    const later = await makeSession(db(), teamId, activity.id, new Date(Date.now() + 24 * 14 * H));
    const dropIn = await makeTicket(db(), teamId, activity.id, { priceMinor: 0, stock: 10, sessionId: later.id });
    const o = await order(dropIn.id, 'free');
    const q = (await quote(o.id)).json().data;
    expect(q).toMatchObject({ allowed: true, mode: 'cancel' });
    expect(new Date(q.free_until).getTime()).toBe(later.startsAt.getTime() - 48 * H);
  });
});

describe('who may cancel', () => {
  it('a wrong token and an unknown order: 404', async () => {
    const { ticket } = await offer({ hours: 48 });
    const o = await order(ticket.id, 'free');
    expect((await quote(o.id, 'wrong')).statusCode).toBe(404);
    expect((await cancel(o.id, {}, await token(o.id + 1))).statusCode).toBe(404);
    expect((await cancel(9_999_999, {}, await token(9_999_999))).statusCode).toBe(404);
    expect((await row(o.id)).paymentStatus).toBe('free');
  });

  it('the logged-in customer cancels own orders from "my bookings"; another’s or another team’s: 404', async () => {
    const { ticket, session } = await offer({ hours: 48 });
    const { client, email } = await verifiedCustomer(t.app, teamId);
    const mine = await order(ticket.id, 'test', { email });
    const theirs = await order(ticket.id, 'test');
    const other = await owner(t.app);
    const otherTicket = (await offer({ hours: 48 }, 24 * 7, other.team.id)).ticket;
    const elsewhere = await makeOrder(db(), other.team.id, { ticketId: otherTicket.id, email });

    const list = await client.get(api(teamId, '/bookings?language=en'));
    const booking = list.json().data.find((b: { id: number }) => b.id === mine.id);
    expect(booking.cancellation).toMatchObject({ allowed: true, mode: 'refund', refund: 60 });
    expect(booking.activities).toEqual([{ id: ticket.activityId, name: 'Morning yoga', starts_at: session.startsAt.toISOString() }]);

    expect((await client.get(api(teamId, `/orders/${theirs.id}/cancellation`))).statusCode).toBe(404);
    expect((await client.post(api(teamId, `/orders/${theirs.id}/cancellation`), {})).statusCode).toBe(404);
    expect((await client.post(api(teamId, `/orders/${elsewhere.order.id}/cancellation`), {})).statusCode).toBe(404);
    expect((await client.post(api(other.team.id, `/orders/${elsewhere.order.id}/cancellation`), {})).statusCode).toBe(401);
    expect((await row(theirs.id)).paymentStatus).toBe('paid');

    const anonymous = new TestClient(t.app);
    expect((await anonymous.post(api(teamId, `/orders/${mine.id}/cancellation`), {})).statusCode).toBe(401);
    const noXsrf = await t.app.inject({
      method: 'POST',
      url: api(teamId, `/orders/${mine.id}/cancellation`),
      headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      payload: {},
    });
    expect(noXsrf.statusCode).toBe(419);

    const res = await client.post(api(teamId, `/orders/${mine.id}/cancellation?language=en`), { expect: 'refund' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await row(mine.id)).toMatchObject({ paymentStatus: 'refunded' });
    expect(await eventsOf(db(), mine.id, 'refunded')).toEqual([expect.objectContaining({ actor: 'customer' })]);
    const after = (await client.get(api(teamId, '/bookings'))).json().data.find((b: { id: number }) => b.id === mine.id);
    expect(after).toMatchObject({ payment_status: 'refunded', cancellation: { allowed: false, reason: 'ended' } });
  });
});
