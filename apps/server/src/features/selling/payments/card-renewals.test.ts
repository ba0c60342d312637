import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails, membershipEvents, memberships, orders, payments, teamSellingSettings } from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { owner, type Staff } from '../../../test/factories.ts';
import { makeSubscription, makeTier, setSubscriptionsFeature } from '../../../test/subscription-factories.ts';
import { sweepMemberships } from '../subscriptions/index.ts';
import { configurePayments, webhook } from './payments-test-kit.ts';
import { sessionObject, signedDelivery, startFakeStripe, stripeEvent, type FakeStripe } from './providers/stripe/fake-stripe.ts';
import { RECLAIM_MS, renewalChargeKey } from './recurring.ts';

/**
 * Card renewals (issue 24, decision 027): a monthly tier paid online keeps the card (the test
 * page's "save card", Stripe Checkout with a Customer and `setup_future_usage`), and the sweep a
 * month later charges it — once per period whatever runs twice, declined → past due with the
 * mail, "update card" pays the open renewal with a new card. The team takes no invoices, so
 * nothing here can be paid by an invoice.
 */

const SECRET = 'sk_test_cardRenewalsKey0000000';
const WHSEC = 'whsec_cardRenewalsSecret00000';
const DAY = 86_400_000;

let fake: FakeStripe;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeStripe();
  t = await buildTestApp({ config: { stripeApi: fake.target } });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** Test mode and real payment methods never go together: a studio takes one or the other. */
async function studio(provider: 'test' | 'stripe' = 'test'): Promise<{ p: Staff; tierId: number }> {
  const p = await owner(t.app);
  const db = t.app.deps.db;
  await setSubscriptionsFeature(db, p.team.id, true);
  await db.insert(teamSellingSettings).values({ teamId: p.team.id, invoiceEnabled: false, membershipGraceDays: 14 }).onConflictDoNothing();
  await configurePayments(p, provider === 'stripe' ? { stripe: { secretKey: SECRET, webhookSecret: WHSEC } } : { testMode: true });
  const s = await makeSubscription(db, p.team.id);
  const tier = await makeTier(db, p.team.id, s.id, { priceMinor: 12000, credits: null });
  return { p, tierId: tier.id };
}

let n = 0;
const customerApi = (teamId: number, path: string) => `/api/customer/teams/${teamId}${path}`;

/** A shop customer with a confirmed address, logged in (register → the mailed link → landing). */
async function verifiedCustomer(teamId: number) {
  const email = `member-${++n}@example.com`;
  const client = new TestClient(t.app);
  const reg = await client.post(customerApi(teamId, '/register?language=en'), {
    email,
    password: 'Wasserfall-Morgen-9',
    firstname: 'Nina',
  });
  expect(reg.statusCode, reg.body).toBe(200);
  await t.app.deps.jobs.runDue();
  const [mail] = await t.app.deps.db.select().from(emails).where(eq(emails.toAddress, email)).orderBy(desc(emails.id));
  const token = /\/account\/link\?token=([A-Za-z0-9_%-]+)/.exec(mail?.textBody ?? '')?.[1];
  const landed = await client.post(customerApi(teamId, '/link'), { token: decodeURIComponent(token ?? '') });
  expect(landed.statusCode, landed.body).toBe(200);
  return { client, email };
}

const tierOrder = (tierId: number, method: string, email = `card-${++n}@example.com`, language = 'en') => ({
  items: [{ subscription_tier_id: tierId, quantity: 1 }],
  customer: { firstname: 'Mia', lastname: 'Member', email },
  participants: [],
  answers: {},
  payment_method: method,
  language,
  accept_terms: true,
});

async function membershipOf(teamId: number) {
  const [m] = await t.app.deps.db.select().from(memberships).where(eq(memberships.teamId, teamId)).orderBy(memberships.id);
  return m!;
}
const eventsOf = (id: number) =>
  t.app.deps.db.select().from(membershipEvents).where(eq(membershipEvents.membershipId, id)).orderBy(membershipEvents.id);
const ordersOf = (teamId: number) => t.app.deps.db.select().from(orders).where(eq(orders.teamId, teamId)).orderBy(orders.id);
const paymentsOf = (orderId: number) => t.app.deps.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);

