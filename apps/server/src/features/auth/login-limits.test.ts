import type * as Passwords from '../../lib/passwords.ts';
import type * as Tokens from '../../lib/tokens.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from '../../lib/rate-limit.ts';
import { buildTestApp, TestClient, type TestApp } from '../../test/build-test-app.ts';
import { createUserWithTeam, DEFAULT_PASSWORD, loginAs } from '../../test/factories.ts';
import { login } from './auth.service.ts';
import { totp } from './two-factor.ts';

/**
 * Failed-login and 2FA limits under parallel guessing (each attempt is counted before it is
 * checked), and lockouts that an attacker cannot turn against the owner. Runs on the shared
 * Redis limiter when REDIS_URL is set, else in memory.
 */

// Every password and code that was actually checked, to count the evaluated guesses.
const checked = vi.hoisted(() => ({ passwords: [] as string[], codes: [] as string[] }));
vi.mock('../../lib/passwords.ts', async (importOriginal) => {
  const mod = await importOriginal<typeof Passwords>();
  return {
    ...mod,
    verifyPassword: (hash: string | null | undefined, password: string) => {
      checked.passwords.push(password);
      return mod.verifyPassword(hash, password);
    },
  };
});
vi.mock('../../lib/tokens.ts', async (importOriginal) => {
  const mod = await importOriginal<typeof Tokens>();
  return {
    ...mod,
    constantTimeEqual: (a: string, b: string) => {
      checked.codes.push(b);
      return mod.constantTimeEqual(a, b);
    },
  };
});

/** Keys under a prefix that changes per test, so runs (and tests) sharing one Redis never meet. */
let prefix = '';
function scoped(inner: RateLimiter): RateLimiter {
  return {
    hit: (key, limit, windowMs) => inner.hit(prefix + key, limit, windowMs),
    peek: (key, limit, windowMs) => inner.peek(prefix + key, limit, windowMs),
    refund: (key, token) => inner.refund(prefix + key, token),
    reset: (key) => inner.reset(prefix + key),
    close: () => inner.close(),
  };
}

let t: TestApp;
let now = Date.now();
beforeAll(async () => {
  const url = process.env.REDIS_URL;
  t = await buildTestApp({ limiter: scoped(url ? createRedisRateLimiter(url) : createMemoryRateLimiter(() => now)) });
});
afterAll(() => t.close());
beforeEach(() => {
  now += 3600_000;
  prefix = `test-${Math.random().toString(36).slice(2)}:`;
  checked.passwords.length = 0;
  checked.codes.length = 0;
});

