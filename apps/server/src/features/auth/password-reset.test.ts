import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authTokens, customers, emails, users } from '../../db/schema/index.ts';
import { createMemoryRateLimiter } from '../../lib/rate-limit.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { sha256 } from '../../lib/tokens.ts';
import { buildTestApp, TestClient, type TestApp } from '../../test/build-test-app.ts';
import { createUserWithTeam, DEFAULT_PASSWORD, loginAs } from '../../test/factories.ts';

let t: TestApp;
let now = Date.now();
beforeAll(async () => {
  t = await buildTestApp({ limiter: createMemoryRateLimiter(() => now) });
});
afterAll(() => t.close());
beforeEach(() => {
  now += 3600_000;
});

const NEW_PASSWORD = 'Wasserfall-Morgen-9';
const sent = { success: true, message: 'Please check your E-Mail-Account' };

async function mailsTo(to: string, kind: string) {
  // A customer's reset mail is written by a job (the request only enqueues it).
  await t.app.deps.jobs.runDue();
  return t.database.db
    .select()
    .from(emails)
    .where(and(eq(emails.toAddress, to), eq(emails.kind, kind)))
    .orderBy(desc(emails.id));
}
/** Token and e-mail from the link of the newest mail. */
async function linkOf(to: string, kind = 'password_reset') {
  const [mail] = await mailsTo(to, kind);
  const m = /http:\/\/localhost:3000\/(de|en|fr)\/(customer\/)?reset\/password\/([A-Za-z0-9_-]+)\/(\S+)/.exec(mail!.textBody);
  return { mail: mail!, lang: m![1], token: m![3]!, email: decodeURIComponent(m![4]!), rawEmail: m![4]! };
}

