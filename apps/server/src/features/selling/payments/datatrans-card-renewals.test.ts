import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails, membershipEvents, memberships, orders, payments, teamSellingSettings } from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { owner, type Staff } from '../../../test/factories.ts';
import { makeSubscription, makeTier, setSubscriptionsFeature } from '../../../test/subscription-factories.ts';
import { sweepMemberships } from '../subscriptions/index.ts';
import { configurePayments, webhook } from './payments-test-kit.ts';
import { paymentRefno } from './providers/datatrans/datatrans.adapter.ts';
import {
  datatransTransaction,
  signedDatatransDelivery,
  startFakeDatatrans,
  type FakeDatatrans,
} from './providers/datatrans/fake-datatrans.ts';
import { RECLAIM_MS, renewalChargeKey, UNREACHABLE_RETRY_MS } from './recurring.ts';

/**
 * Card renewals through Datatrans (issue 24, decision 027): a monthly tier paid on Datatrans' page
 * asks for an alias (`option.createAlias`), the settled transaction's signed webhook reports it
 * (kept sealed), and the sweep a month later charges it by a merchant-initiated authorization with
 * the renewal order's idempotency key — once per period whatever runs twice; a decline makes the
 * membership past due with Datatrans' reason; "update card" pays the open renewal on Datatrans'
 * page with a new card. The team takes no invoices.
 */

const MERCHANT = '1100099001';
const PASSWORD = 'dt-renewals-password';
const KEY = '5e'.repeat(32);

let fake: FakeDatatrans;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeDatatrans();
  fake.addMerchant(MERCHANT, PASSWORD);
  t = await buildTestApp({ config: { datatransApi: fake.url } });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function studio(): Promise<{ p: Staff; tierId: number }> {
  const p = await owner(t.app);
  const db = t.app.deps.db;
  await setSubscriptionsFeature(db, p.team.id, true);
  await db.insert(teamSellingSettings).values({ teamId: p.team.id, invoiceEnabled: false, membershipGraceDays: 14 }).onConflictDoNothing();
  await configurePayments(p, { datatrans: { merchantId: MERCHANT, password: PASSWORD, hmacKey: KEY } });
  const s = await makeSubscription(db, p.team.id);
  const tier = await makeTier(db, p.team.id, s.id, { priceMinor: 12000, credits: null });
  return { p, tierId: tier.id };
}

let n = 0;
const customerApi = (teamId: number, path: string) => `/api/customer/teams/${teamId}${path}`;
const tierOrder = (tierId: number, email = `dt-card-${++n}@example.com`) => ({
  items: [{ subscription_tier_id: tierId, quantity: 1 }],
  customer: { firstname: 'Mia', lastname: 'Member', email },
  participants: [],
  answers: {},
  payment_method: 'datatrans',
  language: 'en',
  accept_terms: true,
});

const membershipOf = async (teamId: number) =>
  (await t.app.deps.db.select().from(memberships).where(eq(memberships.teamId, teamId)).orderBy(memberships.id))[0]!;
const eventsOf = (id: number) =>
  t.app.deps.db.select().from(membershipEvents).where(eq(membershipEvents.membershipId, id)).orderBy(membershipEvents.id);
const ordersOf = (teamId: number) => t.app.deps.db.select().from(orders).where(eq(orders.teamId, teamId)).orderBy(orders.id);
const paymentsOf = (orderId: number) => t.app.deps.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);
const authorizeCalls = () => fake.requests.filter((r) => r.path === '/v1/transactions/authorize');
/** The authorizations asked, and the charges made, for one renewal order (the sweep renews other tests' memberships too). */
const asksFor = (orderId: number) => authorizeCalls().filter((r) => r.headers['idempotency-key'] === renewalChargeKey(orderId));
const chargesFor = (orderId: number) => fake.aliasCharges.filter((c) => c.idempotencyKey === renewalChargeKey(orderId));

/** The buyer pays the newest pending Datatrans attempt of an order on the page; its signed webhook follows. */
async function payOnPage(teamId: number, orderId: number, card?: { masked?: string }) {
  const attempt = (await paymentsOf(orderId)).filter((x) => x.provider === 'datatrans' && x.status === 'pending').at(-1)!;
  const init = fake.requests.filter((r) => r.path === '/v1/transactions' && r.body.refno === paymentRefno(attempt.id)).at(-1)!;
  expect(init.body).toMatchObject({ option: { createAlias: true }, refno: paymentRefno(attempt.id) });
  const tx = fake.settle(attempt.externalId!, card);
  const hook = await webhook(
    t.app,
    signedDatatransDelivery(datatransTransaction(tx, { amount: attempt.amountMinor }), KEY),
    teamId,
    'datatrans',
  );
  expect(hook.statusCode, hook.body).toBe(200);
  return tx;
}

