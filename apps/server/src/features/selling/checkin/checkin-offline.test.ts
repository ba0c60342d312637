import { createHash } from 'node:crypto';
import type { PaymentStatus } from '@bookla/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client.ts';
import { activityInstructors, orderEvents, orderParticipants, orders, teams } from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { makeActivity, makeSession, makeTicket, owner, staff, type Staff } from '../../../test/factories.ts';
import { makeOrder } from '../../../test/selling-factories.ts';

/**
 * The scanner's offline mode (issue 11): the dates to check in for with their counts, a date's
 * tickets with hashed codes for the device's cache, and the sync of scans queued offline
 * (first scan wins). Runs on PGlite and, with DATABASE_URL, on PostgreSQL (real concurrency).
 */

const sha256 = (code: string) => createHash('sha256').update(code, 'utf8').digest('hex');
const iso = (ms: number) => new Date(ms).toISOString();

let t: TestApp;
let app: FastifyInstance;
let db: Db;
let a: Staff;
/** Yoga: two dates, a drop-in ticket for the first, a ticket for the whole course. */
let yoga: { id: number; first: number; second: number; dropIn: number; whole: number; firstStart: Date };

async function sell(ticketId: number, status: PaymentStatus = 'paid', names: [string, string][] = [['Lea', 'Keller']], teamId = a.team.id) {
  const made = await makeOrder(db, teamId, {
    ticketId,
    paymentStatus: status,
    participants: names.map(([firstname, lastname]) => ({ firstname, lastname })),
  });
  // Bought an hour ago, so scans "a few seconds after the order" lie in the past (a scan is never dated in the future).
  await db
    .update(orders)
    .set({ createdAt: new Date(Date.now() - 3600_000) })
    .where(eq(orders.id, made.order.id));
  return { orderId: made.order.id, number: made.order.number, codes: made.participants.map((p) => p.ticketCode) };
}

const participant = async (code: string) => (await db.select().from(orderParticipants).where(eq(orderParticipants.ticketCode, code)))[0]!;
const checkinEvents = async (orderId: number) =>
  (await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).filter((e) => e.type === 'checked_in');
const sync = (client: TestClient, scans: unknown, headers?: Record<string, string>) => client.post('/api/checkin/sync', { scans }, headers);
/** The order's creation time: a scan is never dated before it. */
const orderCreated = async (orderId: number) => (await db.select().from(orders).where(eq(orders.id, orderId)))[0]!.createdAt.getTime();

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  db = app.deps.db;
  a = await owner(app);
  await db.update(teams).set({ timeZone: 'Europe/Zurich' }).where(eq(teams.id, a.team.id));
  const activity = await makeActivity(db, a.team.id);
  // 2030-03-04 09:30 and 2030-03-11 09:30 in Zurich (UTC+1).
  const firstStart = new Date('2030-03-04T08:30:00Z');
  const first = (await makeSession(db, a.team.id, activity.id, firstStart)).id;
  const second = (await makeSession(db, a.team.id, activity.id, new Date('2030-03-11T08:30:00Z'))).id;
  const dropIn = (await makeTicket(db, a.team.id, activity.id, { sessionId: first, stock: 1000, name: { de: 'Einzel', en: 'Drop-in' } }))
    .id;
  const whole = (await makeTicket(db, a.team.id, activity.id, { stock: 1000, name: { de: 'Kurs', en: 'Whole course' } })).id;
  yoga = { id: activity.id, first, second, dropIn, whole, firstStart };
});
afterAll(() => t.close());

