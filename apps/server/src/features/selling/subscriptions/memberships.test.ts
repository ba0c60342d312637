import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails, jobs, membershipEvents, memberships, orderItems, orders, teamSellingSettings } from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { owner, type Staff } from '../../../test/factories.ts';
import { makeSubscription, makeTier, setSubscriptionsFeature } from '../../../test/subscription-factories.ts';
import { ORDER_MAIL_JOB } from '../orders/index.ts';
import { sweepMemberships } from './index.ts';

/**
 * Buying a tier through the order call and a membership's life (CONTRACT §5, issue 24): the order
 * settles the membership (free at once, invoice when paid), the sweep renews it per period with
 * its invoice, makes it past due when that stays unpaid, expires it after the grace days, ends
 * passes and memberships cancelled to the period's end — all with a clock the test moves.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;

/** A provider that sells (invoice with a QR-IBAN, not registered for VAT) with the feature on. */
async function studio(opts: { invoice?: boolean; graceDays?: number } = {}): Promise<Staff> {
  const p = await owner(t.app);
  await setSubscriptionsFeature(t.app.deps.db, p.team.id, true);
  await t.app.deps.db.insert(teamSellingSettings).values({
    teamId: p.team.id,
    invoiceEnabled: opts.invoice ?? true,
    iban: 'CH9300762011623852957',
    invoiceDueDays: 10,
    membershipGraceDays: opts.graceDays ?? 14,
  });
  return p;
}

let n = 0;
function tierOrder(tierId: number, extra: Record<string, unknown> = {}) {
  return {
    items: [{ subscription_tier_id: tierId, quantity: 1 }],
    customer: { firstname: 'Mia', lastname: 'Member', email: `mia-${++n}@example.com` },
    participants: [],
    answers: {},
    payment_method: 'invoice',
    language: 'en',
    accept_terms: true,
    ...extra,
  };
}

const buy = (teamId: number, body: unknown) => new TestClient(t.app).post(`/api/public/teams/${teamId}/orders`, body);

async function membershipsOf(teamId: number) {
  return t.app.deps.db.select().from(memberships).where(eq(memberships.teamId, teamId)).orderBy(memberships.id);
}
async function eventsOf(membershipId: number) {
  return t.app.deps.db.select().from(membershipEvents).where(eq(membershipEvents.membershipId, membershipId)).orderBy(membershipEvents.id);
}

