import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.ts';
import { createMemoryRateLimiter } from '../../lib/rate-limit.ts';
import { buildTestApp, TestClient, type TestApp } from '../../test/build-test-app.ts';
import { createUserWithTeam, DEFAULT_PASSWORD, loginAs } from '../../test/factories.ts';

let t: TestApp;
let now = Date.now();
beforeAll(async () => {
  t = await buildTestApp({ limiter: createMemoryRateLimiter(() => now) });
});
afterAll(() => t.close());
// Every test starts with fresh rate-limit windows.
beforeEach(() => {
  now += 3600_000;
});

const login = (client: TestClient, email: string, password: string, lang = 'en') =>
  client.post(`/api/srl/login?language=${lang}`, { email, password });
const replay = (cookie: string, url = '/api/srl/user') =>
  t.app.inject({ method: 'GET', url, headers: { cookie: `bookla_session=${cookie}` } });

describe('login', () => {
  it('logs in with a new session id, in the current team; the old id stops working', async () => {
    const { user, team } = await createUserWithTeam(t.database.db, { email: 'Lea.Login@Example.com' });
    const client = new TestClient(t.app);
    await client.csrf();
    const before = client.cookies.get('bookla_session')!;
    const res = await login(client, 'lea.login@example.com', DEFAULT_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Login Successful' });
    const after = client.cookies.get('bookla_session')!;
    expect(after).not.toBe(before);
    expect((await replay(before)).statusCode).toBe(401);

    const me = await client.get('/api/srl/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      user: {
        id: user.id,
        firstname: 'Anna',
        lastname: 'Muster',
        email: 'Lea.Login@Example.com',
        salutation: 'mrs',
        language: 'de',
        two_factor_enabled: false,
      },
    });
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.teamId).toBe(team.id);
  });

  it('answers an unknown address exactly like a wrong password, with about the same work', async () => {
    const { user } = await createUserWithTeam(t.database.db);
    const client = new TestClient(t.app);
    // The work a request costs, as this process's CPU time (argon2 runs on libuv's threads, which
    // count too): unlike wall time it does not grow when other processes share the cores.
    const timed = async (email: string) => {
      const start = process.cpuUsage();
      const res = await login(client, email, 'wrong password!', 'de');
      const used = process.cpuUsage(start);
      return { res, ms: (used.user + used.system) / 1000 };
    };
    await timed('warm-up@example.com');
    // Alternate the two kinds and compare medians, so a garbage collection does not skew one side.
    const wrongs: Awaited<ReturnType<typeof timed>>[] = [];
    const unknowns: Awaited<ReturnType<typeof timed>>[] = [];
    for (let i = 0; i < 5; i++) {
      wrongs.push(await timed(user.email));
      unknowns.push(await timed(`nobody-${i}@example.com`));
    }
    const median = (list: { ms: number }[]) => list.map((x) => x.ms).sort((a, b) => a - b)[2]!;
    const wrong = { res: wrongs[0]!.res, ms: median(wrongs) };
    const unknown = { res: unknowns[0]!.res, ms: median(unknowns) };
    expect(wrong.res.statusCode).toBe(422);
    expect(unknown.res.statusCode).toBe(422);
    expect(unknown.res.body).toBe(wrong.res.body);
    expect(wrong.res.json()).toEqual({ success: false, message: 'Diese Zugangsdaten stimmen nicht mit unseren Daten überein.' });
    // Both verify an argon2 hash (the unknown one a dummy), so neither is much faster.
    expect(unknown.ms / wrong.ms).toBeGreaterThan(0.4);
    expect(unknown.ms / wrong.ms).toBeLessThan(2.5);
  });

  it('asks an unverified user to verify, only with the right password', async () => {
    const { user } = await createUserWithTeam(t.database.db, { verified: false });
    const client = new TestClient(t.app);
    const res = await login(client, user.email, DEFAULT_PASSWORD);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      success: false,
      need_verification: true,
      user_id: user.id,
      message: "Please verify your E-Mail-Address. Didn't receive a Mail?",
    });
    expect((await client.get('/api/srl/user')).statusCode).toBe(401);
    const wrong = await login(client, user.email, 'not the password');
    expect(wrong.json()).toEqual({ success: false, message: 'These credentials do not match our records.' });
  });

  it('validates the payload', async () => {
    const res = await login(new TestClient(t.app), 'not-an-email', '');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['Please enter a valid e-mail address.'], password: ['This field is required.'] });
  });

  it('locks an account after 10 failures in 15 minutes, even for the right password', async () => {
    const { user } = await createUserWithTeam(t.database.db);
    const other = await createUserWithTeam(t.database.db);
    const client = new TestClient(t.app);
    for (let i = 0; i < 10; i++) expect((await login(client, user.email.toUpperCase(), `wrong-${i}`)).statusCode).toBe(422);
    const locked = await login(client, user.email, DEFAULT_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    expect(locked.json().message).toMatch(/Too many attempts/);
    // Other accounts from the same client are not affected.
    expect((await login(client, other.user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    now += 15 * 60_000 + 1000;
    expect((await login(new TestClient(t.app), user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('counts only failures: a successful login clears the account’s count', async () => {
    const { user } = await createUserWithTeam(t.database.db);
    const client = new TestClient(t.app);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 9; i++) expect((await login(client, user.email, 'nope-nope')).statusCode).toBe(422);
      expect((await login(client, user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    }
  });

  it('refuses an IP after 100 failures in 15 minutes', async () => {
    const client = new TestClient(t.app);
    for (let i = 0; i < 100; i++) expect((await login(client, `probe-${i % 20}@example.com`, 'guess-guess')).statusCode).toBe(422);
    const { user } = await createUserWithTeam(t.database.db);
    const res = await login(client, user.email, DEFAULT_PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('answers a logged-in user normally (the web app redirects)', async () => {
    const { user } = await createUserWithTeam(t.database.db);
    const client = await loginAs(t.app, user.email);
    const res = await login(client, user.email, DEFAULT_PASSWORD);
    expect(res.json()).toEqual({ success: true, message: 'Login Successful' });
  });
});

describe('logout and the current user', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject('/api/srl/user');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('destroys the session: replaying the old cookie is unauthenticated', async () => {
    const { user } = await createUserWithTeam(t.database.db);
    const client = await loginAs(t.app, user.email);
    const cookie = client.cookies.get('bookla_session')!;
    expect((await replay(cookie)).statusCode).toBe(200);
    const res = await client.post('/api/srl/logout');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await replay(cookie)).statusCode).toBe(401);
    expect((await client.get('/api/srl/user')).statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it('needs the CSRF token to log out', async () => {
    const { user } = await createUserWithTeam(t.database.db);
    const client = await loginAs(t.app, user.email);
    const res = await client.request('POST', '/api/srl/logout', {}, { 'x-xsrf-token': 'forged' });
    expect(res.statusCode).toBe(419);
    expect((await client.get('/api/srl/user')).statusCode).toBe(200);
  });
});
