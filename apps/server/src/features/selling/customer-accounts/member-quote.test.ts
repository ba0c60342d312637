import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, discounts, memberships, orders } from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { makeActivity, makeTicket } from '../../../test/factories.ts';
import { makeMember, makeSubscription, makeTier, setSubscriptionsFeature } from '../../../test/subscription-factories.ts';
import { api, makeShop, verifiedCustomer } from './customer-test-kit.ts';

/**
 * The logged-in customer's quote (issue 24): the checkout's total with member seats, computed by
 * the server exactly as the customer's order call charges it; the order's refusals; only the
 * customer's own memberships of this team.
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

type Seat = { ticket_id: number; membership_id?: number };
const itemsOf = (seats: Seat[]) =>
  [...new Map(seats.map((p) => [p.ticket_id, 0])).keys()].map((ticket_id) => ({
    ticket_id,
    quantity: seats.filter((p) => p.ticket_id === ticket_id).length,
  }));

/** The quote's body for these seats. */
const quoteBody = (seats: Seat[], extra: Record<string, unknown> = {}) => ({ items: itemsOf(seats), participants: seats, ...extra });

/** The order's body for the same seats. */
function orderBody(email: string, seats: Seat[], extra: Record<string, unknown> = {}) {
  return {
    items: itemsOf(seats),
    customer: { firstname: 'Nina', lastname: 'Muster', email },
    participants: seats.map((p, i) => ({ ...p, firstname: `P${i}`, lastname: 'Muster', answers: {} })),
    answers: {},
    payment_method: 'invoice',
    language: 'en',
    accept_terms: true,
    ...extra,
  };
}

