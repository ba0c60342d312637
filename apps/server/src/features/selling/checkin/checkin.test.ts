import { randomBytes } from 'node:crypto';
import type { PaymentStatus } from '@bookla/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client.ts';
import { redactUrl } from '../../../lib/log-redaction.ts';
import { activityInstructors, orderEvents, orderParticipants, orders } from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { inDays, makeActivity, makeSession, makeTicket, owner, staff, type Staff } from '../../../test/factories.ts';
import { makeOrder } from '../../../test/selling-factories.ts';

/** A sold ticket per name (the lead's order factory); returns the codes in the order of the names. */
async function soldTickets(
  db: Db,
  teamId: number,
  ticketId: number,
  paymentStatus: PaymentStatus,
  names: [string, string][] = [['Lea', 'Keller']],
): Promise<{ orderId: number; number: number; codes: string[] }> {
  const participants = names.map(([firstname, lastname]) => ({ firstname, lastname }));
  const made = await makeOrder(db, teamId, { ticketId, participants, paymentStatus });
  return { orderId: made.order.id, number: made.order.number, codes: made.participants.map((p) => p.ticketCode) };
}

let t: TestApp;
let app: FastifyInstance;
let db: Db;
let a: Staff;
let activityId: number;
/** A ticket for one date, and one for the whole activity. */
let ticketId: number;
let wholeTicketId: number;
let sessionId: number;
let sessionStart: Date;

const checkin = (client: TestClient, code: string, headers?: Record<string, string>) =>
  client.post(`/api/tickets/${encodeURIComponent(code)}/checkin`, undefined, headers);
const participant = async (code: string) => (await db.select().from(orderParticipants).where(eq(orderParticipants.ticketCode, code)))[0]!;
const events = (orderId: number) => db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id);
const paid = (status: PaymentStatus = 'paid', names?: [string, string][]) => soldTickets(db, a.team.id, ticketId, status, names);

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  db = app.deps.db;
  a = await owner(app);
  const activity = await makeActivity(db, a.team.id);
  activityId = activity.id;
  sessionStart = inDays(3);
  sessionId = (await makeSession(db, a.team.id, activityId, sessionStart)).id;
  ticketId = (await makeTicket(db, a.team.id, activityId, { sessionId, stock: 1000 })).id;
  wholeTicketId = (await makeTicket(db, a.team.id, activityId, { stock: 1000 })).id;
});
afterAll(() => t.close());

