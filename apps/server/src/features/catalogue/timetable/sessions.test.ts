import { MAX_SESSIONS_PER_ACTIVITY } from '@bookla/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activitySessions, tickets } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addSession, createActivity, ownerWithActivity, staff } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.app.deps.db;
const sessionsOf = (activityId: number) => db().select().from(activitySessions).where(eq(activitySessions.activityId, activityId));

describe('single sessions', () => {
  it('adds a session from local or offset times and answers in the company zone', async () => {
    const a = await ownerWithActivity(t.app);
    const res = await a.client.post(`/api/courses/${a.activityId}/sessions`, {
      starts_at: '2026-07-01T19:00',
      ends_at: '2026-07-01T18:30:00Z',
      note: { de: 'Raum 2' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      starts_at: '2026-07-01T19:00:00+02:00',
      ends_at: '2026-07-01T20:30:00+02:00',
      status: 'scheduled',
      note: { de: 'Raum 2', en: 'Raum 2' },
      resources: [],
      conflicts: [],
    });
    const [row] = await sessionsOf(a.activityId);
    expect(row!.startsAt.toISOString()).toBe('2026-07-01T17:00:00.000Z');
    const list = await a.client.get(`/api/courses/${a.activityId}/sessions`);
    expect(list.json().data.map((s: { starts_at: string }) => s.starts_at)).toEqual(['2026-07-01T19:00:00+02:00']);
  });

  it('refuses an end not after the start and malformed times with 422 in the request language', async () => {
    const a = await ownerWithActivity(t.app);
    const url = `/api/courses/${a.activityId}/sessions?language=en`;
    const same = await a.client.post(url, { starts_at: '2026-07-01T19:00', ends_at: '2026-07-01T19:00' });
    expect(same.statusCode).toBe(422);
    expect(same.json().errors).toEqual({
      ends_at: ['The end must be after the start. For a date that runs past midnight, choose “Ends next day”.'],
    });
    const bad = await a.client.post(url, { starts_at: '2026-02-30T19:00', ends_at: 'tomorrow' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['ends_at', 'starts_at']);
    expect(await sessionsOf(a.activityId)).toHaveLength(0);
  });

  it('refuses 14:00–13:00 (422 on ends_at) and makes an overnight date only with ends_next_day', async () => {
    const a = await ownerWithActivity(t.app);
    const url = `/api/courses/${a.activityId}/sessions?language=de`;
    const backwards = await a.client.post(url, { starts_at: '2026-07-01T14:00', ends_at: '2026-07-01T13:00' });
    expect(backwards.statusCode).toBe(422);
    expect(Object.keys(backwards.json().errors)).toEqual(['ends_at']);
    expect(backwards.json().errors.ends_at[0]).toMatch(/Endet am nächsten Tag/);
    // The end's time on the day after the start's day, whatever day ends_at names.
    const overnight = await a.client.post(url, { starts_at: '2026-07-01T22:00', ends_at: '2026-07-01T01:30', ends_next_day: true });
    expect(overnight.statusCode, overnight.body).toBe(200);
    expect(overnight.json().data).toMatchObject({ starts_at: '2026-07-01T22:00:00+02:00', ends_at: '2026-07-02T01:30:00+02:00' });
    const moved = await a.client.request('PUT', `/api/courses/${a.activityId}/sessions/${overnight.json().data.id}`, {
      starts_at: '2026-07-03T23:00',
      ends_at: '2026-07-04T00:30',
      ends_next_day: true,
    });
    expect(moved.json().data).toMatchObject({ starts_at: '2026-07-03T23:00:00+02:00', ends_at: '2026-07-04T00:30:00+02:00' });
    const movedBack = await a.client.request('PUT', `/api/courses/${a.activityId}/sessions/${overnight.json().data.id}`, {
      starts_at: '2026-07-03T23:00',
      ends_at: '2026-07-03T00:30',
    });
    expect(movedBack.statusCode).toBe(422);
    expect(Object.keys(movedBack.json().errors)).toEqual(['ends_at']);
    expect(await sessionsOf(a.activityId)).toHaveLength(1);
  });

  it('refuses a second date with the same start and end (422), a different end is another date', async () => {
    const a = await ownerWithActivity(t.app);
    await addSession(a.client, a.activityId, '2026-07-01T19:00', '2026-07-01T20:00');
    const url = `/api/courses/${a.activityId}/sessions?language=en`;
    const again = await a.client.post(url, { starts_at: '2026-07-01T17:00:00Z', ends_at: '2026-07-01T20:00' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ starts_at: ['This activity already has this date (same start and end).'] });
    expect((await a.client.post(url, { starts_at: '2026-07-01T19:00', ends_at: '2026-07-01T20:30' })).statusCode).toBe(200);
    // Another activity may have the same date.
    const other = await createActivity(a.client, 'Pilates');
    expect(
      (await a.client.post(`/api/courses/${other}/sessions`, { starts_at: '2026-07-01T19:00', ends_at: '2026-07-01T20:00' })).statusCode,
    ).toBe(200);
    expect(await sessionsOf(a.activityId)).toHaveLength(2);
  });

  it('moves, cancels, restores and deletes a session', async () => {
    const a = await ownerWithActivity(t.app);
    const id = await addSession(a.client, a.activityId, '2026-05-04T10:00', '2026-05-04T11:00');
    const base = `/api/courses/${a.activityId}/sessions/${id}`;
    const moved = await a.client.request('PUT', base, {
      starts_at: '2026-05-05T09:00',
      ends_at: '2026-05-05T10:30',
      note: { en: 'Moved' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      success: true,
      data: { starts_at: '2026-05-05T09:00:00+02:00', note: { de: 'Moved', en: 'Moved' } },
    });
    const backwards = await a.client.request('PUT', base, { starts_at: '2026-05-05T09:00', ends_at: '2026-05-05T08:00' });
    expect(backwards.statusCode).toBe(422);
    expect((await a.client.post(`${base}/cancel`)).json().data.status).toBe('cancelled');
    expect((await a.client.post(`${base}/restore`)).json().data.status).toBe('scheduled');
    expect((await a.client.request('DELETE', base)).statusCode).toBe(200);
    expect(await sessionsOf(a.activityId)).toHaveLength(0);
    expect((await a.client.request('DELETE', base)).statusCode).toBe(404);
  });

  it('refuses to delete a session with sold tickets', async () => {
    const a = await ownerWithActivity(t.app);
    const id = await addSession(a.client, a.activityId, '2026-05-04T10:00', '2026-05-04T11:00');
    const [ticket] = await db()
      .insert(tickets)
      .values({
        teamId: a.team.id,
        activityId: a.activityId,
        sessionId: id,
        name: { de: 'Drop-in' },
        priceMinor: 2000,
        currency: 'CHF',
        stock: 10,
      })
      .returning();
    const url = `/api/courses/${a.activityId}/sessions/${id}`;
    expect((await a.client.request('DELETE', url)).statusCode).toBe(200);
    const id2 = await addSession(a.client, a.activityId, '2026-05-11T10:00', '2026-05-11T11:00');
    expect(ticket).toBeDefined();
    await db()
      .insert(tickets)
      .values({
        teamId: a.team.id,
        activityId: a.activityId,
        sessionId: id2,
        name: { de: 'Drop-in' },
        priceMinor: 2000,
        currency: 'CHF',
        stock: 10,
        sold: 1,
      });
    const refused = await a.client.request('DELETE', `/api/courses/${a.activityId}/sessions/${id2}?language=en`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/sold tickets/);
    expect((await sessionsOf(a.activityId)).map((s) => s.id)).toEqual([id2]);
  });

  it('answers 404 for sessions of another course and courses of another company', async () => {
    const a = await ownerWithActivity(t.app);
    const other = await createActivity(a.client, 'Pilates');
    const id = await addSession(a.client, a.activityId, '2026-05-04T10:00', '2026-05-04T11:00');
    expect((await a.client.post(`/api/courses/${other}/sessions/${id}/cancel`)).statusCode).toBe(404);
    const b = await ownerWithActivity(t.app);
    expect((await b.client.get(`/api/courses/${a.activityId}/sessions`)).statusCode).toBe(404);
    const put = await b.client.request('PUT', `/api/courses/${a.activityId}/sessions/${id}`, {
      starts_at: '2026-05-04T12:00',
      ends_at: '2026-05-04T13:00',
    });
    expect(put.statusCode).toBe(404);
    expect((await b.client.post(`/api/courses/${b.activityId}/sessions/${id}/cancel`)).statusCode).toBe(404);
    const [row] = await db().select().from(activitySessions).where(eq(activitySessions.id, id));
    expect(row!.status).toBe('scheduled');
  });

  it('lets instructors read the timetable but not change it', async () => {
    const a = await ownerWithActivity(t.app);
    const id = await addSession(a.client, a.activityId, '2026-05-04T10:00', '2026-05-04T11:00');
    const i = await staff(t.app, a.team, 'instructor');
    const base = `/api/courses/${a.activityId}/sessions`;
    expect((await i.client.get(base)).statusCode).toBe(200);
    const body = { starts_at: '2026-05-05T10:00', ends_at: '2026-05-05T11:00' };
    expect((await i.client.post(base, body)).statusCode).toBe(403);
    const rule = { frequency: 'weekly', first_date: '2026-06-01', start_time: '10:00', end_time: '11:00', count: 2 };
    expect((await i.client.post(`${base}/generate`, rule)).statusCode).toBe(403);
    expect((await i.client.request('PUT', `${base}/${id}`, body)).statusCode).toBe(403);
    expect((await i.client.post(`${base}/${id}/cancel`)).statusCode).toBe(403);
    expect((await i.client.post(`${base}/${id}/restore`)).statusCode).toBe(403);
    expect((await i.client.request('DELETE', `${base}/${id}`)).statusCode).toBe(403);
    expect((await i.client.request('PUT', `${base}/${id}/resources`, { items: [] })).statusCode).toBe(403);
    expect(await sessionsOf(a.activityId)).toHaveLength(1);
  });
});

describe('generated series', () => {
  const rule = { frequency: 'weekly', first_date: '2026-03-15', start_time: '19:00', end_time: '20:30', skip_holidays: true };

  it('previews without storing, then stores across the DST change, skipping holidays and exceptions', async () => {
    const a = await ownerWithActivity(t.app);
    const holiday = await a.client.post('/api/config/holidays', {
      name: { de: 'Frühlingsferien', en: 'Spring break' },
      starts_on: '2026-04-04',
      ends_on: '2026-04-12',
    });
    expect(holiday.statusCode, holiday.body).toBe(200);
    const url = `/api/courses/${a.activityId}/sessions/generate?language=en`;
    const body = { ...rule, until: '2026-04-26', exceptions: ['2026-04-19'] };
    const preview = await a.client.post(url, { ...body, preview: true });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toEqual([
      { date: '2026-03-15', starts_at: '2026-03-15T19:00:00+01:00', ends_at: '2026-03-15T20:30:00+01:00' },
      { date: '2026-03-22', starts_at: '2026-03-22T19:00:00+01:00', ends_at: '2026-03-22T20:30:00+01:00' },
      { date: '2026-03-29', starts_at: '2026-03-29T19:00:00+02:00', ends_at: '2026-03-29T20:30:00+02:00' },
      {
        date: '2026-04-05',
        starts_at: '2026-04-05T19:00:00+02:00',
        ends_at: '2026-04-05T20:30:00+02:00',
        skipped: 'holiday',
        holiday_name: 'Spring break',
      },
      {
        date: '2026-04-12',
        starts_at: '2026-04-12T19:00:00+02:00',
        ends_at: '2026-04-12T20:30:00+02:00',
        skipped: 'holiday',
        holiday_name: 'Spring break',
      },
      { date: '2026-04-19', starts_at: '2026-04-19T19:00:00+02:00', ends_at: '2026-04-19T20:30:00+02:00', skipped: 'exception' },
      { date: '2026-04-26', starts_at: '2026-04-26T19:00:00+02:00', ends_at: '2026-04-26T20:30:00+02:00' },
    ]);
    expect(await sessionsOf(a.activityId)).toHaveLength(0);
    const stored = await a.client.post(url, body);
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json()).toMatchObject({ success: true, created: 4, message: '4 dates have been created.' });
    const list = (await a.client.get(`/api/courses/${a.activityId}/sessions`)).json().data;
    expect(list.map((s: { starts_at: string }) => s.starts_at)).toEqual([
      '2026-03-15T19:00:00+01:00',
      '2026-03-22T19:00:00+01:00',
      '2026-03-29T19:00:00+02:00',
      '2026-04-26T19:00:00+02:00',
    ]);
  });

  it('keeps holidays when skip_holidays is false and validates the rule', async () => {
    const a = await ownerWithActivity(t.app);
    await a.client.post('/api/config/holidays', { name: { de: 'Ostern' }, starts_on: '2026-03-22', ends_on: '2026-03-22' });
    const url = `/api/courses/${a.activityId}/sessions/generate`;
    const kept = await a.client.post(url, { ...rule, count: 2, skip_holidays: false, preview: true });
    expect(kept.json().data.map((o: { skipped?: string }) => o.skipped ?? null)).toEqual([null, null]);
    const none = await a.client.post(`${url}?language=en`, { ...rule });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ until: ['Enter an end date or a number of dates.'] });
    const tooMany = await a.client.post(`${url}?language=en`, { ...rule, until: '2031-01-01' });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.until[0]).toMatch(/more than 200/);
    expect((await a.client.post(url, { ...rule, count: 201 })).statusCode).toBe(422);
    expect(await sessionsOf(a.activityId)).toHaveLength(0);
  });

  it('refuses an end time not after the start time (422 on end_time) unless ends_next_day', async () => {
    const a = await ownerWithActivity(t.app);
    const url = `/api/courses/${a.activityId}/sessions/generate?language=en`;
    const body = { ...rule, start_time: '10:00', end_time: '09:00', count: 2 };
    for (const preview of [true, false]) {
      const refused = await a.client.post(url, { ...body, preview });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({
        end_time: ['The end must be after the start. For a date that runs past midnight, choose “Ends next day”.'],
      });
    }
    expect(await sessionsOf(a.activityId)).toHaveLength(0);
    const overnight = await a.client.post(url, { ...body, ends_next_day: true, preview: true });
    expect(overnight.json().data[0]).toMatchObject({ starts_at: '2026-03-15T10:00:00+01:00', ends_at: '2026-03-16T09:00:00+01:00' });
  });

  it('skips dates the activity already has: marked "exists" in the preview, not stored twice', async () => {
    const a = await ownerWithActivity(t.app);
    const url = `/api/courses/${a.activityId}/sessions/generate?language=en`;
    const body = { ...rule, count: 3 };
    expect((await a.client.post(url, body)).json().created).toBe(3);
    const preview = await a.client.post(url, { ...body, count: 4, preview: true });
    expect(preview.json().data.map((o: { skipped?: string }) => o.skipped ?? null)).toEqual(['exists', 'exists', 'exists', null]);
    const again = await a.client.post(url, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ created: 0, message: '0 dates have been created.' });
    expect(again.json().data.every((o: { skipped?: string }) => o.skipped === 'exists')).toBe(true);
    // A cancelled date still exists: generating again does not bring a second copy.
    const [first] = await sessionsOf(a.activityId);
    await a.client.post(`/api/courses/${a.activityId}/sessions/${first!.id}/cancel`);
    expect((await a.client.post(url, { ...body, count: 4 })).json().created).toBe(1);
    expect(await sessionsOf(a.activityId)).toHaveLength(4);
    // Parallel runs of the same rule store each date once.
    const b = await ownerWithActivity(t.app);
    const bUrl = `/api/courses/${b.activityId}/sessions/generate`;
    const replies = await Promise.all([b.client.post(bUrl, body), b.client.post(bUrl, body)]);
    expect(replies.map((r) => r.json().created).sort()).toEqual([0, 3]);
    expect(await sessionsOf(b.activityId)).toHaveLength(3);
  });

  it(`stops at ${MAX_SESSIONS_PER_ACTIVITY} sessions per course, storing nothing of a series that would pass it`, async () => {
    const a = await ownerWithActivity(t.app);
    const url = `/api/courses/${a.activityId}/sessions/generate`;
    for (const first of ['2026-01-01', '2026-01-02']) {
      expect((await a.client.post(url, { ...rule, first_date: first, count: 200 })).statusCode).toBe(200);
    }
    const over = await a.client.post(`${url}?language=en`, { ...rule, first_date: '2026-01-03', count: 101 });
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe('An activity can have at most 500 dates.');
    expect(await sessionsOf(a.activityId)).toHaveLength(400);
    expect((await a.client.post(url, { ...rule, first_date: '2026-01-03', count: 100 })).statusCode).toBe(200);
    const one = await a.client.post(`/api/courses/${a.activityId}/sessions`, {
      starts_at: '2027-01-01T10:00',
      ends_at: '2027-01-01T11:00',
    });
    expect(one.statusCode).toBe(422);
    const [count] = await db()
      .select({ id: activitySessions.id })
      .from(activitySessions)
      .where(and(eq(activitySessions.activityId, a.activityId), eq(activitySessions.startsAt, new Date('2027-01-01T09:00:00Z'))));
    expect(count).toBeUndefined();
    expect(await sessionsOf(a.activityId)).toHaveLength(MAX_SESSIONS_PER_ACTIVITY);
  });
});
