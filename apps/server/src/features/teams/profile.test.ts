import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../test/build-test-app.ts';
import { DEFAULT_PASSWORD, loginAs, owner, requireTwoFactor, staff, userRow } from '../../test/factories.ts';

let t: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Bergwanderung im Mai';

describe('profile', () => {
  it('shows and saves the own profile; email, id and role in the body are ignored', async () => {
    const a = await owner(app);
    const member = await staff(app, a.team, 'editor');
    const got = await member.client.get('/api/profile');
    expect(got.statusCode).toBe(200);
    expect(got.json().data).toEqual({
      id: member.user.id,
      email: member.user.email,
      salutation: 'mrs',
      firstname: 'Anna',
      lastname: 'Muster',
      language: 'de',
      two_factor_enabled: false,
      date_format: 'auto',
    });
    const res = await member.client.request('PUT', '/api/profile', {
      salutation: 'mr',
      firstname: ' Beat ',
      lastname: 'Brunner',
      language: 'fr',
      email: 'hijack@example.com',
      id: a.user.id,
      role: 'owner',
      team_id: 999,
      email_verified_at: null,
      totp_enabled_at: '2020-01-01',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: member.user.id,
      salutation: 'mr',
      firstname: 'Beat',
      lastname: 'Brunner',
      language: 'fr',
      email: member.user.email,
    });
    const row = await userRow(app, member.user.id);
    expect(row.email).toBe(member.user.email);
    expect(row.totpEnabledAt).toBeNull();
    expect(row.emailVerifiedAt).not.toBeNull();
    expect((await userRow(app, a.user.id)).firstname).toBe('Anna');
    expect((await member.client.get('/api/srl/team')).json().team.role).toBe('editor');
  });

  it('validates the profile and needs a session', async () => {
    const a = await owner(app);
    const res = await a.client.request('PUT', '/api/profile?language=en', {
      salutation: 'dr',
      firstname: '',
      lastname: 'x'.repeat(101),
      language: 'it',
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['firstname', 'language', 'lastname', 'salutation']);
    expect(res.json().errors.firstname).toEqual(['This field is required.']);
    expect((await new TestClient(app).get('/api/profile')).statusCode).toBe(401);
  });

  it('saves the English date format (issue 22 item 13): stored, in the app state, kept when absent, 422 on anything else', async () => {
    const a = await owner(app);
    const base = { salutation: 'mrs', firstname: 'Anna', lastname: 'Muster', language: 'en' };
    const put = (body: Record<string, unknown>) => a.client.request('PUT', '/api/profile?language=en', { ...base, ...body });

    const saved = await put({ date_format: 'us' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.date_format).toBe('us');
    expect((await userRow(app, a.user.id)).dateFormat).toBe('us');
    expect((await a.client.get('/api/srl/state')).json().user.date_format).toBe('us');
    // An older client that does not know the field leaves it as it was.
    expect((await put({})).json().data.date_format).toBe('us');
    expect((await put({ date_format: 'day_first' })).json().data.date_format).toBe('day_first');
    // `auto` is stored as null: the team's country decides.
    expect((await put({ date_format: 'auto' })).json().data.date_format).toBe('auto');
    expect((await userRow(app, a.user.id)).dateFormat).toBeNull();
    expect((await a.client.get('/api/profile')).json().data.date_format).toBe('auto');

    for (const wrong of ['mdy', 'US', '', 12, null]) {
      const res = await put({ date_format: wrong });
      expect(res.statusCode, String(wrong)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['date_format']);
    }
    expect((await userRow(app, a.user.id)).dateFormat).toBeNull();
  });

  it('stays reachable while the company’s two-factor rule is unmet', async () => {
    const a = await owner(app);
    await requireTwoFactor(app, a.team.id);
    expect((await a.client.get('/api/profile')).statusCode).toBe(200);
    expect(
      (await a.client.request('PUT', '/api/profile', { salutation: 'mrs', firstname: 'A', lastname: 'B', language: 'en' })).statusCode,
    ).toBe(200);
  });
});

describe('password change', () => {
  it('refuses a wrong current password on current_password', async () => {
    const a = await owner(app);
    const res = await a.client.request('PUT', '/api/profile/password?language=en', {
      current_password: 'wrong one',
      password: NEW_PASSWORD,
      password_confirm: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ current_password: ['The current password is incorrect.'] });
    await loginAs(app, a.user.email, DEFAULT_PASSWORD);
  });

  it('checks the new password’s rules and confirmation', async () => {
    const a = await owner(app, { email: `hans.meier.${Date.now()}@example.com` });
    const put = (password: string, confirm = password) =>
      a.client.request('PUT', '/api/profile/password?language=en', {
        current_password: DEFAULT_PASSWORD,
        password,
        password_confirm: confirm,
      });
    expect((await put('short')).json().errors.password).toEqual(['Must be at least 8 characters.']);
    expect((await put(NEW_PASSWORD, 'different')).json().errors.password_confirm).toBeDefined();
    expect((await put('password1')).json().errors.password).toBeDefined();
    const withEmail = await put(`${a.user.email.split('@')[0]}!`);
    expect(withEmail.statusCode).toBe(422);
    expect(withEmail.json().errors.password).toEqual(['The password must not contain your e-mail address.']);
  });

  it('changes the password on a new session id and ends every other session of the user', async () => {
    const a = await owner(app);
    const other = await loginAs(app, a.user.email);
    const bystander = await owner(app);
    const before = a.client.cookies.get('bookla_session')!;
    const res = await a.client.request('PUT', '/api/profile/password', {
      current_password: DEFAULT_PASSWORD,
      password: NEW_PASSWORD,
      password_confirm: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: expect.any(String) });
    expect((await a.client.get('/api/profile')).statusCode).toBe(200);
    // The old id of this session stops working too (a copy of it was as good as a login).
    expect(a.client.cookies.get('bookla_session')).not.toBe(before);
    const replay = await app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: `bookla_session=${before}` } });
    expect(replay.statusCode).toBe(401);
    expect((await other.get('/api/profile')).statusCode).toBe(401);
    expect((await bystander.client.get('/api/profile')).statusCode).toBe(200);
    await loginAs(app, a.user.email, NEW_PASSWORD);
    await expect(loginAs(app, a.user.email, DEFAULT_PASSWORD)).rejects.toThrow();
  });

  it('limits wrong current passwords', async () => {
    const a = await owner(app);
    const body = { current_password: 'not it', password: NEW_PASSWORD, password_confirm: NEW_PASSWORD };
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await a.client.request('PUT', '/api/profile/password', body)).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 422)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    const right = await a.client.request('PUT', '/api/profile/password', { ...body, current_password: DEFAULT_PASSWORD });
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBeDefined();
  });
});

