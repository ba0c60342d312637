import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activities,
  activityAttributeValues,
  activityFields,
  activityProducts,
  attributes,
  bookingFields,
  locations,
  products,
  teamSellingSettings,
  typeSetFields,
} from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { createUserWithTeam, inDays, makeActivity, makeSession, makeTicket } from '../../../test/factories.ts';

/**
 * What the shop needs beyond dates and tickets: products offered with an activity, the booking
 * fields asked at checkout, and the filters (type sets, locations, filterable attributes) with
 * the `attr[<id>]=<value>` filter of the list.
 */

let t: TestApp;
let teamId: number;
let otherTeamId: number;
const db = () => t.app.deps.db;
const anon = () => new TestClient(t.app);
const ids: Record<string, number> = {};
let yoga: { id: number; typeSetId: number };
let concert: { id: number; typeSetId: number };
let draft: { id: number; typeSetId: number };

const names = async (query: string) => {
  const res = await anon().get(`/api/public/teams/${teamId}/activities${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((a: { name: string }) => a.name);
};

beforeAll(async () => {
  t = await buildTestApp();
  teamId = (await createUserWithTeam(db())).team.id;
  otherTeamId = (await createUserWithTeam(db())).team.id;
  // Paid tickets and products are offered only with a way to pay them (issue 22 item 2).
  await db().insert(teamSellingSettings).values({ teamId, testModeEnabled: true });
  const [central, unused] = await db()
    .insert(locations)
    .values([
      { teamId, name: { de: 'Studio Mitte', en: 'Central studio' }, postalCode: '8001', city: 'Zürich', country: 'CH' },
      { teamId, name: { de: 'Nur Entwurf' }, postalCode: '3000', city: 'Bern', country: 'CH' },
    ])
    .returning();
  ids.central = central!.id;
  yoga = await makeActivity(db(), teamId, { name: { de: 'Yoga', en: 'Yoga class' }, locationId: central!.id });
  concert = await makeActivity(db(), teamId, { kind: 'event', name: { de: 'Konzert', en: 'Concert' } });
  draft = await makeActivity(db(), teamId, { status: 'draft', name: { de: 'Entwurf' }, locationId: unused!.id });
  for (const a of [yoga, concert, draft]) await makeSession(db(), teamId, a.id, inDays(a === yoga ? 2 : 5));
  ids.ticket = (await makeTicket(db(), teamId, yoga.id, { priceMinor: 2000 })).id;
  await makeTicket(db(), teamId, concert.id);

  // Products: an active one with stock, an unlimited one, an inactive one, and another team's.
  const [mat, tea, gone] = await db()
    .insert(products)
    .values([
      {
        teamId,
        name: { de: 'Matte', en: 'Mat' },
        priceMinor: 500,
        currency: 'CHF',
        taxRateBp: 810,
        stock: 5,
        sold: 2,
        scope: 'participant',
        maxPerOrder: 3,
      },
      { teamId, name: { de: 'Tee', en: 'Tea' }, description: { en: 'Hot' }, priceMinor: 350, currency: 'CHF', minPerOrder: 0 },
      { teamId, name: { de: 'Alt' }, priceMinor: 100, currency: 'CHF', active: false },
    ])
    .returning();
  const [foreign] = await db()
    .insert(products)
    .values({ teamId: otherTeamId, name: { de: 'Fremd' }, priceMinor: 100, currency: 'CHF' })
    .returning();
  ids.mat = mat!.id;
  ids.tea = tea!.id;
  await db()
    .insert(activityProducts)
    .values([
      { teamId, activityId: yoga.id, productId: tea!.id, sort: 1 },
      { teamId, activityId: yoga.id, productId: mat!.id, ticketIds: [ids.ticket], sort: 0 },
      { teamId, activityId: yoga.id, productId: gone!.id, sort: 2 },
      { teamId, activityId: yoga.id, productId: foreign!.id, sort: 3 },
    ]);

  // Booking fields: two of the type set (in its order), two extra of the activity (one also in the type set).
  const [diet, phone, shirt, level] = await db()
    .insert(bookingFields)
    .values([
      {
        teamId,
        type: 'select',
        label: { de: 'Ernährung', en: 'Diet' },
        help: { en: 'For the lunch' },
        options: [
          { value: 'veg', label: { de: 'Vegetarisch', en: 'Vegetarian' } },
          { value: 'all', label: { de: 'Alles', en: 'Anything' } },
        ],
        scope: 'participant',
        required: true,
      },
      { teamId, type: 'phone', label: { de: 'Telefon', en: 'Phone' }, scope: 'order' },
      { teamId, type: 'text', label: { de: 'T-Shirt-Grösse', en: 'Shirt size' }, scope: 'participant' },
      { teamId, type: 'checkbox', label: { de: 'Anfänger', en: 'Beginner' }, scope: 'participant' },
    ])
    .returning();
  ids.diet = diet!.id;
  ids.phone = phone!.id;
  ids.shirt = shirt!.id;
  ids.level = level!.id;
  await db()
    .update(bookingFields)
    .set({ visibleIf: { field_id: diet!.id, values: ['veg'] } })
    .where(eq(bookingFields.id, shirt!.id));
  await db()
    .insert(typeSetFields)
    .values([
      { teamId, typeSetId: yoga.typeSetId, fieldId: diet!.id, sort: 1 },
      { teamId, typeSetId: yoga.typeSetId, fieldId: phone!.id, sort: 0 },
    ]);
  await db()
    .insert(activityFields)
    .values([
      { teamId, activityId: yoga.id, fieldId: level!.id, sort: 1 },
      { teamId, activityId: yoga.id, fieldId: shirt!.id, sort: 0 },
      { teamId, activityId: yoga.id, fieldId: diet!.id, sort: 2 },
    ]);

  // Attributes: filterable select, multiselect, boolean and number; a text one not filterable;
  // a filterable one only the draft uses.
  const [levelAttr, styleAttr, indoorAttr, minutesAttr, noteAttr, draftAttr] = await db()
    .insert(attributes)
    .values([
      {
        teamId,
        type: 'select',
        label: { de: 'Niveau', en: 'Level' },
        filterable: true,
        sort: 0,
        options: [
          { value: 'easy', label: { de: 'Leicht', en: 'Easy' } },
          { value: 'hard', label: { de: 'Schwer', en: 'Hard' } },
          { value: 'mid', label: { de: 'Mittel', en: 'Medium' } },
        ],
      },
      {
        teamId,
        type: 'multiselect',
        label: { de: 'Stil', en: 'Style' },
        filterable: true,
        sort: 1,
        options: [
          { value: 'hatha', label: { de: 'Hatha', en: 'Hatha' } },
          { value: 'yin', label: { de: 'Yin', en: 'Yin' } },
        ],
      },
      { teamId, type: 'boolean', label: { de: 'Drinnen', en: 'Indoor' }, filterable: true, sort: 2 },
      { teamId, type: 'number', label: { de: 'Minuten', en: 'Minutes' }, filterable: true, sort: 3 },
      { teamId, type: 'text', label: { de: 'Hinweis', en: 'Note' }, sort: 4 },
      { teamId, type: 'text', label: { de: 'Geheim', en: 'Secret' }, filterable: true, sort: 5 },
    ])
    .returning();
  ids.levelAttr = levelAttr!.id;
  ids.styleAttr = styleAttr!.id;
  ids.indoorAttr = indoorAttr!.id;
  ids.minutesAttr = minutesAttr!.id;
  await db()
    .insert(activityAttributeValues)
    .values([
      { teamId, activityId: yoga.id, attributeId: levelAttr!.id, value: 'easy' },
      { teamId, activityId: concert.id, attributeId: levelAttr!.id, value: 'hard' },
      { teamId, activityId: yoga.id, attributeId: styleAttr!.id, value: ['yin', 'hatha'] },
      { teamId, activityId: yoga.id, attributeId: indoorAttr!.id, value: true },
      { teamId, activityId: concert.id, attributeId: indoorAttr!.id, value: false },
      { teamId, activityId: yoga.id, attributeId: minutesAttr!.id, value: 120 },
      { teamId, activityId: concert.id, attributeId: minutesAttr!.id, value: 90 },
      { teamId, activityId: yoga.id, attributeId: noteAttr!.id, value: 'Matte mitbringen' },
      { teamId, activityId: draft.id, attributeId: draftAttr!.id, value: 'Entwurfswert' },
    ]);
});
afterAll(() => t.close());

describe('products and booking fields of public activities', () => {
  it('lists the active products offered with the activity, with stock left and the tickets they go with', async () => {
    const res = await anon().get(`/api/public/teams/${teamId}/activities/${yoga.id}?lang=en`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.products).toEqual([
      {
        id: ids.mat,
        name: 'Mat',
        description: '',
        price: 5,
        price_minor: 500,
        currency: 'CHF',
        tax_rate: 8.1,
        scope: 'participant',
        min_per_order: 0,
        max_per_order: 3,
        stock_available: 3,
        ticket_ids: [ids.ticket],
      },
      expect.objectContaining({ id: ids.tea, name: 'Tea', description: 'Hot', price: 3.5, stock_available: null, ticket_ids: [] }),
    ]);
    // The list carries the same (one query per page all the same: see public.test.ts).
    const listed = (await anon().get(`/api/public/teams/${teamId}/activities?lang=en`)).json().data;
    expect(listed.find((a: { id: number }) => a.id === yoga.id).products.map((p: { id: number }) => p.id)).toEqual([ids.mat, ids.tea]);
    expect(listed.find((a: { id: number }) => a.id === concert.id).products).toEqual([]);
  });

  it('asks the type set’s fields in their order, then the activity’s own, each once, in the request language', async () => {
    const res = await anon().get(`/api/public/teams/${teamId}/activities/${yoga.id}?lang=en`);
    const fields = res.json().data.booking_fields;
    expect(fields.map((f: { id: number }) => f.id)).toEqual([ids.phone, ids.diet, ids.shirt, ids.level]);
    expect(fields[1]).toEqual({
      id: ids.diet,
      type: 'select',
      label: 'Diet',
      help: 'For the lunch',
      options: [
        { value: 'veg', label: 'Vegetarian' },
        { value: 'all', label: 'Anything' },
      ],
      scope: 'participant',
      required: true,
      visible_if: null,
    });
    expect(fields[2]).toMatchObject({ label: 'Shirt size', visible_if: { field_id: ids.diet, values: ['veg'] } });
    const de = (await anon().get(`/api/public/teams/${teamId}/activities/${yoga.id}?lang=de`)).json().data.booking_fields;
    expect(de[1].options[0].label).toBe('Vegetarisch');
    const concertFields = (await anon().get(`/api/public/teams/${teamId}/activities/${concert.id}`)).json().data.booking_fields;
    expect(concertFields).toEqual([]);
  });
});

describe('seats of public tickets', () => {
  it('counts a ticket’s seats within its activity’s capacity, as a checkout would (issue 22 item 3)', async () => {
    const course = await makeActivity(db(), teamId, { name: { de: 'Töpfern', en: 'Pottery' } });
    await makeSession(db(), teamId, course.id, inDays(3));
    await db().update(activities).set({ capacity: 5 }).where(eq(activities.id, course.id));
    const whole = await makeTicket(db(), teamId, course.id, { stock: 10, sold: 3 });
    const reduced = await makeTicket(db(), teamId, course.id, { stock: 10, priceMinor: 1500 });
    const seats = async (path: string) => {
      const res = await anon().get(`/api/public/teams/${teamId}/activities${path}?lang=en`);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      const a = Array.isArray(data) ? data.find((x: { id: number }) => x.id === course.id) : data;
      return a.tickets.map((x: { id: number; stock_available: number }) => [x.id, x.stock_available]);
    };
    // 5 places, 3 taken by the first ticket: each ticket offers the 2 left, not its own 7 or 10.
    expect(await seats(`/${course.id}`)).toEqual([
      [whole.id, 2],
      [reduced.id, 2],
    ]);
    expect(await seats('')).toEqual([
      [whole.id, 2],
      [reduced.id, 2],
    ]);
    // Without a capacity each ticket's own stock counts.
    await db().update(activities).set({ capacity: null }).where(eq(activities.id, course.id));
    expect(await seats(`/${course.id}`)).toEqual([
      [whole.id, 7],
      [reduced.id, 10],
    ]);
    await db().update(activities).set({ status: 'draft' }).where(eq(activities.id, course.id));
  });
});

describe('shop filters', () => {
  it('offers the type sets, locations and filterable attributes (with used values) of listed activities only', async () => {
    const res = await anon().get(`/api/public/teams/${teamId}/filters?lang=en`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.type_sets).toEqual([
      { id: yoga.typeSetId, name: 'Course' },
      { id: concert.typeSetId, name: 'Event' },
    ]);
    expect(data.locations).toEqual([{ id: ids.central, name: 'Central studio', city: 'Zürich' }]);
    expect(data.attributes).toEqual([
      {
        id: ids.levelAttr,
        name: 'Level',
        type: 'select',
        options: [
          { value: 'easy', label: 'Easy' },
          { value: 'hard', label: 'Hard' },
        ],
      },
      {
        id: ids.styleAttr,
        name: 'Style',
        type: 'multiselect',
        options: [
          { value: 'hatha', label: 'Hatha' },
          { value: 'yin', label: 'Yin' },
        ],
      },
      {
        id: ids.indoorAttr,
        name: 'Indoor',
        type: 'boolean',
        options: [
          { value: '1', label: 'Yes' },
          { value: '0', label: 'No' },
        ],
      },
      {
        id: ids.minutesAttr,
        name: 'Minutes',
        type: 'number',
        options: [
          { value: '90', label: '90' },
          { value: '120', label: '120' },
        ],
      },
    ]);
    expect(res.body).not.toMatch(/Entwurf|Bern|Secret|Note/);
    const de = (await anon().get(`/api/public/teams/${teamId}/filters?lang=de`)).json().data;
    expect(de.attributes[2].options).toEqual([
      { value: '1', label: 'Ja' },
      { value: '0', label: 'Nein' },
    ]);
  });

  it('keeps a team’s filters until its catalogue changes: public cache header, ETag and 304', async () => {
    const cache = t.app.deps.publicCache;
    await cache.versions.refresh();
    const read = async (headers: Record<string, string> = {}) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/public/teams/${otherTeamId}/filters?lang=en`, headers });
      expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=300');
      return res;
    };
    const first = await read();
    expect(first.statusCode).toBe(200);
    expect(first.json().data.type_sets).toEqual([]);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect((await read({ 'if-none-match': etag })).statusCode).toBe(304);
    const late = await makeActivity(db(), otherTeamId, { kind: 'event', name: { de: 'Spät' } });
    await makeSession(db(), otherTeamId, late.id, inDays(3));
    // Until the versions are read again, the kept answer (this instance has not seen the change).
    expect((await read({ 'if-none-match': etag })).statusCode).toBe(304);
    await cache.versions.refresh();
    const changed = await read({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().data.type_sets.map((x: { name: string }) => x.name)).toEqual(['Event']);
  });

  it('answers 404 for an unknown team and shows nothing of another team', async () => {
    expect((await anon().get('/api/public/teams/999999/filters')).statusCode).toBe(404);
    const other = await anon().get(`/api/public/teams/${otherTeamId}/filters`);
    expect(other.statusCode).toBe(200);
    expect(other.json().data).toMatchObject({ locations: [], attributes: [] });
    expect(other.body).not.toMatch(/Central|Level|Style/);
  });

  it('filters the list by attribute values (all must match), ignoring malformed pairs', async () => {
    expect(await names(`?attr[${ids.levelAttr}]=easy`)).toEqual(['Yoga']);
    expect(await names(`?attr[${ids.levelAttr}]=hard`)).toEqual(['Konzert']);
    expect(await names(`?attr[${ids.styleAttr}]=yin`)).toEqual(['Yoga']);
    expect(await names(`?attr[${ids.indoorAttr}]=1`)).toEqual(['Yoga']);
    expect(await names(`?attr[${ids.indoorAttr}]=0`)).toEqual(['Konzert']);
    expect(await names(`?attr[${ids.minutesAttr}]=90`)).toEqual(['Konzert']);
    expect(await names(`?attr[${ids.levelAttr}]=easy&attr[${ids.indoorAttr}]=1`)).toEqual(['Yoga']);
    expect(await names(`?attr[${ids.levelAttr}]=easy&attr[${ids.indoorAttr}]=0`)).toEqual([]);
    expect(await names(`?attr[${ids.levelAttr}]=mid`)).toEqual([]);
    // With the other filters, and a page past the end still reporting the real total.
    expect(await names(`?attr[${ids.levelAttr}]=easy&type_set_id=${yoga.typeSetId}&location_id=${ids.central}`)).toEqual(['Yoga']);
    const beyond = (await anon().get(`/api/public/teams/${teamId}/activities?attr[${ids.levelAttr}]=hard&page=3`)).json();
    expect(beyond).toMatchObject({ data: [], meta: { total: 1 } });
    expect(beyond.links.first).toContain(`attr%5B${ids.levelAttr}%5D=hard`);
    // Malformed or hostile pairs change nothing and never fail.
    for (const q of [
      '?attr[abc]=x',
      `?attr[${ids.levelAttr}]=`,
      '?attr[]=x',
      '?attr[99999999999]=x',
      '?attr=x',
      '?attr[__proto__]=x',
      `?attr[1][2]=x`,
    ]) {
      const res = await anon().get(`/api/public/teams/${teamId}/activities${q}`);
      expect(res.statusCode, q).toBe(200);
      expect(
        res.json().data.map((a: { name: string }) => a.name),
        q,
      ).toEqual(['Yoga', 'Konzert']);
    }
    const odd = await anon().get(`/api/public/teams/${teamId}/activities?attr[${ids.levelAttr}]=${encodeURIComponent("' OR 1=1 --")}`);
    expect(odd.statusCode).toBe(200);
    expect(odd.json().data).toEqual([]);
    // An unknown attribute id: nothing matches.
    expect(await names('?attr[999999]=easy')).toEqual([]);
  });
});