describe('GET /api/checkin/sessions/:sessionId/tickets', () => {
  let world: { paid: string[]; course: string; unpaid: string; cancelled: string; other: string; sessionId: number; activityId: number };

  beforeAll(async () => {
    const activity = await makeActivity(db, a.team.id, { name: { de: 'Tanz', en: 'Dance' } });
    const sessionId = (await makeSession(db, a.team.id, activity.id, new Date('2030-05-01T17:00:00Z'))).id;
    const otherSession = (await makeSession(db, a.team.id, activity.id, new Date('2030-05-08T17:00:00Z'))).id;
    const dropIn = (await makeTicket(db, a.team.id, activity.id, { sessionId, stock: 1000 })).id;
    const otherDropIn = (await makeTicket(db, a.team.id, activity.id, { sessionId: otherSession, stock: 1000 })).id;
    const whole = (await makeTicket(db, a.team.id, activity.id, { stock: 1000 })).id;
    const paid = await sell(dropIn, 'paid', [
      ['Zoe', 'Aebi'],
      ['Adam', 'Zürcher'],
    ]);
    const course = await sell(whole, 'free', [['Cleo', 'Meier']]);
    const unpaid = await sell(dropIn, 'waiting', [['Ueli', 'Unbezahlt']]);
    const cancelled = await sell(dropIn, 'cancelled', [['Carla', 'Storno']]);
    const other = await sell(otherDropIn, 'paid', [['Otto', 'Anders']]);
    world = {
      paid: paid.codes,
      course: course.codes[0]!,
      unpaid: unpaid.codes[0]!,
      cancelled: cancelled.codes[0]!,
      other: other.codes[0]!,
      sessionId,
      activityId: activity.id,
    };
  });

  const list = (client: TestClient, sessionId: number, query = '') =>
    client.get(`/api/checkin/sessions/${sessionId}/tickets?sort[type]=asc${query}`, { 'accept-language': 'en' });

  it('lists the date’s participants (own and whole-activity tickets, every status) with hashed codes only', async () => {
    const res = await list(a.client, world.sessionId);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.meta).toMatchObject({ total: 5, current_page: 1, per_page: 100 });
    expect(body.data.map((r: { lastname: string }) => r.lastname)).toEqual(['Aebi', 'Zürcher', 'Meier', 'Unbezahlt', 'Storno']);
    const byName = new Map<string, Record<string, unknown>>(body.data.map((r: { lastname: string }) => [r.lastname, r]));
    expect(byName.get('Aebi')).toEqual({
      code_hash: sha256(world.paid[0]!),
      firstname: 'Zoe',
      lastname: 'Aebi',
      ticket_name: 'Admission',
      order_number: expect.any(Number),
      status: 'valid',
      checked_in_at: null,
    });
    expect(byName.get('Meier')).toMatchObject({ code_hash: sha256(world.course), status: 'valid' });
    expect(byName.get('Unbezahlt')).toMatchObject({ code_hash: sha256(world.unpaid), status: 'unpaid' });
    expect(byName.get('Storno')).toMatchObject({ code_hash: sha256(world.cancelled), status: 'cancelled' });
    // No usable code anywhere in the reply: a stolen device cache checks nobody in.
    for (const code of [...world.paid, world.course, world.unpaid, world.cancelled, world.other]) expect(res.body).not.toContain(code);
    expect(res.body).not.toContain('Anders');
  });

  it('shows check-ins, sorts by last name, pages, and finds one ticket by its hash', async () => {
    await a.client.post(`/api/tickets/${world.paid[1]}/checkin`);
    const sorted = await list(a.client, world.sessionId, '&sort[field]=lastname&perPage=2&page=2');
    expect(sorted.json().meta).toMatchObject({ total: 5, last_page: 3, per_page: 2 });
    expect(sorted.json().data.map((r: { lastname: string }) => r.lastname)).toEqual(['Storno', 'Unbezahlt']);

    const one = await list(a.client, world.sessionId, `&columnFilters[code_hash]=${sha256(world.paid[1]!)}`);
    expect(one.json().data).toHaveLength(1);
    expect(one.json().data[0]).toMatchObject({
      lastname: 'Zürcher',
      checked_in_at: (await participant(world.paid[1]!)).checkedInAt!.toISOString(),
    });
    // Another date's ticket or a malformed hash: nothing (never a 500).
    for (const hash of [sha256(world.other), 'zz', `${'0'.repeat(64)}'--`]) {
      const res = await list(a.client, world.sessionId, `&columnFilters[code_hash]=${encodeURIComponent(hash)}`);
      expect(res.statusCode, hash).toBe(200);
      expect(res.json().data, hash).toEqual([]);
    }
  });

  it('answers 404 for another team’s date and an unknown one, 401 without a session', async () => {
    const b = await owner(app);
    for (const res of [await list(b.client, world.sessionId), await list(a.client, 2_000_000_000)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not Found' });
    }
    expect((await list(new TestClient(app), world.sessionId)).statusCode).toBe(401);
    for (const bad of ['abc', '0', '-1', '99999999999']) {
      const res = await a.client.get(`/api/checkin/sessions/${bad}/tickets`);
      expect(res.statusCode, bad).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, bad).toBeLessThan(500);
    }
  });

  it('lets an instructor load the dates of their own activities only', async () => {
    const teacher = await staff(app, a.team, 'instructor');
    expect((await list(teacher.client, world.sessionId)).statusCode).toBe(404);
    await db.insert(activityInstructors).values({ teamId: a.team.id, activityId: world.activityId, userId: teacher.user.id });
    const res = await list(teacher.client, world.sessionId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta.total).toBe(5);
    // Still not Yoga's dates.
    expect((await list(teacher.client, yoga.first)).statusCode).toBe(404);
    const editor = await staff(app, a.team, 'editor');
    expect((await list(editor.client, yoga.first)).statusCode).toBe(200);
  });
});

