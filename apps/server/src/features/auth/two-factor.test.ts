import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index.ts';
import { deriveKey } from '../../lib/keys.ts';
import { createMemoryRateLimiter } from '../../lib/rate-limit.ts';
import { sha256 } from '../../lib/tokens.ts';
import { buildTestApp, TestClient, type TestApp } from '../../test/build-test-app.ts';
import { createUserWithTeam, DEFAULT_PASSWORD, loginAs } from '../../test/factories.ts';
import { base32Decode, base32Encode, decryptSecret, encryptSecret, totp, verifyTotp } from './two-factor.ts';

describe('TOTP primitives', () => {
  // RFC 6238 appendix B (SHA-1, 8 digits), secret "12345678901234567890".
  const secret = base32Encode(Buffer.from('12345678901234567890'));
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('matches the RFC 6238 test vector at T=%i', (seconds, code) => {
    expect(totp(secret, seconds * 1000, 8)).toBe(code);
  });

  it('round-trips base32', () => {
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode(secret.toLowerCase()).toString()).toBe('12345678901234567890');
  });

  it('accepts one step of drift either way, not two', () => {
    const at = 1_700_000_000_000;
    expect(verifyTotp(secret, totp(secret, at), at)).toBe(true);
    expect(verifyTotp(secret, totp(secret, at - 30_000), at)).toBe(true);
    expect(verifyTotp(secret, totp(secret, at + 30_000), at)).toBe(true);
    expect(verifyTotp(secret, totp(secret, at - 60_000), at)).toBe(false);
    expect(verifyTotp(secret, 'abcdef', at)).toBe(false);
  });

  it('encrypts the secret with AES-256-GCM under a key derived from the session secret', () => {
    const stored = encryptSecret('session-secret-one-session-secret-one', secret);
    expect(stored).not.toContain(secret);
    expect(stored.startsWith('v1.')).toBe(true);
    expect(decryptSecret('session-secret-one-session-secret-one', stored)).toBe(secret);
    expect(() => decryptSecret('another-secret-another-secret-another', stored)).toThrow();
    const parts = stored.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => decryptSecret('session-secret-one-session-secret-one', parts.join('.'))).toThrow();
  });
});

