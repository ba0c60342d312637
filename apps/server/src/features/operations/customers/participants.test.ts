import { toZonedIso, type ParticipantRow } from '@bookla/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client.ts';
import { activityInstructors, bookingFields, orderParticipants, orders } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { inDays, makeActivity, makeSession, makeTicket, owner, staff, type Staff } from '../../../test/factories.ts';
import { makeOrder } from '../../../test/selling-factories.ts';

let t: TestApp;
let app: FastifyInstance;
let db: Db;
let a: Staff;
let teacher: Staff;
let yoga: number;
let pottery: number;
let monday: number;
let mondayStart: Date;
let tuesday: number;
let dietField: number;
let mealField: number;
let newsField: number;
let addressField: number;

const list = async (s: Staff, query = '') => {
  const res = await s.client.get(`/api/customers/participants?perPage=100${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: ParticipantRow[]; meta: { total: number } };
};
const names = (rows: ParticipantRow[]) => rows.map((r) => `${r.firstname} ${r.lastname}`).sort();

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  db = app.deps.db;
  a = await owner(app);
  teacher = await staff(app, a.team, 'instructor');
  yoga = (await makeActivity(db, a.team.id, { name: { de: 'Yoga DE', en: 'Yoga' } })).id;
  pottery = (await makeActivity(db, a.team.id, { name: { de: 'Töpfern', en: 'Pottery' } })).id;
  await db.insert(activityInstructors).values({ teamId: a.team.id, activityId: yoga, userId: teacher.user.id });
  mondayStart = inDays(3, 8);
  monday = (await makeSession(db, a.team.id, yoga, mondayStart)).id;
  tuesday = (await makeSession(db, a.team.id, yoga, inDays(4, 8))).id;
  const mondayTicket = (await makeTicket(db, a.team.id, yoga, { sessionId: monday, stock: 50 })).id;
  const tuesdayTicket = (await makeTicket(db, a.team.id, yoga, { sessionId: tuesday, stock: 50 })).id;
  const yogaSeries = (await makeTicket(db, a.team.id, yoga, { name: { de: 'Abo', en: 'Series' }, stock: 50 })).id;
  const potteryTicket = (await makeTicket(db, a.team.id, pottery, { stock: 50 })).id;

  const field = async (values: Partial<typeof bookingFields.$inferInsert> & Pick<typeof bookingFields.$inferInsert, 'type' | 'label'>) =>
    (
      await db
        .insert(bookingFields)
        .values({ teamId: a.team.id, ...values })
        .returning()
    )[0]!.id;
  dietField = await field({
    type: 'select',
    label: { de: 'Ernährung', en: 'Diet' },
    options: [
      { value: 'veg', label: { de: 'Vegetarisch', en: 'Vegetarian' } },
      { value: 'all', label: { de: 'Alles', en: 'Everything' } },
    ],
    sort: 1,
  });
  mealField = await field({ type: 'checkbox', label: { de: 'Mittagessen', en: 'Lunch' }, sort: 2 });
  newsField = await field({ type: 'text', label: { de: 'Bemerkung', en: 'Remark' }, scope: 'order', sort: 3 });
  addressField = await field({ type: 'address', label: { de: 'Adresse', en: 'Address' }, sort: 4 });

  const lea = await makeOrder(db, a.team.id, {
    ticketId: mondayTicket,
    participants: [{ firstname: 'Lea', lastname: 'Keller', email: 'lea@example.com' }],
    email: 'buyer@example.com',
  });
  await db
    .update(orderParticipants)
    .set({
      answers: {
        [dietField]: 'veg',
        [mealField]: true,
        [addressField]: { street: 'Weg 1', postal_code: '7000', city: 'Chur', country: 'CH' },
        '999999': 'stale',
      },
      checkedInAt: new Date('2026-06-01T08:05:00Z'),
    })
    .where(eq(orderParticipants.id, lea.participants[0]!.id));
  await db
    .update(orders)
    .set({ answers: { [newsField]: 'Window seat' } })
    .where(eq(orders.id, lea.order.id));
  await makeOrder(db, a.team.id, { ticketId: tuesdayTicket, participants: [{ firstname: 'Tom', lastname: 'Tuesday' }] });
  await makeOrder(db, a.team.id, { ticketId: yogaSeries, participants: [{ firstname: 'Sara', lastname: 'Series' }] });
  await makeOrder(db, a.team.id, {
    ticketId: mondayTicket,
    paymentStatus: 'waiting',
    participants: [{ firstname: 'Uma', lastname: 'Unpaid' }],
  });
  await makeOrder(db, a.team.id, {
    ticketId: mondayTicket,
    paymentStatus: 'cancelled',
    participants: [{ firstname: 'Cleo', lastname: 'Cancelled' }],
  });
  await makeOrder(db, a.team.id, {
    ticketId: potteryTicket,
    participants: [
      { firstname: 'Paul', lastname: 'Potter' },
      { firstname: 'Pia', lastname: 'Potter' },
    ],
  });
  // Another company's participant.
  const other = await owner(app);
  const o = await makeActivity(db, other.team.id);
  await makeOrder(db, other.team.id, {
    ticketId: (await makeTicket(db, other.team.id, o.id)).id,
    participants: [{ firstname: 'Otto', lastname: 'Other' }],
  });
});
afterAll(() => t.close());

describe('GET /api/customers/participants', () => {
  it('lists every participant of the company with order, ticket, payment and check-in status; newest first', async () => {
    const { data, meta } = await list(a, '&language=en');
    expect(meta.total).toBe(7);
    expect(names(data)).toEqual(['Cleo Cancelled', 'Lea Keller', 'Paul Potter', 'Pia Potter', 'Sara Series', 'Tom Tuesday', 'Uma Unpaid']);
    expect(data.map((r) => r.id)).toEqual([...data.map((r) => r.id)].sort((x, y) => y - x));
    const lea = data.find((r) => r.firstname === 'Lea')!;
    expect(lea).toMatchObject({
      email: 'lea@example.com',
      buyer_name: 'Anna Muster',
      buyer_email: 'buyer@example.com',
      activity_id: yoga,
      activity_name: 'Yoga',
      session_id: monday,
      ticket_name: 'Admission',
      payment_status: 'paid',
      checked_in_at: '2026-06-01T10:05:00+02:00',
    });
    expect(lea.session_starts_at).toBe(toZonedIso(mondayStart, 'Europe/Zurich'));
    expect(data.find((r) => r.firstname === 'Sara')).toMatchObject({
      session_id: null,
      session_starts_at: null,
      ticket_name: 'Series',
      checked_in_at: null,
    });
  });

  it('shows the booking answers with the fields’ labels and options in the request language', async () => {
    const en = (await list(a, '&language=en&columnFilters[search]=lea')).data;
    expect(en).toHaveLength(1);
    expect(en[0]!.answers).toEqual([
      { field_id: dietField, label: 'Diet', value: 'Vegetarian', scope: 'participant' },
      { field_id: mealField, label: 'Lunch', value: 'Yes', scope: 'participant' },
      { field_id: addressField, label: 'Address', value: 'Weg 1, 7000 Chur, CH', scope: 'participant' },
      // A field deleted since keeps its answer, with a generic label.
      { field_id: 999999, label: 'Field 999999', value: 'stale', scope: 'participant' },
      { field_id: newsField, label: 'Remark', value: 'Window seat', scope: 'order' },
    ]);
    const de = (await list(a, '&language=de&columnFilters[search]=lea')).data;
    expect(de[0]!.answers.slice(0, 2).map((x) => `${x.label}: ${x.value}`)).toEqual(['Ernährung: Vegetarisch', 'Mittagessen: Ja']);
    expect(de[0]!.activity_name).toBe('Yoga DE');
  });

  it('filters by activity, date (with the activity’s tickets for every date), payment status, check-in and search', async () => {
    expect(names((await list(a, `&columnFilters[activity_id]=${pottery}`)).data)).toEqual(['Paul Potter', 'Pia Potter']);
    // Monday: its drop-in tickets (Lea, Uma, Cleo) and the series ticket (Sara), not Tuesday's.
    expect(names((await list(a, `&columnFilters[session_id]=${monday}`)).data)).toEqual([
      'Cleo Cancelled',
      'Lea Keller',
      'Sara Series',
      'Uma Unpaid',
    ]);
    expect(names((await list(a, `&columnFilters[session_id]=${monday}&columnFilters[status]=paid`)).data)).toEqual([
      'Lea Keller',
      'Sara Series',
    ]);
    expect(names((await list(a, '&columnFilters[status]=unpaid')).data)).toEqual(['Uma Unpaid']);
    expect(names((await list(a, '&columnFilters[status]=cancelled')).data)).toEqual(['Cleo Cancelled']);
    expect(names((await list(a, '&columnFilters[checked_in]=1')).data)).toEqual(['Lea Keller']);
    expect((await list(a, '&columnFilters[checked_in]=0')).meta.total).toBe(6);
    expect(names((await list(a, '&columnFilters[search]=buyer@example')).data)).toEqual(['Lea Keller']);
    const sorted = (await list(a, '&sort[field]=lastname&sort[type]=asc')).data.map((r) => r.lastname);
    expect(sorted).toEqual(['Cancelled', 'Keller', 'Potter', 'Potter', 'Series', 'Tuesday', 'Unpaid']);
    const bad = await a.client.get('/api/customers/participants?columnFilters[status]=maybe&columnFilters[session_id]=-1&language=en');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['columnFilters.session_id', 'columnFilters.status']);
  });

  it('shows an instructor the participants of the activities they teach only, whatever the filters', async () => {
    const mine = await list(teacher);
    expect(names(mine.data)).toEqual(['Cleo Cancelled', 'Lea Keller', 'Sara Series', 'Tom Tuesday', 'Uma Unpaid']);
    expect(mine.data.every((r) => r.activity_id === yoga)).toBe(true);
    // Asking for the pottery course by id shows nothing, not its participants.
    expect((await list(teacher, `&columnFilters[activity_id]=${pottery}`)).meta.total).toBe(0);
    expect((await list(teacher, '&columnFilters[search]=potter')).meta.total).toBe(0);
    // Assigned to pottery as well, the instructor sees those participants too.
    await db.insert(activityInstructors).values({ teamId: a.team.id, activityId: pottery, userId: teacher.user.id });
    try {
      expect((await list(teacher, `&columnFilters[activity_id]=${pottery}`)).meta.total).toBe(2);
    } finally {
      await db.delete(activityInstructors).where(eq(activityInstructors.activityId, pottery));
    }
  });

  it('offers the viewer’s activities and the chosen activity’s dates as filters', async () => {
    const all = await a.client.get(`/api/customers/participants/filters?activity_id=${yoga}&language=en`);
    expect(all.statusCode, all.body).toBe(200);
    expect(
      all
        .json()
        .data.activities.map((x: { name: string }) => x.name)
        .sort(),
    ).toEqual(['Pottery', 'Yoga']);
    expect(all.json().data.sessions.map((s: { id: number }) => s.id)).toEqual([monday, tuesday]);
    const mine = await teacher.client.get(`/api/customers/participants/filters?activity_id=${pottery}&language=en`);
    expect(mine.json().data).toEqual({ activities: [{ id: yoga, name: 'Yoga' }], sessions: [] });
    expect((await a.client.get('/api/customers/participants/filters?activity_id=abc')).json().data.sessions).toEqual([]);
  });

  it('is for nav.customers.participant: owners, editors and instructors; another company sees none of it', async () => {
    const editor = await staff(app, a.team, 'editor');
    expect((await list(editor)).meta.total).toBe(7);
    const b = await owner(app);
    const theirs = await list(b, `&columnFilters[activity_id]=${yoga}`);
    expect(theirs.meta.total).toBe(0);
    expect((await list(b)).data.map((r) => r.firstname)).toEqual([]);
    const anon = await app.inject({ method: 'GET', url: '/api/customers/participants' });
    expect(anon.statusCode).toBe(401);
  });
});
