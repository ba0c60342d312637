import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, membershipEvents, memberships, orderParticipants, subscriptions } from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { makeActivity, makeTicket } from '../../../test/factories.ts';
import { makeMember, makeSubscription, makeTier, setSubscriptionsFeature } from '../../../test/subscription-factories.ts';
import { cancelFreeOrder } from '../orders/index.ts';
import { api, makeShop, verifiedCustomer } from './customer-test-kit.ts';

/**
 * Booking with a membership (CONTRACT §5, issue 24): a logged-in shop customer names
 * `membership_id` on a participant; the seat costs 0 and one credit, never more than the tier's
 * seats per booking, only for covered activities, only the customer's own active membership with
 * a confirmed address; an ended booking gives its credits back. The race with 20 buyers is in
 * member-credits-races.test.ts (PostgreSQL).
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function setup(
  tier: Parameters<typeof makeTier>[3] = { interval: 'once', validDays: 180, credits: 3, seatsPerBooking: 2, priceMinor: 20000 },
) {
  const db = t.app.deps.db;
  const shop = await makeShop(db);
  await setSubscriptionsFeature(db, shop.teamId, true);
  const { client, email } = await verifiedCustomer(t.app, shop.teamId);
  const [customer] = await db.select().from(customers).where(eq(customers.email, email));
  const s = await makeSubscription(db, shop.teamId, 'Yoga');
  const pass = await makeTier(db, shop.teamId, s.id, tier);
  const { membership } = await makeMember(db, shop.teamId, pass, { customerId: customer!.id });
  return { ...shop, client, email, customer: customer!, subscription: s, pass, membership };
}

function body(email: string, participants: { ticket_id: number; membership_id?: number }[], extra: Record<string, unknown> = {}) {
  return {
    items: [...new Map(participants.map((p) => [p.ticket_id, 0])).keys()].map((ticket_id) => ({
      ticket_id,
      quantity: participants.filter((p) => p.ticket_id === ticket_id).length,
    })),
    customer: { firstname: 'Nina', lastname: 'Muster', email },
    participants: participants.map((p, i) => ({ ...p, firstname: `P${i}`, lastname: 'Muster', answers: {} })),
    answers: {},
    payment_method: 'invoice',
    language: 'en',
    accept_terms: true,
    ...extra,
  };
}

const creditsOf = async (id: number) =>
  (await t.app.deps.db.select({ c: memberships.creditsLeft }).from(memberships).where(eq(memberships.id, id)))[0]!.c;

describe('booking with a membership', () => {
  it('a member seat costs 0 and one credit; a companion seat too (seats per booking 2); a third is paid; credits never below zero', async () => {
    const s = await setup();
    const one = await s.client.post(
      api(s.teamId, '/orders?language=en'),
      body(s.email, [{ ticket_id: s.ticket.id, membership_id: s.membership.id }]),
    );
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json().order).toMatchObject({ payment_status: 'free', total: 0 });
    expect(await creditsOf(s.membership.id)).toBe(2);

    // Member + guest with the membership, a third person paid: one ticket's price.
    const three = await s.client.post(
      api(s.teamId, '/orders?language=en'),
      body(s.email, [
        { ticket_id: s.ticket.id, membership_id: s.membership.id },
        { ticket_id: s.ticket.id, membership_id: s.membership.id },
        { ticket_id: s.ticket.id },
      ]),
    );
    expect(three.statusCode, three.body).toBe(201);
    expect(three.json().order).toMatchObject({ payment_status: 'waiting', total: 25 });
    const lines = three.json().order.order_items as { quantity: number; total: number }[];
    expect(lines.map((l) => [l.quantity, l.total])).toEqual([
      [1, 25],
      [2, 0],
    ]);
    expect(await creditsOf(s.membership.id)).toBe(0);

    const none = await s.client.post(
      api(s.teamId, '/orders?language=en'),
      body(s.email, [{ ticket_id: s.ticket.id, membership_id: s.membership.id }]),
    );
    expect(none.statusCode).toBe(422);
    expect(none.json().errors['participants.0.membership_id']).toEqual(['This membership has 0 credits left.']);
    expect(await creditsOf(s.membership.id)).toBe(0);
    const events = await t.app.deps.db.select().from(membershipEvents).where(eq(membershipEvents.membershipId, s.membership.id));
    expect(events.filter((e) => e.kind === 'credit_used')).toHaveLength(3);
  });

  it('gives the credit back when the booking ends, once', async () => {
    const s = await setup();
    const res = await s.client.post(
      api(s.teamId, '/orders?language=en'),
      body(s.email, [{ ticket_id: s.ticket.id, membership_id: s.membership.id }]),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(await creditsOf(s.membership.id)).toBe(2);
    const [p] = await t.app.deps.db.select().from(orderParticipants).where(eq(orderParticipants.membershipId, s.membership.id));
    const deps = { db: t.app.deps.db, config: t.app.deps.config };
    const who = { actor: 'customer' as const };
    expect((await cancelFreeOrder(deps, { teamId: s.teamId, orderId: p!.orderId, who })).changed).toBe(true);
    expect(await creditsOf(s.membership.id)).toBe(3);
    expect((await cancelFreeOrder(deps, { teamId: s.teamId, orderId: p!.orderId, who })).changed).toBe(false);
    expect(await creditsOf(s.membership.id)).toBe(3);
  });

  it('refuses what the membership cannot book (422 per participant, nothing written)', async () => {
    const s = await setup({ interval: 'month', credits: null, seatsPerBooking: 1, priceMinor: 12000 });
    const db = t.app.deps.db;
    const ok = await s.client.post(
      api(s.teamId, '/orders?language=en'),
      body(s.email, [{ ticket_id: s.ticket.id, membership_id: s.membership.id }]),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await creditsOf(s.membership.id)).toBe(null);
    const cases: [unknown, string, string][] = [
      // Seats per booking 1: a guest needs a second membership or a ticket.
      [
        body(s.email, [
          { ticket_id: s.ticket.id, membership_id: s.membership.id },
          { ticket_id: s.ticket.id, membership_id: s.membership.id },
        ]),
        'participants.1.membership_id',
        'This membership books at most 1 seats per booking.',
      ],
      // Another customer's membership of the same team.
      [
        body(s.email, [{ ticket_id: s.ticket.id, membership_id: (await makeMember(db, s.teamId, s.pass)).membership.id }]),
        'participants.0.membership_id',
        'This membership was not found in your account.',
      ],
      [
        body('someone.else@example.com', [{ ticket_id: s.ticket.id, membership_id: s.membership.id }]),
        'customer.email',
        'Book with the e-mail address of your customer account.',
      ],
    ];
    for (const [b, key, message] of cases) {
      const res = await s.client.post(api(s.teamId, '/orders?language=en'), b);
      expect(res.statusCode, JSON.stringify(b)).toBe(422);
      expect(res.json().errors[key]).toEqual([message]);
    }
    // Only the activities it covers.
    const other = await makeActivity(db, s.teamId, { name: { de: 'Pilates', en: 'Pilates' } });
    await db
      .update(subscriptions)
      .set({ activityIds: [other.id] })
      .where(eq(subscriptions.id, s.subscription.id));
    const uncovered = await s.client.post(
      api(s.teamId, '/orders?language=en'),
      body(s.email, [{ ticket_id: s.ticket.id, membership_id: s.membership.id }]),
    );
    expect(uncovered.json().errors['participants.0.membership_id']).toEqual(['This membership does not include this activity.']);
    const pilates = await makeTicket(db, s.teamId, other.id);
    expect(
      (
        await s.client.post(
          api(s.teamId, '/orders?language=en'),
          body(s.email, [{ ticket_id: pilates.id, membership_id: s.membership.id }]),
        )
      ).statusCode,
    ).toBe(201);
    // Past due: no bookings.
    await db.update(memberships).set({ status: 'past_due' }).where(eq(memberships.id, s.membership.id));
    const due = await s.client.post(
      api(s.teamId, '/orders?language=en'),
      body(s.email, [{ ticket_id: pilates.id, membership_id: s.membership.id }]),
    );
    expect(due.json().errors['participants.0.membership_id']).toEqual(['This membership is not active (ended, or its payment is due).']);
    // An unconfirmed address: not yet.
    await db.update(memberships).set({ status: 'active' }).where(eq(memberships.id, s.membership.id));
    await db.update(customers).set({ emailVerifiedAt: null }).where(eq(customers.id, s.customer.id));
    const unconfirmed = await s.client.post(
      api(s.teamId, '/orders?language=en'),
      body(s.email, [{ ticket_id: pilates.id, membership_id: s.membership.id }]),
    );
    expect(unconfirmed.json().errors['participants.0.membership_id']).toEqual([
      'Confirm your e-mail address first: the link is in the mail we sent you.',
    ]);
  });

  it('the public order call takes no membership (no customer session reaches it), and the customer sees their memberships', async () => {
    const s = await setup();
    const anon = await new TestClient(t.app).post(
      `/api/public/teams/${s.teamId}/orders?language=en`,
      body(s.email, [{ ticket_id: s.ticket.id, membership_id: s.membership.id }]),
    );
    expect(anon.statusCode).toBe(422);
    expect(anon.json().errors['participants.0.membership_id']).toEqual(['Log in to your customer account to book with a membership.']);
    expect(await creditsOf(s.membership.id)).toBe(3);
    const mine = await s.client.get(api(s.teamId, '/memberships'));
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toEqual([
      expect.objectContaining({
        id: s.membership.id,
        status: 'active',
        credits_left: 3,
        usable: true,
        subscription: expect.objectContaining({ name: 'Yoga', covers_all: true }),
        tier: expect.objectContaining({ interval: 'once', seats_per_booking: 2 }),
      }),
    ]);
    expect((await new TestClient(t.app).get(api(s.teamId, '/memberships'))).statusCode).toBe(401);
  });

  it('the customer cancels their own membership to the period end (kept until then); another’s is not found', async () => {
    const s = await setup({ interval: 'month', credits: null, seatsPerBooking: 1, priceMinor: 12000 });
    const other = await makeMember(t.app.deps.db, s.teamId, s.pass);
    const cancel = (id: number) => s.client.post(api(s.teamId, `/memberships/${id}/cancel?language=en`), {});
    expect((await cancel(other.membership.id)).statusCode).toBe(404);
    const res = await cancel(s.membership.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: s.membership.id, status: 'active', cancel_at_period_end: true, usable: true });
    const again = await cancel(s.membership.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This membership is already cancelled to the end of its period.');
    // Still bookable until the period ends.
    const booked = await s.client.post(
      api(s.teamId, '/orders?language=en'),
      body(s.email, [{ ticket_id: s.ticket.id, membership_id: s.membership.id }]),
    );
    expect(booked.statusCode, booked.body).toBe(201);
    expect((await new TestClient(t.app).post(api(s.teamId, `/memberships/${s.membership.id}/cancel`), {})).statusCode).toBe(401);
  });
});
