import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zonedParts } from '@bookla/shared/zoned-time';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFsStorage } from '../../lib/storage.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createUserWithTeam, inDays, makeActivity, makeSession } from '../../test/factories.ts';
import { activities, activitySessions, teamMembers, teams, users } from '../schema/index.ts';
import { DEMO_IMAGE_DIR, DEMO_OWNER_EMAIL, DEMO_TEAM_NAME, findDemoTeamId, seedDemoProvider } from './demo-provider.ts';
import { DEMO_PROGRAMME } from './demo-programme.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.app.deps.db;
/** A visitor: no cookies, no CSRF token. */
const visit = (url: string) => t.app.inject({ method: 'GET', url });

interface PublicActivity {
  id: number;
  kind: string;
  name: string;
  next_session_at: string | null;
  sessions: { id: number; starts_at: string }[];
  tickets: { id: number; session_id: number | null; name: string; price_minor: number; stock_available: number; tax_rate: number }[];
  products: { id: number; name: string; price_minor: number; scope: string }[];
  booking_fields: { id: number; type: string; scope: string }[];
}

const ZONE = 'Europe/Zurich';
const dayNumber = (d: Date) => {
  const p = zonedParts(d, ZONE);
  return Date.UTC(p.year, p.month - 1, p.day) / 86_400_000;
};

let teamId: number;