describe('two-factor authentication', () => {
  let t: TestApp;
  let now = Date.now();
  beforeAll(async () => {
    t = await buildTestApp({ limiter: createMemoryRateLimiter(() => now) });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    now += 3600_000;
  });

  /** A user with 2FA enabled through the API; returns the secret and the recovery codes. */
  async function enrolled() {
    const { user } = await createUserWithTeam(t.database.db);
    const client = await loginAs(t.app, user.email);
    const setup = await client.post('/api/srl/two-factor/setup');
    const { secret } = setup.json() as { secret: string };
    const confirm = await client.post('/api/srl/two-factor/confirm', { code: totp(secret) });
    expect(confirm.statusCode).toBe(200);
    return { user, client, secret, recoveryCodes: confirm.json().recovery_codes as string[] };
  }
  const passwordStep = async (email: string) => {
    const client = new TestClient(t.app);
    const res = await client.post('/api/srl/login?language=en', { email, password: DEFAULT_PASSWORD });
    return { client, res };
  };

  it('sets up with a pending secret, confirms with a code, and stores the secret encrypted', async () => {
    const { user } = await createUserWithTeam(t.database.db, { email: 'tom.totp@example.com' });
    const client = await loginAs(t.app, user.email);
    const setup = await client.post('/api/srl/two-factor/setup');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toBe(
      `otpauth://totp/Bookla%3Atom.totp%40example.com?secret=${secret}&issuer=Bookla&algorithm=SHA1&digits=6&period=30`,
    );
    // Not enabled until confirmed.
    expect((await client.get('/api/srl/user')).json().user.two_factor_enabled).toBe(false);

    const wrong = await client.post('/api/srl/two-factor/confirm?language=en', { code: totp(secret, Date.now() - 120_000) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ code: ['The code is invalid.'] });

    const ok = await client.post('/api/srl/two-factor/confirm?language=en', { code: totp(secret) });
    expect(ok.statusCode).toBe(200);
    const codes = ok.json().recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.totpEnabledAt).toBeInstanceOf(Date);
    expect(row!.totpSecret).not.toContain(secret);
    expect(decryptSecret(t.app.deps.config.sessionSecret, row!.totpSecret!)).toBe(secret);
    // Keyed hashes (HMAC under the server's recovery-code key), never a plain SHA-256 of the code.
    const key = deriveKey(t.app.deps.config.sessionSecret, 'recovery-codes');
    expect(row!.recoveryCodes).toEqual(codes.map((c) => `v2:${createHmac('sha256', key).update(c.replace('-', '')).digest('hex')}`));
    for (const c of codes) expect(row!.recoveryCodes).not.toContain(sha256(c.replace('-', '')));
    expect((await client.get('/api/srl/user')).json().user.two_factor_enabled).toBe(true);

    expect((await client.post('/api/srl/two-factor/setup')).statusCode).toBe(409);
  });

  it('needs a setup before confirming, and a login for every step', async () => {
    const { user } = await createUserWithTeam(t.database.db);
    const client = await loginAs(t.app, user.email);
    const res = await client.post('/api/srl/two-factor/confirm?language=en', { code: '123456' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ code: ['Please start the two-factor setup again.'] });
    const anonymous = new TestClient(t.app);
    for (const path of ['/api/srl/two-factor/setup', '/api/srl/two-factor/confirm', '/api/srl/two-factor/disable']) {
      expect((await anonymous.post(path, { code: '123456', password: 'x' })).statusCode).toBe(401);
    }
  });

  it('asks for the second factor after the password and logs in only with a valid code', async () => {
    const { user, secret } = await enrolled();
    const { client, res } = await passwordStep(user.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: false, two_factor: true, message: 'Please enter the code from your authenticator app.' });
    expect((await client.get('/api/srl/user')).statusCode).toBe(401);

    const wrong = await client.post('/api/srl/login/two-factor?language=en', { code: '000000' === totp(secret) ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ success: false, message: 'The code is invalid.' });

    const before = client.cookies.get('bookla_session');
    const ok = await client.post('/api/srl/login/two-factor?language=en', { code: totp(secret) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: 'Login Successful' });
    expect(client.cookies.get('bookla_session')).not.toBe(before);
    expect((await client.get('/api/srl/user')).json().user.id).toBe(user.id);
  });

  it('accepts each TOTP code once: a code seen on the wire cannot be replayed', async () => {
    const { user, secret } = await enrolled();
    const code = totp(secret);
    const first = await passwordStep(user.email);
    expect((await first.client.post('/api/srl/login/two-factor', { code })).statusCode).toBe(200);
    const replay = await passwordStep(user.email);
    const res = await replay.client.post('/api/srl/login/two-factor?language=en', { code });
    expect(res.statusCode).toBe(422);
    expect((await replay.client.get('/api/srl/user')).statusCode).toBe(401);
  });

  it('accepts each recovery code once', async () => {
    const { user, recoveryCodes } = await enrolled();
    const first = await passwordStep(user.email);
    expect((await first.client.post('/api/srl/login/two-factor', { code: recoveryCodes[0]!.toUpperCase() })).statusCode).toBe(200);
    expect((await first.client.get('/api/srl/user')).statusCode).toBe(200);

    const second = await passwordStep(user.email);
    const reused = await second.client.post('/api/srl/login/two-factor?language=en', { code: recoveryCodes[0] });
    expect(reused.statusCode).toBe(422);
    expect((await second.client.post('/api/srl/login/two-factor', { code: recoveryCodes[1] })).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.recoveryCodes).toHaveLength(8);
  });

  it('still accepts recovery codes stored as plain SHA-256 before v2, once each', async () => {
    const { user } = await enrolled();
    await t.database.db
      .update(users)
      .set({ recoveryCodes: [sha256('abcde23456'), sha256('fghjk23456')] })
      .where(eq(users.id, user.id));
    const first = await passwordStep(user.email);
    expect((await first.client.post('/api/srl/login/two-factor', { code: 'ABCDE-23456' })).statusCode).toBe(200);
    const second = await passwordStep(user.email);
    expect((await second.client.post('/api/srl/login/two-factor', { code: 'abcde-23456' })).statusCode).toBe(422);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.recoveryCodes).toEqual([sha256('fghjk23456')]);
  });

  it('turning 2FA on gives this session a new id and ends the user’s other sessions', async () => {
    const { user } = await createUserWithTeam(t.database.db);
    const client = await loginAs(t.app, user.email);
    const elsewhere = await loginAs(t.app, user.email);
    const bystander = await loginAs(t.app, (await createUserWithTeam(t.database.db)).user.email);
    const { secret } = (await client.post('/api/srl/two-factor/setup')).json() as { secret: string };
    const before = client.cookies.get('bookla_session')!;
    expect((await client.post('/api/srl/two-factor/confirm', { code: totp(secret) })).statusCode).toBe(200);
    expect(client.cookies.get('bookla_session')).not.toBe(before);
    expect((await client.get('/api/srl/user')).json().user).toMatchObject({ id: user.id, two_factor_enabled: true });
    const replay = await t.app.inject({ method: 'GET', url: '/api/srl/user', headers: { cookie: `bookla_session=${before}` } });
    expect(replay.statusCode).toBe(401);
    expect((await elsewhere.get('/api/srl/user')).statusCode).toBe(401);
    expect((await bystander.get('/api/srl/user')).statusCode).toBe(200);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    // The new session still writes (its CSRF token came with the new id).
    expect((await client.post('/api/srl/two-factor/setup')).statusCode).toBe(409);
  });

  it('refuses the second step without a pending login', async () => {
    const res = await new TestClient(t.app).post('/api/srl/login/two-factor?language=en', { code: '123456' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ success: false, message: 'Your login attempt has expired. Please log in again.' });
  });

  it('limits wrong codes like failed logins of the account', async () => {
    const { user, secret } = await enrolled();
    const { client } = await passwordStep(user.email);
    const wrongCode = totp(secret, Date.now() - 300_000);
    for (let i = 0; i < 10; i++) expect((await client.post('/api/srl/login/two-factor', { code: wrongCode })).statusCode).toBe(422);
    const locked = await client.post('/api/srl/login/two-factor', { code: totp(secret) });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    // The password step of the account is locked as well.
    expect((await passwordStep(user.email)).res.statusCode).toBe(429);
  });

  it('disables only with the password and a current code, not the password alone', async () => {
    const { user, client, secret, recoveryCodes } = await enrolled();
    const disable = (body: object) => client.post('/api/srl/two-factor/disable?language=en', body);
    const stillOn = async () => (await client.get('/api/srl/user')).json().user.two_factor_enabled as boolean;

    const passwordOnly = await disable({ password: DEFAULT_PASSWORD });
    expect(passwordOnly.statusCode).toBe(422);
    expect(Object.keys(passwordOnly.json().errors)).toEqual(['code']);
    const wrongCode = await disable({ password: DEFAULT_PASSWORD, code: totp(secret, Date.now() - 300_000) });
    expect(wrongCode.statusCode).toBe(422);
    expect(wrongCode.json().errors).toEqual({ code: ['The code is invalid.'] });
    // A wrong password is reported as such, and the recovery code sent with it is not used up.
    const wrongPassword = await disable({ password: 'not my password', code: recoveryCodes[0] });
    expect(wrongPassword.json().errors).toEqual({ password: ['The password is incorrect.'] });
    expect(await stillOn()).toBe(true);

    const ok = await disable({ password: DEFAULT_PASSWORD, code: recoveryCodes[0] });
    expect(ok.json()).toEqual({ success: true, message: 'Two-factor authentication is disabled.' });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null, recoveryCodes: [] });
    expect((await passwordStep(user.email)).res.json()).toEqual({ success: true, message: 'Login Successful' });
  });

  it('disables with the password and a current TOTP code', async () => {
    const { client, secret } = await enrolled();
    const res = await client.post('/api/srl/two-factor/disable', { password: DEFAULT_PASSWORD, code: totp(secret, Date.now() + 30_000) });
    expect(res.statusCode).toBe(200);
    expect((await client.get('/api/srl/user')).json().user.two_factor_enabled).toBe(false);
  });
});
