import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { activities, activitySessions } from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { createUserWithTeam, inDays, makeActivity, makeSession } from '../../../test/factories.ts';
import { refreshStaleNextSessions } from './public.repo.ts';

/** activities.next_session_at (kept by a trigger on activity_sessions) and the public list reading it. */

let t: TestApp;
let teamId: number;
const db = () => t.app.deps.db;
const anon = () => new TestClient(t.app);

async function stored(activityId: number): Promise<number | null> {
  const [row] = await db().select({ at: activities.nextSessionAt }).from(activities).where(eq(activities.id, activityId));
  return row?.at?.getTime() ?? null;
}

/** The public list as { activity id: next date in ms }. */
async function listed(query = ''): Promise<Record<number, number>> {
  const res = await anon().get(`/api/public/teams/${teamId}/activities${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const data: { id: number; next_session_at: string }[] = res.json().data;
  return Object.fromEntries(data.map((a) => [a.id, new Date(a.next_session_at).getTime()]));
}

beforeAll(async () => {
  t = await buildTestApp();
  teamId = (await createUserWithTeam(db())).team.id;
});

afterAll(async () => {
  await t.close();
});

describe('stored next session date', () => {
  it('follows inserts, moves, cancels and deletes of sessions', async () => {
    const { id } = await makeActivity(db(), teamId, { name: { de: 'Kurs' } });
    expect(await stored(id)).toBeNull();
    const in5 = await makeSession(db(), teamId, id, inDays(5));
    expect(await stored(id)).toBe(inDays(5).getTime());
    const in2 = await makeSession(db(), teamId, id, inDays(2));
    expect(await stored(id)).toBe(inDays(2).getTime());
    await makeSession(db(), teamId, id, inDays(1), { status: 'cancelled' });
    await makeSession(db(), teamId, id, inDays(-1));
    expect(await stored(id)).toBe(inDays(2).getTime());
    expect(await listed()).toEqual({ [id]: inDays(2).getTime() });

    await db()
      .update(activitySessions)
      .set({ startsAt: inDays(10), endsAt: inDays(10, 20) })
      .where(eq(activitySessions.id, in2.id));
    expect(await stored(id)).toBe(inDays(5).getTime());
    await db().update(activitySessions).set({ status: 'cancelled' }).where(eq(activitySessions.id, in5.id));
    expect(await stored(id)).toBe(inDays(10).getTime());
    expect(await listed()).toEqual({ [id]: inDays(10).getTime() });
    await db().update(activitySessions).set({ status: 'scheduled' }).where(eq(activitySessions.id, in5.id));
    expect(await stored(id)).toBe(inDays(5).getTime());

    await db().delete(activitySessions).where(eq(activitySessions.id, in5.id));
    expect(await stored(id)).toBe(inDays(10).getTime());
    await db().delete(activitySessions).where(eq(activitySessions.id, in2.id));
    expect(await stored(id)).toBeNull();
    expect(await listed()).toEqual({});

    // Several dates of several activities in one statement, then moved from one activity to another.
    const other = await makeActivity(db(), teamId, { name: { de: 'Anderer' } });
    const rows = await db()
      .insert(activitySessions)
      .values([
        { teamId, activityId: id, startsAt: inDays(7), endsAt: inDays(7, 20) },
        { teamId, activityId: id, startsAt: inDays(3), endsAt: inDays(3, 20) },
        { teamId, activityId: other.id, startsAt: inDays(4), endsAt: inDays(4, 20) },
      ])
      .returning();
    expect([await stored(id), await stored(other.id)]).toEqual([inDays(3).getTime(), inDays(4).getTime()]);
    await db().update(activitySessions).set({ activityId: other.id }).where(eq(activitySessions.id, rows[1]!.id));
    expect([await stored(id), await stored(other.id)]).toEqual([inDays(7).getTime(), inDays(3).getTime()]);
    expect(await listed()).toEqual({ [id]: inDays(7).getTime(), [other.id]: inDays(3).getTime() });
    await db()
      .delete(activitySessions)
      .where(inArray(activitySessions.activityId, [id, other.id]));
    expect([await stored(id), await stored(other.id)]).toEqual([null, null]);
  });

  it('never shows a next date that time has overtaken, and the refresh renews it', async () => {
    const { id } = await makeActivity(db(), teamId, { name: { de: 'Veraltet' } });
    const gone = await makeActivity(db(), teamId, { name: { de: 'Vorbei' } });
    await makeSession(db(), teamId, id, inDays(-1));
    await makeSession(db(), teamId, id, inDays(6));
    await makeSession(db(), teamId, id, inDays(9));
    await makeSession(db(), teamId, gone.id, inDays(-2));
    // As if stored two days ago, when these dates were still ahead.
    await db()
      .update(activities)
      .set({ nextSessionAt: inDays(-1) })
      .where(eq(activities.id, id));
    await db()
      .update(activities)
      .set({ nextSessionAt: inDays(-2) })
      .where(eq(activities.id, gone.id));

    expect(await listed()).toEqual({ [id]: inDays(6).getTime() });
    const detail = await anon().get(`/api/public/teams/${teamId}/activities/${gone.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data).toMatchObject({ next_session_at: null, sessions: [] });
    const day = (d: Date) => d.toISOString().slice(0, 10);
    expect(await listed(`?to=${day(inDays(7))}`)).toEqual({ [id]: inDays(6).getTime() });
    expect(await listed(`?to=${day(inDays(5))}`)).toEqual({});
    // A window starting after the stored date reads the dates themselves.
    expect(await listed(`?from=${day(inDays(7))}`)).toEqual({ [id]: inDays(9).getTime() });
    const meta = (await anon().get(`/api/public/teams/${teamId}/activities?perPage=1&page=3`)).json().meta;
    expect(meta.total).toBe(1);

    expect(await refreshStaleNextSessions(db())).toBe(2);
    expect([await stored(id), await stored(gone.id)]).toEqual([inDays(6).getTime(), null]);
    expect(await refreshStaleNextSessions(db())).toBe(0);
    expect(await listed()).toEqual({ [id]: inDays(6).getTime() });
  });
});
