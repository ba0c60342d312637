import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, activityInstructors, locations } from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { addResources, addSession, createActivity, ownerWithActivity, staff } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.app.deps.db;
type Item = { id: number; title: string; conflict: boolean; location: string | null; status: string; activity_status: string };

describe('calendar feed', () => {
  it('lists the sessions of all courses in a range, with titles, locations, statuses and conflicts', async () => {
    const a = await ownerWithActivity(t.app);
    const pilates = await createActivity(a.client, 'Pilates');
    const eventSet = (await a.client.get('/api/course/type_sets')).json().data.find((s: { kind: string }) => s.kind === 'event');
    const concert = (await a.client.post('/api/course/store', { type_set_id: eventSet.id, name: { de: 'Konzert', en: 'Concert' } })).json()
      .course_id;
    const [place] = await db()
      .insert(locations)
      .values({ teamId: a.team.id, name: { de: 'Halle', en: 'Hall' }, postalCode: '8001', city: 'Zürich', country: 'CH' })
      .returning();
    await db().update(activities).set({ locationId: place!.id, status: 'published' }).where(eq(activities.id, pilates));
    const i = await staff(t.app, a.team, 'instructor');
    await db().insert(activityInstructors).values({ teamId: a.team.id, activityId: concert, userId: i.user.id });

    const yoga1 = await addSession(a.client, a.activityId, '2026-06-01T10:00', '2026-06-01T11:00');
    const pil = await addSession(a.client, pilates, '2026-06-01T10:30', '2026-06-01T11:30');
    const gig = await addSession(a.client, concert, '2026-06-30T20:00', '2026-06-30T23:00');
    const outside = await addSession(a.client, a.activityId, '2026-07-01T00:00', '2026-07-01T01:00');
    const { ids } = await addResources(a.client, [1]);
    const assign = (course: number, s: number) =>
      a.client.request('PUT', `/api/courses/${course}/sessions/${s}/resources`, {
        items: [{ resource_id: ids[0], quantity: 1 }],
        confirm: true,
      });
    await assign(a.activityId, yoga1);
    await assign(pilates, pil);
    await a.client.post(`/api/courses/${concert}/sessions/${gig}/cancel`);

    const res = await i.client.get('/api/calendar/sessions?from=2026-06-01&to=2026-06-30&language=en');
    expect(res.statusCode, res.body).toBe(200);
    const data: Item[] = res.json().data;
    expect(data.map((s) => [s.id, s.title, s.conflict, s.location, s.status])).toEqual([
      [yoga1, 'Yoga EN', true, null, 'scheduled'],
      [pil, 'Pilates EN', true, 'Hall', 'scheduled'],
      [gig, 'Concert', false, null, 'cancelled'],
    ]);
    expect(data.map((s) => s.id)).not.toContain(outside);
    // Drafts are marked in the calendar (issue 9 item 13): the feed says which activity is one.
    expect(data.map((s) => s.activity_status)).toEqual(['draft', 'published', 'draft']);
    expect(res.json().data[2]).toMatchObject({ kind: 'event', activity_id: concert, starts_at: '2026-06-30T20:00:00+02:00' });

    const ids$ = async (query: string, range = 'from=2026-06-01&to=2026-07-01') =>
      ((await a.client.get(`/api/calendar/sessions?${range}&${query}`)).json().data as Item[]).map((s) => s.id);
    expect(await ids$('')).toEqual([yoga1, pil, gig, outside]);
    expect(await ids$(`type_set_id=${eventSet.id}`)).toEqual([gig]);
    expect(await ids$(`location_id=${place!.id}`)).toEqual([pil]);
    expect(await ids$(`instructor_id=${i.user.id}`)).toEqual([gig]);
    expect(await ids$(`resource_id=${ids[0]}`)).toEqual([yoga1, pil]);
    expect(await ids$('', 'from=2026-06-30T21:00:00%2B02:00&to=2026-07-01T00:01')).toEqual([outside]);
    expect(await ids$('', 'from=2026-06-30T20:00:00Z&to=2026-07-01T00:00')).toEqual([]);
  });

  it('needs from and to, at most 400 days apart, and valid filters', async () => {
    const a = await ownerWithActivity(t.app);
    const get = (query: string) => a.client.get(`/api/calendar/sessions?language=en&${query}`);
    expect((await get('to=2026-01-01')).statusCode).toBe(422);
    expect((await get('from=2026-01-01&to=2027-02-05')).statusCode).toBe(200);
    const long = await get('from=2026-01-01&to=2027-02-06');
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ to: ['The range may span at most 400 days.'] });
    expect((await get('from=2026-02-01&to=2026-01-01')).json().errors).toEqual({ to: ['The end of the range must be after its start.'] });
    expect((await get('from=2026-02-30&to=2026-03-01')).statusCode).toBe(422);
    expect((await get('from=2026-01-01&to=2026-01-31&location_id=abc')).statusCode).toBe(422);
  });

  it('shows only the company’s own sessions', async () => {
    const a = await ownerWithActivity(t.app);
    await addSession(a.client, a.activityId, '2026-06-01T10:00', '2026-06-01T11:00');
    const b = await ownerWithActivity(t.app);
    const mine = await addSession(b.client, b.activityId, '2026-06-02T10:00', '2026-06-02T11:00');
    const res = await b.client.get('/api/calendar/sessions?from=2026-06-01&to=2026-06-30');
    expect(res.json().data.map((s: Item) => s.id)).toEqual([mine]);
    expect((await new TestClient(t.app).get('/api/calendar/sessions?from=2026-06-01&to=2026-06-30')).statusCode).toBe(401);
  });
});