/** The test page's answer for a payment URL (`…/test-payment/{id}?token=…`). */
async function answerTestPage(paymentUrl: string, body: Record<string, unknown>) {
  const m = /\/test-payment\/(\d+)\?token=([\w-]+)/.exec(paymentUrl);
  if (!m) throw new Error(`not a test payment URL: ${paymentUrl}`);
  const page = await new TestClient(t.app).get(`/api/public/test-payments/${m[1]}?token=${m[2]}`);
  expect(page.json().data.can_save_card).toBe(true);
  const res = await new TestClient(t.app).post(`/api/public/test-payments/${m[1]}?token=${m[2]}`, body);
  expect(res.statusCode, res.body).toBe(200);
}

/** A monthly tier bought with the test payment, the test card kept (`yes` or `declines`). */
async function boughtWithTestCard(saveCard: 'yes' | 'declines', client?: TestClient, email?: string, language = 'en') {
  const { p, tierId } = await studio();
  const res = await (client ?? new TestClient(t.app)).post(
    `/api/public/teams/${p.team.id}/orders`,
    tierOrder(tierId, 'test', email, language),
  );
  expect(res.statusCode, res.body).toBe(201);
  await answerTestPage(res.json().payment_url, { outcome: 'pay', save_card: saveCard });
  return { p, m: await membershipOf(p.team.id) };
}