/** A monthly tier bought on Datatrans' page, the card kept as an alias. */
async function boughtWithDatatrans(client = new TestClient(t.app), email?: string) {
  const { p, tierId } = await studio();
  const res = await client.post(`/api/public/teams/${p.team.id}/orders`, tierOrder(tierId, email));
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().payment_url).toMatch(/\/v1\/start\/\d+$/);
  const [first] = await ordersOf(p.team.id);
  const tx = await payOnPage(p.team.id, first!.id);
  return { p, m: await membershipOf(p.team.id), alias: tx.card!.alias! };
}

// Each test registers a customer (argon2id), pays on the provider's page and runs the memberships
// sweep over every membership of the file: 20–30 s beside the end-to-end tests in CI. The limit
// only detects a hang (decision 015).
describe('card renewals with Datatrans (the fake)', { timeout: 120_000 }, () => {
  it('asks for an alias on the first payment, keeps it sealed, and charges it a month later with the renewal order’s key', async () => {
    const { p, m, alias } = await boughtWithDatatrans();
    expect(m).toMatchObject({ status: 'active', renewalMethod: 'card', cardPaymentId: expect.any(Number) });
    const [kept] = await t.app.deps.db.select().from(payments).where(eq(payments.id, m.cardPaymentId!));
    expect(kept!.savedCard).toMatch(/^v1\./);
    expect(kept!.savedCard).not.toContain(alias);
    expect(kept!.cardLabel).toBe('Visa •••• 4242');
    const detail = await p.client.get(`/api/subscriptions/${m.subscriptionId}/members/${m.id}`);
    expect(detail.json().data).toMatchObject({ renewal_method: 'card', card_label: 'Visa •••• 4242' });

    fake.requests.length = 0;
    await sweepMemberships(t.app.deps, new Date(m.currentPeriodEnd.getTime() + 60_000));
    const [, renewal] = await ordersOf(p.team.id);
    const [charge] = await paymentsOf(renewal!.id);
    const asked = authorizeCalls();
    expect(asked).toHaveLength(1);
    expect(asked[0]!.headers['idempotency-key']).toBe(renewalChargeKey(renewal!.id));
    expect(asked[0]!.body).toEqual({
      currency: 'CHF',
      refno: paymentRefno(charge!.id),
      amount: 12000,
      card: { alias, expiryMonth: '12', expiryYear: '30' },
      autoSettle: true,
    });
    const made = fake.aliasCharges.filter((c) => c.refno === paymentRefno(charge!.id));
    expect(made).toHaveLength(1);
    expect(renewal).toMatchObject({ paymentType: 'datatrans', paymentStatus: 'paid', totalMinor: 12000 });
    expect(charge).toMatchObject({ status: 'succeeded', externalPaymentId: made[0]!.transactionId });
    expect(await membershipOf(p.team.id)).toMatchObject({ status: 'active', renewalOrderId: null, cardPaymentId: m.cardPaymentId });
    expect((await eventsOf(m.id)).map((e) => e.kind)).toEqual(['purchased', 'renewed', 'payment_received']);
  });

  it('a declined card makes it past due with Datatrans’ reason, the mail once, no second charge on the next sweep', async () => {
    const { p, m } = await boughtWithDatatrans();
    const later = new Date(m.currentPeriodEnd.getTime() + 60_000);
    fake.declineCharges('DECLINED');
    try {
      await sweepMemberships(t.app.deps, later);
    } finally {
      fake.declineCharges(null);
    }
    const after = await membershipOf(p.team.id);
    expect(after).toMatchObject({ status: 'past_due', renewalOrderId: expect.any(Number) });
    const renewal = (await ordersOf(p.team.id)).at(-1)!;
    expect(renewal).toMatchObject({ id: after.renewalOrderId, paymentStatus: 'waiting' });
    expect((await paymentsOf(renewal.id))[0]).toMatchObject({ status: 'failed', failure: 'declined' });
    expect((await eventsOf(m.id)).filter((e) => e.kind === 'renewal_failed').map((e) => e.note)).toEqual(['card: declined']);
    const mails = (await t.app.deps.db.select().from(emails).where(eq(emails.teamId, p.team.id))).filter(
      (e) => e.kind === 'membership_renewal_failed',
    );
    expect(mails).toHaveLength(1);
    await sweepMemberships(t.app.deps, new Date(later.getTime() + RECLAIM_MS + 60_000));
    expect(asksFor(renewal.id)).toHaveLength(1);
    expect(await paymentsOf(renewal.id)).toHaveLength(1);
  });

  it('charges once under two sweeps at once', async () => {
    const { p, m } = await boughtWithDatatrans();
    const later = new Date(m.currentPeriodEnd.getTime() + 60_000);
    await Promise.all([sweepMemberships(t.app.deps, later), sweepMemberships(t.app.deps, later)]);
    const [, renewal, more] = await ordersOf(p.team.id);
    expect(more).toBeUndefined();
    expect(asksFor(renewal!.id)).toHaveLength(1);
    expect(chargesFor(renewal!.id)).toHaveLength(1);
    expect((await eventsOf(m.id)).filter((e) => e.kind === 'payment_received')).toHaveLength(1);
  });

  it('a sweep that died between the charge and its record: the retry asks with the same key and Datatrans charges once', async () => {
    const { p, m } = await boughtWithDatatrans();
    const later = new Date(m.currentPeriodEnd.getTime() + 60_000);
    // The first sweep's call reaches Datatrans and hangs there (as if its process died before recording).
    const held = fake.holdNext();
    const first = sweepMemberships(t.app.deps, later);
    await held.arrived;
    // Another sweep after the claim ran out asks again, with the same key.
    await sweepMemberships(t.app.deps, new Date(later.getTime() + RECLAIM_MS + 60_000));
    held.release();
    await first;
    const [, renewal] = await ordersOf(p.team.id);
    // Both asked with the renewal order's key; Datatrans answered the second with the first charge.
    expect(asksFor(renewal!.id)).toHaveLength(2);
    expect(chargesFor(renewal!.id)).toHaveLength(1);
    expect(renewal).toMatchObject({ paymentStatus: 'paid' });
    expect((await eventsOf(m.id)).filter((e) => e.kind === 'payment_received')).toHaveLength(1);
  });

  it('a reply lost on the way: the member stays active, the next sweep asks again with the same key and Datatrans answers the first charge', async () => {
    const { p, m } = await boughtWithDatatrans();
    fake.loseNextReply();
    const due = new Date(m.currentPeriodEnd.getTime() + 60_000);
    await sweepMemberships(t.app.deps, due);
    const renewal = (await ordersOf(p.team.id)).at(-1)!;
    expect(chargesFor(renewal.id)).toHaveLength(1);
    // Not reached is not declined: the attempt waits for the next ask, the member keeps the membership.
    expect((await paymentsOf(renewal.id))[0]).toMatchObject({ status: 'pending' });
    expect(await membershipOf(p.team.id)).toMatchObject({ status: 'active' });

    await sweepMemberships(t.app.deps, new Date(due.getTime() + RECLAIM_MS + 60_000));
    expect(asksFor(renewal.id)).toHaveLength(2);
    expect(chargesFor(renewal.id)).toHaveLength(1);
    const [paid] = await t.app.deps.db.select().from(orders).where(eq(orders.id, renewal.id));
    expect(paid).toMatchObject({ paymentStatus: 'paid' });
    expect(await membershipOf(p.team.id)).toMatchObject({ status: 'active', renewalOrderId: null });
  });

  it('Datatrans unreachable for a day: the renewal fails as declined, past due; its signed webhook of a charge that did go through still pays it', async () => {
    const { p, m } = await boughtWithDatatrans();
    fake.loseNextReply();
    const due = new Date(m.currentPeriodEnd.getTime() + 60_000);
    await sweepMemberships(t.app.deps, due);
    const renewal = (await ordersOf(p.team.id)).at(-1)!;
    // Still unreachable when the last ask within the day runs out.
    fake.loseNextReply();
    await sweepMemberships(t.app.deps, new Date(due.getTime() + UNREACHABLE_RETRY_MS + RECLAIM_MS));
    expect((await paymentsOf(renewal.id))[0]).toMatchObject({ status: 'failed', failure: 'provider_unavailable' });
    expect(await membershipOf(p.team.id)).toMatchObject({ status: 'past_due' });

    const made = chargesFor(renewal.id)[0]!;
    const tx = fake.transaction(made.transactionId)!;
    const forged = signedDatatransDelivery(datatransTransaction(tx, { amount: 12000 }), '77'.repeat(32));
    expect((await webhook(t.app, forged, p.team.id, 'datatrans')).statusCode).toBe(400);
    const hook = await webhook(t.app, signedDatatransDelivery(datatransTransaction(tx, { amount: 12000 }), KEY), p.team.id, 'datatrans');
    expect(hook.statusCode, hook.body).toBe(200);
    const [paid] = await t.app.deps.db.select().from(orders).where(eq(orders.id, renewal.id));
    expect(paid).toMatchObject({ paymentStatus: 'paid' });
    expect(await membershipOf(p.team.id)).toMatchObject({ status: 'active', renewalOrderId: null });
    expect(chargesFor(renewal.id)).toHaveLength(1);
  });

  it('"update card" pays the open renewal on Datatrans’ page with a new alias, which renews from then on', async () => {
    const { p, tierId } = await studio();
    const email = `dt-member-${++n}@example.com`;
    const client = new TestClient(t.app);
    const reg = await client.post(customerApi(p.team.id, '/register?language=en'), {
      email,
      password: 'Wasserfall-Morgen-9',
      firstname: 'Nina',
    });
    expect(reg.statusCode, reg.body).toBe(200);
    await t.app.deps.jobs.runDue();
    const [mail] = await t.app.deps.db.select().from(emails).where(eq(emails.toAddress, email)).orderBy(desc(emails.id));
    const token = /\/account\/link\?token=([A-Za-z0-9_%-]+)/.exec(mail?.textBody ?? '')?.[1];
    expect((await client.post(customerApi(p.team.id, '/link'), { token: decodeURIComponent(token ?? '') })).statusCode).toBe(200);
    const bought = await client.post(`/api/public/teams/${p.team.id}/orders`, tierOrder(tierId, email));
    expect(bought.statusCode, bought.body).toBe(201);
    const [first] = await ordersOf(p.team.id);
    await payOnPage(p.team.id, first!.id);
    const m = await membershipOf(p.team.id);

    fake.declineCharges('EXPIRED_CARD');
    try {
      await sweepMemberships(t.app.deps, new Date(m.currentPeriodEnd.getTime() + 60_000));
    } finally {
      fake.declineCharges(null);
    }
    const due = await membershipOf(p.team.id);
    expect(due).toMatchObject({ status: 'past_due' });
    expect((await client.get(customerApi(p.team.id, '/memberships'))).json().data[0]).toMatchObject({
      renewal_method: 'card',
      card_label: 'Visa •••• 4242',
      can_update_card: true,
    });

    const opened = await client.post(customerApi(p.team.id, `/memberships/${m.id}/update-card`), {});
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().payment_url).toMatch(/\/v1\/start\/\d+$/);
    await payOnPage(p.team.id, due.renewalOrderId!, { masked: '400000xxxxxx0008' });
    const back = await membershipOf(p.team.id);
    expect(back).toMatchObject({ status: 'active', renewalOrderId: null, pastDueSince: null, renewalMethod: 'card' });
    expect(back.cardPaymentId).not.toBe(m.cardPaymentId);
    expect((await client.get(customerApi(p.team.id, '/memberships'))).json().data[0]).toMatchObject({
      card_label: 'Visa •••• 0008',
      can_update_card: false,
    });
    // The next period is charged to the new alias (the sweep renews other tests' memberships too).
    const kept = (await paymentsOf(due.renewalOrderId!)).find((x) => x.id === back.cardPaymentId)!;
    const newAlias = fake.transaction(kept.externalId!)!.card!.alias;
    await sweepMemberships(t.app.deps, new Date(back.currentPeriodEnd.getTime() + 60_000));
    const [, , next] = await ordersOf(p.team.id);
    const [nextCharge] = await paymentsOf(next!.id);
    expect(fake.aliasCharges.filter((c) => c.refno === paymentRefno(nextCharge!.id)).map((c) => c.alias)).toEqual([newAlias]);
    expect(await membershipOf(p.team.id)).toMatchObject({ status: 'active', renewalOrderId: null });
  });
});