describe('the logged-in customer’s quote', () => {
  it('prices member seats at 0, as the order then charges: the same subtotal, discount, VAT and total', async () => {
    const s = await setup();
    const db = t.app.deps.db;
    await db.insert(discounts).values({ teamId: s.teamId, code: 'YOGA10', type: 'percent', value: 1000 });
    const seats: Seat[] = [
      { ticket_id: s.ticket.id, membership_id: s.membership.id },
      { ticket_id: s.ticket.id, membership_id: s.membership.id },
      { ticket_id: s.ticket.id },
    ];
    const res = await s.client.post(api(s.teamId, '/quote?language=en'), quoteBody(seats, { discount_code: 'yoga10' }));
    expect(res.statusCode, res.body).toBe(200);
    const quote = res.json();
    expect(quote).toMatchObject({
      subtotal: 25,
      discount_total: 2.5,
      total: 22.5,
      currency: 'CHF',
      discount_code: 'YOGA10',
      membership_seats: 2,
      membership_value: 50,
    });
    expect(res.headers['cache-control']).toBe('no-store');
    // Nothing is stored: no credit taken, no order.
    const [m] = await db.select().from(memberships).where(eq(memberships.id, s.membership.id));
    expect(m!.creditsLeft).toBe(3);
    expect(await db.select().from(orders).where(eq(orders.teamId, s.teamId))).toEqual([]);

    const placed = await s.client.post(api(s.teamId, '/orders?language=en'), orderBody(s.email, seats, { discount_code: 'yoga10' }));
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order;
    expect({ subtotal: order.subtotal, discount_total: order.discount_total, total: order.total }).toEqual({
      subtotal: quote.subtotal,
      discount_total: quote.discount_total,
      total: quote.total,
    });
    const [row] = await db.select().from(orders).where(eq(orders.teamId, s.teamId));
    expect(row!.totalMinor / 100).toBe(quote.total);
    expect(row!.taxTotalMinor / 100).toBe(quote.tax_total);

    // Every seat with the membership: 0, as the order then is (free).
    const all = await s.client.post(api(s.teamId, '/quote'), quoteBody([{ ticket_id: s.ticket.id, membership_id: s.membership.id }]));
    expect(all.json()).toMatchObject({ subtotal: 0, total: 0, membership_seats: 1, membership_value: 25 });
    const free = await s.client.post(
      api(s.teamId, '/orders'),
      orderBody(s.email, [{ ticket_id: s.ticket.id, membership_id: s.membership.id }]),
    );
    expect(free.json().order).toMatchObject({ payment_status: 'free', total: 0 });
    // Without member seats it is the public quote.
    const plain = await s.client.post(api(s.teamId, '/quote'), quoteBody([{ ticket_id: s.ticket.id }]));
    const pub = await new TestClient(t.app).post(`/api/public/teams/${s.teamId}/quote`, {
      items: [{ ticket_id: s.ticket.id, quantity: 1 }],
    });
    expect(plain.json()).toEqual({ ...pub.json(), membership_seats: 0, membership_value: 0 });
  });

  it('refuses what the order refuses: 422 per participant when a membership cannot pay the seat', async () => {
    const s = await setup({ interval: 'once', validDays: 180, credits: 1, seatsPerBooking: 2, priceMinor: 20000 });
    const db = t.app.deps.db;
    const other = await makeActivity(db, s.teamId, { name: { de: 'Pilates', en: 'Pilates' } });
    const pilates = await makeTicket(db, s.teamId, other.id);
    const cases: [unknown, string, string][] = [
      // One credit left: a second seat with it is refused.
      [
        quoteBody([
          { ticket_id: s.ticket.id, membership_id: s.membership.id },
          { ticket_id: s.ticket.id, membership_id: s.membership.id },
        ]),
        'participants.1.membership_id',
        'This membership has 1 credits left.',
      ],
      // Another customer's membership of the same team: not found.
      [
        quoteBody([{ ticket_id: s.ticket.id, membership_id: (await makeMember(db, s.teamId, s.pass)).membership.id }]),
        'participants.0.membership_id',
        'This membership was not found in your account.',
      ],
      // Seats and items must match, as in the order.
      [{ items: [{ ticket_id: s.ticket.id, quantity: 2 }], participants: [{ ticket_id: s.ticket.id }] }, 'participants', ''],
      [quoteBody([{ ticket_id: s.ticket.id }], { discount_code: 'NOPE' }), 'discount_code', ''],
    ];
    for (const [b, key, message] of cases) {
      const res = await s.client.post(api(s.teamId, '/quote?language=en'), b);
      expect(res.statusCode, JSON.stringify(b)).toBe(422);
      if (message) expect(res.json().errors[key]).toEqual([message]);
      else expect(Object.keys(res.json().errors)).toContain(key);
    }
    // Past due: no bookings, no member price.
    await db.update(memberships).set({ status: 'past_due' }).where(eq(memberships.id, s.membership.id));
    const due = await s.client.post(
      api(s.teamId, '/quote?language=en'),
      quoteBody([{ ticket_id: pilates.id, membership_id: s.membership.id }]),
    );
    expect(due.statusCode).toBe(422);
    expect(due.json().errors['participants.0.membership_id']).toEqual(['This membership is not active (ended, or its payment is due).']);
    // Hostile bodies: 422, never a 500.
    for (const b of [
      {},
      { items: [], participants: [] },
      { items: [{ ticket_id: s.ticket.id, quantity: 1 }], participants: [{ ticket_id: 'x' }] },
    ]) {
      expect((await s.client.post(api(s.teamId, '/quote'), b)).statusCode).toBe(422);
    }
    expect(
      (
        await s.client.post(api(s.teamId, '/quote'), {
          ...quoteBody([{ ticket_id: s.ticket.id }]),
          participants: [{ ticket_id: s.ticket.id, firstname: 'A' }],
        })
      ).statusCode,
    ).toBe(422);
  });

  it('only for the logged-in customer of this team; another team’s membership or ticket is not found', async () => {
    const a = await setup();
    const b = await setup();
    const seat = [{ ticket_id: a.ticket.id, membership_id: a.membership.id }];
    // No customer session, or a session of another team's shop: 401.
    expect((await new TestClient(t.app).post(api(a.teamId, '/quote'), quoteBody(seat))).statusCode).toBe(401);
    expect((await b.client.post(api(a.teamId, '/quote'), quoteBody(seat))).statusCode).toBe(401);
    // B's customer in B's shop naming A's membership: not found; A's ticket: refused.
    const foreign = await b.client.post(
      api(b.teamId, '/quote?language=en'),
      quoteBody([{ ticket_id: b.ticket.id, membership_id: a.membership.id }]),
    );
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors['participants.0.membership_id']).toEqual(['This membership was not found in your account.']);
    const ticket = await b.client.post(api(b.teamId, '/quote?language=en'), quoteBody([{ ticket_id: a.ticket.id }]));
    expect(ticket.statusCode).toBe(422);
  });
});
