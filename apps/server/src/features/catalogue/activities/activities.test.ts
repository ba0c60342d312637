import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  activities,
  activityAttributeValues,
  activityFields,
  activityInstructors,
  activityProducts,
  activitySessions,
  attributes,
  bookingFields,
  products,
  teamSellingSettings,
  tickets,
} from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { owner, staff, type Staff } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.app.deps.db;
const DAY = 86_400_000;

async function sets(s: Staff): Promise<{ id: number; kind: string }[]> {
  return (await s.client.get('/api/course/type_sets')).json().data;
}

async function course(s: Staff, name = 'Yoga', kind = 'course'): Promise<number> {
  const set = (await sets(s)).find((x) => x.kind === kind)!;
  const res = await s.client.post('/api/course/store', { type_set_id: set.id, name: { de: `${name} DE`, en: `${name} EN` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().course_id;
}

async function location(s: Staff, name = 'Halle'): Promise<number> {
  const res = await s.client.post('/api/course/locations', {
    name: { de: name, en: name },
    postal_code: '3000',
    city: 'Bern',
    country: 'CH',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

async function ticket(teamId: number, activityId: number, values: { sold?: number; stock?: number; sessionId?: number } = {}) {
  const [row] = await db()
    .insert(tickets)
    .values({ teamId, activityId, name: { de: 'Ticket' }, priceMinor: 2500, currency: 'CHF', stock: values.stock ?? 10, ...values })
    .returning();
  return row!;
}

/** The team takes payments (test mode on): paid tickets can be published (issue 22 item 2). */
async function takesPayments(teamId: number) {
  await db().insert(teamSellingSettings).values({ teamId, testModeEnabled: true }).onConflictDoNothing();
}

/** What publishing needs: a date ahead and a public ticket on sale (paid: with a payment method). */
async function ready(teamId: number, activityId: number) {
  const start = new Date(Date.now() + 7 * DAY);
  await db()
    .insert(activitySessions)
    .values({ teamId, activityId, startsAt: start, endsAt: new Date(start.getTime() + 3600_000) });
  await ticket(teamId, activityId);
  await takesPayments(teamId);
}

const put = (s: Staff, id: number, body: unknown, lang = 'en') => s.client.request('PUT', `/api/courses/${id}?language=${lang}`, body);

describe('GET /api/courses/:id', () => {
  it('answers the full record with instructors, attributes, zoned dates and can_edit', async () => {
    const a = await owner(t.app);
    const id = await course(a);
    const teacher = await staff(t.app, a.team, 'instructor', { email: `teacher-${id}@example.com` });
    const [attr] = await db()
      .insert(attributes)
      .values({ teamId: a.team.id, type: 'text', label: { de: 'Niveau' } })
      .returning();
    await db().insert(activityAttributeValues).values({ teamId: a.team.id, activityId: id, attributeId: attr!.id, value: 'Anfänger' });
    await db().insert(activityInstructors).values({ teamId: a.team.id, activityId: id, userId: teacher.user.id });
    await db()
      .update(activities)
      .set({ bookingOpensAt: new Date('2026-07-01T07:00:00Z'), createdAt: new Date('2026-01-10T12:00:00Z') })
      .where(eq(activities.id, id));

    const res = await a.client.get(`/api/courses/${id}?language=en`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      id,
      kind: 'course',
      status: 'draft',
      type_set: { id: expect.any(Number), name: 'Course' },
      parent_id: null,
      name: { de: 'Yoga DE', en: 'Yoga EN' },
      name_text: 'Yoga EN',
      description: {},
      location_id: null,
      instructor_ids: [teacher.user.id],
      header_image: null,
      booking_opens_at: '2026-07-01T09:00:00+02:00',
      booking_closes_minutes: 0,
      waiting_list: false,
      waiting_list_offer_hours: 24,
      cancel_free_hours: null,
      cancel_late_allowed: false,
      cancellation_policy: {},
      reservation_minutes: 15,
      capacity: null,
      hold_limit: null,
      attributes: [{ attribute_id: attr!.id, value: 'Anfänger' }],
      can_edit: true,
      published_at: null,
      created_at: '2026-01-10T13:00:00+01:00',
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0[12]:00$/),
      publish_checks: {
        upcoming_date: false,
        ticket_on_sale: false,
        payment_method: true,
        // No description yet: missing in both team languages (issue 22 item 11).
        missing_texts: [{ field: 'description', languages: ['de', 'en'] }],
      },
    });
    // Instructors may read, but not edit.
    const read = await teacher.client.get(`/api/courses/${id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.can_edit).toBe(false);
    expect((await a.client.get('/api/courses/999999')).statusCode).toBe(404);
    expect((await a.client.get('/api/courses/abc')).statusCode).toBe(422);
  });

  it('is not found for another company', async () => {
    const a = await owner(t.app);
    const b = await owner(t.app);
    const id = await course(a);
    expect((await b.client.get(`/api/courses/${id}`)).statusCode).toBe(404);
    expect((await b.client.request('PUT', `/api/courses/${id}`, { capacity: 3 })).statusCode).toBe(404);
    expect((await b.client.request('DELETE', `/api/courses/${id}`)).statusCode).toBe(404);
    const [row] = await db().select().from(activities).where(eq(activities.id, id));
    expect(row!.capacity).toBeNull();
  });
});

describe('PUT /api/courses/:id', () => {
  it('changes only the sent keys; long texts stay as written (an untranslated language stays empty)', async () => {
    const a = await owner(t.app);
    const id = await course(a);
    const place = await location(a);
    const member = await staff(t.app, a.team, 'editor');
    const res = await put(a, id, {
      description: { de: 'Ruhige Stunde', en: '' },
      location_id: place,
      instructor_ids: [member.user.id, a.user.id, member.user.id],
      booking_opens_at: '2026-03-29T19:00',
      booking_closes_minutes: 120,
      waiting_list: true,
      cancellation_policy: { en: 'Free until 24 h before' },
      reservation_minutes: 30,
      capacity: 12,
      hold_limit: 20,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('The activity has been saved.');
    expect(res.json().data).toMatchObject({
      name: { de: 'Yoga DE', en: 'Yoga EN' },
      // Not copied into English (issue 22 item 11): the publish check names what is left to translate.
      description: { de: 'Ruhige Stunde' },
      location_id: place,
      instructor_ids: [member.user.id, a.user.id],
      booking_opens_at: '2026-03-29T19:00:00+02:00',
      booking_closes_minutes: 120,
      waiting_list: true,
      cancellation_policy: { en: 'Free until 24 h before' },
      reservation_minutes: 30,
      capacity: 12,
      hold_limit: 20,
    });
    // A second, partial update leaves the rest alone; null clears.
    const again = await put(a, id, { capacity: null, hold_limit: null, name: { de: 'Yin Yoga', en: 'Yin yoga' } });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({
      name: { de: 'Yin Yoga', en: 'Yin yoga' },
      capacity: null,
      hold_limit: null,
      location_id: place,
      instructor_ids: [member.user.id, a.user.id],
      reservation_minutes: 30,
    });
    // A reload (GET) shows the saved location, so the edit form's select keeps it.
    const reloaded = await a.client.get(`/api/courses/${id}`);
    expect(reloaded.json().data).toMatchObject({ location_id: place });
    const cleared = await put(a, id, { instructor_ids: [], location_id: null, booking_opens_at: null });
    expect(cleared.json().data).toMatchObject({ instructor_ids: [], location_id: null, booking_opens_at: null });
  });

  it('requires the name in every company language when sent, in the request language', async () => {
    const a = await owner(t.app);
    const id = await course(a);
    const en = await put(a, id, { name: { de: 'Nur Deutsch', en: ' ' } });
    expect(en.statusCode).toBe(422);
    expect(en.json().errors).toEqual({ 'name.en': ['This field is required.'] });
    const de = await put(a, id, { name: { de: '', en: 'Only English' } }, 'de');
    expect(de.json().errors).toEqual({ 'name.de': ['Dieses Feld ist erforderlich.'] });
    const [row] = await db().select().from(activities).where(eq(activities.id, id));
    expect(row!.name).toEqual({ de: 'Yoga DE', en: 'Yoga EN' });
  });

  it('refuses references outside the company and bad values, all at once', async () => {
    const a = await owner(t.app);
    const b = await owner(t.app);
    const id = await course(a);
    const bSet = (await sets(b))[0]!.id;
    const bPlace = await location(b);
    const bActivity = await course(b);
    const res = await put(a, id, {
      type_set_id: bSet,
      location_id: bPlace,
      instructor_ids: [a.user.id, b.user.id],
      parent_id: bActivity,
      booking_opens_at: '2026-02-30T10:00',
      reservation_minutes: 0,
      capacity: -1,
      hold_limit: 0,
      status: 'deleted',
      waiting_list: 'maybe',
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['capacity', 'hold_limit', 'reservation_minutes', 'status', 'waiting_list']);
    const refs = await put(a, id, {
      type_set_id: bSet,
      location_id: bPlace,
      instructor_ids: [a.user.id, b.user.id],
      parent_id: bActivity,
      booking_opens_at: '2026-02-30T10:00',
    });
    expect(refs.statusCode).toBe(422);
    expect(refs.json().errors).toEqual({
      type_set_id: ['This type set does not exist in your company.'],
      location_id: ['This location does not exist in your company.'],
      'instructor_ids.1': ['This person is not a member of your company.'],
      parent_id: ['This activity does not exist in your company.'],
      booking_opens_at: ['Please enter a valid date.'],
    });
    const [row] = await db().select().from(activities).where(eq(activities.id, id));
    expect(row).toMatchObject({ locationId: null, parentId: null, bookingOpensAt: null });
  });

  it('moves to another type set (taking its kind) and refuses parent cycles', async () => {
    const a = await owner(t.app);
    const top = await course(a, 'Top');
    const middle = await course(a, 'Middle');
    const leaf = await course(a, 'Leaf');
    const event = (await sets(a)).find((s) => s.kind === 'event')!;
    const moved = await put(a, leaf, { type_set_id: event.id });
    expect(moved.json().data).toMatchObject({ kind: 'event', type_set: { id: event.id, name: 'Event' } });
    expect((await put(a, middle, { parent_id: top })).statusCode).toBe(200);
    expect((await put(a, leaf, { parent_id: middle })).json().data.parent_id).toBe(middle);
    expect((await put(a, leaf, { parent_id: leaf })).json().errors).toEqual({ parent_id: ['An activity cannot be its own parent.'] });
    const cycle = await put(a, top, { parent_id: leaf });
    expect(cycle.statusCode).toBe(422);
    expect(cycle.json().errors.parent_id).toEqual([
      'This activity is already below the chosen one; please choose another parent activity.',
    ]);
    expect((await put(a, middle, { parent_id: null })).json().data.parent_id).toBeNull();
  });

  it('publishes once (published_at stays), drafts and archives', async () => {
    const a = await owner(t.app);
    const id = await course(a);
    await ready(a.team.id, id);
    const first = await put(a, id, { status: 'published' });
    const publishedAt = first.json().data.published_at;
    expect(publishedAt).toMatch(/\+0[12]:00$/);
    expect((await put(a, id, { status: 'draft' })).json().data).toMatchObject({ status: 'draft', published_at: publishedAt });
    expect((await put(a, id, { status: 'published' })).json().data.published_at).toBe(publishedAt);
    expect((await put(a, id, { status: 'archived' })).json().data.status).toBe('archived');
  });
});

describe('texts a visitor would read untranslated (issue 22 item 11)', () => {
  it('warns, without blocking, where the description or a written policy is empty or copied from another language', async () => {
    const a = await owner(t.app);
    const id = await course(a);
    const checks = async () => (await a.client.get(`/api/courses/${id}`)).json().data.publish_checks.missing_texts;
    // Saved in German only: English stays empty (the shop shows the German text meanwhile).
    expect((await put(a, id, { description: { de: 'Sanftes Yoga.' } })).statusCode).toBe(200);
    expect(await checks()).toEqual([{ field: 'description', languages: ['en'] }]);
    // Translated: no warning; a policy written in English only names German.
    await put(a, id, { description: { de: 'Sanftes Yoga.', en: 'Gentle yoga.' }, cancellation_policy: { en: 'Free until 24 h before.' } });
    expect(await checks()).toEqual([{ field: 'cancellation_policy', languages: ['de'] }]);
    expect((await a.client.get(`/api/courses/${id}`)).json().data.cancellation_policy).toEqual({ en: 'Free until 24 h before.' });
    await put(a, id, { cancellation_policy: { de: 'Gratis bis 24 h vorher.', en: 'Free until 24 h before.' } });
    expect(await checks()).toEqual([]);
    // A warning is no condition: the activity publishes once it is ready.
    await put(a, id, { description: { de: 'Sanftes Yoga.', en: '' } });
    await ready(a.team.id, id);
    const published = await put(a, id, { status: 'published' });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data.publish_checks.missing_texts).toEqual([{ field: 'description', languages: ['en'] }]);
  });
});

describe('publishing safeguards', () => {
  it('refuses to publish without an upcoming date or a ticket on sale (422 with the reasons), shows the checklist', async () => {
    const a = await owner(t.app);
    const id = await course(a);
    const teamId = a.team.id;
    await takesPayments(teamId);
    const detail = async () => (await a.client.get(`/api/courses/${id}`)).json().data;
    expect((await detail()).publish_checks).toMatchObject({ upcoming_date: false, ticket_on_sale: false, payment_method: true });
    const bare = await put(a, id, { status: 'published' });
    expect(bare.statusCode).toBe(422);
    expect(bare.json()).toMatchObject({
      message: 'An activity needs at least one upcoming date, one ticket on sale and, for paid tickets, a payment method to be published.',
      errors: {
        status: ['Add at least one upcoming date before publishing.', 'Add at least one public ticket on sale before publishing.'],
      },
    });
    // A past date, a hidden ticket and one whose sale ended do not count.
    await db()
      .insert(activitySessions)
      .values({ teamId, activityId: id, startsAt: new Date(Date.now() - DAY), endsAt: new Date(Date.now() - DAY + 3600_000) });
    await db()
      .insert(tickets)
      .values([
        { teamId, activityId: id, name: { de: 'Intern' }, priceMinor: 0, currency: 'CHF', stock: 5, visibility: 'hidden' },
        { teamId, activityId: id, name: { de: 'Vorbei' }, priceMinor: 0, currency: 'CHF', stock: 5, saleEnd: new Date(Date.now() - 1000) },
      ]);
    const de = await put(a, id, { status: 'published', capacity: 3 }, 'de');
    expect(de.json().errors).toEqual({
      status: [
        'Fügen Sie vor dem Veröffentlichen mindestens einen kommenden Termin hinzu.',
        'Fügen Sie vor dem Veröffentlichen mindestens ein öffentliches Ticket im Verkauf hinzu.',
      ],
    });
    const soon = new Date(Date.now() + 2 * DAY);
    const [session] = await db()
      .insert(activitySessions)
      .values({ teamId, activityId: id, startsAt: soon, endsAt: new Date(soon.getTime() + 3600_000) })
      .returning();
    expect((await put(a, id, { status: 'published' })).json().errors).toEqual({
      status: ['Add at least one public ticket on sale before publishing.'],
    });
    expect((await detail()).publish_checks).toMatchObject({ upcoming_date: true, ticket_on_sale: false, payment_method: true });
    // A sold-out drop-in ticket for the upcoming date is enough.
    await ticket(teamId, id, { sessionId: session!.id, stock: 4, sold: 4 });
    expect((await detail()).publish_checks).toMatchObject({ upcoming_date: true, ticket_on_sale: true, payment_method: true });
    const ok = await put(a, id, { status: 'published' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      status: 'published',
      publish_checks: { upcoming_date: true, ticket_on_sale: true, payment_method: true },
    });
    // Staying published while saving other fields is not checked again.
    await db().delete(tickets).where(eq(tickets.activityId, id));
    expect((await put(a, id, { status: 'published', capacity: 5 })).statusCode).toBe(200);
    const [row] = await db().select().from(activities).where(eq(activities.id, id));
    expect(row!.status).toBe('published');
  });

  it('refuses to publish a paid ticket the team has no payment method for (issue 22 item 2); free tickets need none', async () => {
    const a = await owner(t.app);
    const id = await course(a);
    const teamId = a.team.id;
    const start = new Date(Date.now() + 7 * DAY);
    await db()
      .insert(activitySessions)
      .values({ teamId, activityId: id, startsAt: start, endsAt: new Date(start.getTime() + 3600_000) });
    const paid = await ticket(teamId, id);
    const detail = async () => (await a.client.get(`/api/courses/${id}`)).json().data;
    expect((await detail()).publish_checks).toMatchObject({ upcoming_date: true, ticket_on_sale: true, payment_method: false });
    for (const [lang, reason] of [
      ['en', 'Paid tickets need a payment method: turn on invoice or online payment under Configurations → Integration before publishing.'],
      [
        'fr',
        'Les billets payants nécessitent un mode de paiement : activez la facture ou le paiement en ligne sous Configurations → Intégration avant de publier.',
      ],
    ] as const) {
      const refused = await put(a, id, { status: 'published' }, lang);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().errors).toEqual({ status: [reason] });
    }
    // Mass publish refuses it with the same reason.
    const mass = await a.client.post('/api/courses/mass?language=de', { action: 'publish', ids: [id] });
    expect(mass.json().refused).toEqual([
      {
        id,
        name: 'Yoga DE',
        reasons: [
          'Kostenpflichtige Tickets brauchen eine Zahlungsart: Schalten Sie vor dem Veröffentlichen unter Konfigurationen → Integration die Rechnung oder die Online-Zahlung ein.',
        ],
      },
    ]);
    // A free ticket needs no payment method.
    await db().update(tickets).set({ priceMinor: 0 }).where(eq(tickets.id, paid.id));
    expect((await detail()).publish_checks).toMatchObject({ payment_method: true });
    expect((await put(a, id, { status: 'published' })).statusCode).toBe(200);
    expect((await put(a, id, { status: 'draft' })).statusCode).toBe(200);
    // A paid one again, and an invoice with its IBAN turned on: publishable.
    await db().update(tickets).set({ priceMinor: 2500 }).where(eq(tickets.id, paid.id));
    expect((await put(a, id, { status: 'published' })).statusCode).toBe(422);
    await db().insert(teamSellingSettings).values({ teamId, invoiceEnabled: true, iban: 'CH9300762011623852957' });
    const ok = await put(a, id, { status: 'published' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.publish_checks).toMatchObject({ upcoming_date: true, ticket_on_sale: true, payment_method: true });
  });

  it('mass publish publishes the ready ones and reports each refused one with its reasons', async () => {
    const a = await owner(t.app);
    const [readyOne, noDates, nothing] = [await course(a, 'Ready'), await course(a, 'NoDates'), await course(a, 'Nothing')];
    await ready(a.team.id, readyOne);
    await ticket(a.team.id, noDates);
    const res = await a.client.post('/api/courses/mass?language=en', { action: 'publish', ids: [readyOne, noDates, nothing] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message:
        'Activities published: 1. Not published: 2 (each needs an upcoming date, a ticket on sale and, for paid tickets, a payment method).',
      affected: 1,
      published: [readyOne],
      refused: [
        { id: noDates, name: 'NoDates EN', reasons: ['Add at least one upcoming date before publishing.'] },
        {
          id: nothing,
          name: 'Nothing EN',
          reasons: ['Add at least one upcoming date before publishing.', 'Add at least one public ticket on sale before publishing.'],
        },
      ],
    });
    const rows = await db()
      .select({ id: activities.id, status: activities.status })
      .from(activities)
      .where(inArray(activities.id, [readyOne, noDates, nothing]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({
      [readyOne]: 'published',
      [noDates]: 'draft',
      [nothing]: 'draft',
    });
    // The public read model never lists an activity without tickets.
    const pub = (await a.client.get(`/api/public/teams/${a.team.id}/activities`)).json().data;
    expect(pub.map((x: { id: number; tickets: unknown[] }) => [x.id, x.tickets.length])).toEqual([[readyOne, 1]]);
  });
});

describe('DELETE /api/courses/:id', () => {
  it('deletes a course with its sub-items, but not once a ticket is sold', async () => {
    const a = await owner(t.app);
    const parent = await course(a, 'Parent');
    const child = await course(a, 'Child');
    await put(a, child, { parent_id: parent });
    const sold = await ticket(a.team.id, child, { sold: 1 });
    const refused = await a.client.request('DELETE', `/api/courses/${parent}?language=en`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/already been sold/);
    expect((await a.client.get(`/api/courses/${parent}`)).statusCode).toBe(200);
    await db().update(tickets).set({ sold: 0 }).where(eq(tickets.id, sold.id));
    const ok = await a.client.request('DELETE', `/api/courses/${parent}?language=en`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: 'The activity has been deleted.' });
    expect((await a.client.get(`/api/courses/${parent}`)).statusCode).toBe(404);
    expect((await a.client.get(`/api/courses/${child}`)).statusCode).toBe(404);
    expect((await a.client.request('DELETE', `/api/courses/${parent}`)).statusCode).toBe(404);
  });
});

describe('instructors (role)', () => {
  it('may read but every write is forbidden', async () => {
    const a = await owner(t.app);
    const id = await course(a);
    const i = await staff(t.app, a.team, 'instructor');
    expect((await i.client.get(`/api/courses/${id}`)).statusCode).toBe(200);
    expect((await i.client.get('/api/course/instructors')).statusCode).toBe(200);
    expect((await i.client.get('/api/courses')).statusCode).toBe(200);
    expect((await put(i, id, { capacity: 5 })).statusCode).toBe(403);
    expect((await i.client.request('DELETE', `/api/courses/${id}`)).statusCode).toBe(403);
    for (const action of ['publish', 'unpublish', 'duplicate', 'delete']) {
      expect((await i.client.post('/api/courses/mass', { action, ids: [id] })).statusCode, action).toBe(403);
    }
    const [row] = await db().select().from(activities).where(eq(activities.id, id));
    expect(row).toMatchObject({ status: 'draft', capacity: null });
    expect(await db().select().from(activities).where(eq(activities.teamId, a.team.id))).toHaveLength(1);
  });
});

describe('GET /api/course/instructors', () => {
  it('lists the company’s members with name and role', async () => {
    const a = await owner(t.app, { firstname: 'Olga' });
    const i = await staff(t.app, a.team, 'instructor');
    await owner(t.app);
    const res = await a.client.get('/api/course/instructors');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { id: number; name: string; role: string }[];
    expect(data.map((m) => [m.id, m.role]).sort()).toEqual(
      [
        [a.user.id, 'owner'],
        [i.user.id, 'instructor'],
      ].sort(),
    );
    expect(data.find((m) => m.id === a.user.id)!.name).toBe('Olga Muster');
  });
});

describe('POST /api/courses/mass', () => {
  it('publishes and unpublishes the company’s courses, ignoring foreign ids', async () => {
    const a = await owner(t.app);
    const b = await owner(t.app);
    const mine = [await course(a, 'A1'), await course(a, 'A2')];
    const theirs = await course(b, 'B1');
    for (const id of mine) await ready(a.team.id, id);
    await ready(b.team.id, theirs);
    const res = await a.client.post('/api/courses/mass?language=en', { action: 'publish', ids: [...mine, theirs, 999999] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Activities published: 2.', affected: 2, published: mine, refused: [] });
    const rows = await db()
      .select()
      .from(activities)
      .where(inArray(activities.id, [...mine, theirs]));
    expect(rows.map((r) => [r.id, r.status, r.publishedAt !== null]).sort()).toEqual(
      [
        [mine[0], 'published', true],
        [mine[1], 'published', true],
        [theirs, 'draft', false],
      ].sort(),
    );
    const back = await a.client.post('/api/courses/mass', { action: 'unpublish', ids: [mine[0], theirs] });
    expect(back.json().affected).toBe(1);
    expect((await a.client.get(`/api/courses/${mine[0]}`)).json().data.status).toBe('draft');
    expect((await a.client.post('/api/courses/mass', { action: 'archive', ids: mine })).statusCode).toBe(422);
    expect((await a.client.post('/api/courses/mass', { action: 'publish', ids: [] })).statusCode).toBe(422);
  });

  it('duplicates deeply in one go: sessions, tickets (nothing sold), instructors, values, fields, products', async () => {
    const a = await owner(t.app);
    const b = await owner(t.app);
    const id = await course(a, 'Kurs');
    const teamId = a.team.id;
    await put(a, id, { capacity: 9, description: { de: 'Beschreibung', en: 'Description' } });
    await db().update(activities).set({ status: 'published', publishedAt: new Date() }).where(eq(activities.id, id));
    await db()
      .update(activities)
      .set({ name: { de: 'Kurs', en: 'Course', fr: 'Cours' } })
      .where(eq(activities.id, id));
    const start = Date.now() + 7 * DAY;
    const [s1, s2] = await db()
      .insert(activitySessions)
      .values(
        [0, 7].map((d) => ({ teamId, activityId: id, startsAt: new Date(start + d * DAY), endsAt: new Date(start + d * DAY + 3600_000) })),
      )
      .returning();
    const whole = await ticket(teamId, id, { sold: 4 });
    const dropIn = await ticket(teamId, id, { sold: 2, stock: 3, sessionId: s2!.id });
    await db().insert(activityInstructors).values({ teamId, activityId: id, userId: a.user.id });
    const [attr] = await db()
      .insert(attributes)
      .values({ teamId, type: 'number', label: { de: 'Stufe' } })
      .returning();
    await db().insert(activityAttributeValues).values({ teamId, activityId: id, attributeId: attr!.id, value: 3 });
    const [field] = await db()
      .insert(bookingFields)
      .values({ teamId, type: 'text', label: { de: 'Allergien' } })
      .returning();
    await db().insert(activityFields).values({ teamId, activityId: id, fieldId: field!.id });
    const [product] = await db()
      .insert(products)
      .values({ teamId, name: { de: 'Matte' }, priceMinor: 500, currency: 'CHF' })
      .returning();
    await db()
      .insert(activityProducts)
      .values({ teamId, activityId: id, productId: product!.id, ticketIds: [dropIn.id] });

    const res = await a.client.post('/api/courses/mass?language=de', { action: 'duplicate', ids: [id, id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ affected: 1, message: 'Duplizierte Aktivitäten: 1.' });
    const [copy] = await db()
      .select()
      .from(activities)
      .where(and(eq(activities.teamId, teamId), ne(activities.id, id)));
    expect(await db().select().from(activities).where(eq(activities.teamId, teamId))).toHaveLength(2);
    expect(copy!.id).not.toBe(id);
    expect(copy).toMatchObject({
      name: { de: 'Kurs (Kopie)', en: 'Course (copy)', fr: 'Cours (copie)' },
      description: { de: 'Beschreibung', en: 'Description' },
      status: 'draft',
      publishedAt: null,
      capacity: 9,
    });
    const copySessions = await db().select().from(activitySessions).where(eq(activitySessions.activityId, copy!.id));
    expect(copySessions.map((s) => s.startsAt.getTime()).sort()).toEqual([s1!.startsAt.getTime(), s2!.startsAt.getTime()].sort());
    const copyTickets = await db().select().from(tickets).where(eq(tickets.activityId, copy!.id));
    expect(copyTickets.map((x) => [x.stock, x.sold]).sort()).toEqual([
      [10, 0],
      [3, 0],
    ]);
    const copyDropIn = copyTickets.find((x) => x.stock === 3)!;
    const copiedS2 = copySessions.find((s) => s.startsAt.getTime() === s2!.startsAt.getTime())!;
    expect(copyDropIn.sessionId).toBe(copiedS2.id);
    expect(copyTickets.find((x) => x.stock === 10)!.sessionId).toBeNull();
    expect(await db().select().from(activityInstructors).where(eq(activityInstructors.activityId, copy!.id))).toMatchObject([
      { userId: a.user.id, teamId },
    ]);
    expect(await db().select().from(activityAttributeValues).where(eq(activityAttributeValues.activityId, copy!.id))).toMatchObject([
      { attributeId: attr!.id, value: 3 },
    ]);
    expect(await db().select().from(activityFields).where(eq(activityFields.activityId, copy!.id))).toMatchObject([{ fieldId: field!.id }]);
    expect(await db().select().from(activityProducts).where(eq(activityProducts.activityId, copy!.id))).toMatchObject([
      { productId: product!.id, ticketIds: [copyDropIn.id] },
    ]);
    // The original is untouched.
    const [original] = await db().select().from(tickets).where(eq(tickets.id, whole.id));
    expect(original!.sold).toBe(4);
    expect((await a.client.get(`/api/courses/${id}`)).json().data.status).toBe('published');
    // Another company's ids copy nothing.
    const foreign = await b.client.post('/api/courses/mass', { action: 'duplicate', ids: [id] });
    expect(foreign.json().affected).toBe(0);
    expect(await db().select().from(activities).where(eq(activities.teamId, b.team.id))).toHaveLength(0);
  });

  it('deletes only courses without sales, all or nothing', async () => {
    const a = await owner(t.app);
    const b = await owner(t.app);
    const free = await course(a, 'Free');
    const sold = await course(a, 'Sold');
    const theirs = await course(b, 'Theirs');
    await ticket(a.team.id, sold, { sold: 1 });
    const refused = await a.client.post('/api/courses/mass?language=en', { action: 'delete', ids: [free, sold] });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['ids']);
    expect((await a.client.get(`/api/courses/${free}`)).statusCode).toBe(200);
    const ok = await a.client.post('/api/courses/mass?language=en', { action: 'delete', ids: [free, theirs] });
    expect(ok.json()).toEqual({ success: true, message: 'Activities deleted: 1.', affected: 1 });
    expect((await a.client.get(`/api/courses/${free}`)).statusCode).toBe(404);
    expect((await b.client.get(`/api/courses/${theirs}`)).statusCode).toBe(200);
  });

  it('needs the permission of the action', async () => {
    const a = await owner(t.app);
    const id = await course(a);
    const editor = await staff(t.app, a.team, 'editor');
    expect((await editor.client.post('/api/courses/mass', { action: 'publish', ids: [id] })).statusCode).toBe(200);
  });
});

describe('GET /api/courses (filters, new fields)', () => {
  it('filters by status, type set, location, instructor and name; shows next session, sold and stock', async () => {
    const a = await owner(t.app);
    const teamId = a.team.id;
    const place = await location(a);
    const yoga = await course(a, 'Yoga');
    const party = await course(a, 'Party', 'event');
    const other = await course(a, 'Other');
    await put(a, yoga, { location_id: place, instructor_ids: [a.user.id] });
    await db().update(activities).set({ status: 'published' }).where(eq(activities.id, yoga));
    await ticket(teamId, yoga, { sold: 2, stock: 10 });
    await ticket(teamId, yoga, { sold: 1, stock: 5 });
    const soon = new Date(Date.now() + 2 * DAY);
    await db()
      .insert(activitySessions)
      .values([
        { teamId, activityId: yoga, startsAt: new Date(Date.now() - DAY), endsAt: new Date(Date.now() - DAY + 3600_000) },
        { teamId, activityId: yoga, startsAt: new Date(Date.now() + 9 * DAY), endsAt: new Date(Date.now() + 9 * DAY + 3600_000) },
        { teamId, activityId: yoga, startsAt: soon, endsAt: new Date(soon.getTime() + 3600_000) },
      ]);
    const eventSet = (await sets(a)).find((s) => s.kind === 'event')!.id;
    const ids = async (q: string) =>
      ((await a.client.get(`/api/courses?${q}`)).json().data as { id: number }[]).map((x) => x.id).sort((x, y) => x - y);
    expect(await ids(`columnFilters[location_id]=${place}`)).toEqual([yoga]);
    expect(await ids(`columnFilters[instructor_id]=${a.user.id}`)).toEqual([yoga]);
    expect(await ids('columnFilters[status]=published')).toEqual([yoga]);
    expect(await ids(`columnFilters[type_set_id]=${eventSet}`)).toEqual([party]);
    expect(await ids('columnFilters[name]=other')).toEqual([other]);
    expect(await ids('columnFilters[location_id]=abc&columnFilters[instructor_id]=-3')).toEqual([yoga, party, other].sort((x, y) => x - y));
    const item = (await a.client.get(`/api/courses?columnFilters[location_id]=${place}`)).json().data[0];
    expect(item).toMatchObject({
      sold: 3,
      stock: 15,
      instructor: { id: a.user.id, name: 'Anna Muster' },
      location: { id: place, name: 'Halle' },
    });
    expect(item.next_session).toMatch(/\+0[12]:00$/);
    expect(new Date(item.next_session).getTime()).toBe(Math.floor(soon.getTime() / 1000) * 1000);
    const none = (await a.client.get(`/api/courses?columnFilters[name]=party`)).json().data[0];
    expect(none).toMatchObject({ sold: 0, stock: 0, next_session: null, instructor: null });
    expect(none.seats).toEqual({ course: null, per_date: null, next_date: null });
  });

  it('counts whole-course and per-date seats apart, and the next date’s seats on their own', async () => {
    const a = await owner(t.app);
    const teamId = a.team.id;
    const yoga = await course(a, 'Seats');
    const at = (days: number) => new Date(Date.now() + days * DAY);
    const [past, next, later] = await db()
      .insert(activitySessions)
      .values([
        { teamId, activityId: yoga, startsAt: at(-3), endsAt: at(-3 + 1 / 24) },
        { teamId, activityId: yoga, startsAt: at(2), endsAt: at(2 + 1 / 24) },
        { teamId, activityId: yoga, startsAt: at(9), endsAt: at(9 + 1 / 24) },
      ])
      .returning();
    await ticket(teamId, yoga, { sold: 3, stock: 10 });
    await ticket(teamId, yoga, { sold: 4, stock: 10, sessionId: past!.id });
    await ticket(teamId, yoga, { sold: 1, stock: 10, sessionId: next!.id });
    await ticket(teamId, yoga, { sold: 0, stock: 20, sessionId: later!.id });
    const item = (await a.client.get('/api/courses?columnFilters[name]=seats')).json().data[0];
    // The old totals stay for older clients.
    expect(item).toMatchObject({ sold: 8, stock: 50 });
    expect(item.seats).toEqual({
      course: { sold: 3, stock: 10 },
      per_date: { sold: 5, stock: 40 },
      next_date: { starts_at: item.next_session, sold: 1, stock: 10 },
    });
  });

  it('runs the same number of queries for 2 or 20 courses on a page', async () => {
    const a = await owner(t.app);
    const teamId = a.team.id;
    const client = (t.app.deps.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const spy = vi.spyOn(client, 'query');
    const count = async () => {
      spy.mockClear();
      const res = await a.client.get('/api/courses?perPage=50');
      expect(res.statusCode).toBe(200);
      return { n: spy.mock.calls.length, items: res.json().data.length };
    };
    const seed = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const id = await course(a, `C${i}`);
        await ticket(teamId, id);
        await db().insert(activityInstructors).values({ teamId, activityId: id, userId: a.user.id });
        await db()
          .insert(activitySessions)
          .values({ teamId, activityId: id, startsAt: new Date(Date.now() + DAY), endsAt: new Date(Date.now() + DAY + 60_000) });
      }
    };
    await seed(2);
    const small = await count();
    await seed(18);
    const large = await count();
    spy.mockRestore();
    expect(small.items).toBe(2);
    expect(large.items).toBe(20);
    // The queries were seen: the session (with user, team and role) and the page (with its dates,
    // tickets, names, instructor and total in the same statement).
    expect(small.n).toBeGreaterThanOrEqual(2);
    expect(large.n).toBe(small.n);
  });
});

describe('OpenAPI', () => {
  it('documents the activity routes', async () => {
    const res = await t.app.inject('/api/docs');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      '/api/courses/{id}',
      '/api/courses/mass',
      '/api/courses/{id}/header-image',
      '/api/course/instructors',
      '/api/config/course/defaults',
      '/media/{key}/{variant}',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
