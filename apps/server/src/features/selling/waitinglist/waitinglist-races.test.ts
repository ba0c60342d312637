import { WAITING_LIST_HOLDER_PREFIX } from '@bookla/shared';
import { asc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../db/client.ts';
import { activities, ticketReservations, tickets, waitingListEntries } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { makeTicket } from '../../../test/factories.ts';
import { makeOrder } from '../../../test/selling-factories.ts';
import { endUnpaidOrder } from '../orders/index.ts';
import { runLine, settleLine, type WaitingListDeps } from './offer-engine.ts';
import { joinWaitingList } from './waitinglist.service.ts';
import { makeShop } from './waitinglist-fixtures.ts';
import * as repo from './waitinglist.repo.ts';

/**
 * The waiting list under concurrency, PostgreSQL only (PGlite has one connection): engine runs
 * that start at once never offer more seats than are free nor one entry twice, and sign-ups
 * that arrive at once keep a stable line whose places match the order of the ids. A control
 * runs the same engine without the ticket locks and shows the harness does produce races.
 */

const url = process.env.DATABASE_URL;
const POOL = 20;

let t: TestApp;
let wide: Database;
let deps: WaitingListDeps;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A published course with the waiting list on, its one ticket's `stock` seats all held by unpaid orders, and `waiting` people in line (1 seat each). */
async function line(stock: number, waiting: number) {
  const shop = await makeShop(wide.db);
  await wide.db.update(activities).set({ waitingList: true }).where(eq(activities.id, shop.activity.id));
  await wide.db.update(tickets).set({ stock }).where(eq(tickets.id, shop.ticket.id));
  const held: number[] = [];
  for (let i = 0; i < stock; i++)
    held.push((await makeOrder(wide.db, shop.teamId, { ticketId: shop.ticket.id, paymentStatus: 'waiting' })).order.id);
  for (let i = 0; i < waiting; i++)
    await joinWaitingList(deps, shop.teamId, {
      activity_id: shop.activity.id,
      firstname: 'W',
      lastname: `L${i}`,
      email: `race-${shop.teamId}-${i}@example.com`,
      quantity: 1,
      language: 'de',
    });
  return { ...shop, held };
}

async function heldByOffers(ticketId: number): Promise<number> {
  const [row] = await wide.db
    .select({ n: sql<number>`coalesce(sum(${ticketReservations.quantity}), 0)::int` })
    .from(ticketReservations)
    .where(sql`${ticketReservations.ticketId} = ${ticketId} AND ${like(ticketReservations.holder, `${WAITING_LIST_HOLDER_PREFIX}%`)}`);
  return Number(row!.n);
}

const statuses = async (activityId: number) =>
  (
    await wide.db
      .select({ status: waitingListEntries.status })
      .from(waitingListEntries)
      .where(eq(waitingListEntries.activityId, activityId))
      .orderBy(asc(waitingListEntries.id))
  ).map((r) => r.status);

describe.skipIf(!url)('waiting list under concurrency (PostgreSQL)', () => {
  beforeAll(async () => {
    t = await buildTestApp();
    const { name } = rowsOf<{ name: string }>(await t.app.deps.db.execute(sql`SELECT current_database() AS name`))[0]!;
    const target = new URL(url!);
    target.pathname = `/${name}`;
    wide = await openDatabase({ url: target.toString(), poolSize: POOL });
    deps = { db: wide.db, config: t.app.deps.config };
    await Promise.all(Array.from({ length: POOL }, () => wide.db.execute(sql`SELECT 1`)));
  }, 60_000);
  afterAll(async () => {
    await wide?.close();
    await t?.close();
  });

  it('two freed seats, 10 engine runs at once: exactly two offers, to the first two in line, five rounds in a row', async () => {
    for (let round = 1; round <= 5; round++) {
      const w = await line(3, 6);
      for (const orderId of w.held.slice(0, 2))
        await endUnpaidOrder(
          { db: wide.db, config: t.app.deps.config },
          { teamId: w.teamId, orderId, status: 'cancelled', who: { actor: 'staff' } },
        );
      const runs = await Promise.allSettled(Array.from({ length: 10 }, () => runLine(deps, w.teamId, w.activity.id)));
      expect(
        runs.filter((r) => r.status === 'rejected'),
        `round ${round}`,
      ).toEqual([]);
      const offered = runs.flatMap((r) => (r.status === 'fulfilled' ? r.value.offered : []));
      expect(offered, `round ${round}`).toHaveLength(2);
      expect(await statuses(w.activity.id), `round ${round}`).toEqual(['offered', 'offered', 'waiting', 'waiting', 'waiting', 'waiting']);
      expect(await heldByOffers(w.ticket.id), `round ${round}`).toBe(2);
      const [ticket] = await wide.db.select().from(tickets).where(eq(tickets.id, w.ticket.id));
      expect(ticket!.sold + (await heldByOffers(w.ticket.id)), `round ${round}`).toBe(ticket!.stock);
    }
  }, 60_000);

  it('offers of two tickets of one activity, engine runs and checkouts at once: no deadlock, never past stock', async () => {
    const w = await line(2, 8);
    const second = await makeTicket(wide.db, w.teamId, w.activity.id, { stock: 3 });
    const runs = await Promise.allSettled([
      ...Array.from({ length: 8 }, () => runLine(deps, w.teamId, w.activity.id)),
      ...w.held.map((orderId) =>
        endUnpaidOrder(
          { db: wide.db, config: t.app.deps.config },
          { teamId: w.teamId, orderId, status: 'cancelled', who: { actor: 'staff' } },
        ),
      ),
    ]);
    expect(runs.filter((r) => r.status === 'rejected')).toEqual([]);
    await runLine(deps, w.teamId, w.activity.id);
    // 2 seats of the first ticket back and 3 of the second: five offers, each ticket within its stock.
    expect((await statuses(w.activity.id)).filter((s) => s === 'offered')).toHaveLength(5);
    expect(await heldByOffers(w.ticket.id)).toBe(2);
    expect(await heldByOffers(second.id)).toBe(3);
  }, 60_000);

  it('30 sign-ups at once: a stable line, places 1…30 in the order of the ids', async () => {
    const w = await line(1, 0);
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        joinWaitingList(deps, w.teamId, {
          activity_id: w.activity.id,
          firstname: 'P',
          lastname: `N${i}`,
          email: `crowd-${w.teamId}-${i}@example.com`,
          quantity: 1,
          language: 'de',
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const joined = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const byId = [...joined].sort((a, b) => a.entryId - b.entryId);
    expect(byId.map((j) => j.position)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    // The line as the list computes it (from the database) agrees with what the mails said.
    for (const j of joined)
      expect(await repo.positionOf(wide.db, { id: j.entryId, teamId: w.teamId, activityId: w.activity.id, sessionId: null })).toBe(
        j.position,
      );
  }, 60_000);

  it('CONTROL: the same runs without the ticket locks offer more seats than are free', async () => {
    const seen: string[] = [];
    let over = false;
    for (let round = 1; round <= 5 && !over; round++) {
      const w = await line(3, 12);
      for (const orderId of w.held.slice(0, 2))
        await endUnpaidOrder(
          { db: wide.db, config: t.app.deps.config },
          { teamId: w.teamId, orderId, status: 'cancelled', who: { actor: 'staff' } },
        );
      await Promise.allSettled(
        Array.from({ length: 10 }, () =>
          wide.db.transaction(async (tx) => {
            const activity = (await repo.lineActivity(tx, w.teamId, w.activity.id))!;
            return settleLine(tx, deps, activity);
          }),
        ),
      );
      const held = await heldByOffers(w.ticket.id);
      seen.push(`${held} seats offered of 2 free`);
      over = held > 2;
    }
    console.info(`[waitinglist-races] control, no ticket locks: ${seen.join('; ')}`);
    expect(over, seen.join('; ')).toBe(true);
  }, 60_000);
});