describe('staff password reset', () => {
  it('answers the same for known and unknown addresses and mails a link in the user’s language', async () => {
    const { user } = await createUserWithTeam(t.database.db, { email: 'lena+kurse@example.com', language: 'fr' });
    const client = new TestClient(t.app);
    const known = await client.post('/api/srl/password/reset/mail?language=en', { email: 'LENA+kurse@example.com' });
    const unknown = await client.post('/api/srl/password/reset/mail?language=en', { email: 'ghost@example.com' });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(sent);
    expect(unknown.body).toBe(known.body);
    expect(await mailsTo('ghost@example.com', 'password_reset')).toHaveLength(0);

    const link = await linkOf(user.email);
    expect(link.lang).toBe('fr');
    expect(link.rawEmail).toBe('lena%2Bkurse%40example.com');
    expect(link.email).toBe(user.email);
    expect(link.mail).toMatchObject({ language: 'fr', subject: 'Réinitialiser votre mot de passe', userId: user.id });
    expect(link.token.length).toBeGreaterThanOrEqual(43);
    const [token] = await t.database.db.select().from(authTokens).where(eq(authTokens.subjectId, user.id));
    // Only the hash is stored; the token expires after 60 minutes.
    expect(token!.tokenHash).toBe(sha256(link.token));
    expect(token!.tokenHash).not.toContain(link.token);
    expect(token!.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(token!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);
  });

  it('sends at most 5 mails per address and hour, known or not', async () => {
    const { user } = await createUserWithTeam(t.database.db);
    const client = new TestClient(t.app);
    for (const email of [user.email, 'nobody@example.com']) {
      for (let i = 0; i < 5; i++) expect((await client.post('/api/srl/password/reset/mail', { email })).statusCode).toBe(200);
      const res = await client.post('/api/srl/password/reset/mail', { email: email.toUpperCase() });
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await mailsTo(user.email, 'password_reset')).toHaveLength(5);
  });

  it('sets the new password once, and ends every session of the user', async () => {
    const { user } = await createUserWithTeam(t.database.db);
    const elsewhere = await loginAs(t.app, user.email);
    const client = new TestClient(t.app);
    await client.post('/api/srl/password/reset/mail', { email: user.email });
    const { token, email } = await linkOf(user.email);

    const body = { token, email, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };
    const res = await client.post('/api/srl/password/reset/submit?language=en', body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Your password has been reset. You can now log in with your new password.' });

    expect((await elsewhere.get('/api/srl/user')).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(await verifyPassword(row!.passwordHash, NEW_PASSWORD)).toBe(true);
    expect((await client.post('/api/srl/login', { email: user.email, password: DEFAULT_PASSWORD })).statusCode).toBe(422);
    expect((await client.post('/api/srl/login', { email: user.email, password: NEW_PASSWORD })).statusCode).toBe(200);

    const again = await new TestClient(t.app).post('/api/srl/password/reset/submit?language=en', {
      ...body,
      password: `${NEW_PASSWORD}x`,
      password_confirmation: `${NEW_PASSWORD}x`,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ success: false, message: 'This password reset link is invalid or has expired.' });
  });

  it('refuses an expired token, a token for another address, an unknown token and an older token', async () => {
    const { user } = await createUserWithTeam(t.database.db);
    const other = await createUserWithTeam(t.database.db);
    const client = new TestClient(t.app);
    const submit = (token: string, email: string) =>
      client.post('/api/srl/password/reset/submit?language=de', {
        token,
        email,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
    const invalid = { success: false, message: 'Dieser Link zum Zurücksetzen des Passworts ist ungültig oder abgelaufen.' };

    await client.post('/api/srl/password/reset/mail', { email: user.email });
    const first = await linkOf(user.email);
    await client.post('/api/srl/password/reset/mail', { email: user.email });
    const second = await linkOf(user.email);
    expect(second.token).not.toBe(first.token);
    expect((await submit(first.token, user.email)).json()).toEqual(invalid);
    expect((await submit(second.token, other.user.email)).json()).toEqual(invalid);
    expect((await submit('made-up-token', user.email)).json()).toEqual(invalid);

    await t.database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.tokenHash, sha256(second.token)));
    const expired = await submit(second.token, user.email);
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toEqual(invalid);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(row!.passwordHash, DEFAULT_PASSWORD)).toBe(true);
  });

  it('applies the password rules with field errors', async () => {
    const { user } = await createUserWithTeam(t.database.db);
    const client = new TestClient(t.app);
    await client.post('/api/srl/password/reset/mail', { email: user.email });
    const { token } = await linkOf(user.email);
    const submit = (password: string, confirmation: string) =>
      client.post('/api/srl/password/reset/submit?language=en', {
        token,
        email: user.email,
        password,
        password_confirmation: confirmation,
      });

    const short = await submit('short', 'short');
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ password: ['Must be at least 8 characters.'] });
    expect((await submit('iloveyou1', 'iloveyou1')).json().errors).toEqual({
      password: ['This password is too common. Please choose a different one.'],
    });
    expect((await submit(NEW_PASSWORD, 'something else')).json().errors).toEqual({
      password_confirmation: ['The Password confirmation does not match.'],
    });
    expect((await submit('', '')).json().errors).toEqual({
      password: ['This field is required.'],
      password_confirmation: ['This field is required.'],
    });
    // The token survives a rejected form.
    expect((await submit(NEW_PASSWORD, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('customer password reset', () => {
  async function customer(language: 'de' | 'en' | 'fr' = 'de') {
    const { team } = await createUserWithTeam(t.database.db, { teamName: `Shop ${Math.random().toString(36).slice(2)}` });
    const [row] = await t.database.db
      .insert(customers)
      .values({ teamId: team.id, email: `kunde-${team.id}@example.com`, firstname: 'Karl', language })
      .returning();
    return { team, customer: row! };
  }

  it('mails a customer link for the shop, the same answer when unknown', async () => {
    const { team, customer: c } = await customer('en');
    const client = new TestClient(t.app);
    const res = await client.post('/api/customer/password/reset/mail?language=de', { email: c.email.toUpperCase(), team_id: team.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Bitte prüfen Sie Ihr E-Mail-Postfach' });
    const otherTeam = await client.post('/api/customer/password/reset/mail?language=de', { email: c.email, team_id: team.id + 1000 });
    expect(otherTeam.body).toBe(res.body);

    const link = await linkOf(c.email, 'customer_password_reset');
    expect(link.mail.textBody).toContain(`http://localhost:3000/en/customer/reset/password/${link.token}/${encodeURIComponent(c.email)}`);
    expect(link.mail).toMatchObject({ language: 'en', teamId: team.id, subject: 'Reset the password of your customer account' });
    expect(await mailsTo(c.email, 'customer_password_reset')).toHaveLength(1);
  });

  it('sets the customer password once through /customer/password/reset/submit (JSON, CSRF)', async () => {
    const { team, customer: c } = await customer();
    const client = new TestClient(t.app);
    await client.post('/api/customer/password/reset/mail', { email: c.email, team_id: team.id });
    const { token } = await linkOf(c.email, 'customer_password_reset');
    const body = { token, email: c.email, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };

    const forged = await client.request('POST', '/customer/password/reset/submit', body, { 'x-xsrf-token': 'nope' });
    expect(forged.statusCode).toBe(419);
    expect(forged.headers['content-type']).toMatch(/application\/json/);

    const res = await client.post('/customer/password/reset/submit?language=en', body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Your password has been reset. You can now log in with your new password.' });
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, c.id));
    expect(await verifyPassword(row!.passwordHash, NEW_PASSWORD)).toBe(true);

    const again = await client.post('/customer/password/reset/submit?language=en', body);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ success: false, message: 'This password reset link is invalid or has expired.' });
  });

  it('keeps staff and customer tokens apart', async () => {
    const { team, customer: c } = await customer();
    const client = new TestClient(t.app);
    await client.post('/api/customer/password/reset/mail', { email: c.email, team_id: team.id });
    const { token } = await linkOf(c.email, 'customer_password_reset');
    const res = await client.post('/api/srl/password/reset/submit', {
      token,
      email: c.email,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().success).toBe(false);
  });

  it('validates the payload with field errors', async () => {
    const res = await new TestClient(t.app).post('/customer/password/reset/submit?language=en', {
      token: '',
      email: 'x',
      password: 'abc',
      password_confirmation: 'abd',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      token: ['This field is required.'],
      email: ['Please enter a valid e-mail address.'],
      password: ['Must be at least 8 characters.'],
      password_confirmation: ['The Password confirmation does not match.'],
    });
  });
});