describe('sessions', () => {
  it('lists the own sessions with opaque ids and marks the current one', async () => {
    const a = await owner(app);
    await loginAs(app, a.user.email);
    const b = await owner(app);
    const res = await a.client.get('/api/profile/sessions');
    expect(res.statusCode).toBe(200);
    const list = res.json().data as {
      id: string;
      current: boolean;
      ip: string | null;
      user_agent: string | null;
      created_at: string;
      last_seen_at: string;
    }[];
    expect(list).toHaveLength(2);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    for (const s of list) {
      expect(s.id).toMatch(/^[0-9a-f]{12}$/);
      expect(Object.keys(s).sort()).toEqual(['created_at', 'current', 'id', 'ip', 'last_seen_at', 'user_agent']);
    }
    const cookieToken = a.client.cookies.get('bookla_session')!;
    expect(JSON.stringify(list)).not.toContain(cookieToken.split('.')[0]!.slice(0, 12));
    const bIds = ((await b.client.get('/api/profile/sessions')).json().data as { id: string }[]).map((s) => s.id);
    expect(bIds.some((id) => list.some((s) => s.id === id))).toBe(false);
  });

  it('ends one of the own sessions; other users’ sessions answer 404', async () => {
    const a = await owner(app);
    const second = await loginAs(app, a.user.email);
    const b = await owner(app);
    const list = (await a.client.get('/api/profile/sessions')).json().data as { id: string; current: boolean }[];
    const other = list.find((s) => !s.current)!;
    const bSession = ((await b.client.get('/api/profile/sessions')).json().data as { id: string }[])[0]!;
    expect((await a.client.request('DELETE', `/api/profile/sessions/${bSession.id}`)).statusCode).toBe(404);
    expect((await b.client.get('/api/profile')).statusCode).toBe(200);
    expect((await a.client.request('DELETE', '/api/profile/sessions/%25')).statusCode).toBe(404);
    expect((await a.client.request('DELETE', '/api/profile/sessions/abc')).statusCode).toBe(404);
    const res = await a.client.request('DELETE', `/api/profile/sessions/${other.id}`);
    expect(res.statusCode).toBe(200);
    expect((await second.get('/api/profile')).statusCode).toBe(401);
    expect((await a.client.get('/api/profile')).statusCode).toBe(200);
    const left = await app.deps.db.select().from(sessions).where(eq(sessions.userId, a.user.id));
    expect(left).toHaveLength(1);
  });
});
