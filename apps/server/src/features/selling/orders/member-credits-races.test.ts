import { orderBodySchema } from '@bookla/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../db/client.ts';
import { customers, membershipEvents, memberships, orderParticipants } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { makeTicket } from '../../../test/factories.ts';
import { makeMember, makeSubscription, makeTier, setSubscriptionsFeature } from '../../../test/subscription-factories.ts';
import { AppError } from '../../../lib/app-error.ts';
import { makeShop, orderBody } from './checkout-fixtures.ts';
import { unlockedWrite } from './checkout-race-controls.ts';
import type { SellingDeps } from './order-state.service.ts';
import { placeOrder, type OrderWriteStep } from './place-order.service.ts';

/**
 * Membership credits under concurrency (issue 24 "Must hold"), PostgreSQL only: 20 bookings at
 * once with a pass of 3 credits book exactly 3 seats, and the credits end at 0, never below, with
 * one `credit_used` per booked seat; every other buyer is told the credits are used up (409) or,
 * having read them after they were gone, 422. The control takes the credits by read-then-write
 * (checkout-race-controls.ts) and must book more than 3 — the harness does race.
 */

const url = process.env.DATABASE_URL;
const POOL = 20;
const BUYERS = 20;
const CREDITS = 3;
const ROUNDS = 5;

let t: TestApp;
let wide: Database;
let deps: SellingDeps;
let shop: Awaited<ReturnType<typeof makeShop>>;
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

async function round(write?: OrderWriteStep) {
  const db = wide.db;
  const ticket = await makeTicket(db, shop.teamId, shop.activity.id, { stock: 100, priceMinor: 2500 });
  const email = `member-${Math.random().toString(36).slice(2)}@example.com`;
  const [customer] = await db
    .insert(customers)
    .values({ teamId: shop.teamId, email, firstname: 'Nina', lastname: 'Muster', language: 'en', emailVerifiedAt: new Date() })
    .returning();
  const s = await makeSubscription(db, shop.teamId);
  const pass = await makeTier(db, shop.teamId, s.id, { interval: 'once', validDays: 30, credits: CREDITS, priceMinor: 20000 });
  const { membership } = await makeMember(db, shop.teamId, pass, { customerId: customer!.id });
  const member = { customerId: customer!.id, emailVerified: true };
  const body = () =>
    orderBodySchema.parse(
      orderBody(ticket.id, 1, {
        customer: { firstname: 'Nina', lastname: 'Muster', email },
        participants: [{ ticket_id: ticket.id, firstname: 'Nina', lastname: 'Muster', answers: {}, membership_id: membership.id }],
      }),
    );
  const results = await Promise.allSettled(
    Array.from({ length: BUYERS }, () => placeOrder(deps, shop.teamId, body(), undefined, { write, member })),
  );
  const [left] = await db.select({ c: memberships.creditsLeft }).from(memberships).where(eq(memberships.id, membership.id));
  const booked = await db.select().from(orderParticipants).where(eq(orderParticipants.membershipId, membership.id));
  const used = await db.select().from(membershipEvents).where(eq(membershipEvents.membershipId, membership.id));
  return {
    won: results.filter((r) => r.status === 'fulfilled').length,
    refused: results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : [])),
    left: left!.c,
    booked: booked.length,
    used: used.filter((e) => e.kind === 'credit_used').length,
  };
}

describe.skipIf(!url)('membership credits under concurrency (PostgreSQL)', () => {
  beforeAll(async () => {
    t = await buildTestApp();
    const { name } = rowsOf<{ name: string }>(await t.app.deps.db.execute(sql`SELECT current_database() AS name`))[0]!;
    const target = new URL(url!);
    target.pathname = `/${name}`;
    wide = await openDatabase({ url: target.toString(), poolSize: POOL });
    deps = { db: wide.db, config: t.app.deps.config };
    shop = await makeShop(wide.db);
    await setSubscriptionsFeature(wide.db, shop.teamId, true);
    await Promise.all(Array.from({ length: POOL }, () => wide.db.execute(sql`SELECT 1`)));
  }, 60_000);
  afterAll(async () => {
    await wide?.close();
    await t?.close();
  });

  it(`${BUYERS} bookings at once on a pass of ${CREDITS} credits book exactly ${CREDITS}, ${ROUNDS} rounds`, async () => {
    for (let r = 1; r <= ROUNDS; r++) {
      const got = await round();
      expect(got, `round ${r}`).toMatchObject({ won: CREDITS, left: 0, booked: CREDITS, used: CREDITS });
      // The others: 409 (used up under the lock) or 422 (read after they were gone); nothing else.
      const odd = got.refused.filter((e) => !(e instanceof AppError && (e.status === 409 || e.status === 422)));
      expect(odd.map(String), `round ${r}`).toEqual([]);
    }
  }, 120_000);

  it('CONTROL: taking the credits by read-then-write books more than the pass holds', async () => {
    // Seats unlocked too (100 of them, never short): the tickets' row lock would otherwise queue the buyers.
    let most = 0;
    for (let r = 1; r <= ROUNDS && most <= CREDITS; r++)
      most = Math.max(most, (await round(unlockedWrite({ credits: true, seats: true }))).won);
    expect(most).toBeGreaterThan(CREDITS);
  }, 120_000);
});