describe('buying a tier through the order call', () => {
  it('a free tier makes the membership at once: active, its period and credits, the purchase in its history', async () => {
    const p = await studio();
    const db = t.app.deps.db;
    const s = await makeSubscription(db, p.team.id, 'Schnupper');
    const trial = await makeTier(db, p.team.id, s.id, { interval: 'once', validDays: 30, credits: 2, priceMinor: 0 });
    const res = await buy(p.team.id, tierOrder(trial.id, { payment_method: 'free' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order).toMatchObject({ payment_status: 'free', total: 0 });
    const [m] = await membershipsOf(p.team.id);
    expect(m).toMatchObject({ status: 'active', tierId: trial.id, creditsLeft: 2, renewalMethod: 'none' });
    const days = (m!.currentPeriodEnd.getTime() - m!.currentPeriodStart.getTime()) / DAY;
    expect(days).toBeGreaterThanOrEqual(29.9);
    expect(days).toBeLessThanOrEqual(30.1);
    expect((await eventsOf(m!.id)).map((e) => e.kind)).toEqual(['purchased']);
    // The order names the subscription and the tier, holds no seat and has no participant.
    const [line] = await db.select().from(orderItems).where(eq(orderItems.subscriptionTierId, trial.id));
    expect(line).toMatchObject({ ticketId: null, activityId: null, quantity: 1, totalMinor: 0 });
  });

  it('an invoice makes it when paid — once, however often the payment is recorded', async () => {
    const p = await studio();
    const db = t.app.deps.db;
    const s = await makeSubscription(db, p.team.id);
    const monthly = await makeTier(db, p.team.id, s.id, { priceMinor: 12000, credits: null });
    const res = await buy(p.team.id, tierOrder(monthly.id));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order).toMatchObject({ payment_status: 'waiting', total: 120 });
    expect(await membershipsOf(p.team.id)).toEqual([]);
    const [order] = await db.select().from(orders).where(eq(orders.teamId, p.team.id));
    // The confirmation with the invoice goes out like any order's.
    const mailJobs = await db.select().from(jobs).where(eq(jobs.type, ORDER_MAIL_JOB));
    expect(mailJobs.filter((j) => j.payload.order_id === order!.id || j.payload.orderId === order!.id)).not.toHaveLength(0);
    // Marked paid twice at once: one of them pays it (the other: 200 with nothing changed, or 409 already paid).
    const paid = await Promise.all([1, 2].map(() => p.client.post(`/api/orders/${order!.id}/mark-paid`, {})));
    expect(paid.map((r) => r.statusCode)).toContain(200);
    for (const r of paid) expect([200, 409]).toContain(r.statusCode);
    const made = await membershipsOf(p.team.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ status: 'active', renewalMethod: 'invoice', creditsLeft: null, orderId: order!.id });
  });

  it('refuses what a tier order cannot be (422 per key, nothing written)', async () => {
    const p = await studio();
    const db = t.app.deps.db;
    const s = await makeSubscription(db, p.team.id);
    const tier = await makeTier(db, p.team.id, s.id);
    const inactive = await makeTier(db, p.team.id, s.id, { active: false });
    const draft = await makeTier(db, p.team.id, (await makeSubscription(db, p.team.id, 'Entwurf', 'draft')).id);
    const other = await studio();
    const foreign = await makeTier(db, other.team.id, (await makeSubscription(db, other.team.id)).id);
    const cases: [Record<string, unknown>, string][] = [
      [tierOrder(tier.id, { participants: [{ ticket_id: 1, firstname: 'A', lastname: 'B', answers: {} }] }), 'participants'],
      [tierOrder(tier.id, { discount_code: 'SOMMER' }), 'discount_code'],
      [
        tierOrder(tier.id, {
          items: [
            { subscription_tier_id: tier.id, quantity: 1 },
            { ticket_id: 1, quantity: 1 },
          ],
        }),
        'items',
      ],
      [tierOrder(tier.id, { items: [{ subscription_tier_id: tier.id, quantity: 2 }] }), 'items.0'],
      [tierOrder(tier.id, { payment_method: 'stripe' }), 'payment_method'],
      [tierOrder(inactive.id), 'items.0.subscription_tier_id'],
      [tierOrder(draft.id), 'items.0.subscription_tier_id'],
      [tierOrder(foreign.id), 'items.0.subscription_tier_id'],
    ];
    for (const [body, key] of cases) {
      const res = await buy(p.team.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(body)).toContain(key);
    }
    await setSubscriptionsFeature(db, p.team.id, false);
    expect((await buy(p.team.id, tierOrder(tier.id))).statusCode).toBe(422);
    expect(await db.select().from(orders).where(eq(orders.teamId, p.team.id))).toEqual([]);
  });
});

