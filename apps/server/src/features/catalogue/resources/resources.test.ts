import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources, sessionResources } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app.ts';
import { addResources, addSession, createActivity, ownerWithActivity, staff } from '../../../test/factories.ts';
import { overbooking } from '../timetable/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.app.deps.db;
const assign = (client: TestClient, activityId: number, sessionId: number, items: object[], confirm?: boolean) =>
  client.request('PUT', `/api/courses/${activityId}/sessions/${sessionId}/resources?language=en`, {
    items,
    ...(confirm ? { confirm } : {}),
  });
const usesOf = (sessionId: number) => db().select().from(sessionResources).where(eq(sessionResources.sessionId, sessionId));

describe('resource groups', () => {
  it('are created, listed, read, changed (keeping listed ids) and deleted', async () => {
    const a = await ownerWithActivity(t.app);
    const created = await a.client.post('/api/sa/resources', {
      name: { de: 'Matten', en: 'Mats', fr: '' },
      kind: 'equipment',
      resources: [
        { name: { de: 'Yogamatte', en: 'Yoga mat' }, capacity: 20 },
        { name: { de: 'Block', en: 'Block' }, capacity: 10 },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    const group = created.json().data;
    expect(group).toMatchObject({ name: { de: 'Matten', en: 'Mats' }, kind: 'equipment' });
    expect(group.resources.map((r: { name_text: string; capacity: number }) => [r.name_text, r.capacity])).toEqual([
      ['Yogamatte', 20],
      ['Block', 10],
    ]);
    const [mat, block] = group.resources.map((r: { id: number }) => r.id);
    const list = await a.client.get('/api/sa/resources?language=en');
    expect(list.json().meta.total).toBe(1);
    expect(list.json().data[0].name_text).toBe('Mats');
    expect(list.json().data[0].resources[0].name_text).toBe('Yoga mat');

    const session = await addSession(a.client, a.activityId, '2026-09-01T10:00', '2026-09-01T11:00');
    expect((await assign(a.client, a.activityId, session, [{ resource_id: block, quantity: 2 }])).json().success).toBe(true);
    const put = await a.client.request('PUT', `/api/sa/resources/${group.id}`, {
      name: { de: 'Material', en: 'Equipment' },
      kind: 'equipment',
      resources: [
        { id: mat, name: { de: 'Matte', en: 'Mat' }, capacity: 25 },
        { name: { de: 'Gurt', en: 'Strap' }, capacity: 5 },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    const changed = put.json().data.resources;
    expect(changed[0]).toMatchObject({ id: mat, capacity: 25, name: { de: 'Matte', en: 'Mat' } });
    expect(changed[1].id).not.toBe(block);
    expect(changed.map((r: { name_text: string }) => r.name_text)).toEqual(['Matte', 'Gurt']);
    // The removed resource is gone with its assignment.
    expect(await usesOf(session)).toEqual([]);
    expect((await a.client.get(`/api/sa/resources/${group.id}?language=fr`)).json().data.name_text).toBe('Equipment');
    expect((await a.client.request('DELETE', `/api/sa/resources/${group.id}`)).statusCode).toBe(200);
    expect(await db().select().from(resources).where(eq(resources.groupId, group.id))).toEqual([]);
    expect((await a.client.get(`/api/sa/resources/${group.id}`)).statusCode).toBe(404);
  });

  it('need names in every company language, positive capacities and ids of the group itself', async () => {
    const a = await ownerWithActivity(t.app);
    const bad = await a.client.post('/api/sa/resources?language=en', {
      name: { en: 'Rooms' },
      kind: 'room',
      resources: [
        { name: { de: 'Saal', en: 'Hall' }, capacity: 0 },
        { name: { de: 'Studio' }, capacity: 1 },
      ],
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['name.de', 'resources.0.capacity', 'resources.1.name.en']);
    expect(bad.json().errors['name.de']).toEqual(['This field is required.']);
    const one = await addResources(a.client, [1], 'Eins');
    const two = await addResources(a.client, [1], 'Zwei');
    const foreign = await a.client.request('PUT', `/api/sa/resources/${two.groupId}`, {
      name: { de: 'Zwei', en: 'Two' },
      kind: 'room',
      resources: [{ id: one.ids[0], name: { de: 'Gestohlen', en: 'Stolen' }, capacity: 1 }],
    });
    expect(foreign.statusCode).toBe(422);
    expect(Object.keys(foreign.json().errors)).toEqual(['resources.0.id']);
    const [kept] = await db().select().from(resources).where(eq(resources.id, one.ids[0]!));
    expect(kept!.groupId).toBe(one.groupId);
  });

  it('need nav.sa_resources and stay within the company', async () => {
    const a = await ownerWithActivity(t.app);
    const { groupId } = await addResources(a.client, [1]);
    const i = await staff(t.app, a.team, 'instructor');
    expect((await i.client.get('/api/sa/resources')).statusCode).toBe(403);
    expect((await i.client.post('/api/sa/resources', { name: { de: 'X', en: 'X' }, kind: 'room' })).statusCode).toBe(403);
    expect(
      (await i.client.post('/api/sa/conflicts/check', { starts_at: '2026-01-01T10:00', ends_at: '2026-01-01T11:00', items: [] }))
        .statusCode,
    ).toBe(403);
    const b = await ownerWithActivity(t.app);
    expect((await b.client.get(`/api/sa/resources/${groupId}`)).statusCode).toBe(404);
    expect((await b.client.request('DELETE', `/api/sa/resources/${groupId}`)).statusCode).toBe(404);
    expect((await b.client.get(`/api/sa/resources/${groupId}/bookings?from=2026-01-01&to=2026-02-01`)).statusCode).toBe(404);
    expect((await b.client.get('/api/sa/resources')).json().data).toEqual([]);
  });
});

describe('conflicts', () => {
  it('computes the peak usage over time, not the sum of all overlapping sessions', () => {
    const own = { start: 9, end: 12, quantity: 1 };
    const early = { start: 9, end: 10, quantity: 1 };
    const late = { start: 11, end: 12, quantity: 1 };
    expect(overbooking(own, [early, late], 2)).toEqual({ used: 2, culprits: [] });
    const early2 = { start: 9.5, end: 10.5, quantity: 1 };
    expect(overbooking(own, [early, late, early2], 2)).toEqual({ used: 3, culprits: [early, early2] });
    expect(overbooking(own, [{ start: 12, end: 13, quantity: 5 }], 1).used).toBe(1);
  });

  it('capacity 1: touching sessions are fine, overlapping ones conflict until confirmed', async () => {
    const a = await ownerWithActivity(t.app);
    const { ids } = await addResources(a.client, [1]);
    const room = ids[0]!;
    const s1 = await addSession(a.client, a.activityId, '2026-09-01T10:00', '2026-09-01T11:00');
    const s2 = await addSession(a.client, a.activityId, '2026-09-01T11:00', '2026-09-01T12:00');
    const s3 = await addSession(a.client, a.activityId, '2026-09-01T10:30', '2026-09-01T11:30');
    expect((await assign(a.client, a.activityId, s1, [{ resource_id: room, quantity: 1 }])).json().success).toBe(true);
    const touching = await assign(a.client, a.activityId, s2, [{ resource_id: room, quantity: 1 }]);
    expect(touching.json()).toMatchObject({
      success: true,
      data: { resources: [{ resource_id: room, name: 'Räume 1 EN', quantity: 1 }], conflicts: [] },
    });
    const refused = await assign(a.client, a.activityId, s3, [{ resource_id: room, quantity: 1 }]);
    expect(refused.statusCode).toBe(200);
    expect(refused.json().success).toBe(false);
    expect(
      refused
        .json()
        .conflicts.map((c: { session_id: number }) => c.session_id)
        .sort(),
    ).toEqual([s1, s2].sort());
    expect(refused.json().conflicts[0]).toMatchObject({ resource_id: room, used: 2, capacity: 1, activity_name: 'Yoga EN' });
    expect(await usesOf(s3)).toEqual([]);
    const confirmed = await assign(a.client, a.activityId, s3, [{ resource_id: room, quantity: 1 }], true);
    expect(confirmed.json().success).toBe(true);
    expect(confirmed.json().data.conflicts).toHaveLength(2);
    const list = (await a.client.get(`/api/courses/${a.activityId}/sessions`)).json().data;
    expect(list.map((s: { id: number; conflicts: unknown[] }) => [s.id, s.conflicts.length])).toEqual([
      [s1, 1],
      [s3, 2],
      [s2, 1],
    ]);
    // A cancelled session needs nothing.
    await a.client.post(`/api/courses/${a.activityId}/sessions/${s3}/cancel`);
    const after = (await a.client.get(`/api/courses/${a.activityId}/sessions`)).json().data;
    expect(after.every((s: { conflicts: unknown[] }) => s.conflicts.length === 0)).toBe(true);
  });

  it('capacity 2: two overlapping sessions are fine, a third conflicts', async () => {
    const a = await ownerWithActivity(t.app);
    const other = await createActivity(a.client, 'Pilates');
    const { ids } = await addResources(a.client, [2]);
    const hall = ids[0]!;
    const s1 = await addSession(a.client, a.activityId, '2026-09-02T18:00', '2026-09-02T20:00');
    const s2 = await addSession(a.client, other, '2026-09-02T19:00', '2026-09-02T21:00');
    const s3 = await addSession(a.client, a.activityId, '2026-09-02T19:30', '2026-09-02T20:30');
    expect((await assign(a.client, a.activityId, s1, [{ resource_id: hall, quantity: 1 }])).json().success).toBe(true);
    expect((await assign(a.client, other, s2, [{ resource_id: hall, quantity: 1 }])).json().success).toBe(true);
    const check = await a.client.post('/api/sa/conflicts/check?language=de', {
      starts_at: '2026-09-02T19:30',
      ends_at: '2026-09-02T20:30',
      items: [{ resource_id: hall, quantity: 1 }],
    });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().conflicts).toHaveLength(2);
    expect(check.json().conflicts.find((c: { session_id: number }) => c.session_id === s2)).toEqual({
      resource_id: hall,
      resource_name: 'Räume 1',
      session_id: s2,
      activity_id: other,
      activity_name: 'Pilates',
      starts_at: '2026-09-02T19:00:00+02:00',
      ends_at: '2026-09-02T21:00:00+02:00',
      used: 3,
      capacity: 2,
    });
    // Leaving s2 itself out (as when moving it) there is no conflict.
    const self = await a.client.post('/api/sa/conflicts/check', {
      session_id: s2,
      starts_at: '2026-09-02T19:00',
      ends_at: '2026-09-02T21:00',
      items: [{ resource_id: hall, quantity: 1 }],
    });
    expect(self.json().conflicts).toEqual([]);
    expect((await assign(a.client, a.activityId, s3, [{ resource_id: hall, quantity: 1 }])).json().success).toBe(false);
  });

  it('moving a session onto a booked resource reports conflicts and changes nothing unless confirmed', async () => {
    const a = await ownerWithActivity(t.app);
    const { ids } = await addResources(a.client, [1]);
    const s1 = await addSession(a.client, a.activityId, '2026-10-01T10:00', '2026-10-01T11:00');
    const s2 = await addSession(a.client, a.activityId, '2026-10-01T12:00', '2026-10-01T13:00');
    for (const s of [s1, s2]) await assign(a.client, a.activityId, s, [{ resource_id: ids[0], quantity: 1 }]);
    const url = `/api/courses/${a.activityId}/sessions/${s2}?language=en`;
    const body = { starts_at: '2026-10-01T10:30', ends_at: '2026-10-01T11:30' };
    const refused = await a.client.request('PUT', url, body);
    expect(refused.json()).toMatchObject({ success: false, conflicts: [{ session_id: s1 }] });
    const list = (await a.client.get(`/api/courses/${a.activityId}/sessions`)).json().data;
    expect(list.find((s: { id: number }) => s.id === s2).starts_at).toBe('2026-10-01T12:00:00+02:00');
    const moved = await a.client.request('PUT', url, { ...body, confirm: true });
    expect(moved.json()).toMatchObject({
      success: true,
      data: { starts_at: '2026-10-01T10:30:00+02:00', conflicts: [{ session_id: s1 }] },
    });
  });

  it('moves a session whose assignment is above a since lowered capacity', async () => {
    const a = await ownerWithActivity(t.app);
    const { groupId, ids } = await addResources(a.client, [3]);
    const s = await addSession(a.client, a.activityId, '2026-10-05T10:00', '2026-10-05T11:00');
    expect((await assign(a.client, a.activityId, s, [{ resource_id: ids[0], quantity: 3 }])).json().success).toBe(true);
    const lowered = await a.client.request('PUT', `/api/sa/resources/${groupId}`, {
      name: { de: 'Räume', en: 'Rooms' },
      kind: 'room',
      resources: [{ id: ids[0], name: { de: 'Saal', en: 'Hall' }, capacity: 1 }],
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    const moved = await a.client.request('PUT', `/api/courses/${a.activityId}/sessions/${s}`, {
      starts_at: '2026-10-06T10:00',
      ends_at: '2026-10-06T11:00',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ success: true, data: { resources: [{ resource_id: ids[0], quantity: 3 }] } });
  });

  it('assigns a resource to many dates in one call, checking conflicts over all of them before changing any', async () => {
    const a = await ownerWithActivity(t.app);
    const { ids } = await addResources(a.client, [1]);
    const room = ids[0]!;
    const mine = [
      await addSession(a.client, a.activityId, '2026-09-01T10:00', '2026-09-01T11:00'),
      await addSession(a.client, a.activityId, '2026-09-08T10:00', '2026-09-08T11:00'),
      await addSession(a.client, a.activityId, '2026-09-15T10:00', '2026-09-15T11:00'),
    ];
    const pilates = await createActivity(a.client, 'Pilates');
    const busy = await addSession(a.client, pilates, '2026-09-15T10:30', '2026-09-15T11:30');
    expect((await assign(a.client, pilates, busy, [{ resource_id: room, quantity: 1 }])).json().success).toBe(true);
    const url = `/api/courses/${a.activityId}/sessions/resources?language=en`;
    const items = [{ resource_id: room, quantity: 1 }];

    // "This and the following dates" from the second: the third clashes with Pilates.
    const refused = await a.client.request('PUT', url, { session_ids: mine.slice(1), items });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({
      success: false,
      conflicts: [{ for_session_id: mine[2], session_id: busy, activity_name: 'Pilates EN' }],
    });
    expect(refused.json().conflicts).toHaveLength(1);
    for (const id of mine) expect(await usesOf(id)).toEqual([]);

    const confirmed = await a.client.request('PUT', url, { session_ids: mine, items, confirm: true });
    expect(confirmed.json()).toMatchObject({ success: true, updated: 3, message: 'The resources of 3 dates have been saved.' });
    expect(confirmed.json().data.map((s: { id: number; conflicts: unknown[] }) => [s.id, s.conflicts.length])).toEqual([
      [mine[0], 0],
      [mine[1], 0],
      [mine[2], 1],
    ]);
    for (const id of mine) expect((await usesOf(id)).map((u) => u.resourceId)).toEqual([room]);
    // Replacing them again is no conflict with themselves.
    expect((await a.client.request('PUT', url, { session_ids: mine.slice(0, 2), items })).json().success).toBe(true);
  });

  it('many dates: overlapping dates of the plan conflict with each other; foreign dates are refused', async () => {
    const a = await ownerWithActivity(t.app);
    const { ids } = await addResources(a.client, [1]);
    const s1 = await addSession(a.client, a.activityId, '2026-10-01T10:00', '2026-10-01T12:00');
    const s2 = await addSession(a.client, a.activityId, '2026-10-01T11:00', '2026-10-01T13:00');
    const url = `/api/courses/${a.activityId}/sessions/resources?language=en`;
    const items = [{ resource_id: ids[0]!, quantity: 1 }];
    const refused = await a.client.request('PUT', url, { session_ids: [s1, s2], items });
    expect(refused.json().success).toBe(false);
    expect(refused.json().conflicts.map((c: { for_session_id: number; session_id: number }) => [c.for_session_id, c.session_id])).toEqual([
      [s1, s2],
      [s2, s1],
    ]);
    const other = await ownerWithActivity(t.app);
    const foreign = await addSession(other.client, other.activityId, '2026-10-02T10:00', '2026-10-02T11:00');
    const mixed = await a.client.request('PUT', url, { session_ids: [s1, foreign], items });
    expect(mixed.statusCode).toBe(422);
    expect(Object.keys(mixed.json().errors)).toEqual(['session_ids.1']);
    expect((await other.client.request('PUT', url, { session_ids: [s1], items })).statusCode).toBe(404);
    const i = await staff(t.app, a.team, 'instructor');
    expect((await i.client.request('PUT', url, { session_ids: [s1], items })).statusCode).toBe(403);
    expect(await usesOf(s1)).toEqual([]);
  });

  it('refuses resources of another company, duplicates and quantities above the capacity', async () => {
    const a = await ownerWithActivity(t.app);
    const b = await ownerWithActivity(t.app);
    const mine = await addResources(a.client, [3]);
    const theirs = await addResources(b.client, [1]);
    const s = await addSession(a.client, a.activityId, '2026-10-01T10:00', '2026-10-01T11:00');
    const foreign = await assign(a.client, a.activityId, s, [{ resource_id: theirs.ids[0], quantity: 1 }]);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ 'items.0.resource_id': ['This resource does not exist in your company.'] });
    const twice = await assign(a.client, a.activityId, s, [
      { resource_id: mine.ids[0], quantity: 1 },
      { resource_id: mine.ids[0], quantity: 1 },
    ]);
    expect(Object.keys(twice.json().errors)).toEqual(['items.1.resource_id']);
    const tooMany = await assign(a.client, a.activityId, s, [{ resource_id: mine.ids[0], quantity: 4 }]);
    expect(tooMany.json().errors).toEqual({ 'items.0.quantity': ['At most 3 available.'] });
    const check = await a.client.post('/api/sa/conflicts/check', {
      session_id: s,
      starts_at: '2026-10-01T10:00',
      ends_at: '2026-10-01T11:00',
      items: [{ resource_id: theirs.ids[0], quantity: 1 }],
    });
    expect(check.statusCode).toBe(422);
    const otherSession = await addSession(b.client, b.activityId, '2026-10-01T10:00', '2026-10-01T11:00');
    const check2 = await a.client.post('/api/sa/conflicts/check', {
      session_id: otherSession,
      starts_at: '2026-10-01T10:00',
      ends_at: '2026-10-01T11:00',
      items: [],
    });
    expect(Object.keys(check2.json().errors)).toEqual(['session_id']);
    expect(await usesOf(s)).toEqual([]);
  });

  it('lists a group’s bookings with conflict flags and only its own resources', async () => {
    const a = await ownerWithActivity(t.app);
    const rooms = await addResources(a.client, [1], 'Räume');
    const mats = await addResources(a.client, [10], 'Matten');
    const s1 = await addSession(a.client, a.activityId, '2026-11-02T10:00', '2026-11-02T11:00');
    const s2 = await addSession(a.client, a.activityId, '2026-11-02T10:30', '2026-11-02T11:30');
    const s3 = await addSession(a.client, a.activityId, '2026-11-03T10:00', '2026-11-03T11:00');
    await assign(a.client, a.activityId, s1, [
      { resource_id: rooms.ids[0], quantity: 1 },
      { resource_id: mats.ids[0], quantity: 5 },
    ]);
    await assign(a.client, a.activityId, s2, [{ resource_id: rooms.ids[0], quantity: 1 }], true);
    await assign(a.client, a.activityId, s3, [{ resource_id: mats.ids[0], quantity: 5 }]);
    const res = await a.client.get(`/api/sa/resources/${rooms.groupId}/bookings?from=2026-11-01&to=2026-11-30&language=en`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((s: { id: number; conflict: boolean; title: string }) => [s.id, s.conflict, s.title])).toEqual([
      [s1, true, 'Yoga EN'],
      [s2, true, 'Yoga EN'],
    ]);
    expect(res.json().data[0].resources).toEqual([{ resource_id: rooms.ids[0], name: 'Räume 1 EN', quantity: 1 }]);
    // Without a range: the 31 days from today (these sessions lie elsewhere).
    const defaults = await a.client.get(`/api/sa/resources/${rooms.groupId}/bookings`);
    expect(defaults.statusCode, defaults.body).toBe(200);
    expect((await a.client.get(`/api/sa/resources/${rooms.groupId}/bookings?from=2026-11-02`)).json().data).toHaveLength(2);
    const matBookings = (await a.client.get(`/api/sa/resources/${mats.groupId}/bookings?from=2026-11-01&to=2026-11-30`)).json().data;
    expect(matBookings.map((s: { id: number; conflict: boolean }) => [s.id, s.conflict])).toEqual([
      [s1, true],
      [s3, false],
    ]);
  });
});
