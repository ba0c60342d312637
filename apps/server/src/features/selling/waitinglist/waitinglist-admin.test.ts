import type { WaitingListEntry } from '@bookla/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, emails, ticketReservations, tickets, waitingListEntries } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { inDays, makeActivity, makeSession, makeTicket, owner, staff, type Staff } from '../../../test/factories.ts';
import { makeOrder } from '../../../test/selling-factories.ts';
import { endUnpaidOrder } from '../orders/index.ts';
import { joinWaitingList } from './waitinglist.service.ts';

/**
 * The back office's waiting list: list with place in line and filters, an entry's history, manual
 * offer (409 with the reason when it cannot be), removal, export; permissions; another company's
 * entry answers 404 everywhere. And the activity settings the waiting list and the customers'
 * self-service cancellation read.
 */

let t: TestApp;
let app: FastifyInstance;
let a: Staff;
let b: Staff;
let yoga: { id: number; ticketId: number; orders: number[] };
let dateLine: { id: number; sessionId: number };
const db = () => app.deps.db;
const deps = () => ({ db: db(), config: app.deps.config });

async function join(teamId: number, activityId: number, name: string, extra: { quantity?: number; sessionId?: number } = {}) {
  return joinWaitingList(deps(), teamId, {
    activity_id: activityId,
    session_id: extra.sessionId ?? null,
    firstname: name,
    lastname: 'Muster',
    email: `${name.toLowerCase()}-${teamId}@example.com`,
    quantity: extra.quantity ?? 1,
    language: 'de',
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  a = await owner(app, { teamName: 'Wartehalle AG' });
  b = await owner(app, { teamName: 'Andere GmbH' });
  const course = await makeActivity(db(), a.team.id, { name: { de: 'Yoga am Abend', en: 'Evening yoga' } });
  await db().update(activities).set({ waitingList: true }).where(eq(activities.id, course.id));
  const ticket = await makeTicket(db(), a.team.id, course.id, { stock: 2 });
  const held = [];
  for (let i = 0; i < 2; i++) held.push((await makeOrder(db(), a.team.id, { ticketId: ticket.id, paymentStatus: 'waiting' })).order.id);
  yoga = { id: course.id, ticketId: ticket.id, orders: held };
  for (const [name, quantity] of [
    ['Anna', 2],
    ['Beat', 1],
    ['Chris', 1],
  ] as const)
    await join(a.team.id, course.id, name, { quantity });

  const event = await makeActivity(db(), a.team.id, { kind: 'event', name: { de: 'Konzert', en: 'Concert' } });
  await db().update(activities).set({ waitingList: true }).where(eq(activities.id, event.id));
  const session = await makeSession(db(), a.team.id, event.id, inDays(20));
  const dropIn = await makeTicket(db(), a.team.id, event.id, { sessionId: session.id, stock: 1 });
  await makeOrder(db(), a.team.id, { ticketId: dropIn.id });
  await join(a.team.id, event.id, 'Dora', { sessionId: session.id });
  dateLine = { id: event.id, sessionId: session.id };
});
afterAll(() => t.close());

const list = async (client: Staff['client'], query = '') => {
  const res = await client.get(`/api/waitinglist${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: WaitingListEntry[]; meta: { total: number } };
};
const idOf = async (firstname: string) =>
  (await db().select().from(waitingListEntries).where(eq(waitingListEntries.firstname, firstname)))[0]!.id;

describe('back office list', () => {
  it('lists the lines with place, status and filters (activity, date, status, search); line order by default', async () => {
    const all = await list(a.client, '?sort[field]=id&sort[type]=asc');
    expect(all.meta.total).toBe(4);
    expect(all.data.map((e) => [e.firstname, e.activity_name, e.status, e.position, e.quantity])).toEqual([
      ['Anna', 'Yoga am Abend', 'waiting', 1, 2],
      ['Beat', 'Yoga am Abend', 'waiting', 2, 1],
      ['Chris', 'Yoga am Abend', 'waiting', 3, 1],
      ['Dora', 'Konzert', 'waiting', 1, 1],
    ]);
    expect(all.data[3]!.session_starts_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    const byActivity = await list(a.client, `?columnFilters[activity_id]=${dateLine.id}&columnFilters[session_id]=${dateLine.sessionId}`);
    expect(byActivity.data.map((e) => e.firstname)).toEqual(['Dora']);
    expect((await list(a.client, '?columnFilters[session_id]=none')).meta.total).toBe(3);
    expect((await list(a.client, '?columnFilters[search]=beat')).data.map((e) => e.firstname)).toEqual(['Beat']);
    expect((await list(a.client, '?columnFilters[status]=offered,booked')).meta.total).toBe(0);
    const english = await list(a.client, '?language=en&columnFilters[activity_id]=' + yoga.id);
    expect(english.data[0]!.activity_name).toBe('Evening yoga');
    // Malformed filters: 422 on the filter, never a 500.
    const bad = await a.client.get('/api/waitinglist?columnFilters[activity_id]=abc&columnFilters[status]=nope');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['columnFilters.activity_id', 'columnFilters.status']);
    // The filters' options.
    const options = (await a.client.get(`/api/waitinglist/filters?activity_id=${dateLine.id}`)).json().data;
    expect(options.activities.map((x: { name: string }) => x.name).sort()).toEqual(['Konzert', 'Yoga am Abend']);
    expect(options.sessions).toHaveLength(1);
  });

  it('offers by hand (409 with the reason while no seats are free), shows the history, removes (seats to the next)', async () => {
    const chris = await idOf('Chris');
    const refused = await a.client.post(`/api/waitinglist/${chris}/offer`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ reason: 'no_seats', available: 0, wanted: 1 });
    // A seat back, but the job has not run yet: staff offer it to Chris, out of line order.
    await endUnpaidOrder(app.deps, { teamId: a.team.id, orderId: yoga.orders[0]!, status: 'cancelled', who: { actor: 'staff' } });
    const offered = await a.client.post(`/api/waitinglist/${chris}/offer`);
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json().data).toMatchObject({ status: 'offered', position: null });
    expect(offered.json().data.offer_expires_at).not.toBeNull();
    const history = offered
      .json()
      .data.events.map((e: { type: string; actor: string; user_name: string | null }) => [e.type, e.actor, e.user_name]);
    expect(history).toEqual([
      ['joined', 'customer', null],
      ['offered', 'staff', `${a.user.firstname} ${a.user.lastname}`],
    ]);
    const [mail] = await db()
      .select()
      .from(emails)
      .where(and(eq(emails.toAddress, `chris-${a.team.id}@example.com`), eq(emails.kind, 'waitinglist_offer')))
      .orderBy(desc(emails.id));
    expect(mail!.textBody).toContain('/waitinglist/');
    // The job finds nothing more to offer: the seat is Chris's.
    await app.deps.jobs.runDue();
    expect((await list(a.client, `?columnFilters[activity_id]=${yoga.id}&sort[type]=asc`)).data.map((e) => e.status)).toEqual([
      'waiting',
      'waiting',
      'offered',
    ]);
    expect((await a.client.post(`/api/waitinglist/${chris}/offer`)).json()).toMatchObject({ reason: 'not_waiting' });

    // Chris is removed by staff: the held seat goes to Beat (Anna wants two).
    const removed = await a.client.post(`/api/waitinglist/${chris}/remove`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.status).toBe('removed');
    expect(removed.json().data.events.at(-1)).toMatchObject({
      type: 'removed',
      actor: 'staff',
      data: { reason: 'staff', from: 'offered' },
    });
    expect(
      (await list(a.client, `?columnFilters[activity_id]=${yoga.id}&sort[type]=asc`)).data.map((e) => [e.firstname, e.status]),
    ).toEqual([
      ['Anna', 'waiting'],
      ['Beat', 'offered'],
      ['Chris', 'removed'],
    ]);
    expect((await a.client.post(`/api/waitinglist/${chris}/remove`)).statusCode).toBe(409);
    const detail = (await a.client.get(`/api/waitinglist/${await idOf('Anna')}`)).json().data;
    expect(detail).toMatchObject({ firstname: 'Anna', position: 1, events: [{ type: 'joined', actor: 'customer' }] });
    const [seats] = await db()
      .select({ n: sql<number>`coalesce(sum(${ticketReservations.quantity}), 0)::int` })
      .from(ticketReservations)
      .where(and(eq(ticketReservations.ticketId, yoga.ticketId), sql`${ticketReservations.expiresAt} > now()`));
    expect(Number(seats!.n)).toBe(1);
  });

  it('exports the filtered list as CSV in line order', async () => {
    const res = await a.client.post('/api/exports', {
      type: 'waiting_list',
      format: 'csv',
      columnFilters: { activity_id: String(yoga.id) },
      language: 'en',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="waiting-list-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Activity,Date,Place in line,Status,Last name,First name,E-mail,Language,Seats,Signed up,Offered on,Offer ends,Order no.',
    );
    expect(lines.slice(1).map((l) => l.split(',').slice(2, 6))).toEqual([
      ['1', 'Waiting', 'Muster', 'Anna'],
      ['', 'Offered', 'Muster', 'Beat'],
      ['', 'Removed', 'Muster', 'Chris'],
    ]);
    const xlsx = await a.client.post('/api/exports', { type: 'waiting_list', format: 'xlsx' });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });

  it('needs nav.customers.waitinglist (instructors have it not), and never shows another company’s entry', async () => {
    const teacher = await staff(app, a.team, 'instructor');
    expect((await teacher.client.get('/api/waitinglist')).statusCode).toBe(403);
    expect((await teacher.client.post('/api/exports', { type: 'waiting_list', format: 'csv' })).statusCode).toBe(403);
    const editor = await staff(app, a.team, 'editor');
    expect((await editor.client.get('/api/waitinglist')).statusCode).toBe(200);

    const anna = await idOf('Anna');
    for (const [method, url] of [
      ['GET', `/api/waitinglist/${anna}`],
      ['POST', `/api/waitinglist/${anna}/offer`],
      ['POST', `/api/waitinglist/${anna}/remove`],
    ] as const) {
      const res = await b.client.request(method, url, method === 'POST' ? {} : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain('Anna');
    }
    expect((await list(b.client)).data).toEqual([]);
    expect((await list(b.client, `?columnFilters[activity_id]=${yoga.id}`)).data).toEqual([]);
    expect((await b.client.get(`/api/waitinglist/filters?activity_id=${dateLine.id}`)).json().data).toEqual({
      activities: [],
      sessions: [],
    });
    const exported = await b.client.post('/api/exports', {
      type: 'waiting_list',
      format: 'csv',
      columnFilters: { activity_id: String(yoga.id) },
    });
    expect(exported.body).not.toContain('Anna');
    expect((await db().select().from(waitingListEntries).where(eq(waitingListEntries.id, anna)))[0]!.status).toBe('waiting');
    expect((await a.client.get('/api/waitinglist/2000000000')).statusCode).toBe(404);
    expect((await a.client.get('/api/waitinglist/abc')).statusCode).toBe(422);
  });
});

describe('activity settings', () => {
  it('saves and reads the offer hours and the self-service cancellation policy; refuses values out of range', async () => {
    const id = yoga.id;
    const saved = await a.client.request('PUT', `/api/courses/${id}`, {
      waiting_list: true,
      waiting_list_offer_hours: 48,
      cancel_free_hours: 72,
      cancel_late_allowed: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = (await a.client.get(`/api/courses/${id}`)).json().data;
    expect(read).toMatchObject({ waiting_list: true, waiting_list_offer_hours: 48, cancel_free_hours: 72, cancel_late_allowed: true });
    expect((await a.client.request('PUT', `/api/courses/${id}`, { cancel_free_hours: null })).statusCode).toBe(200);
    expect((await a.client.get(`/api/courses/${id}`)).json().data.cancel_free_hours).toBeNull();
    for (const body of [
      { waiting_list_offer_hours: 0 },
      { waiting_list_offer_hours: 337 },
      { waiting_list_offer_hours: 1.5 },
      { cancel_free_hours: -1 },
      { cancel_free_hours: 8761 },
      { cancel_late_allowed: 'yes' },
    ]) {
      const res = await a.client.request('PUT', `/api/courses/${id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(Object.keys(body));
    }
    const [row] = await db().select().from(activities).where(eq(activities.id, id));
    expect(row).toMatchObject({ waitingListOfferHours: 48, cancelFreeHours: null, cancelLateAllowed: true });
    // A new offer holds its seats for the new time.
    await endUnpaidOrder(app.deps, { teamId: a.team.id, orderId: yoga.orders[1]!, status: 'cancelled', who: { actor: 'staff' } });
    await db().update(tickets).set({ stock: 4 }).where(eq(tickets.id, yoga.ticketId));
    await app.deps.jobs.runDue();
    const [anna] = await db().select().from(waitingListEntries).where(eq(waitingListEntries.firstname, 'Anna'));
    expect(anna!.status).toBe('offered');
    expect(anna!.offerExpiresAt!.getTime() - anna!.offeredAt!.getTime()).toBe(48 * 3600_000);
  });
});
