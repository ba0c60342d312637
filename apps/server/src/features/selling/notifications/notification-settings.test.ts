import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createUserWithTeam, loginAs, owner, staff } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const ALL = [
  'order_placed',
  'order_cancelled',
  'refund_requested',
  'refund_made',
  'waitlist_taken',
  'membership_past_due',
  'membership_cancelled',
  'membership_ended',
];

async function member(
  teamId: number,
  role: 'admin' | 'editor' | 'instructor',
  extra: { firstname?: string; language?: 'de' | 'en' | 'fr' } = {},
) {
  const { user } = await createUserWithTeam(t.app.deps.db, { teamId, role, ...extra });
  return user;
}

describe('notification settings API', () => {
  it('answers the defaults: every event, immediately, to the owners; members who see orders to choose from', async () => {
    const a = await owner(t.app, { firstname: 'Olga' });
    const admin = await member(a.team.id, 'admin', { firstname: 'Ada' });
    const editor = await member(a.team.id, 'editor', { firstname: 'Eda' });
    const instructor = await member(a.team.id, 'instructor');
    const res = await a.client.get('/api/config/notifications');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ recipients: [a.user.id], events: ALL, delivery: 'immediate' });
    const ids = data.members.map((m: { id: number }) => m.id).sort();
    expect(ids).toEqual([a.user.id, admin.id, editor.id].sort());
    expect(ids).not.toContain(instructor.id);
    expect(data.members.find((m: { id: number }) => m.id === admin.id)).toEqual({
      id: admin.id,
      firstname: 'Ada',
      lastname: admin.lastname,
      email: admin.email,
      role: 'admin',
    });
  });

  it('saves recipients, events and the digest, and reads them back', async () => {
    const a = await owner(t.app);
    const admin = await member(a.team.id, 'admin');
    const editor = await member(a.team.id, 'editor');
    const res = await a.client.request('PUT', '/api/config/notifications?language=en', {
      recipients: [admin.id, editor.id, admin.id],
      events: ['refund_made', 'order_placed'],
      delivery: 'digest',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'The notification settings have been saved.',
      data: { events: ['order_placed', 'refund_made'], delivery: 'digest' },
    });
    expect([...res.json().data.recipients].sort()).toEqual([admin.id, editor.id].sort());
    const again = (await a.client.get('/api/config/notifications')).json().data;
    expect([...again.recipients].sort()).toEqual([admin.id, editor.id].sort());
    expect(again.delivery).toBe('digest');
    // No event at all is allowed: nobody is mailed.
    const none = await a.client.request('PUT', '/api/config/notifications', { recipients: [a.user.id], events: [], delivery: 'immediate' });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().data.events).toEqual([]);
  });

  it('refuses recipients who are not members of the team (another team’s member, an instructor) and invalid input: 422 by field', async () => {
    const a = await owner(t.app);
    const b = await owner(t.app);
    const instructor = await member(a.team.id, 'instructor');
    const put = (body: unknown) => a.client.request('PUT', '/api/config/notifications?language=en', body);

    const foreign = await put({ recipients: [a.user.id, b.user.id], events: ALL, delivery: 'immediate' });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ 'recipients.1': [expect.stringContaining('member of your company')] });

    const teacher = await put({ recipients: [instructor.id], events: ALL, delivery: 'immediate' });
    expect(teacher.statusCode).toBe(422);
    expect(Object.keys(teacher.json().errors)).toEqual(['recipients.0']);

    const empty = await put({ recipients: [], events: ALL, delivery: 'immediate' });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors)).toEqual(['recipients']);

    const bad = await put({ recipients: [a.user.id], events: ['order_placed', 'nonsense'], delivery: 'weekly' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['delivery', 'events.1']);

    // Nothing was saved.
    expect((await a.client.get('/api/config/notifications')).json().data).toMatchObject({ recipients: [a.user.id], delivery: 'immediate' });
  });

  it('is the owners’ and admins’: editors and instructors get 403; without the XSRF header 419', async () => {
    const a = await owner(t.app);
    const admin = await staff(t.app, a.team, 'admin');
    expect((await admin.client.get('/api/config/notifications')).statusCode).toBe(200);
    for (const role of ['editor', 'instructor'] as const) {
      const s = await staff(t.app, a.team, role);
      expect((await s.client.get('/api/config/notifications')).statusCode).toBe(403);
      const res = await s.client.request('PUT', '/api/config/notifications', {
        recipients: [s.user.id],
        events: ALL,
        delivery: 'immediate',
      });
      expect(res.statusCode).toBe(403);
    }
    const csrf = await t.app.inject({
      method: 'PUT',
      url: '/api/config/notifications',
      cookies: Object.fromEntries(a.client.cookies),
      payload: { recipients: [a.user.id], events: ALL, delivery: 'immediate' },
    });
    expect(csrf.statusCode).toBe(419);
    expect((await t.app.inject({ method: 'GET', url: '/api/config/notifications' })).statusCode).toBe(401);
  });

  it('keeps teams apart: each reads and writes its own settings only', async () => {
    const a = await owner(t.app);
    const b = await owner(t.app);
    const adminA = await member(a.team.id, 'admin');
    await a.client.request('PUT', '/api/config/notifications', { recipients: [adminA.id], events: ['refund_made'], delivery: 'digest' });
    const bRead = (await b.client.get('/api/config/notifications')).json().data;
    expect(bRead).toMatchObject({ recipients: [b.user.id], events: ALL, delivery: 'immediate' });
    expect(bRead.members.map((m: { id: number }) => m.id)).toEqual([b.user.id]);
    const bWrite = await b.client.request('PUT', '/api/config/notifications', {
      recipients: [adminA.id],
      events: ALL,
      delivery: 'immediate',
    });
    expect(bWrite.statusCode).toBe(422);
    expect((await a.client.get('/api/config/notifications')).json().data).toMatchObject({ recipients: [adminA.id], delivery: 'digest' });
  });

  it('a chosen member who leaves the team stops receiving; with nobody chosen left, the owners receive', async () => {
    const a = await owner(t.app);
    const admin = await member(a.team.id, 'admin');
    const editor = await member(a.team.id, 'editor');
    await a.client.request('PUT', '/api/config/notifications', { recipients: [admin.id, editor.id], events: ALL, delivery: 'immediate' });
    expect((await a.client.request('DELETE', `/api/team/members/${editor.id}`)).statusCode).toBe(200);
    expect((await a.client.get('/api/config/notifications')).json().data.recipients).toEqual([admin.id]);
    expect((await a.client.request('DELETE', `/api/team/members/${admin.id}`)).statusCode).toBe(200);
    expect((await a.client.get('/api/config/notifications')).json().data.recipients).toEqual([a.user.id]);
    // Logged in again, the removed member is no one to choose any more.
    await loginAs(t.app, admin.email);
    const res = await a.client.request('PUT', '/api/config/notifications', { recipients: [admin.id], events: ALL, delivery: 'immediate' });
    expect(res.statusCode).toBe(422);
  });
});