describe('POST /api/tickets/:code/checkin', () => {
  it('checks a paid ticket in and records who did it', async () => {
    const { orderId, number, codes } = await paid('paid', [['Lea', 'Keller']]);
    const res = await checkin(a.client, codes[0]!, { 'accept-language': 'en' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      already_checked_in: false,
      ticket: {
        code: codes[0],
        participant: { firstname: 'Lea', lastname: 'Keller' },
        activity: { id: activityId, name: 'Morning yoga' },
        ticket_name: 'Admission',
        session_starts_at: sessionStart.toISOString(),
        order: { id: orderId, number, payment_status: 'paid' },
      },
    });
    expect(body.ticket.checked_in_at).toBe(body.checked_in_at);
    const row = await participant(codes[0]!);
    expect(row.checkedInAt?.toISOString()).toBe(body.checked_in_at);
    expect(row.checkedInBy).toBe(a.user.id);
    const log = await events(orderId);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ type: 'checked_in', actor: 'staff', userId: a.user.id, teamId: a.team.id });
  });

  it('refuses a test-mode order (422, translated), leaves it off the offline list and out of the counts, and sync does not check it in', async () => {
    const { orderId, codes } = await paid('paid', [['Tess', 'Test']]);
    const listed = async () =>
      ((await a.client.get(`/api/checkin/sessions/${sessionId}/tickets?perPage=100`)).json().data as { lastname: string }[]).some(
        (r) => r.lastname === 'Test',
      );
    expect(await listed()).toBe(true);
    await db.update(orders).set({ isTest: true }).where(eq(orders.id, orderId));
    for (const [lang, text] of [
      ['en', 'test order'],
      ['de', 'Testbestellung'],
      ['fr', 'commande test'],
    ] as const) {
      const res = await checkin(a.client, codes[0]!, { 'accept-language': lang });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ success: false, message: expect.stringContaining(text), ticket: { code: codes[0] } });
    }
    const sync = await a.client.post('/api/checkin/sync', { scans: [{ code: codes[0], scanned_at: new Date().toISOString() }] });
    expect(sync.statusCode, sync.body).toBe(200);
    expect(sync.json().data[0]).toMatchObject({ result: 'unpaid', checked_in_at: null });
    expect((await participant(codes[0]!)).checkedInAt).toBeNull();
    expect(await events(orderId)).toHaveLength(0);
    expect(await listed()).toBe(false);
  });

  it('answers a second check-in with already_checked_in and the first time, without a new event', async () => {
    const { orderId, codes } = await paid();
    const first = await checkin(a.client, codes[0]!);
    expect(first.json().already_checked_in).toBe(false);
    const second = await checkin(a.client, codes[0]!);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ success: true, already_checked_in: true, checked_in_at: first.json().checked_in_at });
    expect(second.json().ticket.checked_in_at).toBe(first.json().checked_in_at);
    expect((await events(orderId)).map((e) => e.type)).toEqual(['checked_in']);
  });

  it.each(['free', 'partially-refunded'] as const)('accepts a %s order', async (status) => {
    const { codes } = await paid(status);
    const res = await checkin(a.client, codes[0]!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().ticket.order.payment_status).toBe(status);
  });

  it.each(['waiting', 'declined'] as const)('refuses a %s order: 422 TICKET_UNPAID with the ticket', async (status) => {
    const { orderId, codes } = await paid(status, [['Max', 'Muster']]);
    const res = await checkin(a.client, codes[0]!, { 'accept-language': 'de' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: 'Dieses Ticket ist nicht bezahlt.',
      code: 'TICKET_UNPAID',
      success: false,
      ticket: {
        code: codes[0],
        participant: { firstname: 'Max', lastname: 'Muster' },
        checked_in_at: null,
        order: { payment_status: status },
      },
    });
    expect((await participant(codes[0]!)).checkedInAt).toBeNull();
    expect(await events(orderId)).toEqual([]);
  });

  it.each(['cancelled', 'refunded', 'expired'] as const)('refuses a %s order: 422 TICKET_CANCELLED', async (status) => {
    const { codes } = await paid(status);
    const res = await checkin(a.client, codes[0]!, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: 'This ticket has been cancelled.', code: 'TICKET_CANCELLED', ticket: { code: codes[0] } });
    expect((await participant(codes[0]!)).checkedInAt).toBeNull();
  });

  it('does not find another team’s ticket, an unknown code or a malformed one', async () => {
    const { codes } = await paid();
    const b = await owner(app);
    for (const res of [
      await checkin(b.client, codes[0]!),
      await b.client.get(`/api/tickets/${codes[0]}`),
      await b.client.request('DELETE', `/api/tickets/${codes[0]}/checkin`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not Found' });
    }
    expect((await participant(codes[0]!)).checkedInAt).toBeNull();
    expect((await checkin(a.client, randomBytes(16).toString('base64url'))).statusCode).toBe(404);
    // A prefix of a real code is not a match: lookups are exact.
    expect((await checkin(a.client, codes[0]!.slice(0, 20))).statusCode).toBe(404);
    for (const bad of ['x', "'; DROP TABLE orders; --", '%00', 'a'.repeat(400), `${codes[0]}%`]) {
      expect((await checkin(a.client, bad)).statusCode, bad).toBe(404);
    }
  });

  it('lets an instructor check in tickets of their own activities only', async () => {
    const teacher = await staff(app, a.team, 'instructor');
    const mine = await paid();
    const other = await makeActivity(db, a.team.id, { name: { de: 'Malen', en: 'Painting' } });
    const otherTicket = await makeTicket(db, a.team.id, other.id);
    const theirs = await soldTickets(db, a.team.id, otherTicket.id, 'paid');
    await db.insert(activityInstructors).values({ teamId: a.team.id, activityId, userId: teacher.user.id });

    const ok = await checkin(teacher.client, mine.codes[0]!);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await participant(mine.codes[0]!)).checkedInBy).toBe(teacher.user.id);
    expect((await teacher.client.get(`/api/tickets/${mine.codes[0]}`)).statusCode).toBe(200);

    expect((await checkin(teacher.client, theirs.codes[0]!)).statusCode).toBe(404);
    expect((await teacher.client.get(`/api/tickets/${theirs.codes[0]}`)).statusCode).toBe(404);
    expect((await teacher.client.request('DELETE', `/api/tickets/${theirs.codes[0]}/checkin`)).statusCode).toBe(404);
    expect((await participant(theirs.codes[0]!)).checkedInAt).toBeNull();
  });

  it('lets an editor check in', async () => {
    const editor = await staff(app, a.team, 'editor');
    const { codes } = await paid();
    const res = await checkin(editor.client, codes[0]!);
    expect(res.statusCode, res.body).toBe(200);
    expect((await participant(codes[0]!)).checkedInBy).toBe(editor.user.id);
  });

  it('needs a session and the CSRF token', async () => {
    const { codes } = await paid();
    const anon = new TestClient(app);
    expect((await checkin(anon, codes[0]!)).statusCode).toBe(401);
    expect((await anon.get(`/api/tickets/${codes[0]}`)).statusCode).toBe(401);
    const forged = await checkin(a.client, codes[0]!, { 'x-xsrf-token': 'wrong' });
    expect(forged.statusCode).toBe(419);
    const none = await checkin(a.client, codes[0]!, { 'x-xsrf-token': '' });
    expect(none.statusCode).toBe(419);
    const undo = await a.client.request('DELETE', `/api/tickets/${codes[0]}/checkin`, undefined, { 'x-xsrf-token': 'wrong' });
    expect(undo.statusCode).toBe(419);
    expect((await participant(codes[0]!)).checkedInAt).toBeNull();
  });

  it('gives one first check-in when scanners check the same ticket in at once', async () => {
    const { orderId, codes } = await paid();
    const clients = [a.client, (await staff(app, a.team, 'editor')).client, (await staff(app, a.team, 'admin')).client];
    const replies = await Promise.all([...clients, ...clients].map((c) => checkin(c, codes[0]!)));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const firsts = replies.filter((r) => r.json().already_checked_in === false);
    expect(firsts).toHaveLength(1);
    const time = firsts[0]!.json().checked_in_at;
    for (const r of replies) expect(r.json().checked_in_at).toBe(time);
    expect((await events(orderId)).filter((e) => e.type === 'checked_in')).toHaveLength(1);
  });

  it('checks in each participant of an order on their own', async () => {
    const { codes } = await paid('paid', [
      ['Lea', 'Keller'],
      ['Tim', 'Keller'],
    ]);
    expect((await checkin(a.client, codes[0]!)).json().ticket.participant.firstname).toBe('Lea');
    expect((await participant(codes[1]!)).checkedInAt).toBeNull();
    const tim = await checkin(a.client, codes[1]!);
    expect(tim.json()).toMatchObject({ already_checked_in: false, ticket: { participant: { firstname: 'Tim' } } });
  });

  it('shows the activity’s first date for a ticket of the whole activity', async () => {
    const { codes } = await soldTickets(db, a.team.id, wholeTicketId, 'paid');
    const later = await makeSession(db, a.team.id, activityId, inDays(10));
    expect(later.startsAt.getTime()).toBeGreaterThan(sessionStart.getTime());
    const res = await checkin(a.client, codes[0]!);
    expect(res.json().ticket.session_starts_at).toBe(sessionStart.toISOString());
  });
});

