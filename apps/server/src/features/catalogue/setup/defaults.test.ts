import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, activityDefaults } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { owner, staff, type Staff } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.app.deps.db;

const body = (extra: Record<string, unknown> = {}) => ({
  tax_rate: '8,1',
  reservation_minutes: 20,
  booking_closes_minutes: 60,
  cancellation_policy: { de: 'Bis 24 h vorher kostenlos', en: '' },
  waiting_list: true,
  location_id: null,
  capacity: 14,
  session_minutes: 90,
  ...extra,
});

async function location(s: Staff): Promise<number> {
  const res = await s.client.post('/api/course/locations', {
    name: { de: 'Saal', en: 'Hall' },
    postal_code: '3000',
    city: 'Bern',
    country: 'CH',
  });
  return res.json().data.id;
}

describe('course defaults', () => {
  it('are created on first read with the built-in values, once', async () => {
    const a = await owner(t.app);
    const [first, second] = await Promise.all([a.client.get('/api/config/course/defaults'), a.client.get('/api/config/course/defaults')]);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({
      tax_rate: 0,
      reservation_minutes: 15,
      booking_closes_minutes: 0,
      cancellation_policy: {},
      waiting_list: false,
      location_id: null,
      capacity: null,
      session_minutes: 60,
    });
    expect(second.json()).toEqual(first.json());
    expect(await db().select().from(activityDefaults).where(eq(activityDefaults.teamId, a.team.id))).toHaveLength(1);
  });

  it('are saved: tax rate in percent (basis points stored), translations filled', async () => {
    const a = await owner(t.app);
    const place = await location(a);
    const res = await a.client.request('PUT', '/api/config/course/defaults?language=en', body({ location_id: place }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'The course defaults have been saved.',
      data: {
        tax_rate: 8.1,
        reservation_minutes: 20,
        booking_closes_minutes: 60,
        cancellation_policy: { de: 'Bis 24 h vorher kostenlos', en: 'Bis 24 h vorher kostenlos' },
        waiting_list: true,
        location_id: place,
        capacity: 14,
        session_minutes: 90,
      },
    });
    const [row] = await db().select().from(activityDefaults).where(eq(activityDefaults.teamId, a.team.id));
    expect(row!.taxRateBp).toBe(810);
    expect((await a.client.get('/api/config/course/defaults')).json().data.tax_rate).toBe(8.1);
    const exact = await a.client.request('PUT', '/api/config/course/defaults', body({ tax_rate: 7.75 }));
    expect(exact.json().data.tax_rate).toBe(7.75);
  });

  it('validate every field in the request language', async () => {
    const a = await owner(t.app);
    const b = await owner(t.app);
    const foreign = await location(b);
    for (const rate of ['8.123', '100.01', '-1', 'abc', '']) {
      const res = await a.client.request('PUT', '/api/config/course/defaults', body({ tax_rate: rate }));
      expect(res.statusCode, rate).toBe(422);
      expect(Object.keys(res.json().errors), rate).toEqual(['tax_rate']);
    }
    const bad = await a.client.request(
      'PUT',
      '/api/config/course/defaults?language=de',
      body({ reservation_minutes: 0, booking_closes_minutes: -5, capacity: -1, session_minutes: 2000, waiting_list: 'vielleicht' }),
    );
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      'booking_closes_minutes',
      'capacity',
      'reservation_minutes',
      'session_minutes',
      'waiting_list',
    ]);
    expect(bad.json().errors.reservation_minutes).toEqual(['Muss mindestens 1 sein.']);
    const place = await a.client.request('PUT', '/api/config/course/defaults?language=en', body({ location_id: foreign }));
    expect(place.statusCode).toBe(422);
    expect(place.json().errors).toEqual({ location_id: ['This location does not exist in your company.'] });
    expect(await db().select().from(activityDefaults).where(eq(activityDefaults.teamId, a.team.id))).toHaveLength(0);
  });

  it('need nav.config', async () => {
    const a = await owner(t.app);
    const i = await staff(t.app, a.team, 'instructor');
    expect((await i.client.get('/api/config/course/defaults')).statusCode).toBe(403);
    expect((await i.client.request('PUT', '/api/config/course/defaults', body())).statusCode).toBe(403);
    const editor = await staff(t.app, a.team, 'editor');
    expect((await editor.client.get('/api/config/course/defaults')).statusCode).toBe(200);
  });

  it('are applied to a new course; other companies keep theirs', async () => {
    const a = await owner(t.app);
    const b = await owner(t.app);
    const place = await location(a);
    await a.client.request('PUT', '/api/config/course/defaults', body({ location_id: place }));
    const set = (await a.client.get('/api/course/type_sets')).json().data[0];
    const created = await a.client.post('/api/course/store', { type_set_id: set.id, name: { de: 'Neu', en: 'New' } });
    expect(created.statusCode).toBe(200);
    const detail = (await a.client.get(`/api/courses/${created.json().course_id}`)).json().data;
    expect(detail).toMatchObject({
      reservation_minutes: 20,
      booking_closes_minutes: 60,
      cancellation_policy: { de: 'Bis 24 h vorher kostenlos', en: 'Bis 24 h vorher kostenlos' },
      waiting_list: true,
      location_id: place,
      capacity: 14,
      status: 'draft',
    });
    const bSet = (await b.client.get('/api/course/type_sets')).json().data[0];
    const bActivity = (await b.client.post('/api/course/store', { type_set_id: bSet.id, name: { de: 'B', en: 'B' } })).json().course_id;
    const [row] = await db().select().from(activities).where(eq(activities.id, bActivity));
    expect(row).toMatchObject({ reservationMinutes: 15, bookingClosesMinutes: 0, waitingList: false, locationId: null, capacity: null });
  });
});