describe('GET /api/checkin/sessions', () => {
  const sessions = (client: TestClient, query: string) =>
    client.get(`/api/checkin/sessions?sort[type]=asc&${query}`, { 'accept-language': 'de' });

  it('lists a day’s dates in the team’s zone with checked-in / expected counts', async () => {
    const paid = await sell(yoga.dropIn, 'paid', [
      ['Ana', 'Eins'],
      ['Ben', 'Zwei'],
    ]);
    const course = await sell(yoga.whole, 'paid', [['Cem', 'Drei']]);
    await sell(yoga.dropIn, 'waiting', [['Dan', 'Offen']]);
    await sell(yoga.dropIn, 'refunded', [['Eva', 'Zurück']]);
    await a.client.post(`/api/tickets/${paid.codes[0]}/checkin`);
    await a.client.post(`/api/tickets/${course.codes[0]}/checkin`);

    const res = await sessions(a.client, 'columnFilters[date]=2030-03-04');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      {
        id: yoga.first,
        activity: { id: yoga.id, name: 'Yoga am Morgen' },
        starts_at: yoga.firstStart.toISOString(),
        ends_at: new Date(yoga.firstStart.getTime() + 3600_000).toISOString(),
        expected_count: 3,
        checked_in_count: 2,
      },
    ]);
    // The second date: only the whole-course ticket (checked in once, per ticket).
    const second = (await sessions(a.client, 'columnFilters[date]=2030-03-11')).json().data;
    expect(second).toMatchObject([{ id: yoga.second, expected_count: 1, checked_in_count: 1 }]);
    // The day before (in Zurich) has nothing, even though 08:30 UTC is still "that day" in UTC-based reckoning.
    expect((await sessions(a.client, 'columnFilters[date]=2030-03-03')).json().data).toEqual([]);
  });

  it('filters by activity and name, falls back to "from today" for a malformed date, pages', async () => {
    const byActivity = await sessions(a.client, `columnFilters[activity_id]=${yoga.id}`);
    expect(byActivity.json().data.map((s: { id: number }) => s.id)).toEqual([yoga.first, yoga.second]);
    expect((await sessions(a.client, 'columnFilters[name]=morning')).json().data.map((s: { id: number }) => s.id)).toContain(yoga.first);
    expect((await sessions(a.client, 'columnFilters[name]=nothing-like-this')).json().data).toEqual([]);
    for (const bad of ['2030-02-30', 'yesterday', "2030-03-04'--"]) {
      const res = await sessions(a.client, `columnFilters[date]=${encodeURIComponent(bad)}&columnFilters[activity_id]=${yoga.id}`);
      expect(res.statusCode, bad).toBe(200);
      expect(res.json().data.map((s: { id: number }) => s.id)).toEqual([yoga.first, yoga.second]);
    }
    const paged = await sessions(a.client, `columnFilters[activity_id]=${yoga.id}&perPage=1&page=2`);
    expect(paged.json().meta).toMatchObject({ total: 2, last_page: 2 });
    expect(paged.json().data.map((s: { id: number }) => s.id)).toEqual([yoga.second]);
    const past = await makeSession(db, a.team.id, yoga.id, new Date(Date.now() - 3 * 86_400_000));
    expect((await sessions(a.client, `columnFilters[activity_id]=${yoga.id}`)).json().data.map((s: { id: number }) => s.id)).not.toContain(
      past.id,
    );
    const cancelled = await makeSession(db, a.team.id, yoga.id, new Date('2030-03-04T15:00:00Z'), { status: 'cancelled' });
    expect((await sessions(a.client, 'columnFilters[date]=2030-03-04')).json().data.map((s: { id: number }) => s.id)).not.toContain(
      cancelled.id,
    );
  });

  it('shows an instructor only their activities’ dates and another team nothing', async () => {
    const teacher = await staff(app, a.team, 'instructor');
    expect((await sessions(teacher.client, 'columnFilters[date]=2030-03-04')).json().data).toEqual([]);
    await db.insert(activityInstructors).values({ teamId: a.team.id, activityId: yoga.id, userId: teacher.user.id });
    expect((await sessions(teacher.client, 'columnFilters[date]=2030-03-04')).json().data.map((s: { id: number }) => s.id)).toEqual([
      yoga.first,
    ]);
    const b = await owner(app);
    const theirs = await sessions(b.client, 'columnFilters[date]=2030-03-04');
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data).toEqual([]);
    expect((await new TestClient(app).get('/api/checkin/sessions')).statusCode).toBe(401);
  });
});

