import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../test/build-test-app.ts';
import { createUserWithTeam, DEFAULT_PASSWORD } from '../test/factories.ts';
import { ABSOLUTE_MS, INACTIVITY_MS } from './session.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    extend(app) {
      // Stand-ins for login/logout so the session helpers are tested on their own.
      app.post('/api/test/login', async (request, reply) => {
        await app.sessions.rotate(request, reply, { userId: 42 });
        return { ok: true };
      });
      app.post('/api/test/logout', async (request, reply) => {
        await app.sessions.destroy(request, reply);
        return { ok: true };
      });
      app.get('/api/test/whoami', async (request) => ({ userId: request.session?.userId ?? null }));
    },
  });
});
afterAll(() => t.close());

const rows = () => t.database.db.select().from(sessions);

describe('sessions', () => {
  it('stores only a hash of the cookie token', async () => {
    const c = new TestClient(t.app);
    await c.post('/api/test/login');
    const cookie = c.cookies.get('bookla_session')!;
    const token = decodeURIComponent(cookie).split('.')[0]!;
    const all = await rows();
    expect(all.length).toBeGreaterThan(0);
    expect(all.some((r) => r.id === token)).toBe(false);
    expect(all.every((r) => /^[0-9a-f]{64}$/.test(r.id))).toBe(true);
  });

  it('stores no row for anonymous visitors: 50 csrf-cookie calls create none, a login then works', async () => {
    const count = async () => (await rows()).length;
    const before = await count();
    const clients = Array.from({ length: 50 }, () => new TestClient(t.app));
    for (const c of clients) {
      const res = await c.csrf();
      expect(res.statusCode).toBe(204);
      expect(c.cookies.get('XSRF-TOKEN')).toBeTruthy();
      expect(c.cookies.get('bookla_session')).toBeTruthy();
    }
    expect(await count()).toBe(before);

    // The anonymous session's token is enforced although it has no row.
    const c = clients[0]!;
    expect((await c.post('/api/test/login', undefined, { 'x-xsrf-token': 'forged' })).statusCode).toBe(419);
    expect((await c.post('/api/test/login', undefined, { 'x-xsrf-token': clients[1]!.cookies.get('XSRF-TOKEN')! })).statusCode).toBe(419);
    expect(await count()).toBe(before);

    // The real login on such a session works and stores exactly one row.
    const { user } = await createUserWithTeam(t.database.db);
    const login = await c.post('/api/srl/login', { email: user.email, password: DEFAULT_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect((await rows()).filter((r) => r.userId === user.id)).toHaveLength(1);
    expect(await count()).toBe(before + 1);
    expect((await c.get('/api/srl/user')).statusCode).toBe(200);
  });

  it('rotates the id on login: the old cookie no longer works', async () => {
    const c = new TestClient(t.app);
    await c.csrf();
    const before = c.cookies.get('bookla_session')!;
    expect((await c.post('/api/test/login')).statusCode).toBe(200);
    const after = c.cookies.get('bookla_session')!;
    expect(after).not.toBe(before);
    expect((await c.get('/api/test/whoami')).json()).toEqual({ userId: 42 });
    const replay = await t.app.inject({ url: '/api/test/whoami', headers: { cookie: `bookla_session=${before}` } });
    expect(replay.json()).toEqual({ userId: null });
  });

  it('destroys the session on logout: replaying the cookie finds nothing', async () => {
    const c = new TestClient(t.app);
    await c.post('/api/test/login');
    const cookie = c.cookies.get('bookla_session')!;
    await c.post('/api/test/logout');
    const replay = await t.app.inject({ url: '/api/test/whoami', headers: { cookie: `bookla_session=${cookie}` } });
    expect(replay.json()).toEqual({ userId: null });
  });

  it('ignores a cookie with a forged signature', async () => {
    const c = new TestClient(t.app);
    await c.post('/api/test/login');
    const [token] = decodeURIComponent(c.cookies.get('bookla_session')!).split('.');
    const forged = await t.app.inject({ url: '/api/test/whoami', headers: { cookie: `bookla_session=${token}.AAAA` } });
    expect(forged.json()).toEqual({ userId: null });
  });

  it('expires after 3 hours of inactivity', async () => {
    const c = new TestClient(t.app);
    await c.post('/api/test/login');
    const [row] = (await rows()).filter((r) => r.userId === 42).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - INACTIVITY_MS - 1000) })
      .where(eq(sessions.id, row!.id));
    expect((await c.get('/api/test/whoami')).json()).toEqual({ userId: null });
    expect((await rows()).some((r) => r.id === row!.id)).toBe(false);
  });

  it('expires 12 hours after login even when active', async () => {
    const c = new TestClient(t.app);
    await c.post('/api/test/login');
    const all = await rows();
    const row = all.filter((r) => r.userId === 42).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]!;
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(ABSOLUTE_MS);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(sessions.id, row.id));
    expect((await c.get('/api/test/whoami')).json()).toEqual({ userId: null });
  });

  it('purges expired rows in batches, keeping live ones', async () => {
    const live = new TestClient(t.app);
    await live.post('/api/test/login');
    const liveIds = new Set((await rows()).map((r) => r.id));
    const now = Date.now();
    // More than one batch; odd rows past their absolute end, even rows idle too long.
    const stale = Array.from({ length: 5003 }, (_, i) => ({
      id: i.toString(16).padStart(64, '0'),
      csrfToken: 'x',
      createdAt: new Date(now - ABSOLUTE_MS),
      lastSeenAt: new Date(i % 2 ? now - 1000 : now - INACTIVITY_MS - 1000),
      expiresAt: new Date(i % 2 ? now - 1000 : now + ABSOLUTE_MS),
    }));
    for (let i = 0; i < stale.length; i += 1000) await t.database.db.insert(sessions).values(stale.slice(i, i + 1000));
    expect(await t.app.sessions.purgeExpired()).toBe(5003);
    expect(new Set((await rows()).map((r) => r.id))).toEqual(liveIds);
    expect((await live.get('/api/test/whoami')).json()).toEqual({ userId: 42 });
  });

  it('purges expired rows and ends all sessions of a user except one', async () => {
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1) });
    await t.app.sessions.purgeExpired();
    expect(await rows()).toHaveLength(0);
    const a = new TestClient(t.app);
    const b = new TestClient(t.app);
    await a.post('/api/test/login');
    await b.post('/api/test/login');
    const keep = (await rows())[0]!.id;
    await t.app.sessions.destroyUserSessions(42, keep);
    expect((await rows()).map((r) => r.id)).toEqual([keep]);
  });
});
