import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client.ts';
import { activities, instructorCalendarFeeds, locations, teams } from '../../../db/schema/index.ts';
import { sha256 } from '../../../lib/tokens.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { makeActivity, makeSession, makeTicket, owner, staff, type Staff } from '../../../test/factories.ts';
import { makeOrder } from '../../../test/selling-factories.ts';
import { foldLine, icsText } from './ical.ts';
import { expectWellFormed, parseCalendar } from './calendar-test-kit.ts';

/**
 * The feeds of CONTRACT §8, each parsed by an independent iCalendar parser (ical.js): the
 * programme (UIDs, DTSTAMP, times, cancelled dates, the change when a date moves, caching, what
 * it leaves out), an instructor's private feed (participants, the token's rotation and
 * revocation) and the web app's fallback not swallowing the feed's address.
 */

let t: TestApp;
let app: FastifyInstance;
let db: Db;
let a: Staff;
let anon: TestClient;
const ids = { activity: 0, draft: 0, next: 0, cancelled: 0, recent: 0, old: 0, hidden: 0 };

const inDaysAt = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(9, 0, 0, 0);
  return d;
};

beforeAll(async () => {
  t = await buildTestApp({
    // The web app's fallback for every other page under a language (plugins/web.ts, absent without a build).
    extend: (instance) => {
      instance.get('/:lang/*', { schema: { hide: true } }, async () => 'the web app');
    },
  });
  app = t.app;
  db = app.deps.db;
  anon = new TestClient(app);
  a = await owner(app, { teamName: 'Tanzschule Limmat' });
  const [hall] = await db
    .insert(locations)
    .values({
      teamId: a.team.id,
      name: { de: 'Halle Ost; Eingang B', en: 'Hall East; entrance B' },
      address: 'Seestrasse 3',
      postalCode: '8002',
      city: 'Zürich',
      country: 'CH',
    })
    .returning();
  const salsa = await makeActivity(db, a.team.id, { name: { de: 'Salsa, für alle', en: 'Salsa, for everyone' }, locationId: hall!.id });
  ids.activity = salsa.id;
  ids.next = (await makeSession(db, a.team.id, salsa.id, new Date('2031-05-06T17:00:00Z'), { minutes: 90 })).id;
  ids.cancelled = (await makeSession(db, a.team.id, salsa.id, new Date('2031-05-13T17:00:00Z'), { status: 'cancelled' })).id;
  ids.recent = (await makeSession(db, a.team.id, salsa.id, inDaysAt(-10))).id;
  ids.old = (await makeSession(db, a.team.id, salsa.id, inDaysAt(-40))).id;
  const draft = await makeActivity(db, a.team.id, { status: 'draft', name: { de: 'Entwurf', en: 'Draft' } });
  ids.draft = draft.id;
  ids.hidden = (await makeSession(db, a.team.id, draft.id, new Date('2031-05-07T17:00:00Z'))).id;
});
afterAll(() => t.close());

const programme = (lang = 'en', team: number | string = a.team.id, headers: Record<string, string> = {}) =>
  anon.get(`/${lang}/shop/${team}/calendar.ics`, headers);

