import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toZonedIso } from '@bookla/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, activitySessions, teams, tickets, typeSets, users } from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { companyBody, owner, staff, uid } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.app.deps.db;

async function typeSetsOf(teamId: number) {
  return db().select().from(typeSets).where(eq(typeSets.teamId, teamId));
}

describe('type sets', () => {
  it('are created for a team made through registration', async () => {
    const n = uid();
    const res = await new TestClient(t.app).post('/api/srl/register', {
      user: {
        salutation: 'mrs',
        firstname: 'Anna',
        lastname: 'Muster',
        email: `cat-${n}@example.com`,
        password: 'Sonnenblume-42',
        password_confirm: 'Sonnenblume-42',
        agb: true,
        newsletter: false,
        referral_id: 'search',
      },
      team: { ...companyBody(`Katalog ${n}`), languages: ['de', 'en'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [user] = await db().select().from(users).where(eq(users.id, res.json().user_id));
    const sets = await typeSetsOf(user!.currentTeamId!);
    expect(sets.map((s) => [s.kind, s.name.en]).sort()).toEqual([
      ['course', 'Course'],
      ['event', 'Event'],
    ]);
    expect(sets.find((s) => s.kind === 'event')!.name.fr).toBe('Événement');
  });

  it('are created for a company made through POST /api/team', async () => {
    const a = await owner(t.app);
    const res = await a.client.post('/api/team', companyBody(`Zweitfirma ${uid()}`));
    expect(res.statusCode, res.body).toBe(200);
    const [team] = await db()
      .select()
      .from(teams)
      .where(eq(teams.name, JSON.parse(res.payload).team?.name ?? ''));
    const [u] = await db().select().from(users).where(eq(users.id, a.user.id));
    const teamId = team?.id ?? u!.currentTeamId!;
    expect(teamId).not.toBe(a.team.id);
    expect((await typeSetsOf(teamId)).map((s) => s.kind).sort()).toEqual(['course', 'event']);
  });

  it('are answered in the request language, and reading them writes nothing', async () => {
    const a = await owner(t.app);
    const [en, de] = await Promise.all([
      a.client.get('/api/course/type_sets?language=en'),
      a.client.get('/api/course/type_sets?language=de'),
    ]);
    expect(en.statusCode).toBe(200);
    expect(en.json().data.map((s: { name: string }) => s.name)).toEqual(['Course', 'Event']);
    expect(de.json().data.map((s: { name: string }) => s.name)).toEqual(['Kurs', 'Event']);
    expect(en.json().data[0]).toEqual({ id: expect.any(Number), name: 'Course', kind: 'course' });

    // A team without type sets reads an empty list; nothing is created on the way.
    await db().delete(typeSets).where(eq(typeSets.teamId, a.team.id));
    const empty = await a.client.get('/api/course/type_sets');
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toEqual([]);
    expect((await a.client.get('/api/course/type_sets/list')).json().meta.total).toBe(0);
    expect(await typeSetsOf(a.team.id)).toHaveLength(0);
  });

  it('are given to teams from before the seeding by migration 0007, once', async () => {
    const older = await owner(t.app);
    const current = await owner(t.app);
    await db().delete(typeSets).where(eq(typeSets.teamId, older.team.id));
    const before = (await typeSetsOf(current.team.id)).map((s) => s.id).sort();
    const migration = readFileSync(join(import.meta.dirname, '../../../db/migrations/0007_default_type_sets.sql'), 'utf8');
    await db().execute(sql.raw(migration));
    await db().execute(sql.raw(migration));
    const given = await typeSetsOf(older.team.id);
    expect(given.map((s) => [s.kind, s.sort, s.name]).sort()).toEqual([
      ['course', 1, { de: 'Kurs', en: 'Course', fr: 'Cours' }],
      ['event', 2, { de: 'Event', en: 'Event', fr: 'Événement' }],
    ]);
    expect((await typeSetsOf(current.team.id)).map((s) => s.id).sort()).toEqual(before);
  });

  it('need nav.courses: instructors may read them', async () => {
    const a = await owner(t.app);
    const i = await staff(t.app, a.team, 'instructor');
    expect((await i.client.get('/api/course/type_sets')).statusCode).toBe(200);
    expect((await new TestClient(t.app).get('/api/course/type_sets')).statusCode).toBe(401);
  });
});

describe('POST /api/course/store', () => {
  it('creates a draft activity of the type set’s kind', async () => {
    const a = await owner(t.app);
    const sets = (await a.client.get('/api/course/type_sets')).json().data as { id: number; kind: string }[];
    const event = sets.find((s) => s.kind === 'event')!;
    const res = await a.client.post('/api/course/store?language=en', {
      type_set_id: event.id,
      name: { de: ' Sommerfest ', en: 'Summer party' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, course_id: expect.any(Number), message: 'The activity has been created.' });
    const [row] = await db().select().from(activities).where(eq(activities.id, res.json().course_id));
    expect(row).toMatchObject({
      teamId: a.team.id,
      typeSetId: event.id,
      kind: 'event',
      status: 'draft',
      name: { de: 'Sommerfest', en: 'Summer party' },
    });
  });

  it.each([
    ['de', 'Dieses Feld ist erforderlich.'],
    ['en', 'This field is required.'],
  ])('answers 422 for every team language left empty (%s)', async (lang, required) => {
    const a = await owner(t.app);
    const res = await a.client.post(`/api/course/store?language=${lang}`, { name: { de: '', en: '  ' } });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(Object.keys(errors).sort()).toEqual(['name.de', 'name.en', 'type_set_id']);
    expect(errors['name.de']).toEqual([required]);
    expect(errors.type_set_id).toEqual([required]);
    const set = (await a.client.get('/api/course/type_sets')).json().data[0];
    const partial = await a.client.post(`/api/course/store?language=${lang}`, { type_set_id: set.id, name: { de: 'Yoga' } });
    expect(partial.statusCode).toBe(422);
    expect(Object.keys(partial.json().errors)).toEqual(['name.en']);
    // A language the team does not use is not required.
    const ok = await a.client.post('/api/course/store', { type_set_id: set.id, name: { de: 'Yoga', en: 'Yoga' } });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a type set of another team (422 on type_set_id) and malformed ids', async () => {
    const a = await owner(t.app);
    const b = await owner(t.app);
    const bSet = (await b.client.get('/api/course/type_sets')).json().data[0];
    const res = await a.client.post('/api/course/store?language=en', { type_set_id: bSet.id, name: { de: 'X', en: 'X' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ type_set_id: ['This type set does not exist in your company.'] });
    for (const bad of ['abc', -1, 1.5, 99999999999, { id: 1 }]) {
      const r = await a.client.post('/api/course/store', { type_set_id: bad, name: { de: 'X', en: 'X' } });
      expect(r.statusCode, JSON.stringify(bad)).toBe(422);
    }
  });

  it('is forbidden to instructors', async () => {
    const a = await owner(t.app);
    const set = (await a.client.get('/api/course/type_sets')).json().data[0];
    const i = await staff(t.app, a.team, 'instructor');
    const res = await i.client.post('/api/course/store', { type_set_id: set.id, name: { de: 'X', en: 'X' } });
    expect(res.statusCode).toBe(403);
    expect((await i.client.get('/api/courses')).statusCode).toBe(200);
  });
});

describe('tickets', () => {
  it('cannot be oversold: the database keeps sold ≤ stock', async () => {
    const a = await owner(t.app);
    const set = (await a.client.get('/api/course/type_sets')).json().data[0];
    const activityId = (await a.client.post('/api/course/store', { type_set_id: set.id, name: { de: 'K', en: 'K' } })).json().course_id;
    const [ticket] = await db()
      .insert(tickets)
      .values({ teamId: a.team.id, activityId, name: { de: 'T' }, priceMinor: 1000, currency: 'CHF', stock: 2 })
      .returning();
    await db()
      .update(tickets)
      .set({ sold: sql`${tickets.sold} + 2` })
      .where(eq(tickets.id, ticket!.id));
    await expect(
      db()
        .update(tickets)
        .set({ sold: sql`${tickets.sold} + 1` })
        .where(eq(tickets.id, ticket!.id)),
    ).rejects.toThrow();
    await expect(db().update(tickets).set({ sold: -1 }).where(eq(tickets.id, ticket!.id))).rejects.toThrow();
    const [after] = await db()
      .select()
      .from(tickets)
      .where(and(eq(tickets.id, ticket!.id)));
    expect(after!.sold).toBe(2);
  });
});

describe('GET /api/courses', () => {
  let client: TestClient;
  let teamId: number;
  let ids: number[] = [];
  let setIds: number[] = [];

  beforeAll(async () => {
    const a = await owner(t.app);
    client = a.client;
    teamId = a.team.id;
    setIds = (await client.get('/api/course/type_sets')).json().data.map((s: { id: number }) => s.id);
    const names = [
      'Yoga 100%',
      'Yoga 1000',
      'Pilates_1',
      'Pilates',
      'Aquafit',
      'Zumba',
      'Boxen',
      'Tanz',
      'Malen',
      'Kochen',
      'Nähen',
      'Singen',
    ];
    ids = [];
    for (const [i, name] of names.entries()) {
      const res = await client.post('/api/course/store', { type_set_id: setIds[i % 2], name: { de: name, en: `${name} EN` } });
      ids.push(res.json().course_id);
    }
    // Distinct creation times, oldest first.
    for (const [i, id] of ids.entries())
      await db()
        .update(activities)
        .set({ createdAt: new Date(Date.UTC(2026, 0, 1 + i)) })
        .where(eq(activities.id, id));
  });

  it('answers the contract’s list: newest first, 10 per page, meta and links', async () => {
    const res = await client.get('/api/courses');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(10);
    expect(body.data.map((c: { id: number }) => c.id)).toEqual([...ids].reverse().slice(0, 10));
    expect(body.meta).toEqual({ current_page: 1, last_page: 2, per_page: 10, from: 1, to: 10, total: 12 });
    expect(body.links.first).toMatch(/\/api\/courses\?page=1$/);
    expect(body.links.next).toMatch(/page=2$/);
    expect(body.links.prev).toBeNull();
    const page2 = (await client.get('/api/courses?page=2')).json();
    expect(page2.meta).toMatchObject({ current_page: 2, from: 11, to: 12 });
    expect(page2.data.map((c: { id: number }) => c.id)).toEqual([ids[1], ids[0]]);
    expect(page2.links.next).toBeNull();
    const beyond = (await client.get('/api/courses?page=9')).json();
    expect(beyond.data).toEqual([]);
    expect(beyond.meta).toMatchObject({ from: null, to: null, total: 12 });
  });

  it('shapes each item per spec §3', async () => {
    const body = (await client.get('/api/courses?perPage=1&language=en')).json();
    const item = body.data[0];
    expect(item).toMatchObject({
      id: ids[11],
      name: { de: 'Singen', en: 'Singen EN' },
      name_text: 'Singen EN',
      type: { id: setIds[1], name: 'Event' },
      parent: null,
      location: null,
      instructor: null,
      media: { header_image: null },
      timetables: [],
      tickets: [],
      participants: { paid: 0 },
      status: 'draft',
    });
  });

  it('sorts by whitelisted fields only, and falls back on unknown ones', async () => {
    const byName = (await client.get('/api/courses?sort[field]=name&sort[type]=asc&perPage=3')).json();
    expect(byName.data.map((c: { name_text: string }) => c.name_text)).toEqual(['Aquafit', 'Boxen', 'Kochen']);
    const byId = (await client.get('/api/courses?sort[field]=id&sort[type]=asc&perPage=2')).json();
    expect(byId.data.map((c: { id: number }) => c.id)).toEqual([ids[0], ids[1]]);
    const unknown = await client.get('/api/courses?sort[field]=team_id;drop&sort[type]=sideways');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().data[0].id).toBe(ids[11]);
  });

  it('filters by name (% and _ are literal), status and type set', async () => {
    const pct = (await client.get(`/api/courses?columnFilters[name]=${encodeURIComponent('100%')}`)).json();
    expect(pct.data.map((c: { name_text: string }) => c.name_text)).toEqual(['Yoga 100%']);
    const under = (await client.get('/api/courses?columnFilters[name]=s_1')).json();
    expect(under.data.map((c: { name_text: string }) => c.name_text)).toEqual(['Pilates_1']);
    const enName = (await client.get('/api/courses?language=en&columnFilters[name]=zumba%20en')).json();
    expect(enName.meta.total).toBe(1);
    await db().update(activities).set({ status: 'published' }).where(eq(activities.id, ids[3]!));
    const published = (await client.get('/api/courses?columnFilters[status]=published')).json();
    expect(published.data.map((c: { id: number }) => c.id)).toEqual([ids[3]]);
    const byType = (await client.get(`/api/courses?columnFilters[type_set_id]=${setIds[0]}`)).json();
    expect(byType.meta.total).toBe(6);
  });

  it('falls back to defaults on malformed queries instead of failing', async () => {
    for (const q of [
      'page=abc&perPage=-5',
      'perPage=100000',
      'sort=x&columnFilters=y',
      'columnFilters[status]=nope&columnFilters[type_set_id]=1e99',
      'page[]=1&perPage[a]=2',
    ]) {
      const res = await client.get(`/api/courses?${q}`);
      expect(res.statusCode, q).toBe(200);
    }
    expect((await client.get('/api/courses?perPage=100000')).json().meta.per_page).toBe(100);
    expect((await client.get('/api/courses?page=abc')).json().meta.current_page).toBe(1);
  });

  it('shows upcoming dates, tickets with availability and paid participants', async () => {
    const id = ids[11]!;
    const day = 86_400_000;
    const now = Date.now();
    const starts = [-2, 5, 1, 3, 9, 2].map((d) => new Date(now + d * day));
    await db()
      .insert(activitySessions)
      .values(
        starts.map((s, i) => ({
          teamId,
          activityId: id,
          startsAt: s,
          endsAt: new Date(s.getTime() + 3600_000),
          status: i === 5 ? ('cancelled' as const) : ('scheduled' as const),
        })),
      );
    await db()
      .insert(tickets)
      .values([
        {
          teamId,
          activityId: id,
          name: { de: 'Ganzer Kurs', en: 'Full course' },
          priceMinor: 12050,
          currency: 'CHF',
          stock: 10,
          sold: 3,
          sort: 1,
        },
        {
          teamId,
          activityId: id,
          name: { de: 'Einzel' },
          priceMinor: 2500,
          currency: 'CHF',
          stock: 5,
          sold: 5,
          sort: 2,
          saleEnd: new Date('2027-01-01T00:00:00Z'),
        },
      ]);
    const item = (await client.get('/api/courses?perPage=1&language=en')).json().data[0];
    expect(item.timetables.map((x: { start_date: string }) => x.start_date)).toEqual(
      [1, 3, 5].map((d) => toZonedIso(new Date(now + d * day), 'Europe/Zurich')),
    );
    expect(item.next_session).toBe(item.timetables[0].start_date);
    expect(item.next_session).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0[12]:00$/);
    expect(item).toMatchObject({ sold: 8, stock: 15 });
    expect(item.tickets).toEqual([
      {
        id: expect.any(Number),
        name: 'Full course',
        price: 120.5,
        currency: 'CHF',
        stock: 10,
        stock_reserved: 0,
        stock_available: 7,
        sale_end: null,
      },
      {
        id: expect.any(Number),
        name: 'Einzel',
        price: 25,
        currency: 'CHF',
        stock: 5,
        stock_reserved: 0,
        stock_available: 0,
        sale_end: '2027-01-01T01:00:00+01:00',
      },
    ]);
    expect(item.participants).toEqual({ paid: 8 });
  });

  it('shows nothing of another team', async () => {
    const b = await owner(t.app);
    const res = (await b.client.get('/api/courses')).json();
    expect(res.data).toEqual([]);
    expect(res.meta.total).toBe(0);
    expect((await b.client.get(`/api/courses?columnFilters[type_set_id]=${setIds[0]}`)).json().meta.total).toBe(0);
  });

  it('finds an activity by its name in any team language, whatever the UI language', async () => {
    const res = await client.post('/api/course/store', { type_set_id: setIds[0], name: { de: 'Schwimmen', en: 'Swimming' } });
    const id = res.json().course_id;
    for (const [lang, text] of [
      ['en', 'schwimm'],
      ['de', 'swimm'],
      ['fr', 'SWIM'],
    ] as const) {
      const found = (await client.get(`/api/courses?language=${lang}&columnFilters[name]=${text}`)).json();
      expect(
        found.data.map((c: { id: number }) => c.id),
        `${lang}: ${text}`,
      ).toEqual([id]);
    }
    expect((await client.get('/api/courses?language=en&columnFilters[name]=schwimmbad')).json().meta.total).toBe(0);
  });
});