// Each test registers a customer (argon2id), pays on the provider's page and runs the memberships
// sweep over every membership of the file: 20–30 s beside the end-to-end tests in CI. The limit
// only detects a hang (decision 015).
describe('card renewals with the test payment', { timeout: 120_000 }, () => {
  it('keeps the test card on purchase (sealed, never in clear) and renews a month later by a charge', async () => {
    const { p, m } = await boughtWithTestCard('yes');
    expect(m).toMatchObject({ status: 'active', renewalMethod: 'card', cardPaymentId: expect.any(Number) });
    const [kept] = await t.app.deps.db.select().from(payments).where(eq(payments.id, m.cardPaymentId!));
    expect(kept!.savedCard).toMatch(/^v1\./);
    expect(kept!.savedCard).not.toContain('test_card');

    const later = new Date(m.currentPeriodEnd.getTime() + 60_000);
    const swept = await sweepMemberships(t.app.deps, later);
    expect(swept.charged).toBeGreaterThanOrEqual(1);
    const [, renewal] = await ordersOf(p.team.id);
    expect(renewal).toMatchObject({ paymentType: 'test', paymentStatus: 'paid', totalMinor: 12000, isTest: true });
    const [charge] = await paymentsOf(renewal!.id);
    expect(charge).toMatchObject({ status: 'succeeded', idempotencyKey: renewalChargeKey(renewal!.id) });
    const after = await membershipOf(p.team.id);
    expect(after).toMatchObject({ status: 'active', renewalOrderId: null, cardPaymentId: m.cardPaymentId });
    expect(after.currentPeriodStart).toEqual(m.currentPeriodEnd);
    expect((await eventsOf(m.id)).map((e) => e.kind)).toEqual(['purchased', 'renewed', 'payment_received']);
  });

  it('a declined card makes it past due with the mail in the member’s language; after the grace days it expires', async () => {
    const { p, m } = await boughtWithTestCard('declines', undefined, undefined, 'de');
    const later = new Date(m.currentPeriodEnd.getTime() + 60_000);
    await sweepMemberships(t.app.deps, later);
    const after = await membershipOf(p.team.id);
    expect(after).toMatchObject({ status: 'past_due', renewalOrderId: expect.any(Number) });
    // The renewal order stays open for another card; the attempt says why.
    const [renewal] = (await ordersOf(p.team.id)).slice(-1);
    expect(renewal).toMatchObject({ id: after.renewalOrderId, paymentStatus: 'waiting' });
    expect((await paymentsOf(renewal!.id))[0]).toMatchObject({ status: 'failed', failure: 'card_declined' });
    const failed = (await eventsOf(m.id)).filter((e) => e.kind === 'renewal_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.note).toBe('card: card_declined');
    const mails = (await t.app.deps.db.select().from(emails).where(eq(emails.teamId, p.team.id))).filter(
      (e) => e.kind === 'membership_renewal_failed',
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ language: 'de' });
    // Swept again: no second charge, no second mail.
    await sweepMemberships(t.app.deps, new Date(later.getTime() + RECLAIM_MS + 60_000));
    expect(await paymentsOf(renewal!.id)).toHaveLength(1);
    expect((await eventsOf(m.id)).filter((e) => e.kind === 'renewal_failed')).toHaveLength(1);
    await sweepMemberships(t.app.deps, new Date(later.getTime() + 15 * DAY));
    expect(await membershipOf(p.team.id)).toMatchObject({ status: 'expired' });
  });

  it('"update card" pays the open renewal with a new card, which replaces the saved one; another customer’s membership: 404', async () => {
    const { p, tierId } = await studio();
    const { client, email } = await verifiedCustomer(p.team.id);
    const bought = await client.post(`/api/public/teams/${p.team.id}/orders`, tierOrder(tierId, 'test', email));
    expect(bought.statusCode, bought.body).toBe(201);
    await answerTestPage(bought.json().payment_url, { outcome: 'pay', save_card: 'declines' });
    const m = await membershipOf(p.team.id);
    const updateCard = (c: TestClient) => c.post(customerApi(p.team.id, `/memberships/${m.id}/update-card`), {});

    // Active (nothing open): 409.
    expect((await updateCard(client)).statusCode).toBe(409);
    await sweepMemberships(t.app.deps, new Date(m.currentPeriodEnd.getTime() + 60_000));
    const mine = await client.get(customerApi(p.team.id, '/memberships'));
    expect(mine.json().data[0]).toMatchObject({
      status: 'past_due',
      renewal_method: 'card',
      card_label: 'Test card (declines renewals)',
      can_update_card: true,
    });

    const other = await verifiedCustomer(p.team.id);
    expect((await updateCard(other.client)).statusCode).toBe(404);

    const opened = await updateCard(client);
    expect(opened.statusCode, opened.body).toBe(200);
    const due = await membershipOf(p.team.id);
    await answerTestPage(opened.json().payment_url, { outcome: 'pay', save_card: 'yes' });
    const back = await membershipOf(p.team.id);
    expect(back).toMatchObject({ status: 'active', renewalOrderId: null, pastDueSince: null, renewalMethod: 'card' });
    expect(back.cardPaymentId).not.toBe(m.cardPaymentId);
    const [renewal] = await t.app.deps.db.select().from(orders).where(eq(orders.id, due.renewalOrderId!));
    expect(renewal).toMatchObject({ paymentStatus: 'paid' });
    expect((await client.get(customerApi(p.team.id, '/memberships'))).json().data[0]).toMatchObject({
      status: 'active',
      card_label: 'Test card',
      can_update_card: false,
    });
    // The next period is charged to the new card.
    await sweepMemberships(t.app.deps, new Date(back.currentPeriodEnd.getTime() + 60_000));
    expect(await membershipOf(p.team.id)).toMatchObject({ status: 'active', renewalOrderId: null });
  });

  it('the back office shows the renewal method and the card', async () => {
    const { p, m } = await boughtWithTestCard('yes');
    const res = await p.client.get(`/api/subscriptions/${m.subscriptionId}/members/${m.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ renewal_method: 'card', card_label: 'Test card' });
  });
});

describe('card renewals with Stripe (the fake)', { timeout: 120_000 }, () => {
  /** A monthly tier bought through Stripe Checkout; its webhook reports the Customer and the card. */
  async function boughtWithStripe(paymentMethod = 'pm_card_visa') {
    const { p, tierId } = await studio('stripe');
    fake.requests.length = 0;
    const res = await new TestClient(t.app).post(`/api/public/teams/${p.team.id}/orders`, tierOrder(tierId, 'stripe'));
    expect(res.statusCode, res.body).toBe(201);
    const created = fake.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(created.body).toMatchObject({
      customer_creation: 'always',
      payment_intent_data: { setup_future_usage: 'off_session' },
      metadata: { save_card: '1' },
    });
    const [payment] = await t.app.deps.db
      .select()
      .from(payments)
      .where(and(eq(payments.teamId, p.team.id), eq(payments.provider, 'stripe')));
    const session = sessionObject(
      { id: payment!.externalId!, metadata: created.body.metadata as Record<string, unknown>, amount_total: 12000, currency: 'chf' },
      { customer: 'cus_member1' },
    );
    fake.setPaymentMethod(String(session.payment_intent), paymentMethod);
    const hook = await webhook(t.app, signedDelivery(stripeEvent('checkout.session.completed', session), WHSEC), p.team.id);
    expect(hook.statusCode, hook.body).toBe(200);
    return { p, m: await membershipOf(p.team.id) };
  }

  it('keeps the Customer and card and charges it off session a month later, with the renewal order’s key', async () => {
    const { p, m } = await boughtWithStripe();
    expect(m).toMatchObject({ status: 'active', renewalMethod: 'card' });
    const detail = await p.client.get(`/api/subscriptions/${m.subscriptionId}/members/${m.id}`);
    expect(detail.json().data).toMatchObject({ renewal_method: 'card', card_label: 'visa •••• 4242' });

    fake.paymentIntents.length = 0;
    await sweepMemberships(t.app.deps, new Date(m.currentPeriodEnd.getTime() + 60_000));
    const [, renewal] = await ordersOf(p.team.id);
    expect(fake.paymentIntents).toEqual([
      expect.objectContaining({
        customer: 'cus_member1',
        paymentMethod: 'pm_card_visa',
        amount: 12000,
        idempotencyKey: renewalChargeKey(renewal!.id),
      }),
    ]);
    expect(renewal).toMatchObject({ paymentType: 'stripe', paymentStatus: 'paid' });
    expect((await paymentsOf(renewal!.id))[0]).toMatchObject({ status: 'succeeded', externalPaymentId: fake.paymentIntents[0]!.id });
    expect(await membershipOf(p.team.id)).toMatchObject({ status: 'active', renewalOrderId: null });
  });

  it('a declined card (Stripe’s card error) makes it past due with Stripe’s reason', async () => {
    const { p, m } = await boughtWithStripe('pm_card_chargeDeclined');
    await sweepMemberships(t.app.deps, new Date(m.currentPeriodEnd.getTime() + 60_000));
    expect(await membershipOf(p.team.id)).toMatchObject({ status: 'past_due' });
    const failed = (await eventsOf(m.id)).filter((e) => e.kind === 'renewal_failed');
    expect(failed.map((e) => e.note)).toEqual(['card: generic_decline']);
  });

  it('charges once under two sweeps at once', async () => {
    const { p, m } = await boughtWithStripe();
    fake.paymentIntents.length = 0;
    fake.requests.length = 0;
    const later = new Date(m.currentPeriodEnd.getTime() + 60_000);
    await Promise.all([sweepMemberships(t.app.deps, later), sweepMemberships(t.app.deps, later)]);
    expect(fake.requests.filter((r) => r.path === '/v1/payment_intents')).toHaveLength(1);
    expect(fake.paymentIntents).toHaveLength(1);
    expect(await ordersOf(p.team.id)).toHaveLength(2);
    expect((await eventsOf(m.id)).filter((e) => e.kind === 'payment_received')).toHaveLength(1);
  });

  it('a sweep that died between the charge and its record: the retry asks with the same key and nothing is charged twice', async () => {
    const { p, m } = await boughtWithStripe();
    fake.paymentIntents.length = 0;
    fake.requests.length = 0;
    const later = new Date(m.currentPeriodEnd.getTime() + 60_000);
    // The first sweep's call reaches Stripe and hangs there (as if its process died before recording).
    const held = fake.holdNext();
    const first = sweepMemberships(t.app.deps, later);
    await held.arrived;
    // Another sweep after the claim ran out asks again, with the same key: Stripe makes the charge once.
    await sweepMemberships(t.app.deps, new Date(later.getTime() + RECLAIM_MS + 60_000));
    held.release();
    await first;
    const [, renewal] = await ordersOf(p.team.id);
    const asked = fake.requests.filter((r) => r.path === '/v1/payment_intents');
    expect(asked).toHaveLength(2);
    expect(new Set(asked.map((r) => r.headers['idempotency-key']))).toEqual(new Set([renewalChargeKey(renewal!.id)]));
    expect(fake.paymentIntents).toHaveLength(1);
    expect(renewal).toMatchObject({ paymentStatus: 'paid' });
    expect((await eventsOf(m.id)).filter((e) => e.kind === 'payment_received')).toHaveLength(1);
  });
});
