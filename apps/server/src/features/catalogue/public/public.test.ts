import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, activityAttributeValues, attributes, locations, teamSellingSettings } from '../../../db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { createUserWithTeam, inDays, makeActivity, makeReservation, makeSession, makeTicket } from '../../../test/factories.ts';

let t: TestApp;
let teamId: number;
let yoga: { id: number; typeSetId: number };
let draftId: number;
let locationId: number;
let visible: { id: number };
const ids: Record<string, number> = {};
const db = () => t.app.deps.db;
const anon = () => new TestClient(t.app);
const list = (query = '') => anon().get(`/api/public/teams/${teamId}/activities${query}`);

beforeAll(async () => {
  t = await buildTestApp();
  teamId = (await createUserWithTeam(db())).team.id;
  // Paid tickets are offered only with a way to pay them (issue 22 item 2).
  await db().insert(teamSellingSettings).values({ teamId, testModeEnabled: true });
  const [place] = await db()
    .insert(locations)
    .values({ teamId, name: { de: 'Studio Mitte', en: 'Central studio' }, postalCode: '8001', city: 'Zürich', country: 'CH' })
    .returning();
  locationId = place!.id;
  yoga = await makeActivity(db(), teamId, { locationId, name: { de: 'Yoga', en: 'Yoga class' } });
  await db()
    .update(activities)
    .set({ headerImagePath: 'abc123', description: { de: 'Sanft', en: 'Gentle' } })
    .where(eq(activities.id, yoga.id));
  const later = await makeActivity(db(), teamId, { kind: 'event', name: { de: 'Konzert', en: 'Concert' } });
  await makeSession(db(), teamId, later.id, inDays(20));
  const draft = await makeActivity(db(), teamId, { status: 'draft', name: { de: 'Entwurf' } });
  await makeSession(db(), teamId, draft.id, inDays(2));
  draftId = draft.id;
  const archived = await makeActivity(db(), teamId, { status: 'archived', name: { de: 'Archiv' } });
  await makeSession(db(), teamId, archived.id, inDays(2));
  const noDates = await makeActivity(db(), teamId, { name: { de: 'Ohne Termine' } });
  await makeSession(db(), teamId, noDates.id, inDays(-3));

  const next = await makeSession(db(), teamId, yoga.id, inDays(2, 7));
  await makeSession(db(), teamId, yoga.id, inDays(9, 7));
  await makeSession(db(), teamId, yoga.id, inDays(5, 7), { status: 'cancelled' });
  const past = await makeSession(db(), teamId, yoga.id, inDays(-2, 7));
  ids.next = next.id;
  visible = await makeTicket(db(), teamId, yoga.id, {
    name: { de: 'Normal', en: 'Regular' },
    priceMinor: 1250,
    stock: 10,
    sold: 2,
    taxRateBp: 810,
  });
  await makeReservation(db(), teamId, visible.id, 3, 10);
  await makeReservation(db(), teamId, visible.id, 4, -1);
  ids.hidden = (await makeTicket(db(), teamId, yoga.id, { visibility: 'hidden' })).id;
  ids.notYet = (await makeTicket(db(), teamId, yoga.id, { saleStart: inDays(1) })).id;
  ids.ended = (await makeTicket(db(), teamId, yoga.id, { saleEnd: inDays(-1) })).id;
  ids.pastDate = (await makeTicket(db(), teamId, yoga.id, { sessionId: past.id })).id;
  ids.dropIn = (await makeTicket(db(), teamId, yoga.id, { sessionId: next.id, priceMinor: 3000 })).id;

  const [level, styles, note] = await db()
    .insert(attributes)
    .values([
      { teamId, type: 'select', label: { de: 'Niveau', en: 'Level' }, options: [{ value: 'easy', label: { de: 'Leicht', en: 'Easy' } }] },
      {
        teamId,
        type: 'multiselect',
        label: { de: 'Stil', en: 'Style' },
        options: [
          { value: 'hatha', label: { de: 'Hatha', en: 'Hatha' } },
          { value: 'yin', label: { de: 'Yin', en: 'Yin' } },
        ],
      },
      { teamId, type: 'text', label: { de: 'Hinweis', en: 'Note' } },
    ])
    .returning();
  await db()
    .insert(activityAttributeValues)
    .values([
      { teamId, activityId: yoga.id, attributeId: level!.id, value: 'easy' },
      { teamId, activityId: yoga.id, attributeId: styles!.id, value: ['yin', 'hatha'] },
      { teamId, activityId: yoga.id, attributeId: note!.id, value: 'Matte mitbringen' },
    ]);
});
afterAll(() => t.close());

