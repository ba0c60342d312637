import { orderBodySchema } from '@bookla/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../db/client.ts';
import { activities, tickets } from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/app-error.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { makeActivity, makeTicket } from '../../../test/factories.ts';
import { holderOf, ReservationError, reserveItems } from '../../catalogue/tickets/index.ts';
import { makeShop, orderBody } from './checkout-fixtures.ts';
import { ticketLocksOnly } from './hold-limits-race-controls.ts';
import type { SellingDeps } from './order-state.service.ts';
import { placeOrder } from './place-order.service.ts';

/**
 * Issue 20 items 1 and 13 under concurrency, PostgreSQL only (PGlite has one connection): the
 * activity's capacity across its tickets and one visitor's share of unpaid seats hold when many
 * requests run at once, on different tickets of the activity (different ticket locks: only the
 * activity's lock serialises them). Each with a control: the same harness with the activity's
 * lock off (the tickets' locks alone, handed to `reserveItems` by the test:
 * hold-limits-race-controls.ts) exceeds it, so the harness does see races.
 */

const url = process.env.DATABASE_URL;
const POOL = 40;

let t: TestApp;
let wide: Database;
let deps: SellingDeps;
let teamId: number;

type Settled = PromiseSettledResult<unknown>;
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const all = (n: number, run: (i: number) => Promise<unknown>): Promise<Settled[]> =>
  Promise.allSettled(Array.from({ length: n }, (_, i) => run(i)));
const won = (results: Settled[]) => results.filter((r) => r.status === 'fulfilled').length;
const reasons = (results: Settled[]) => results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
const code = (e: unknown) => (e instanceof AppError ? (e.extra as { code?: string } | undefined)?.code : String(e));

/** Seats taken or reserved (live) across the tickets. */
async function usedOf(ids: number[]): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await wide.db.execute(sql`SELECT (SELECT coalesce(sum(sold), 0) FROM tickets WHERE id IN ${ids})::int
      + (SELECT coalesce(sum(quantity), 0) FROM ticket_reservations WHERE ticket_id IN ${ids} AND expires_at > now())::int AS n`),
  );
  return Number(row!.n);
}

/** An activity with `n` tickets of plenty of stock each, capacity and hold limit as given. */
async function activityWith(n: number, set: { capacity?: number | null; holdLimit?: number | null }) {
  const activity = await makeActivity(wide.db, teamId);
  await wide.db
    .update(activities)
    .set({ capacity: set.capacity ?? null, holdLimit: set.holdLimit ?? null })
    .where(eq(activities.id, activity.id));
  const own = await Promise.all(Array.from({ length: n }, () => makeTicket(wide.db, teamId, activity.id, { stock: 1000 })));
  await wide.db
    .update(tickets)
    .set({ maxPerOrder: 1000 })
    .where(
      inArray(
        tickets.id,
        own.map((x) => x.id),
      ),
    );
  return { activity, ids: own.map((x) => x.id) };
}

const buy = (ticketId: number, seats = 1) => orderBodySchema.parse(orderBody(ticketId, seats));