describe('the iCalendar writer', () => {
  it('escapes TEXT values and folds long lines at 75 octets without splitting a character', () => {
    expect(icsText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const folded = foldLine(`SUMMARY:${'ä'.repeat(60)}`);
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(`SUMMARY:${'ä'.repeat(60)}`);
  });
});

describe('GET /{lang}/shop/{teamId}/calendar.ics', () => {
  it('lists the published dates of the last 30 days and ahead, cancelled ones as such, in the language asked', async () => {
    const res = await programme('en');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toContain('public');
    expect(res.headers.etag).toBeTruthy();
    expectWellFormed(res.body);
    const { root, events } = parseCalendar(res.body);
    expect(root.getFirstPropertyValue('x-wr-calname')).toBe('Tanzschule Limmat: programme');
    expect(root.getFirstPropertyValue('version')).toBe('2.0');
    expect(events.map((e) => e.uid)).toEqual([
      `session-${ids.recent}@localhost`,
      `session-${ids.next}@localhost`,
      `session-${ids.cancelled}@localhost`,
    ]);
    const next = events[1]!;
    expect(next).toMatchObject({
      summary: 'Salsa, for everyone',
      location: 'Hall East; entrance B, Seestrasse 3, 8002 Zürich',
      status: 'CONFIRMED',
      url: `http://localhost:3000/en/shop/${a.team.id}/activity/${ids.activity}`,
    });
    expect(next.start.toISOString()).toBe('2031-05-06T17:00:00.000Z');
    expect(next.end.toISOString()).toBe('2031-05-06T18:30:00.000Z');
    expect(next.dtstamp).toBeInstanceOf(Date);
    expect(events[2]).toMatchObject({ status: 'CANCELLED', summary: 'Cancelled: Salsa, for everyone' });
    // UTC times (no VTIMEZONE needed), the team's zone named for clients that show it.
    expect(res.body).toContain('DTSTART:20310506T170000Z');
    expect(root.getFirstPropertyValue('x-wr-timezone')).toBe(a.team.timeZone);

    const de = parseCalendar((await programme('de')).body);
    expect(de.events[1]!.summary).toBe('Salsa, für alle');
    expect(de.events[2]!.summary).toBe('Abgesagt: Salsa, für alle');
  });

  it('keeps its UIDs and changes the date, DTSTAMP and LAST-MODIFIED when a date moves', async () => {
    const before = parseCalendar((await programme('en')).body).events.find((e) => e.uid === `session-${ids.next}@localhost`)!;
    await new Promise((resolve) => setTimeout(resolve, 1100)); // iCalendar times have whole seconds
    const moved = await a.client.request('PUT', `/api/courses/${ids.activity}/sessions/${ids.next}`, {
      starts_at: '2031-05-08T19:00',
      ends_at: '2031-05-08T20:30',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const res = await programme('en');
    const after = parseCalendar(res.body).events.find((e) => e.uid === `session-${ids.next}@localhost`)!;
    expect(after.start.toISOString()).toBe('2031-05-08T17:00:00.000Z'); // 19:00 in Zurich (summer time)
    expect(after.start.getTime()).not.toBe(before.start.getTime());
    expect(after.dtstamp!.getTime()).toBeGreaterThan(before.dtstamp!.getTime());
    expect(res.body).toMatch(/LAST-MODIFIED:\d{8}T\d{6}Z/);
  });

  it('answers 304 to the tag it gave while nothing changed', async () => {
    const first = await programme('fr');
    expect(first.statusCode).toBe(200);
    const again = await programme('fr', a.team.id, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('finds the team by its shop address too; unknown team or language: 404, and other shop pages stay the web app’s', async () => {
    await db.update(teams).set({ slug: 'tanz-limmat' }).where(eq(teams.id, a.team.id));
    const bySlug = await programme('en', 'tanz-limmat');
    expect(bySlug.statusCode).toBe(200);
    expect(parseCalendar(bySlug.body).events).toHaveLength(3);
    expect((await programme('en', 999_999)).statusCode).toBe(404);
    expect((await programme('en', 'no-such-shop')).statusCode).toBe(404);
    expect((await programme('xx')).statusCode).toBe(404);
    const page = await anon.get(`/en/shop/${a.team.id}/activity/${ids.activity}`);
    expect(page.body).toBe('the web app');
    expect((await anon.get(`/en/shop/${a.team.id}`)).body).toBe('the web app');
  });

  it('leaves out drafts, and shows an activity once published', async () => {
    const before = parseCalendar((await programme('en')).body).events.map((e) => e.uid);
    expect(before).not.toContain(`session-${ids.hidden}@localhost`);
    await db.update(activities).set({ status: 'published' }).where(eq(activities.id, ids.draft));
    try {
      const after = parseCalendar((await programme('en')).body).events.map((e) => e.uid);
      expect(after).toContain(`session-${ids.hidden}@localhost`);
    } finally {
      await db.update(activities).set({ status: 'draft' }).where(eq(activities.id, ids.draft));
    }
  });
});

describe('an instructor’s private feed', () => {
  let groupId: number;
  let evaId: number;
  let roomId: number;
  let roomGroupId: number;

  beforeAll(async () => {
    const group = await a.client.post('/api/sa/resources', {
      name: { de: 'Lehrpersonen', en: 'Teachers' },
      kind: 'instructor',
      resources: [{ name: { de: 'Eva Meier', en: 'Eva Meier' }, capacity: 1 }],
    });
    expect(group.statusCode, group.body).toBe(200);
    groupId = group.json().data.id;
    evaId = group.json().data.resources[0].id;
    const rooms = await a.client.post('/api/sa/resources', {
      name: { de: 'Räume', en: 'Rooms' },
      kind: 'room',
      resources: [{ name: { de: 'Saal', en: 'Hall' }, capacity: 1 }],
    });
    roomId = rooms.json().data.resources[0].id;
    roomGroupId = rooms.json().data.id;
    for (const session of [ids.next, ids.hidden]) {
      const activity = session === ids.next ? ids.activity : ids.draft;
      const assigned = await a.client.request('PUT', `/api/courses/${activity}/sessions/${session}/resources`, {
        items: [{ resource_id: evaId, quantity: 1 }],
        confirm: true,
      });
      expect(assigned.statusCode, assigned.body).toBe(200);
    }
    // Two paid seats for that date, one unpaid; a whole-activity ticket counts for every date.
    const dropIn = await makeTicket(db, a.team.id, ids.activity, { sessionId: ids.next, stock: 20 });
    const course = await makeTicket(db, a.team.id, ids.activity, { stock: 20 });
    const two = [
      { firstname: 'Lea', lastname: 'Keller' },
      { firstname: 'Marc', lastname: 'Frei' },
    ];
    await makeOrder(db, a.team.id, { ticketId: dropIn.id, participants: two, paymentStatus: 'paid' });
    await makeOrder(db, a.team.id, { ticketId: course.id, paymentStatus: 'waiting' });
    await makeOrder(db, a.team.id, { ticketId: dropIn.id, paymentStatus: 'cancelled' });
  });

  const feedPath = (url: string) => url.replace('http://localhost:3000', '');

  it('is made by staff with the resources permission, shown once, stored as a hash, and lists the instructor’s dates', async () => {
    const before = await a.client.get(`/api/sa/resources/${groupId}/calendar-feeds`);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data).toEqual([
      { resource_id: evaId, name_text: 'Eva Meier', active: false, created_at: null, last_used_at: null },
    ]);

    const made = await a.client.post(`/api/sa/instructors/${evaId}/calendar-feed`);
    expect(made.statusCode, made.body).toBe(201);
    const { url, webcal_url } = made.json().data;
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/public\/instructor-calendars\/bkc_[\w-]{43}\.ics\?lang=de$/);
    expect(webcal_url).toBe(url.replace('http://', 'webcal://'));
    const token = /(bkc_[\w-]+)\.ics/.exec(url)![1]!;
    const [row] = await db.select().from(instructorCalendarFeeds).where(eq(instructorCalendarFeeds.resourceId, evaId));
    expect(row!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const res = await anon.get(feedPath(url));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expectWellFormed(res.body);
    const { root, events } = parseCalendar(res.body);
    expect(root.getFirstPropertyValue('x-wr-calname')).toBe('Eva Meier (Tanzschule Limmat)');
    expect(events.map((e) => e.uid)).toEqual([
      `session-${ids.hidden}-instructor-${evaId}@localhost`,
      `session-${ids.next}-instructor-${evaId}@localhost`,
    ]);
    const taught = events[1]!;
    expect(taught.location).toBe('Halle Ost; Eingang B, Seestrasse 3, 8002 Zürich');
    expect(taught.description).toBe('Gebucht: 2 bezahlt oder kostenlos, 1 unbezahlt (Bestellungen, deren Zahlung noch aussteht).');
    expect(events[0]!.description).toContain('Noch nicht veröffentlicht.');
    const english = parseCalendar((await anon.get(feedPath(url).replace('lang=de', 'lang=en'))).body).events[1]!;
    expect(english.description).toBe('Booked: 2 paid or free, 1 unpaid (orders still awaiting payment).');

    const after = (await a.client.get(`/api/sa/resources/${groupId}/calendar-feeds`)).json().data[0];
    expect(after).toMatchObject({ active: true, created_at: expect.any(String), last_used_at: expect.any(String) });
    expect(JSON.stringify(after)).not.toContain(token);
  });

  it('stops answering an address at once when a new one is made or it is revoked', async () => {
    const first = (await a.client.post(`/api/sa/instructors/${evaId}/calendar-feed`)).json().data.url;
    expect((await anon.get(feedPath(first))).statusCode).toBe(200);
    const second = (await a.client.post(`/api/sa/instructors/${evaId}/calendar-feed`)).json().data.url;
    expect((await anon.get(feedPath(first))).statusCode).toBe(404);
    expect((await anon.get(feedPath(second))).statusCode).toBe(200);

    const revoked = await a.client.request('DELETE', `/api/sa/instructors/${evaId}/calendar-feed`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().message).toBe('Die Kalenderadresse funktioniert nicht mehr.');
    expect((await anon.get(feedPath(second))).statusCode).toBe(404);
    expect((await a.client.request('DELETE', `/api/sa/instructors/${evaId}/calendar-feed`)).statusCode).toBe(404);
    expect((await a.client.get(`/api/sa/resources/${groupId}/calendar-feeds`)).json().data[0].active).toBe(false);
    for (const bad of ['nothing', `bkc_${'a'.repeat(43)}`, `${'x'.repeat(100)}`])
      expect((await anon.get(`/api/public/instructor-calendars/${bad}.ics`)).statusCode).toBe(404);
  });

  it('is only for instructors, only for staff who manage resources, and only of the own company', async () => {
    expect((await a.client.post(`/api/sa/instructors/${roomId}/calendar-feed`)).statusCode).toBe(404);
    expect((await a.client.get(`/api/sa/resources/${roomGroupId}/calendar-feeds`)).json().data).toEqual([]);
    const teacher = await staff(app, a.team, 'instructor');
    expect((await teacher.client.post(`/api/sa/instructors/${evaId}/calendar-feed`)).statusCode).toBe(403);
    const b = await owner(app, { teamName: 'Andere Schule' });
    expect((await b.client.post(`/api/sa/instructors/${evaId}/calendar-feed`)).statusCode).toBe(404);
    expect((await b.client.request('DELETE', `/api/sa/instructors/${evaId}/calendar-feed`)).statusCode).toBe(404);
    expect((await b.client.get(`/api/sa/resources/${groupId}/calendar-feeds`)).statusCode).toBe(404);
    expect((await anon.post(`/api/sa/instructors/${evaId}/calendar-feed`)).statusCode).toBe(401);
  });
});
