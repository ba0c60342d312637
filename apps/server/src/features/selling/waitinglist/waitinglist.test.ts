import { Writable } from 'node:stream';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activities,
  emails,
  orders,
  teams,
  ticketReservations,
  tickets,
  waitingListEntries,
  waitingListEvents,
} from '../../../db/schema/index.ts';
import { redactUrl } from '../../../lib/log-redaction.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { inDays, makeSession, makeTicket } from '../../../test/factories.ts';
import { makeOrder } from '../../../test/selling-factories.ts';
import { endUnpaidOrder } from '../orders/index.ts';
import { sweepWaitingLists } from './offer-engine.ts';
import { makeShop, orderBody, soldOutShop } from './waitinglist-fixtures.ts';

/**
 * The waiting list end to end on the embedded database: the public sign-up (validation, sold-out
 * rule, rate limit, mail with the removal link, removal), the order of offers, expiry, released
 * seats, claiming an offer into an order, and that no link's token reaches the log.
 */

let t: TestApp;
const logLines: string[] = [];
const db = () => t.app.deps.db;
const deps = () => ({ db: db(), config: t.app.deps.config });
let ip = 0;
/** A fresh client address per call group: the sign-up limit is 30 per hour per IP. */
const nextIp = () => `10.77.${Math.floor(++ip / 250)}.${ip % 250}`;

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  t = await buildTestApp({ logStream, config: { logLevel: 'info' } });
});
afterAll(() => t.close());

/** A published course with the waiting list on, `stock` seats all taken by unpaid invoice orders (one seat each). */
const soldOut = (stock = 2, offerHours = 24) => soldOutShop(db(), stock, offerHours);