describe('public read model', () => {
  it('lists published activities with upcoming dates only, soonest first, without a login', async () => {
    const res = await list();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data.map((a: { name: string }) => a.name)).toEqual(['Yoga', 'Konzert']);
    expect(body.meta).toMatchObject({ total: 2, current_page: 1 });
  });

  it('shows dates, public tickets on sale with live availability, location, image and attributes', async () => {
    const yogaItem = (await list('?lang=en')).json().data[0];
    expect(yogaItem).toMatchObject({
      id: yoga.id,
      kind: 'course',
      name: 'Yoga class',
      description: 'Gentle',
      type_set: { id: yoga.typeSetId, name: 'Course' },
      location: { id: locationId, name: 'Central studio', city: 'Zürich', postal_code: '8001', country: 'CH' },
      header_image: {
        list_url: expect.stringMatching(/^\/media\/abc123\/list/),
        detail_url: expect.stringMatching(/^\/media\/abc123\/detail/),
      },
    });
    expect(yogaItem.sessions.map((s: { id: number }) => s.id)[0]).toBe(ids.next);
    expect(yogaItem.sessions).toHaveLength(2);
    expect(yogaItem.sessions[0].starts_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00:00\+0[12]:00$/);
    expect(yogaItem.next_session_at).toBe(yogaItem.sessions[0].starts_at);
    expect(yogaItem.tickets.map((x: { id: number }) => x.id).sort()).toEqual([visible.id, ids.dropIn].sort());
    expect(yogaItem.tickets.find((x: { id: number }) => x.id === visible.id)).toEqual({
      id: visible.id,
      session_id: null,
      name: 'Regular',
      description: '',
      price: 12.5,
      price_minor: 1250,
      currency: 'CHF',
      tax_rate: 8.1,
      min_per_order: 1,
      max_per_order: null,
      stock_available: 5,
      sale_end: null,
    });
    expect(yogaItem.attributes).toEqual([
      expect.objectContaining({ label: 'Level', type: 'select', value: 'easy', value_label: 'Easy' }),
      expect.objectContaining({ label: 'Style', type: 'multiselect', value: ['yin', 'hatha'], value_label: ['Yin', 'Hatha'] }),
      expect.objectContaining({ label: 'Note', type: 'text', value: 'Matte mitbringen', value_label: null }),
    ]);
    expect(JSON.stringify(yogaItem)).not.toMatch(/sold|stock"|reserved|team_id/);
  });

  it('filters by type set, location and date range (days in the team zone)', async () => {
    const names = async (q: string) => (await list(q)).json().data.map((a: { name: string }) => a.name);
    expect(await names(`?type_set_id=${yoga.typeSetId}`)).toEqual(['Yoga']);
    expect(await names(`?location_id=${locationId}`)).toEqual(['Yoga']);
    const day = (d: Date) => d.toISOString().slice(0, 10);
    expect(await names(`?from=${day(inDays(15))}&to=${day(inDays(25))}`)).toEqual(['Konzert']);
    const inRange = (await list(`?from=${day(inDays(8))}&to=${day(inDays(10))}`)).json().data;
    expect(inRange.map((a: { name: string }) => a.name)).toEqual(['Yoga']);
    expect(inRange[0].sessions).toHaveLength(1);
    expect((await list('?type_set_id=abc&from=yesterday&page=-1')).statusCode).toBe(200);
  });

  it('pages with the contract list shape and a real total past the end', async () => {
    const first = (await list('?perPage=1')).json();
    expect(first.meta).toMatchObject({ total: 2, last_page: 2, per_page: 1 });
    expect(first.links.next).toContain('page=2');
    const beyond = (await list('?perPage=1&page=5')).json();
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.total).toBe(2);
  });

  it('shows one published activity with every upcoming date (fr missing: English, per the contract)', async () => {
    const res = await anon().get(`/api/public/teams/${teamId}/activities/${yoga.id}?lang=fr`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: yoga.id, name: 'Yoga class', sessions: [{ id: ids.next }, {}] });
  });

  it('answers 404 for a draft or archived activity, another team’s activity and an unknown team', async () => {
    const other = (await createUserWithTeam(db())).team.id;
    const theirs = await makeActivity(db(), other);
    await makeSession(db(), other, theirs.id, inDays(3));
    const archived = (await db().select().from(activities).where(eq(activities.status, 'archived')))[0]!;
    for (const path of [
      `/api/public/teams/${teamId}/activities/${draftId}`,
      `/api/public/teams/${teamId}/activities/${archived.id}`,
      `/api/public/teams/${teamId}/activities/${theirs.id}`,
      `/api/public/teams/${other}/activities/${yoga.id}`,
      `/api/public/teams/999999/activities/${yoga.id}`,
      `/api/public/teams/999999/activities`,
      `/api/public/teams/abc/activities`,
    ]) {
      const res = await anon().get(path);
      expect([404, 422], path).toContain(res.statusCode);
      expect(res.body).not.toContain('Entwurf');
    }
    expect((await anon().get(`/api/public/teams/${teamId}/activities/${draftId}`)).statusCode).toBe(404);
    expect((await anon().get(`/api/public/teams/${other}/activities/${yoga.id}`)).statusCode).toBe(404);
    expect((await list()).body).not.toContain(String(theirs.name.de));
  });

  it('costs the same small number of queries for a page of 2 and a page of 12', async () => {
    const other = (await createUserWithTeam(db())).team.id;
    for (let i = 0; i < 12; i++) {
      const a = await makeActivity(db(), other, { name: { de: `Kurs ${i}` } });
      const s = await makeSession(db(), other, a.id, inDays(i + 1));
      await makeSession(db(), other, a.id, inDays(i + 2));
      await makeTicket(db(), other, a.id);
      await makeTicket(db(), other, a.id, { sessionId: s.id });
    }
    const client = (db() as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
    const original = client.query;
    let queries = 0;
    client.query = function (this: unknown, ...args: unknown[]) {
      queries++;
      return original.apply(this, args);
    };
    const count = async (perPage: number) => {
      queries = 0;
      const res = await anon().get(`/api/public/teams/${other}/activities?perPage=${perPage}`);
      expect(res.json().data).toHaveLength(perPage);
      return queries;
    };
    try {
      const small = await count(2);
      const large = await count(12);
      expect(small).toBeGreaterThan(0);
      expect(large).toBe(small);
      expect(large).toBeLessThanOrEqual(5);
    } finally {
      client.query = original;
    }
  });
});