describe('the memberships sweep (a clock the test moves)', () => {
  async function member(p: Staff, tierValues: Parameters<typeof makeTier>[3], body: Record<string, unknown> = {}) {
    const db = t.app.deps.db;
    const s = await makeSubscription(db, p.team.id);
    const tier = await makeTier(db, p.team.id, s.id, tierValues);
    const res = await buy(p.team.id, tierOrder(tier.id, body));
    expect(res.statusCode, res.body).toBe(201);
    const [order] = await db.select().from(orders).where(eq(orders.teamId, p.team.id)).orderBy(orders.id);
    if (order!.paymentStatus === 'waiting') expect((await p.client.post(`/api/orders/${order!.id}/mark-paid`, {})).statusCode).toBe(200);
    const [m] = await membershipsOf(p.team.id);
    return { tier, m: m! };
  }

  it('renews a free monthly tier once per period, with fresh credits, whatever runs twice', async () => {
    const p = await studio();
    const { m } = await member(p, { priceMinor: 0, credits: 4 }, { payment_method: 'free' });
    await t.app.deps.db.update(memberships).set({ creditsLeft: 1 }).where(eq(memberships.id, m.id));
    const later = new Date(m.currentPeriodEnd.getTime() + 1000);
    // (The sweep sees every company's memberships: the assertions look at this one's.)
    await Promise.all([sweepMemberships(t.app.deps, later), sweepMemberships(t.app.deps, later)]);
    const [after] = await membershipsOf(p.team.id);
    expect(after).toMatchObject({ status: 'active', creditsLeft: 4 });
    expect(after!.currentPeriodStart).toEqual(m.currentPeriodEnd);
    expect(after!.currentPeriodEnd > m.currentPeriodEnd).toBe(true);
    expect((await eventsOf(m.id)).filter((e) => e.kind === 'renewed')).toHaveLength(1);
    // Run again at the same time: nothing is due any more.
    await sweepMemberships(t.app.deps, later);
    expect((await eventsOf(m.id)).filter((e) => e.kind === 'renewed')).toHaveLength(1);
    expect((await membershipsOf(p.team.id))[0]!.currentPeriodEnd).toEqual(after!.currentPeriodEnd);
  });

  it('invoices a paid renewal once; unpaid past its due date the membership is past due, paid it is active again, unpaid past the grace days it expires', async () => {
    const p = await studio({ graceDays: 14 });
    const db = t.app.deps.db;
    const { m } = await member(p, { priceMinor: 12000 });
    const atEnd = new Date(m.currentPeriodEnd.getTime() + 1000);
    await Promise.all([sweepMemberships(t.app.deps, atEnd), sweepMemberships(t.app.deps, atEnd)]);
    const [renewing] = await membershipsOf(p.team.id);
    expect(renewing).toMatchObject({ status: 'active', renewalOrderId: expect.any(Number) });
    const invoices = await db.select().from(orders).where(eq(orders.teamId, p.team.id)).orderBy(orders.id);
    expect(invoices).toHaveLength(2);
    expect(invoices[1]).toMatchObject({
      id: renewing!.renewalOrderId,
      paymentType: 'invoice',
      paymentStatus: 'waiting',
      totalMinor: 12000,
    });
    expect(invoices[1]!.number).toBe(invoices[0]!.number + 1);

    // Due after the team's 10 days: past due the day after (no bookings), history says why.
    const afterDue = new Date(invoices[1]!.invoiceDueAt!.getTime() + 1000);
    await sweepMemberships(t.app.deps, afterDue);
    expect((await membershipsOf(p.team.id))[0]).toMatchObject({ status: 'past_due' });
    // Paid late: active again, still in the renewed period.
    expect((await p.client.post(`/api/orders/${invoices[1]!.id}/mark-paid`, {})).statusCode).toBe(200);
    const back = (await membershipsOf(p.team.id))[0]!;
    expect(back).toMatchObject({ status: 'active', pastDueSince: null, renewalOrderId: null });
    expect((await eventsOf(m.id)).map((e) => e.kind)).toEqual(['purchased', 'renewed', 'renewal_failed', 'payment_received']);

    // The next period is not paid at all: past due, then expired after 14 days of grace.
    const nextEnd = new Date(back.currentPeriodEnd.getTime() + 1000);
    await sweepMemberships(t.app.deps, nextEnd);
    const third = (await db.select().from(orders).where(eq(orders.teamId, p.team.id)).orderBy(orders.id))[2]!;
    const overdue = new Date(third.invoiceDueAt!.getTime() + 1000);
    await sweepMemberships(t.app.deps, overdue);
    expect((await membershipsOf(p.team.id))[0]).toMatchObject({ status: 'past_due' });
    await sweepMemberships(t.app.deps, new Date(overdue.getTime() + 13 * DAY));
    expect((await membershipsOf(p.team.id))[0]).toMatchObject({ status: 'past_due' });
    await sweepMemberships(t.app.deps, new Date(overdue.getTime() + 14 * DAY + 1000));
    expect((await membershipsOf(p.team.id))[0]).toMatchObject({ status: 'expired' });
    expect((await eventsOf(m.id)).map((e) => e.kind).slice(-3)).toEqual(['renewed', 'renewal_failed', 'expired']);
  });

  it('a team that takes no invoice leaves a paid renewal unpaid: past due at once, never charged', async () => {
    const p = await studio({ invoice: true });
    const db = t.app.deps.db;
    const { m } = await member(p, { priceMinor: 5000 });
    await db.update(teamSellingSettings).set({ invoiceEnabled: false }).where(eq(teamSellingSettings.teamId, p.team.id));
    await sweepMemberships(t.app.deps, new Date(m.currentPeriodEnd.getTime() + 1000));
    expect((await membershipsOf(p.team.id))[0]).toMatchObject({ status: 'past_due', renewalOrderId: null });
    expect((await eventsOf(m.id)).map((e) => [e.kind, e.note])).toEqual([
      ['purchased', null],
      ['renewal_failed', 'no_payment_method'],
      ['renewed', null],
    ]);
    expect(await db.select().from(orders).where(eq(orders.teamId, p.team.id))).toHaveLength(1);
  });

  it('ends a pass at its end and a membership cancelled to its period end, without renewing them', async () => {
    const p = await studio();
    const { m: pass } = await member(p, { interval: 'once', validDays: 30, credits: 10, priceMinor: 0 }, { payment_method: 'free' });
    await sweepMemberships(t.app.deps, new Date(pass.currentPeriodEnd.getTime() - 1000));
    expect((await membershipsOf(p.team.id))[0]).toMatchObject({ status: 'active' });
    await sweepMemberships(t.app.deps, new Date(pass.currentPeriodEnd.getTime() + 1000));
    expect((await membershipsOf(p.team.id))[0]).toMatchObject({ status: 'expired', endedAt: pass.currentPeriodEnd });

    const q = await studio();
    const { m: monthly } = await member(q, { priceMinor: 0 }, { payment_method: 'free' });
    const cancel = await q.client.post(`/api/subscriptions/${monthly.subscriptionId}/members/${monthly.id}/cancel`, { mode: 'period_end' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await sweepMemberships(t.app.deps, new Date(monthly.currentPeriodEnd.getTime() + 1000));
    expect((await membershipsOf(q.team.id))[0]).toMatchObject({ status: 'cancelled', currentPeriodEnd: monthly.currentPeriodEnd });
    expect((await eventsOf(monthly.id)).map((e) => e.kind)).toEqual(['purchased', 'cancel_scheduled', 'cancelled']);
  });

  it('tells a yearly member 14 days before the renewal, once; mails the end in the member’s language', async () => {
    const p = await studio();
    const db = t.app.deps.db;
    const { m } = await member(p, { interval: 'year', priceMinor: 0 }, { payment_method: 'free', language: 'de' });
    const mailsOf = async (kind: string) =>
      (await db.select().from(emails).where(eq(emails.teamId, p.team.id))).filter((e) => e.kind === kind);
    await sweepMemberships(t.app.deps, new Date(m.currentPeriodEnd.getTime() - 15 * DAY));
    expect(await mailsOf('membership_renewal_upcoming')).toHaveLength(0);
    const soon = new Date(m.currentPeriodEnd.getTime() - 13 * DAY);
    await Promise.all([sweepMemberships(t.app.deps, soon), sweepMemberships(t.app.deps, soon)]);
    await sweepMemberships(t.app.deps, new Date(soon.getTime() + DAY));
    const notices = await mailsOf('membership_renewal_upcoming');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ language: 'de' });
    expect(notices[0]!.subject).toMatch(/verlängert sich am \d{2}\.\d{2}\.\d{4}/);

    // Cancelled to the period's end by staff: told at once, and again when it ends.
    const cancel = await p.client.post(`/api/subscriptions/${m.subscriptionId}/members/${m.id}/cancel`, { mode: 'period_end' });
    expect(cancel.statusCode).toBe(200);
    await sweepMemberships(t.app.deps, new Date(m.currentPeriodEnd.getTime() + 1000));
    const ends = await mailsOf('membership_cancelled');
    expect(ends.map((e) => e.subject)).toEqual([expect.stringMatching(/endet am/), expect.stringMatching(/ist beendet/)]);
  });

  it('with the feature switched off, members keep their period and are not renewed', async () => {
    const p = await studio();
    const db = t.app.deps.db;
    const { m } = await member(p, { priceMinor: 0 }, { payment_method: 'free' });
    await setSubscriptionsFeature(db, p.team.id, false);
    await sweepMemberships(t.app.deps, new Date(m.currentPeriodEnd.getTime() - 1000));
    expect((await membershipsOf(p.team.id))[0]).toMatchObject({ status: 'active' });
    await sweepMemberships(t.app.deps, new Date(m.currentPeriodEnd.getTime() + 1000));
    expect((await membershipsOf(p.team.id))[0]).toMatchObject({ status: 'cancelled', currentPeriodEnd: m.currentPeriodEnd });
    expect((await eventsOf(m.id)).map((e) => e.kind)).toEqual(['purchased', 'cancelled']);
  });

  it('the end-to-end tests’ hook runs the sweep at a named moment, and exists only with TEST_HOOKS=on', async () => {
    const p = await studio();
    const { m } = await member(p, { priceMinor: 0, credits: 4 }, { payment_method: 'free' });
    expect((await new TestClient(t.app).post('/api/test-hooks/memberships/sweep', { at: new Date().toISOString() })).statusCode).toBe(404);
    const hooked = await buildTestApp({ config: { testHooks: true } });
    try {
      const res = await new TestClient(hooked.app).post('/api/test-hooks/memberships/sweep', {
        at: new Date(m.currentPeriodEnd.getTime() + 1000).toISOString(),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(Object.keys(res.json()).sort()).toEqual(['charged', 'ended', 'expired', 'invoiced', 'noticed', 'pastDue', 'renewed']);
      expect((await new TestClient(hooked.app).post('/api/test-hooks/memberships/sweep', { at: 'tomorrow' })).statusCode).toBe(422);
    } finally {
      await hooked.close();
    }
  });
});