const guesses = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}-guess-${i}`);

/** 6-digit codes that are wrong for a secret now (also one and two steps either way). */
function wrongCodes(secret: string, n: number): string[] {
  const right = new Set([-2, -1, 0, 1, 2].map((d) => totp(secret, Date.now() + d * 30_000)));
  const out: string[] = [];
  for (let i = 100_000; out.length < n; i += 7919) if (!right.has(String(i))) out.push(String(i));
  return out;
}

function expectOnlyLimitEvaluated(statuses: { statusCode: number; headers: Record<string, unknown> }[], evaluated: number) {
  expect(evaluated).toBe(10);
  expect(statuses.filter((r) => r.statusCode === 422)).toHaveLength(10);
  const refused = statuses.filter((r) => r.statusCode === 429);
  expect(refused).toHaveLength(statuses.length - 10);
  for (const r of refused) expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
}

describe('parallel guesses', () => {
  it('30 parallel wrong passwords for one account: 10 are checked, the rest answer 429', async () => {
    const { user } = await createUserWithTeam(t.database.db);
    const client = new TestClient(t.app);
    await client.csrf();
    const tries = guesses(30, 'pw');
    const res = await Promise.all(tries.map((password) => client.post('/api/srl/login', { email: user.email, password })));
    expectOnlyLimitEvaluated(res, tries.filter((p) => checked.passwords.includes(p)).length);
    // Still locked for this client, even with the right password.
    expect((await client.post('/api/srl/login', { email: user.email, password: DEFAULT_PASSWORD })).statusCode).toBe(429);
  });

  it('30 parallel wrong TOTP codes at the second login step: 10 are checked, the rest answer 429', async () => {
    const { user } = await createUserWithTeam(t.database.db);
    const setupClient = await loginAs(t.app, user.email);
    const { secret } = (await setupClient.post('/api/srl/two-factor/setup')).json() as { secret: string };
    expect((await setupClient.post('/api/srl/two-factor/confirm', { code: totp(secret) })).statusCode).toBe(200);

    const client = new TestClient(t.app);
    expect((await client.post('/api/srl/login', { email: user.email, password: DEFAULT_PASSWORD })).json().two_factor).toBe(true);
    checked.codes.length = 0;
    const codes = wrongCodes(secret, 30);
    const res = await Promise.all(codes.map((code) => client.post('/api/srl/login/two-factor', { code })));
    expectOnlyLimitEvaluated(res, codes.filter((c) => checked.codes.includes(c)).length);
  });

  it('30 parallel wrong codes confirming a 2FA setup: 10 are checked, the rest answer 429', async () => {
    const { user } = await createUserWithTeam(t.database.db);
    const client = await loginAs(t.app, user.email);
    const { secret } = (await client.post('/api/srl/two-factor/setup')).json() as { secret: string };
    checked.codes.length = 0;
    const codes = wrongCodes(secret, 30);
    const res = await Promise.all(codes.map((code) => client.post('/api/srl/two-factor/confirm', { code })));
    expectOnlyLimitEvaluated(res, codes.filter((c) => checked.codes.includes(c)).length);
  });

  it('a right password is not counted: 9 failures and a success leave room for 10 more', async () => {
    const { user } = await createUserWithTeam(t.database.db);
    const client = new TestClient(t.app);
    await client.csrf();
    const wrong = await Promise.all(guesses(9, 'a').map((password) => client.post('/api/srl/login', { email: user.email, password })));
    expect(wrong.every((r) => r.statusCode === 422)).toBe(true);
    expect((await client.post('/api/srl/login', { email: user.email, password: DEFAULT_PASSWORD })).statusCode).toBe(200);
    const more = await Promise.all(guesses(10, 'b').map((password) => client.post('/api/srl/login', { email: user.email, password })));
    expect(more.every((r) => r.statusCode === 422)).toBe(true);
  });
});

describe('lockout abuse', () => {
  const attacker = '203.0.113.7';
  const owner = '198.51.100.2';

  it('10 failures from one IP lock that IP out of the account (even with the right password), not the owner elsewhere', async () => {
    const { user } = await createUserWithTeam(t.database.db);
    const attempt = (password: string, ip: string) =>
      login(t.app.deps, { email: user.email, password }, ip).then(
        (outcome) => outcome.kind,
        (err: { status?: number }) => err.status,
      );
    for (const password of guesses(10, 'lock')) expect(await attempt(password, attacker)).toBe(422);
    expect(await attempt('one more', attacker)).toBe(429);
    // The attacker's IP cannot use the lockout to confirm a guessed password.
    expect(await attempt(DEFAULT_PASSWORD, attacker)).toBe(429);
    // The owner, from another IP, logs in with the right password; a wrong one there is an ordinary failure.
    expect(await attempt('typo', owner)).toBe(422);
    expect(await attempt(DEFAULT_PASSWORD, owner)).toBe('ok');
    // The owner's success does not unlock the attacker.
    expect(await attempt(DEFAULT_PASSWORD, attacker)).toBe(429);
  });

  it('keeps the per-IP limit of 100 failures across accounts', async () => {
    const ip = '192.0.2.99';
    const { user } = await createUserWithTeam(t.database.db);
    for (let i = 0; i < 100; i++) {
      await expect(login(t.app.deps, { email: `probe-${i % 20}@example.com`, password: 'guess-guess' }, ip)).rejects.toMatchObject({
        status: 422,
      });
    }
    await expect(login(t.app.deps, { email: user.email, password: DEFAULT_PASSWORD }, ip)).rejects.toMatchObject({ status: 429 });
    expect((await login(t.app.deps, { email: user.email, password: DEFAULT_PASSWORD }, owner)).kind).toBe('ok');
  });
});