const signUp = (teamId: number, body: Record<string, unknown>, remoteAddress = nextIp(), headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/public/teams/${teamId}/waitinglist`, payload: body, remoteAddress, headers });

let person = 0;
const joinBody = (activityId: number, extra: Record<string, unknown> = {}) => ({
  activity_id: activityId,
  firstname: 'Wanda',
  lastname: `Warten${++person}`,
  email: `wait-${person}-${Date.now()}@example.com`,
  quantity: 1,
  language: 'de',
  ...extra,
});

async function entriesOf(activityId: number) {
  return db().select().from(waitingListEntries).where(eq(waitingListEntries.activityId, activityId)).orderBy(asc(waitingListEntries.id));
}

async function eventsOf(entryId: number) {
  const rows = await db().select().from(waitingListEvents).where(eq(waitingListEvents.entryId, entryId)).orderBy(asc(waitingListEvents.id));
  return rows.map((e) => [e.type, e.actor, (e.data as { reason?: string }).reason ?? null]);
}

async function lastMail(to: string, kind: string) {
  const [row] = await db()
    .select()
    .from(emails)
    .where(and(eq(emails.toAddress, to), eq(emails.kind, kind)))
    .orderBy(desc(emails.id))
    .limit(1);
  return row;
}

/** Seats free on the ticket now: stock − sold − live reservations. */
async function freeSeats(ticketId: number): Promise<number> {
  const [row] = await db()
    .execute(
      sql`SELECT stock - sold - coalesce((SELECT sum(quantity) FROM ticket_reservations r
    WHERE r.ticket_id = t.id AND r.expires_at > now()), 0) AS free FROM tickets t WHERE id = ${ticketId}`,
    )
    .then((r) => (r as unknown as { rows: { free: number }[] }).rows);
  return Number(row!.free);
}

/** Ends one of the unpaid orders: its seat goes back and the waiting-list job is queued; then the jobs run. */
async function freeOne(teamId: number, orderId: number) {
  const r = await endUnpaidOrder(t.app.deps, { teamId, orderId, status: 'cancelled', who: { actor: 'staff' } });
  expect(r.changed).toBe(true);
  await t.app.deps.jobs.runDue();
}

const linkOf = (text: string, re: RegExp) => {
  const m = re.exec(text);
  if (!m) throw new Error(`no link ${re} in ${text}`);
  return m;
};
/** The confirmation page of the removal link: [url, lang, team, entry id, token]. */
const removalLink = (text: string) =>
  linkOf(text, /http:\/\/localhost:3000\/(de|en|fr)\/shop\/(\d+)\/waitinglist\/(\d+)\/remove\?token=([A-Za-z0-9_-]+)/);
const offerLink = (text: string) =>
  linkOf(text, /http:\/\/localhost:3000\/(de|en|fr)\/shop\/(\d+)\/waitinglist\/(\d+)\?token=([A-Za-z0-9_-]+)/);

describe('sign-up', () => {
  it('refuses hostile and invalid bodies with 4xx JSON and stores nothing', async () => {
    const w = await soldOut();
    const ok = joinBody(w.activity.id);
    const cases: [string, unknown][] = [
      ['null', null],
      ['array', [ok]],
      ['empty', {}],
      ['unknown member', { ...ok, admin: true }],
      ['quantity 0', { ...ok, quantity: 0 }],
      ['quantity 51', { ...ok, quantity: 51 }],
      ['quantity fraction', { ...ok, quantity: 1.5 }],
      ['quantity string', { ...ok, quantity: '1' }],
      ['bad email', { ...ok, email: 'nope' }],
      ['huge name', { ...ok, firstname: 'A'.repeat(100_000) }],
      ['empty name', { ...ok, lastname: '  ' }],
      ['language unknown', { ...ok, language: 'xx' }],
      ['activity id huge', { ...ok, activity_id: 1e20 }],
      ['activity id object', { ...ok, activity_id: { $gt: 0 } }],
      ['session id negative', { ...ok, session_id: -1 }],
      ['__proto__', JSON.parse('{"__proto__":{"polluted":true}}')],
    ];
    for (const [label, body] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/public/teams/${w.teamId}/waitinglist`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
        remoteAddress: nextIp(),
      });
      expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, label).toBeLessThan(500);
      expect(typeof res.json().message, label).toBe('string');
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await entriesOf(w.activity.id)).toEqual([]);
  });

  it('refuses when the activity is not sold out, its waiting list is off, or it is not this team’s published one', async () => {
    const w = await soldOut(2);
    const other = await makeShop(db());
    // Another team's activity under this team, and an unknown one: 404.
    expect((await signUp(w.teamId, joinBody(other.activity.id))).statusCode).toBe(404);
    expect((await signUp(w.teamId, joinBody(2_000_000_000))).statusCode).toBe(404);
    // One seat free, one wanted: book it instead (409 with how many are free, in the request's language).
    await endUnpaidOrder(t.app.deps, { teamId: w.teamId, orderId: w.held[0]!, status: 'cancelled', who: { actor: 'staff' } });
    const free = await signUp(w.teamId, joinBody(w.activity.id), nextIp(), { 'accept-language': 'en' });
    expect(free.statusCode).toBe(409);
    expect(free.json()).toMatchObject({ available: 1, message: 'Seats are still available: please book them directly.' });
    // Two wanted while one is free: the waiting list is right.
    expect((await signUp(w.teamId, joinBody(w.activity.id, { quantity: 2 }))).statusCode).toBe(201);
    // Waiting list off (activity or the team's feature), or a draft: closed or not found.
    await db().update(activities).set({ waitingList: false }).where(eq(activities.id, w.activity.id));
    expect((await signUp(w.teamId, joinBody(w.activity.id, { quantity: 3 }))).statusCode).toBe(409);
    await db().update(activities).set({ waitingList: true }).where(eq(activities.id, w.activity.id));
    await db()
      .update(teams)
      .set({ features: { subscriptions: false, waiting_list: false, resources: true, embeds: true } })
      .where(eq(teams.id, w.teamId));
    expect((await signUp(w.teamId, joinBody(w.activity.id, { quantity: 3 }))).statusCode).toBe(409);
    const shown = await t.app.inject({ method: 'GET', url: `/api/public/teams/${w.teamId}/activities/${w.activity.id}` });
    expect(shown.json().data.waiting_list).toBe(false);
    await db()
      .update(teams)
      .set({ features: { subscriptions: false, waiting_list: true, resources: true, embeds: true } })
      .where(eq(teams.id, w.teamId));
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/public/teams/${w.teamId}/activities/${w.activity.id}` })).json().data.waiting_list,
    ).toBe(true);
    await db().update(activities).set({ status: 'draft' }).where(eq(activities.id, w.activity.id));
    expect((await signUp(w.teamId, joinBody(w.activity.id, { quantity: 3 }))).statusCode).toBe(404);
    expect(await entriesOf(w.activity.id)).toHaveLength(1);
  });

  it('asks for a date where the activity sells per date, and takes only an upcoming date of it', async () => {
    const shop = await makeShop(db());
    await db().update(activities).set({ waitingList: true }).where(eq(activities.id, shop.activity.id));
    // Only per-date tickets on sale: the whole-activity ticket's sale ended.
    await db()
      .update(tickets)
      .set({ saleEnd: new Date(Date.now() - 60_000) })
      .where(eq(tickets.id, shop.ticket.id));
    const date = await makeSession(db(), shop.teamId, shop.activity.id, inDays(10));
    const past = await makeSession(db(), shop.teamId, shop.activity.id, inDays(-3));
    const dropIn = await makeTicket(db(), shop.teamId, shop.activity.id, { sessionId: date.id, stock: 1, maxPerOrder: 4 });
    await makeOrder(db(), shop.teamId, { ticketId: dropIn.id });
    const missing = await signUp(shop.teamId, joinBody(shop.activity.id));
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['session_id']);
    const old = await signUp(shop.teamId, joinBody(shop.activity.id, { session_id: past.id }));
    expect(Object.keys(old.json().errors)).toEqual(['session_id']);
    const tooMany = await signUp(shop.teamId, joinBody(shop.activity.id, { session_id: date.id, quantity: 5 }));
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.quantity).toHaveLength(1);
    const ok = await signUp(shop.teamId, joinBody(shop.activity.id, { session_id: date.id, quantity: 2 }));
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await entriesOf(shop.activity.id))[0]).toMatchObject({ sessionId: date.id, quantity: 2, status: 'waiting' });
  });

  it('signs up: 201 with the place in line, a mail in the entry’s language with the rule and a removal link; one address once, answered alike', async () => {
    const w = await soldOut(1, 12);
    const first = joinBody(w.activity.id, { language: 'en' });
    const res = await signUp(w.teamId, first, nextIp(), { 'accept-language': 'en' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      message:
        'You are on the waiting list: number 1 in line. When seats free up, you get an e-mail with a link that holds them for you for 12 hours.',
      position: 1,
      offer_hours: 12,
    });
    const second = joinBody(w.activity.id, { language: 'fr', quantity: 2 });
    expect((await signUp(w.teamId, second)).json().position).toBe(2);
    // The same address again (any case): answered exactly like a new address would be (the next
    // place in line), nothing stored, no mail: the answer never tells who waits (issue 20 item 10).
    const mailsBefore = (await db().select().from(emails).where(eq(emails.toAddress, first.email))).length;
    const again = await signUp(w.teamId, { ...first, email: first.email.toUpperCase(), language: 'fr' }, nextIp(), {
      'accept-language': 'en',
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({
      success: true,
      message:
        'You are on the waiting list: number 3 in line. When seats free up, you get an e-mail with a link that holds them for you for 12 hours.',
      position: 3,
      offer_hours: 12,
    });
    expect((await db().select().from(emails).where(eq(emails.toAddress, first.email))).length).toBe(mailsBefore);
    const rows = await entriesOf(w.activity.id);
    expect(rows.map((e) => [e.status, e.quantity, e.language])).toEqual([
      ['waiting', 1, 'en'],
      ['waiting', 2, 'fr'],
    ]);
    expect(await eventsOf(rows[0]!.id)).toEqual([['joined', 'customer', null]]);
    // A new address now gets the very answer the repeated one got.
    const fresh = await signUp(w.teamId, joinBody(w.activity.id, { language: 'fr' }), nextIp(), { 'accept-language': 'en' });
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json()).toEqual(again.json());

    const mail = await lastMail(second.email, 'waitinglist_joined');
    expect(mail!.subject).toContain('liste d’attente');
    expect(mail!.textBody).toContain('numéro 2');
    expect(mail!.textBody).toContain('pendant 12 heures');
    const link = removalLink(mail!.textBody);
    // Only the token's SHA-256 is stored.
    expect(rows[1]!.removalTokenHash).not.toContain(link[4]!);
    expect(JSON.stringify(rows)).not.toContain(link[4]!);
    expect((await lastMail(first.email, 'waitinglist_joined'))!.textBody).toContain('You are number 1 in line.');
  });

  it('removes only on the confirmation page’s POST: the mailed link and GET/HEAD change nothing; a wrong token 404; twice is fine', async () => {
    const w = await soldOut(1);
    const body = joinBody(w.activity.id, { language: 'fr' });
    expect((await signUp(w.teamId, body)).statusCode).toBe(201);
    const [url, lang, team, id, token] = removalLink((await lastMail(body.email, 'waitinglist_joined'))!.textBody);
    expect([lang, Number(team)]).toEqual(['fr', w.teamId]);
    const api = `/api/public/waitinglist/${id}/remove`;
    const remove = (payload: unknown) => t.app.inject({ method: 'POST', url: api, payload: payload as object, remoteAddress: nextIp() });
    const status = async () => (await entriesOf(w.activity.id))[0]!.status;

    // What a mail scanner does besides opening the page (a static page that only shows a button):
    // GET and HEAD the API link of older mails. Nothing changes.
    const old = await t.app.inject({ method: 'GET', url: `${api}?token=${token}` });
    expect(old.statusCode).toBe(303);
    expect(old.headers.location).toBe(url);
    expect((await t.app.inject({ method: 'HEAD', url: `${api}?token=${token}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${api}?token=${token!.slice(1)}x` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: api })).statusCode).toBe(404);
    expect(await status()).toBe('waiting');

    // The page's button.
    expect((await remove({ token: `${token!.slice(1)}x` })).statusCode).toBe(404);
    expect((await remove({})).statusCode).toBe(422);
    expect(await status()).toBe('waiting');
    const res = await remove({ token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true });
    expect(await status()).toBe('removed');
    expect((await remove({ token })).statusCode).toBe(200);
    expect(await eventsOf(Number(id))).toEqual([
      ['joined', 'customer', null],
      ['removed', 'customer', 'link'],
    ]);
    // No token of a link in the log (the request line is logged with the URL).
    expect(logLines.join('\n')).not.toContain(token!);
  });

  it('keeps the links’ tokens out of logged URLs', () => {
    const token = 'Zk3_9aQ-xx7PqLmN0bVcD1eRtYuI2oP4sA5dF6gH7jK';
    for (const url of [
      `/api/public/waitinglist/12/remove?token=${token}`,
      `/de/shop/4/waitinglist/12/remove?token=${token}`,
      `/de/shop/4/waitinglist/12?token=${token}`,
      `/api/public/teams/4/waitinglist/12?token=${token}&lang=de`,
      `/api/public/reservations/wl_${token}`,
    ])
      expect(redactUrl(url)).not.toContain(token.slice(0, 12));
  });

  it('limits sign-ups to 30 per hour per IP, counted before any work; other addresses go on', async () => {
    const w = await soldOut(1);
    const address = '10.66.6.6';
    for (let i = 0; i < 30; i++) {
      // Invalid bodies count as well: the limit runs before the body is checked.
      const res = await signUp(w.teamId, i % 2 ? {} : joinBody(w.activity.id), address);
      expect(res.statusCode).not.toBe(429);
    }
    const blocked = await signUp(w.teamId, joinBody(w.activity.id), address);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signUp(w.teamId, joinBody(w.activity.id), '10.66.6.7')).statusCode).toBe(201);
    expect(await entriesOf(w.activity.id)).toHaveLength(16);
  });
});

describe('offers', () => {
  it('offers freed seats to the first in line whose seats fit; a larger group keeps its place and gets the next seats', async () => {
    const w = await soldOut(4, 24);
    const group = joinBody(w.activity.id, { quantity: 2 });
    const solo1 = joinBody(w.activity.id);
    const solo2 = joinBody(w.activity.id);
    for (const b of [group, solo1, solo2]) expect((await signUp(w.teamId, b)).statusCode).toBe(201);
    const [g, s1, s2] = await entriesOf(w.activity.id);

    // One seat back: the group (2) is passed over, the first single gets it.
    await freeOne(w.teamId, w.held[0]!);
    expect((await entriesOf(w.activity.id)).map((e) => e.status)).toEqual(['waiting', 'offered', 'waiting']);
    expect(await freeSeats(w.ticket.id)).toBe(0);
    const offered = (await entriesOf(w.activity.id))[1]!;
    expect(offered.offerHolder).toMatch(/^wl_/);
    expect(offered.offerExpiresAt!.getTime() - offered.offeredAt!.getTime()).toBe(24 * 3600_000);
    const [held] = await db().select().from(ticketReservations).where(eq(ticketReservations.holder, offered.offerHolder!));
    expect(held).toMatchObject({ ticketId: w.ticket.id, quantity: 1, expiresAt: offered.offerExpiresAt });
    const mail = await lastMail(solo1.email, 'waitinglist_offer');
    expect(mail!.subject).toContain('Plätze für Sie frei');
    expect(mail!.textBody).toContain('24 Stunden');
    // One seat in the singular (issue 22 item 14: not "1 davon sind"), signed by the team as its order mails are.
    expect(mail!.textBody).toContain('ist ein Platz frei geworden, und er ist jetzt für Sie reserviert');
    expect(mail!.textBody).not.toContain('— Bookla');
    const link = offerLink(mail!.textBody);
    expect([link[1], Number(link[2]), Number(link[3])]).toEqual(['de', w.teamId, s1!.id]);
    expect(await eventsOf(s1!.id)).toEqual([
      ['joined', 'customer', null],
      ['offered', 'system', null],
    ]);

    // One more: still too few for the group; the next single.
    await freeOne(w.teamId, w.held[1]!);
    expect((await entriesOf(w.activity.id)).map((e) => e.status)).toEqual(['waiting', 'offered', 'offered']);
    // Two more: now the group.
    await endUnpaidOrder(t.app.deps, { teamId: w.teamId, orderId: w.held[2]!, status: 'cancelled', who: { actor: 'staff' } });
    await freeOne(w.teamId, w.held[3]!);
    expect((await entriesOf(w.activity.id)).map((e) => e.status)).toEqual(['offered', 'offered', 'offered']);
    expect(await freeSeats(w.ticket.id)).toBe(0);
    expect(g!.id < s1!.id && s1!.id < s2!.id).toBe(true);
    // Nothing more to do: another run offers nothing twice.
    expect(await sweepWaitingLists(deps())).toEqual({ ended: [], offered: [] });
  });

  it('shows the offer behind its link only with its token and team; an expired offer goes to the next, its seats with it', async () => {
    const w = await soldOut(1, 6);
    const a = joinBody(w.activity.id, { language: 'en' });
    const b = joinBody(w.activity.id);
    for (const body of [a, b]) expect((await signUp(w.teamId, body)).statusCode).toBe(201);
    await freeOne(w.teamId, w.held[0]!);
    const [ea, eb] = await entriesOf(w.activity.id);
    const [, , , , token] = offerLink((await lastMail(a.email, 'waitinglist_offer'))!.textBody);
    const view = await t.app.inject({ method: 'GET', url: `/api/public/teams/${w.teamId}/waitinglist/${ea!.id}?token=${token}&lang=en` });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.headers['cache-control']).toBe('no-store');
    expect(view.json().data).toMatchObject({
      id: ea!.id,
      status: 'offered',
      activity_name: 'Morning yoga',
      // The checkout starts filled in with the person (issue 22 item 10).
      firstname: a.firstname,
      lastname: a.lastname,
      email: a.email,
      quantity: 1,
      items: [{ ticket_id: w.ticket.id, name: 'Admission', quantity: 1, price: 25, total: 25 }],
      total: 25,
      currency: 'CHF',
    });
    const other = await makeShop(db());
    for (const url of [
      `/api/public/teams/${w.teamId}/waitinglist/${ea!.id}?token=${token!.slice(0, -2)}xx`,
      `/api/public/teams/${w.teamId}/waitinglist/${ea!.id}`,
      `/api/public/teams/${other.teamId}/waitinglist/${ea!.id}?token=${token}`,
      `/api/public/teams/${w.teamId}/waitinglist/${eb!.id}?token=${token}`,
    ])
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);

    // The offer's time runs out (set in the database): the sweep ends it and offers the seat to b.
    await db()
      .update(waitingListEntries)
      .set({ offerExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(waitingListEntries.id, ea!.id));
    await db()
      .update(ticketReservations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(ticketReservations.holder, ea!.offerHolder!));
    expect(await freeSeats(w.ticket.id)).toBe(1);
    const swept = await sweepWaitingLists(deps());
    expect(swept).toEqual({ ended: [ea!.id], offered: [eb!.id] });
    expect((await entriesOf(w.activity.id)).map((e) => e.status)).toEqual(['expired', 'offered']);
    expect(await freeSeats(w.ticket.id)).toBe(0);
    expect(await db().select().from(ticketReservations).where(eq(ticketReservations.holder, ea!.offerHolder!))).toEqual([]);
    expect(await eventsOf(ea!.id)).toEqual([
      ['joined', 'customer', null],
      ['offered', 'system', null],
      ['offer_expired', 'system', 'expired'],
    ]);
    // The old link now says it is over, and cannot be claimed.
    const over = await t.app.inject({ method: 'GET', url: `/api/public/teams/${w.teamId}/waitinglist/${ea!.id}?token=${token}` });
    expect(over.json().data).toMatchObject({ status: 'expired', offer_expires_at: null, items: [] });
    const claim = await t.app.inject({
      method: 'POST',
      url: `/api/public/teams/${w.teamId}/waitinglist/${ea!.id}/claim`,
      payload: { token },
    });
    expect(claim.statusCode).toBe(409);
    expect(await sweepWaitingLists(deps())).toEqual({ ended: [], offered: [] });
  });

  it('claims an offer into the checkout: the order takes the held seats and the entry is booked', async () => {
    const w = await soldOut(2);
    const a = joinBody(w.activity.id, { quantity: 2 });
    expect((await signUp(w.teamId, a)).statusCode).toBe(201);
    await endUnpaidOrder(t.app.deps, { teamId: w.teamId, orderId: w.held[0]!, status: 'expired', who: { actor: 'system' } });
    await freeOne(w.teamId, w.held[1]!);
    const [entry] = await entriesOf(w.activity.id);
    expect(entry!.status).toBe('offered');
    const [, , , , token] = offerLink((await lastMail(a.email, 'waitinglist_offer'))!.textBody);
    const url = `/api/public/teams/${w.teamId}/waitinglist/${entry!.id}/claim`;
    expect((await t.app.inject({ method: 'POST', url, payload: { token: 'wrong-token-xxxxxxxx' } })).statusCode).toBe(404);
    const claimed = await t.app.inject({ method: 'POST', url, payload: { token } });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const reservation = claimed.json();
    expect(reservation).toMatchObject({
      token: entry!.offerHolder,
      expires_at: entry!.offerExpiresAt!.toISOString(),
      items: [{ ticket_id: w.ticket.id, activity_id: w.activity.id, quantity: 2, price: 25, total: 50 }],
      total: 50,
      currency: 'CHF',
    });
    // Nobody else can buy the held seats meanwhile.
    const direct = await t.app.inject({
      method: 'POST',
      url: `/api/public/teams/${w.teamId}/orders`,
      payload: orderBody(w.ticket.id, 1),
      remoteAddress: nextIp(),
    });
    expect(direct.statusCode).toBe(409);
    const placed = await t.app.inject({
      method: 'POST',
      url: `/api/public/teams/${w.teamId}/orders`,
      payload: orderBody(w.ticket.id, 2, { items: undefined, reservation_token: reservation.token }),
      remoteAddress: nextIp(),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    // The reply carries the order's public id; the entry keeps the numeric one.
    const [order] = await db().select().from(orders).where(eq(orders.publicId, placed.json().order.id));
    expect(order, 'the placed order by its public id').toBeDefined();
    const [booked] = await entriesOf(w.activity.id);
    expect(booked).toMatchObject({ status: 'booked', orderId: order!.id });
    expect(await eventsOf(entry!.id)).toEqual([
      ['joined', 'customer', null],
      ['offered', 'system', null],
      ['booked', 'customer', null],
    ]);
    const [ticket] = await db().select().from(tickets).where(eq(tickets.id, w.ticket.id));
    expect(ticket!.sold).toBe(2);
    expect(await db().select().from(ticketReservations).where(eq(ticketReservations.holder, entry!.offerHolder!))).toEqual([]);
    expect(order!.paymentStatus).toBe('waiting');
    // The link now shows the booking; claiming again: 409.
    const view = await t.app.inject({ method: 'GET', url: `/api/public/teams/${w.teamId}/waitinglist/${entry!.id}?token=${token}` });
    expect(view.json().data.status).toBe('booked');
    expect((await t.app.inject({ method: 'POST', url, payload: { token } })).statusCode).toBe(409);
  });

  it('declining, or giving the held seats back, moves them to the next in line', async () => {
    const w = await soldOut(1);
    const [a, b, c] = [joinBody(w.activity.id), joinBody(w.activity.id), joinBody(w.activity.id)];
    for (const body of [a, b, c]) expect((await signUp(w.teamId, body)).statusCode).toBe(201);
    await freeOne(w.teamId, w.held[0]!);
    const [ea, eb, ec] = await entriesOf(w.activity.id);
    const [, , , , token] = offerLink((await lastMail(a.email, 'waitinglist_offer'))!.textBody);
    const declined = await t.app.inject({
      method: 'POST',
      url: `/api/public/teams/${w.teamId}/waitinglist/${ea!.id}/decline`,
      payload: { token },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().data.status).toBe('removed');
    expect((await entriesOf(w.activity.id)).map((e) => e.status)).toEqual(['removed', 'offered', 'waiting']);
    expect(await eventsOf(ea!.id)).toEqual([
      ['joined', 'customer', null],
      ['offered', 'system', null],
      ['removed', 'customer', 'declined'],
    ]);
    // b's seats are released through the checkout's own call: the sweep ends b's offer and offers c.
    const holder = (await entriesOf(w.activity.id))[1]!.offerHolder!;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/public/reservations/${holder}` })).statusCode).toBe(204);
    expect(await sweepWaitingLists(deps())).toEqual({ ended: [eb!.id], offered: [ec!.id] });
    expect(await eventsOf(eb!.id)).toEqual([
      ['joined', 'customer', null],
      ['offered', 'system', null],
      ['offer_expired', 'system', 'released'],
    ]);
    expect(await freeSeats(w.ticket.id)).toBe(0);
  });

  it('answers hostile calls of the offer links with 4xx JSON, never a 500', async () => {
    const w = await soldOut(1);
    const base = `/api/public/teams/${w.teamId}/waitinglist`;
    const calls: [string, string, unknown][] = [
      ['POST', `${base}/1/claim`, {}],
      ['POST', `${base}/1/claim`, { token: 123 }],
      ['POST', `${base}/1/claim`, { token: 'x'.repeat(10_000) }],
      ['POST', `${base}/1/decline`, { token: 'abc', extra: true }],
      ['POST', `${base}/abc/claim`, { token: 'abc' }],
      ['GET', `${base}/99999999999`, undefined],
      ['GET', `/api/public/teams/abc/waitinglist/1?token=x`, undefined],
      ['GET', `${base}/1?token=${'x'.repeat(5000)}`, undefined],
      ['GET', `/api/public/waitinglist/-1/remove?token=x`, undefined],
      ['GET', `/api/public/waitinglist/1/remove?token[a]=x`, undefined],
      ['POST', `/api/public/waitinglist/1/remove`, { token: { a: 1 } }],
      ['POST', `/api/public/waitinglist/1/remove`, { token: 'x'.repeat(10_000) }],
      ['POST', `/api/public/waitinglist/abc/remove`, { token: 'abc' }],
    ];
    for (const [method, url, body] of calls) {
      const res = await t.app.inject({ method: method as 'GET' | 'POST', url, payload: body as object, remoteAddress: nextIp() });
      expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
      expect(typeof res.json().message).toBe('string');
    }
  });

  it('offers raised stock to the waiting list with the sweep, and nothing while the waiting list is off', async () => {
    const w = await soldOut(1);
    const a = joinBody(w.activity.id);
    expect((await signUp(w.teamId, a)).statusCode).toBe(201);
    await db().update(activities).set({ waitingList: false }).where(eq(activities.id, w.activity.id));
    await db().update(tickets).set({ stock: 2 }).where(eq(tickets.id, w.ticket.id));
    expect((await sweepWaitingLists(deps())).offered).toEqual([]);
    await db().update(activities).set({ waitingList: true }).where(eq(activities.id, w.activity.id));
    const [entry] = await entriesOf(w.activity.id);
    expect((await sweepWaitingLists(deps())).offered).toEqual([entry!.id]);
  });
});
