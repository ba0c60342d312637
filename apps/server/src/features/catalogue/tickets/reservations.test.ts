import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketReservations, tickets } from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/app-error.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createUserWithTeam, inDays, loginAs, makeActivity, makeReservation, makeSession, makeTicket } from '../../../test/factories.ts';
import { purgeExpiredReservations, releaseReservations, ReservationError, reserveSeats } from './reservations.service.ts';

let t: TestApp;
let teamId: number;
let activityId: number;
const db = () => t.app.deps.db;

beforeAll(async () => {
  t = await buildTestApp();
  teamId = (await createUserWithTeam(db())).team.id;
  activityId = (await makeActivity(db(), teamId)).id;
});
afterAll(() => t.close());

async function failure(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return err;
}

const live = async (ticketId: number) =>
  Number(
    (
      await db()
        .select({ n: sql<number>`coalesce(sum(${ticketReservations.quantity}), 0)` })
        .from(ticketReservations)
        .where(sql`${ticketReservations.ticketId} = ${ticketId} AND ${ticketReservations.expiresAt} > now()`)
    )[0]!.n,
  );

describe('reserveSeats (sequential rules)', () => {
  it('reserves until stock − sold − live reservations is used up, then SOLD_OUT with what is left', async () => {
    const ticket = await makeTicket(db(), teamId, activityId, { stock: 5, sold: 1 });
    const first = await reserveSeats(db(), { teamId, ticketId: ticket.id, quantity: 3, holder: 'order-1', minutes: 15 });
    expect(first).toMatchObject({ ticketId: ticket.id, quantity: 3, holder: 'order-1', teamId });
    const minutes = (first.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15.1);
    const err = await failure(reserveSeats(db(), { teamId, ticketId: ticket.id, quantity: 2, holder: 'order-2' }));
    expect(err).toBeInstanceOf(ReservationError);
    expect((err as ReservationError).reason).toBe('SOLD_OUT');
    expect(err.status).toBe(409);
    expect(err.extra).toMatchObject({ code: 'SOLD_OUT', available: 1 });
    await reserveSeats(db(), { teamId, ticketId: ticket.id, quantity: 1, holder: 'order-2' });
    expect(await live(ticket.id)).toBe(4);
  });

  it('gives seats back when reservations expire or are released', async () => {
    const ticket = await makeTicket(db(), teamId, activityId, { stock: 3 });
    await makeReservation(db(), teamId, ticket.id, 3, -1, 'gone');
    await reserveSeats(db(), { teamId, ticketId: ticket.id, quantity: 3, holder: 'order-3' });
    expect((await failure(reserveSeats(db(), { teamId, ticketId: ticket.id, quantity: 1, holder: 'order-4' }))).extra).toMatchObject({
      code: 'SOLD_OUT',
      available: 0,
    });
    expect(await releaseReservations(db(), 'order-3')).toBe(1);
    await reserveSeats(db(), { teamId, ticketId: ticket.id, quantity: 2, holder: 'order-4' });
    expect(await live(ticket.id)).toBe(2);
  });

  it('purges reservations expired over an hour ago only (the last hour still counts a visitor’s renewals)', async () => {
    const ticket = await makeTicket(db(), teamId, activityId, { stock: 10 });
    await makeReservation(db(), teamId, ticket.id, 1, -61, 'old');
    await makeReservation(db(), teamId, ticket.id, 1, -5, 'recent');
    await makeReservation(db(), teamId, ticket.id, 1, 5, 'new');
    expect(await purgeExpiredReservations(db())).toBeGreaterThanOrEqual(1);
    const left = await db().select().from(ticketReservations).where(eq(ticketReservations.ticketId, ticket.id));
    expect(left.map((r) => r.holder).sort()).toEqual(['new', 'recent']);
  });

  it('refuses outside the sale window or for a cancelled or past date (OFF_SALE)', async () => {
    const notYet = await makeTicket(db(), teamId, activityId, { saleStart: inDays(1) });
    const over = await makeTicket(db(), teamId, activityId, { saleEnd: new Date(Date.now() - 60_000) });
    const cancelled = await makeSession(db(), teamId, activityId, inDays(3), { status: 'cancelled' });
    const past = await makeSession(db(), teamId, activityId, inDays(-1));
    const onCancelled = await makeTicket(db(), teamId, activityId, { sessionId: cancelled.id });
    const onPast = await makeTicket(db(), teamId, activityId, { sessionId: past.id });
    for (const ticket of [notYet, over, onCancelled, onPast]) {
      const err = await failure(reserveSeats(db(), { teamId, ticketId: ticket.id, quantity: 1, holder: 'x' }));
      expect(err.extra, String(ticket.id)).toMatchObject({ code: 'OFF_SALE' });
    }
    const open = await makeTicket(db(), teamId, activityId, { saleStart: inDays(-1), saleEnd: inDays(1) });
    await expect(reserveSeats(db(), { teamId, ticketId: open.id, quantity: 1, holder: 'x' })).resolves.toBeDefined();
  });

  it('keeps to min/max per order (422 on quantity)', async () => {
    const ticket = await makeTicket(db(), teamId, activityId, { stock: 50, minPerOrder: 2, maxPerOrder: 4 });
    for (const quantity of [1, 5, 0, -1, 1.5]) {
      const err = await failure(reserveSeats(db(), { teamId, ticketId: ticket.id, quantity, holder: 'q' }));
      expect(err.status, String(quantity)).toBe(422);
      expect(Object.keys(err.fields ?? {})).toEqual(['quantity']);
    }
    await expect(reserveSeats(db(), { teamId, ticketId: ticket.id, quantity: 4, holder: 'q' })).resolves.toBeDefined();
  });

  it('does not find another team’s ticket (404)', async () => {
    const other = (await createUserWithTeam(db())).team.id;
    const theirs = await makeTicket(db(), other, (await makeActivity(db(), other)).id);
    const err = await failure(reserveSeats(db(), { teamId, ticketId: theirs.id, quantity: 1, holder: 'x' }));
    expect(err.status).toBe(404);
    expect(await db().select().from(ticketReservations).where(eq(ticketReservations.ticketId, theirs.id))).toEqual([]);
  });
});