describe('POST /api/checkin/sync', () => {
  it('checks queued scans in at their scan time, one result per scan in the order sent', async () => {
    const { orderId, codes } = await sell(yoga.dropIn, 'paid', [
      ['Ida', 'Früh'],
      ['Jan', 'Spät'],
    ]);
    const created = await orderCreated(orderId);
    const [early, late] = [iso(created + 1000), iso(created + 5000)];
    const res = await sync(a.client, [
      { code: codes[1], scanned_at: late },
      { code: codes[0], scanned_at: early },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject([
      { code: codes[1], scanned_at: late, result: 'checked_in', checked_in_at: late, ticket: { participant: { firstname: 'Jan' } } },
      { code: codes[0], scanned_at: early, result: 'checked_in', checked_in_at: early, ticket: { participant: { firstname: 'Ida' } } },
    ]);
    expect((await participant(codes[0]!)).checkedInAt?.toISOString()).toBe(early);
    expect((await participant(codes[0]!)).checkedInBy).toBe(a.user.id);
    const events = await checkinEvents(orderId);
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ actor: 'staff', userId: a.user.id, data: { offline: true } });
  });

  it('is idempotent: the same batch again gives the same results and no new events', async () => {
    const { orderId, codes } = await sell(yoga.dropIn);
    const scans = [{ code: codes[0], scanned_at: iso((await orderCreated(orderId)) + 2000) }];
    const first = await sync(a.client, scans);
    const again = await sync(a.client, scans);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.json().data[0]).toMatchObject({ result: 'checked_in', checked_in_at: scans[0]!.scanned_at });
    expect(await checkinEvents(orderId)).toHaveLength(1);
  });

  it('first scan wins: an earlier check-in stands (a conflict), an earlier offline scan replaces a later one', async () => {
    const { orderId, codes } = await sell(yoga.dropIn, 'paid', [
      ['Kai', 'Online'],
      ['Lia', 'Offline'],
    ]);
    const created = await orderCreated(orderId);
    // Kai: one device scanned him offline; a second device, later, is told he was already in.
    const first = iso(created + 1000);
    await sync(a.client, [{ code: codes[0], scanned_at: first }]);
    const later = iso(created + 2000);
    const conflict = await sync(a.client, [{ code: codes[0], scanned_at: later }]);
    expect(conflict.json().data[0]).toMatchObject({ result: 'already_checked_in', checked_in_at: first, scanned_at: later });
    expect((await participant(codes[0]!)).checkedInAt?.toISOString()).toBe(first);

    // Lia: checked in online now, but a device scanned her earlier while offline: that scan was first.
    const lateOnline = (await a.client.post(`/api/tickets/${codes[1]}/checkin`)).json().checked_in_at as string;
    const earlier = iso(created + 500);
    const replaced = await sync(a.client, [{ code: codes[1], scanned_at: earlier }]);
    expect(replaced.json().data[0]).toMatchObject({ result: 'checked_in', checked_in_at: earlier });
    expect((await participant(codes[1]!)).checkedInAt?.toISOString()).toBe(earlier);
    const events = await checkinEvents(orderId);
    expect(events.at(-1)!.data).toMatchObject({ offline: true, scanned_at: earlier, replaced_checked_in_at: lateOnline });
    // The online check-in now reports the first time.
    const after = await a.client.post(`/api/tickets/${codes[1]}/checkin`);
    expect(after.json()).toMatchObject({ already_checked_in: true, checked_in_at: earlier });
  });

  it('gives one time, the earliest, when two devices sync the same ticket at once', async () => {
    const editor = await staff(app, a.team, 'editor');
    for (let round = 0; round < 5; round++) {
      const { orderId, codes } = await sell(yoga.dropIn);
      const created = await orderCreated(orderId);
      const [first, second] = [iso(created + 1000 + round), iso(created + 3000 + round)];
      // Alternate which device holds the earlier scan, so neither request order is favoured.
      const [mine, theirs] = round % 2 ? [second, first] : [first, second];
      const [r1, r2] = await Promise.all([
        sync(a.client, [{ code: codes[0], scanned_at: mine }]),
        sync(editor.client, [{ code: codes[0], scanned_at: theirs }]),
      ]);
      expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
      const stored = await participant(codes[0]!);
      expect(stored.checkedInAt?.toISOString()).toBe(first);
      const earliest = (round % 2 ? r2 : r1).json().data[0];
      expect(earliest).toMatchObject({ result: 'checked_in', checked_in_at: first });
      const other = (round % 2 ? r1 : r2).json().data[0];
      // The later scan either met the earlier one (a conflict) or came first and was then replaced.
      if (other.result === 'already_checked_in') expect(other.checked_in_at).toBe(first);
      else expect(other).toMatchObject({ result: 'checked_in', checked_in_at: second });
      const events = await checkinEvents(orderId);
      expect(events.length).toBe(other.result === 'already_checked_in' ? 1 : 2);
      // Whatever the order, a repeat of both batches changes nothing.
      const repeat = await sync(a.client, [
        { code: codes[0], scanned_at: second },
        { code: codes[0], scanned_at: first },
      ]);
      expect(repeat.json().data.map((r: { result: string }) => r.result)).toEqual(['already_checked_in', 'checked_in']);
      expect(await checkinEvents(orderId)).toHaveLength(events.length);
    }
  });

  it('keeps the earliest of duplicate scans in one batch', async () => {
    const { orderId, codes } = await sell(yoga.dropIn);
    const created = await orderCreated(orderId);
    const [t1, t2] = [iso(created + 4000), iso(created + 2000)];
    const res = await sync(a.client, [
      { code: codes[0], scanned_at: t1 },
      { code: codes[0], scanned_at: t2 },
    ]);
    expect(res.json().data).toMatchObject([
      { result: 'already_checked_in', checked_in_at: t2 },
      { result: 'checked_in', checked_in_at: t2 },
    ]);
    expect(await checkinEvents(orderId)).toHaveLength(1);
  });

  it('keeps a device’s wrong clock within the order’s life and now', async () => {
    const { orderId, codes } = await sell(yoga.dropIn, 'paid', [
      ['Max', 'Zukunft'],
      ['Nia', 'Vergangen'],
    ]);
    const created = await orderCreated(orderId);
    const before = Date.now();
    const res = await sync(a.client, [
      { code: codes[0], scanned_at: '2099-01-01T00:00:00Z' },
      { code: codes[1], scanned_at: '2001-01-01T00:00:00+02:00' },
    ]);
    const [future, past] = res.json().data;
    expect(Date.parse(future.checked_in_at)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(future.checked_in_at)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(past.checked_in_at)).toBe(created);
    expect(past.scanned_at).toBe('2001-01-01T00:00:00+02:00');
  });

  it('does not check in unpaid, cancelled, unknown, another team’s or another instructor’s tickets', async () => {
    const unpaid = await sell(yoga.dropIn, 'waiting', [['Ola', 'Offen']]);
    const cancelled = await sell(yoga.dropIn, 'cancelled', [['Pia', 'Storno']]);
    const b = await owner(app);
    const bActivity = await makeActivity(db, b.team.id, { name: { de: 'Beta', en: 'Beta' } });
    const bTicket = await makeTicket(db, b.team.id, bActivity.id);
    const theirs = await sell(bTicket.id, 'paid', [['Quinn', 'Beta']], b.team.id);
    const now = new Date().toISOString();
    const res = await sync(
      a.client,
      [unpaid.codes[0], cancelled.codes[0], theirs.codes[0], 'x', 'A'.repeat(24), "'; DROP TABLE orders; --"].map((code) => ({
        code,
        scanned_at: now,
      })),
      { 'accept-language': 'en' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((r: { result: string }) => r.result)).toEqual([
      'unpaid',
      'cancelled',
      'not_found',
      'not_found',
      'not_found',
      'not_found',
    ]);
    expect(res.json().data[0]).toMatchObject({ checked_in_at: null, ticket: { participant: { firstname: 'Ola' } } });
    expect(res.body).not.toContain('Quinn');
    for (const code of [unpaid.codes[0]!, cancelled.codes[0]!, theirs.codes[0]!]) expect((await participant(code)).checkedInAt).toBeNull();

    const teacher = await staff(app, a.team, 'instructor');
    const paid = await sell(yoga.dropIn);
    const denied = await sync(teacher.client, [{ code: paid.codes[0], scanned_at: now }]);
    expect(denied.json().data[0]).toMatchObject({ result: 'not_found', ticket: null });
    expect((await participant(paid.codes[0]!)).checkedInAt).toBeNull();
    await db.insert(activityInstructors).values({ teamId: a.team.id, activityId: yoga.id, userId: teacher.user.id }).onConflictDoNothing();
    const allowed = await sync(teacher.client, [{ code: paid.codes[0], scanned_at: now }]);
    expect(allowed.json().data[0].result).toBe('checked_in');
    expect((await participant(paid.codes[0]!)).checkedInBy).toBe(teacher.user.id);
  });

  it('answers bad input with 422 in the request’s language, and nothing changes', async () => {
    const { codes } = await sell(yoga.dropIn);
    const ok = { code: codes[0], scanned_at: new Date().toISOString() };
    const cases: [unknown, string][] = [
      [{}, 'scans'],
      [{ scans: [] }, 'scans'],
      [{ scans: 'x' }, 'scans'],
      [{ scans: [{ code: codes[0] }] }, 'scans.0.scanned_at'],
      [{ scans: [ok, { code: codes[0], scanned_at: 'yesterday' }] }, 'scans.1.scanned_at'],
      [{ scans: [{ code: codes[0], scanned_at: '2030-03-04T10:00:00' }] }, 'scans.0.scanned_at'],
      [{ scans: [{ ...ok, code: '' }] }, 'scans.0.code'],
      [{ scans: [{ ...ok, code: 5 }] }, 'scans.0.code'],
      [{ scans: [{ ...ok, extra: 1 }] }, 'scans.0'],
      [{ scans: Array.from({ length: 501 }, () => ok) }, 'scans'],
    ];
    for (const [body, field] of cases) {
      const res = await a.client.post('/api/checkin/sync', body, { 'accept-language': 'de' });
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(body).slice(0, 80)).toContain(field);
      expect(res.json().message).toMatch(/[äöüÄÖÜ]|Bitte|ungültig|Feld/);
    }
    for (const raw of ['not json', '[1,2]', 'null', `{"scans":[${JSON.stringify(ok)}],"__proto__":{"polluted":true}}`]) {
      const res = await a.client.request('POST', '/api/checkin/sync', raw, { 'content-type': 'application/json' });
      expect(res.statusCode, raw).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, raw).toBeLessThan(500);
    }
    expect((await participant(codes[0]!)).checkedInAt).toBeNull();
    expect((await sync(new TestClient(app), [ok])).statusCode).toBe(401);
    expect((await sync(a.client, [ok], { 'x-xsrf-token': 'wrong' })).statusCode).toBe(419);
    expect((await participant(codes[0]!)).checkedInAt).toBeNull();
  });
});

describe('OpenAPI', () => {
  it('documents the scanner’s calls', async () => {
    const res = await app.inject('/api/docs');
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining(['/api/checkin/sessions', '/api/checkin/sessions/{sessionId}/tickets', '/api/checkin/sync']),
    );
    expect(JSON.stringify(paths['/api/checkin/sync'].post)).toContain('scanned_at');
  });
});