describe('GET /api/tickets/:code', () => {
  it('shows the ticket without checking it in', async () => {
    const { codes } = await paid('waiting');
    const res = await a.client.get(`/api/tickets/${codes[0]}`, { 'accept-language': 'de' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      code: codes[0],
      activity: { name: 'Yoga am Morgen' },
      ticket_name: 'Eintritt',
      checked_in_at: null,
    });
    expect(res.json().data.order.payment_status).toBe('waiting');
    expect((await participant(codes[0]!)).checkedInAt).toBeNull();
  });
});

describe('DELETE /api/tickets/:code/checkin', () => {
  it('undoes a check-in and records it; the next check-in is a first one again', async () => {
    const { orderId, codes } = await paid();
    const first = await checkin(a.client, codes[0]!);
    const undo = await a.client.request('DELETE', `/api/tickets/${codes[0]}/checkin`, undefined, { 'accept-language': 'en' });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json()).toMatchObject({
      success: true,
      message: 'The check-in has been undone.',
      data: { code: codes[0], checked_in_at: null },
    });
    const row = await participant(codes[0]!);
    expect(row.checkedInAt).toBeNull();
    expect(row.checkedInBy).toBeNull();
    const log = await events(orderId);
    expect(log.map((e) => e.type)).toEqual(['checked_in', 'updated']);
    expect(log[1]).toMatchObject({
      actor: 'staff',
      userId: a.user.id,
      data: { undo_checkin: true, checked_in_at: first.json().checked_in_at },
    });

    // Nothing to undo: no change, no event.
    expect((await a.client.request('DELETE', `/api/tickets/${codes[0]}/checkin`)).statusCode).toBe(200);
    expect(await events(orderId)).toHaveLength(2);

    const again = await checkin(a.client, codes[0]!);
    expect(again.json().already_checked_in).toBe(false);
    expect((await events(orderId)).map((e) => e.type)).toEqual(['checked_in', 'updated', 'checked_in']);
    const [stored] = await db
      .select()
      .from(orderParticipants)
      .where(and(eq(orderParticipants.teamId, a.team.id), eq(orderParticipants.ticketCode, codes[0]!)));
    expect(stored!.checkedInAt).not.toBeNull();
  });
});

describe('logs', () => {
  it('mask ticket codes in check-in URLs, also codes without a digit', () => {
    const code = 'abcdefghijklmnopqrstuvwxYZ_-';
    for (const url of [`/api/tickets/${code}`, `/api/tickets/${code}/checkin`, `/ticket/${code}/checkin`, `/ticket/${code}/checkin?x=1`]) {
      expect(redactUrl(url), url).not.toContain(code);
    }
    expect(redactUrl('/api/courses/12/tickets/34')).toBe('/api/courses/12/tickets/34');
  });
});