// PGlite has one connection, so real concurrency needs the PostgreSQL server (like the job-claiming test).
describe.runIf(!!process.env.DATABASE_URL)('reserveSeats under concurrency (PostgreSQL)', () => {
  it('sells 5 seats to exactly 5 of 20 simultaneous buyers', async () => {
    const ticket = await makeTicket(db(), teamId, activityId, { stock: 5 });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => reserveSeats(db(), { teamId, ticketId: ticket.id, quantity: 1, holder: `buyer-${i}` })),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(5);
    expect(lost.every((r) => r.reason instanceof ReservationError && r.reason.reason === 'SOLD_OUT')).toBe(true);
    expect(await live(ticket.id)).toBe(5);
    const [row] = await db().select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row!.stock).toBe(5);
  });

  it('never oversells with mixed quantities', async () => {
    const ticket = await makeTicket(db(), teamId, activityId, { stock: 7 });
    const quantities = [3, 2, 2, 1, 3, 2, 1, 1, 2, 3, 1, 2];
    const results = await Promise.allSettled(
      quantities.map((quantity, i) => reserveSeats(db(), { teamId, ticketId: ticket.id, quantity, holder: `mixed-${i}` })),
    );
    const sold = results.reduce((sum, r, i) => sum + (r.status === 'fulfilled' ? quantities[i]! : 0), 0);
    expect(sold).toBeLessThanOrEqual(7);
    expect(await live(ticket.id)).toBe(sold);
    // Buyers are served one after the other on the row lock, so seats are not lost to the race either.
    expect(sold).toBeGreaterThanOrEqual(5);
  });
});

describe('the back-office course list', () => {
  it('counts live reservations as reserved and leaves expired ones out of the availability', async () => {
    const owner = await createUserWithTeam(db());
    const course = await makeActivity(db(), owner.team.id, { name: { de: 'Töpfern', en: 'Pottery' } });
    const ticket = await makeTicket(db(), owner.team.id, course.id, { stock: 10, sold: 2 });
    await makeReservation(db(), owner.team.id, ticket.id, 3, 10, 'live');
    await makeReservation(db(), owner.team.id, ticket.id, 4, -1, 'expired');
    const client = await loginAs(t.app, owner.user.email);
    const res = await client.get('/api/courses');
    expect(res.statusCode).toBe(200);
    const item = (
      res.json() as { data: { id: number; tickets: { id: number; stock_reserved: number; stock_available: number }[] }[] }
    ).data.find((c) => c.id === course.id);
    expect(item?.tickets).toEqual([expect.objectContaining({ id: ticket.id, stock: 10, stock_reserved: 3, stock_available: 5 })]);
  });
});