describe('the demo provider seed', () => {
  it('is not in a test database unless a test seeds it', async () => {
    expect((await visit('/api/public/teams/demo')).statusCode).toBe(404);
  });

  it('makes one demo team even when two starts seed at once', async () => {
    const [a, b] = await Promise.all([seedDemoProvider(db()), seedDemoProvider(db())]);
    expect(a).toEqual(expect.any(Number));
    expect(b).toBe(a);
    teamId = a!;
    const [team] = await db().select().from(teams).where(eq(teams.id, teamId));
    expect(team).toMatchObject({
      name: DEMO_TEAM_NAME,
      slug: 'demo',
      currency: 'CHF',
      languages: ['de', 'en', 'fr'],
      timeZone: ZONE,
      billingCountry: 'CH',
      billingCity: 'Zürich',
    });
    expect(team!.primaryColor).toMatch(/^#[0-9a-f]{6}$/i);
    // Owned by the demo user, who cannot log in: unverified, with a random password's argon2 hash.
    const [owner] = await db().select().from(users).where(eq(users.id, team!.ownerId));
    expect(owner).toMatchObject({ email: DEMO_OWNER_EMAIL, emailVerifiedAt: null, currentTeamId: teamId });
    expect(owner!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await db().select().from(teamMembers).where(eq(teamMembers.teamId, teamId))).toEqual([
      expect.objectContaining({ userId: owner!.id, role: 'owner' }),
    ]);
  });

  it('answers the public team call by its slug with free, invoice and test-mode payment', async () => {
    const res = await visit('/api/public/teams/demo');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ id: teamId, name: DEMO_TEAM_NAME, slug: 'demo', currency: 'CHF', languages: ['de', 'en', 'fr'] });
    expect(data.payment_methods).toEqual(expect.arrayContaining(['free', 'invoice', 'test']));
  });

  it('publishes a programme of courses and events over the next months, each with upcoming dates and tickets on sale', async () => {
    const res = await visit(`/api/public/teams/${teamId}/activities?lang=de&perPage=100`);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as { data: PublicActivity[]; meta?: { total: number } };
    expect(list.data.map((a) => a.name).sort()).toEqual(DEMO_PROGRAMME.map((item) => item.name.de).sort());
    expect(list.data.length).toBeGreaterThanOrEqual(10);
    expect(new Set(list.data.map((a) => a.kind))).toEqual(new Set(['course', 'event']));
    for (const a of list.data) {
      expect(a.tickets.length, a.name).toBeGreaterThan(0);
      expect(
        a.tickets.every((x) => x.stock_available > 0 && x.tax_rate === 8.1),
        a.name,
      ).toBe(true);
      // The stored next date (trigger of migration 0006) is the first upcoming session.
      expect(a.next_session_at, a.name).toBe(a.sessions[0]!.starts_at);
      expect(Date.parse(a.next_session_at!)).toBeGreaterThan(Date.now());
    }
    // Something to book within the week (the embedded calendar's month is never empty for long) …
    const firsts = list.data.map((a) => dayNumber(new Date(a.sessions[0]!.starts_at)) - dayNumber(new Date()));
    expect(Math.min(...firsts)).toBeLessThanOrEqual(7);
    // … and dates two months ahead and more.
    const lasts = list.data.map((a) => dayNumber(new Date(a.sessions.at(-1)!.starts_at)) - dayNumber(new Date()));
    expect(Math.max(...lasts)).toBeGreaterThanOrEqual(60);
    const byName = Object.fromEntries(list.data.map((a) => [a.name, a]));

    const course = byName['Yoga für Einsteiger']!;
    expect(course.kind).toBe('course');
    expect(course.sessions).toHaveLength(6);
    const whole = course.tickets.filter((x) => x.session_id === null);
    expect(whole.map((x) => [x.price_minor, x.stock_available])).toEqual([[18_000, 12]]);
    const dropIns = course.tickets.filter((x) => x.session_id !== null);
    expect(dropIns.map((x) => x.session_id)).toEqual(course.sessions.map((s) => s.id));
    expect(dropIns.every((x) => x.price_minor === 3_500 && x.stock_available === 4)).toBe(true);
    expect(course.products).toEqual([expect.objectContaining({ name: 'Yogamatte leihen', price_minor: 500, scope: 'participant' })]);
    expect(course.booking_fields).toEqual([expect.objectContaining({ type: 'select', scope: 'participant' })]);
    // Weekly Tuesday evenings at 18:30 Zurich time, from next week on.
    const starts = course.sessions.map((s) => new Date(s.starts_at));
    for (const [i, start] of starts.entries()) {
      expect(course.sessions[i]!.starts_at).toMatch(/T18:30:00\+0[12]:00$/);
      expect(new Date(dayNumber(start) * 86_400_000).getUTCDay()).toBe(2);
      if (i) expect(dayNumber(start) - dayNumber(starts[i - 1]!)).toBe(7);
    }
    const ahead = dayNumber(starts[0]!) - dayNumber(new Date());
    expect(ahead).toBeGreaterThanOrEqual(2);
    expect(ahead).toBeLessThanOrEqual(8);

    const concert = byName['Sommerkonzert']!;
    expect(concert.kind).toBe('event');
    expect(concert.sessions).toHaveLength(1);
    expect(concert.tickets.map((x) => [x.name, x.price_minor, x.stock_available, x.session_id])).toEqual([
      ['Standard', 2_500, 80, concert.sessions[0]!.id],
      ['Ermässigt', 1_500, 20, concert.sessions[0]!.id],
    ]);
    const weeks = (dayNumber(new Date(concert.sessions[0]!.starts_at)) - dayNumber(new Date())) / 7;
    expect(weeks).toBeGreaterThan(2);
    expect(weeks).toBeLessThan(4);

    const openDay = byName['Tag der offenen Tür']!;
    expect(openDay.tickets.map((x) => [x.price_minor, x.stock_available])).toEqual([[0, 50]]);
  });

  it('has its texts in German, English and French', async () => {
    const names = async (lang: string) =>
      ((await visit(`/api/public/teams/${teamId}/activities?lang=${lang}&perPage=100`)).json().data as PublicActivity[])
        .map((a) => a.name)
        .sort();
    expect(await names('en')).toEqual(expect.arrayContaining(['Open day', 'Summer concert', 'Yoga for beginners', 'Salsa for couples']));
    expect(await names('fr')).toEqual(expect.arrayContaining(["Concert d'été", 'Journée portes ouvertes', 'Yoga pour débutants']));
    for (const lang of ['de', 'en', 'fr'] as const) {
      expect(await names(lang)).toEqual(DEMO_PROGRAMME.map((item) => item.name[lang]).sort());
    }
  });

  it('can be booked: free, on invoice and through the test-mode payment', async () => {
    const list = (await visit(`/api/public/teams/${teamId}/activities?lang=de&perPage=100`)).json().data as PublicActivity[];
    const byName = Object.fromEntries(list.map((a) => [a.name, a]));
    const order = (ticketId: number, method: string, extra: Record<string, unknown> = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/api/public/teams/${teamId}/orders`,
        payload: {
          items: [{ ticket_id: ticketId, quantity: 1 }],
          customer: { firstname: 'Anna', lastname: 'Muster', email: `anna-${method}@example.com` },
          participants: [{ ticket_id: ticketId, firstname: 'Anna', lastname: 'Muster', answers: {} }],
          answers: {},
          payment_method: method,
          language: 'de',
          accept_terms: true,
          ...extra,
        },
      });

    const free = await order(byName['Tag der offenen Tür']!.tickets[0]!.id, 'free');
    expect(free.statusCode, free.body).toBe(201);
    expect(free.json().order).toMatchObject({ payment_status: 'free' });

    const invoice = await order(byName['Sommerkonzert']!.tickets[0]!.id, 'invoice');
    expect(invoice.statusCode, invoice.body).toBe(201);
    expect(invoice.json().order).toMatchObject({ payment_status: 'waiting', total: 25 });

    const course = byName['Yoga für Einsteiger']!;
    const whole = course.tickets.find((x) => x.session_id === null)!;
    const field = course.booking_fields[0]!;
    const online = await order(whole.id, 'test', {
      participants: [{ ticket_id: whole.id, firstname: 'Anna', lastname: 'Muster', answers: { [field.id]: 'none' } }],
      products: [{ product_id: course.products[0]!.id, quantity: 1, participant_index: 0 }],
    });
    expect(online.statusCode, online.body).toBe(201);
    expect(online.json().order).toMatchObject({ total: 185 });
    expect(online.json().payment_url).toEqual(expect.any(String));
  });

  it('changes nothing on a second start', async () => {
    const count = async () =>
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(activities)
          .where(eq(activities.teamId, teamId))
      )[0]!.n;
    const before = await count();
    expect(await seedDemoProvider(db())).toBe(teamId);
    expect(await count()).toBe(before);
    expect(
      await db()
        .select({ id: teams.id })
        .from(teams)
        .where(sql`lower(${teams.name}) = lower(${DEMO_TEAM_NAME})`),
    ).toHaveLength(1);
    expect(await db().select({ id: users.id }).from(users).where(eq(users.email, DEMO_OWNER_EMAIL))).toHaveLength(1);
  });

  it('stays seeded once when its slug is changed in the back office', async () => {
    await db().update(teams).set({ slug: 'mein-studio' }).where(eq(teams.id, teamId));
    expect(await seedDemoProvider(db())).toBe(teamId);
    expect(
      await db()
        .select({ id: teams.id })
        .from(teams)
        .where(sql`lower(${teams.name}) = lower(${DEMO_TEAM_NAME})`),
    ).toHaveLength(1);
  });

  it('renews what has passed with dates counted from the new today, archiving the old runs, and only in the demo', async () => {
    const db = t.app.deps.db;
    // Another company whose dates are over: the demo's renewal is none of its business.
    const { team: other } = await createUserWithTeam(db, { teamName: `Studio ${Date.now()}` });
    const past = await makeActivity(db, other.id, { name: { en: 'Yoga for beginners', de: 'Yoga für Einsteiger' } });
    await makeSession(db, other.id, past.id, inDays(-3));
    const published = () =>
      db
        .select({ id: activities.id })
        .from(activities)
        .where(and(eq(activities.teamId, teamId), eq(activities.status, 'published')));
    const before = (await published()).map((r) => r.id);
    expect(before).toHaveLength(DEMO_PROGRAMME.length);

    // Four months on: every item's dates are over.
    const later = new Date(Date.now() + 120 * 86_400_000);
    expect(await seedDemoProvider(db, { now: later })).toBe(teamId);
    const after = (await published()).map((r) => r.id);
    expect(after).toHaveLength(DEMO_PROGRAMME.length);
    expect(after.filter((id) => before.includes(id))).toEqual([]);
    const archived = await db
      .select({ id: activities.id })
      .from(activities)
      .where(and(eq(activities.teamId, teamId), eq(activities.status, 'archived')));
    expect(archived.map((r) => r.id).sort()).toEqual([...before].sort());
    const firsts = await db
      .select({ first: sql<string>`min(${activitySessions.startsAt})` })
      .from(activitySessions)
      .where(
        sql`${activitySessions.activityId} IN (${sql.join(
          after.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      )
      .groupBy(activitySessions.activityId);
    expect(firsts.every((r) => new Date(r.first) > later)).toBe(true);

    // The same moment again: nothing more happens.
    await seedDemoProvider(db, { now: later });
    expect((await published()).map((r) => r.id).sort()).toEqual([...after].sort());
    // The other company is as it was.
    expect(
      await db.select({ id: activities.id, status: activities.status }).from(activities).where(eq(activities.teamId, other.id)),
    ).toEqual([{ id: past.id, status: 'published' }]);
  });

  it('finds the demo by its owner, whatever its slug', async () => {
    expect(await findDemoTeamId(t.app.deps.db)).toBe(teamId);
  });

  it('gives the programme header images rendered from the landing page’s illustrations', async () => {
    const fresh = await buildTestApp();
    try {
      const db = fresh.app.deps.db;
      expect(await findDemoTeamId(db)).toBeNull();
      const storage = createFsStorage(join(mkdtempSync(join(tmpdir(), 'bookla-demo-media-')), 'media'));
      const id = (await seedDemoProvider(db, { storage, imageDir: DEMO_IMAGE_DIR }))!;
      const rows = await db
        .select({ key: activities.headerImagePath })
        .from(activities)
        .where(and(eq(activities.teamId, id), eq(activities.status, 'published')));
      expect(rows).toHaveLength(DEMO_PROGRAMME.length);
      for (const { key } of rows) {
        expect(key).toBeTruthy();
        const list = await storage.get(`${key}/list.webp`);
        const detail = await storage.get(`${key}/detail.webp`);
        expect(list?.subarray(8, 12).toString('latin1')).toBe('WEBP');
        expect(detail!.length).toBeGreaterThan(list!.length);
      }
      // A second start keeps the images it made.
      await seedDemoProvider(db, { storage, imageDir: DEMO_IMAGE_DIR });
      const again = await db.select({ key: activities.headerImagePath }).from(activities).where(eq(activities.teamId, id));
      expect(again.map((r) => r.key).sort()).toEqual(rows.map((r) => r.key).sort());
    } finally {
      await fresh.close();
    }
    // A fresh app (its own database and migrations) plus sharp rendering every programme image:
    // seconds on a quiet machine, beyond 30 s on a loaded CI machine (it timed out there once).
  }, 120_000);

  it('never takes over a company that happens to have its name', async () => {
    const other = await buildTestApp();
    try {
      const otherDb = other.app.deps.db;
      const { team } = await createUserWithTeam(otherDb, { teamName: DEMO_TEAM_NAME });
      expect(await seedDemoProvider(otherDb)).toBeNull();
      expect(await otherDb.select({ id: teams.id, slug: teams.slug }).from(teams)).toEqual([{ id: team.id, slug: null }]);
      expect(await otherDb.select({ id: users.id }).from(users).where(eq(users.email, DEMO_OWNER_EMAIL))).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