describe.skipIf(!url)('hold limits and capacity under concurrency (PostgreSQL)', () => {
  beforeAll(async () => {
    t = await buildTestApp();
    const { name } = rowsOf<{ name: string }>(await t.app.deps.db.execute(sql`SELECT current_database() AS name`))[0]!;
    const target = new URL(url!);
    target.pathname = `/${name}`;
    wide = await openDatabase({ url: target.toString(), poolSize: POOL });
    deps = { db: wide.db, config: t.app.deps.config };
    teamId = (await makeShop(wide.db)).teamId;
    await Promise.all(Array.from({ length: POOL }, () => wide.db.execute(sql`SELECT 1`)));
  }, 60_000);
  afterAll(async () => {
    await wide?.close();
    await t?.close();
  });

  /** 300 buyers at once over 10 tickets of one activity of capacity 50: reservations and direct orders mixed. */
  async function capacityRound() {
    const { ids } = await activityWith(10, { capacity: 50, holdLimit: 1000 });
    const results = await all(300, (i) => {
      const ticketId = ids[i % ids.length]!;
      return i % 2 ? reserveItems(wide.db, teamId, [{ ticket_id: ticketId, quantity: 1 }]) : placeOrder(deps, teamId, buy(ticketId));
    });
    return { results, used: await usedOf(ids) };
  }

  it('never takes more than an activity’s capacity across its tickets (300 buyers, 10 tickets, capacity 50, 5 rounds)', async () => {
    for (let round = 1; round <= 5; round++) {
      const r = await capacityRound();
      expect(r.used, `round ${round}`).toBe(50);
      expect(won(r.results), `round ${round}`).toBe(50);
      // Only SOLD_OUT: a deadlock or anything else would show here.
      expect(reasons(r.results).filter((e) => !(e instanceof ReservationError && e.reason === 'SOLD_OUT'))).toEqual([]);
    }
  }, 120_000);

  it('CONTROL: without the activity’s lock the same harness takes more than the capacity', async () => {
    const seen: number[] = [];
    for (let round = 1; round <= 5 && !seen.some((n) => n > 50); round++) {
      const { ids } = await activityWith(10, { capacity: 50, holdLimit: 1000 });
      const results = await all(300, (i) =>
        reserveItems(wide.db, teamId, [{ ticket_id: ids[i % ids.length]!, quantity: 1 }], undefined, ticketLocksOnly),
      );
      seen.push(await usedOf(ids));
      expect(won(results)).toBe(seen[seen.length - 1]);
    }
    console.info(`[hold-limits-races] control, capacity 50 without the activity lock: ${seen.join(', ')} seats taken`);
    expect(Math.max(...seen)).toBeGreaterThan(50);
  }, 120_000);

  it('one visitor never holds more than the limit, however many requests it sends at once (reservations and orders, 10 tickets)', async () => {
    const visitor = holderOf(t.app.deps.config, '198.51.100.7');
    for (let round = 1; round <= 5; round++) {
      const { ids } = await activityWith(10, { holdLimit: 10 });
      const results = await all(100, (i) => {
        const ticketId = ids[i % ids.length]!;
        // Every order with another address: only the client key ties them together.
        return i % 2
          ? reserveItems(wide.db, teamId, [{ ticket_id: ticketId, quantity: 1 }], visitor)
          : placeOrder(deps, teamId, buy(ticketId), holderOf(t.app.deps.config, '198.51.100.7', `buyer-${round}-${i}@example.com`));
      });
      expect(won(results), `round ${round}`).toBe(10);
      expect(await usedOf(ids), `round ${round}`).toBe(10);
      expect(
        reasons(results)
          .map(code)
          .filter((c) => c !== 'HOLD_LIMIT'),
      ).toEqual([]);
    }
    // Another visitor still books.
    const { ids } = await activityWith(1, { holdLimit: 10 });
    await reserveItems(wide.db, teamId, [{ ticket_id: ids[0]!, quantity: 10 }], visitor);
    await expect(
      placeOrder(deps, teamId, buy(ids[0]!, 4), holderOf(t.app.deps.config, '198.51.100.8', 'honest@example.com')),
    ).resolves.toBeDefined();
  }, 120_000);

  it('CONTROL: without the activity’s lock one visitor holds more than the limit', async () => {
    const visitor = holderOf(t.app.deps.config, '198.51.100.9');
    const seen: number[] = [];
    for (let round = 1; round <= 5 && !seen.some((n) => n > 10); round++) {
      const { ids } = await activityWith(10, { holdLimit: 10 });
      await all(100, (i) => reserveItems(wide.db, teamId, [{ ticket_id: ids[i % ids.length]!, quantity: 1 }], visitor, ticketLocksOnly));
      seen.push(await usedOf(ids));
    }
    console.info(`[hold-limits-races] control, hold limit 10 without the activity lock: ${seen.join(', ')} seats held by one visitor`);
    expect(Math.max(...seen)).toBeGreaterThan(10);
  }, 120_000);
});
