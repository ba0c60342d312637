import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authTokens, customerSessions } from '../../../db/schema/index.ts';
import { redactUrl } from '../../../lib/log-redaction.ts';
import { createMemoryRateLimiter } from '../../../lib/rate-limit.ts';
import { sha256 } from '../../../lib/tokens.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { owner } from '../../../test/factories.ts';
import { makeOrder } from '../../../test/selling-factories.ts';
import { CUSTOMER_COOKIE } from './customer-session.ts';
import * as kit from './customer-test-kit.ts';
import { address, api, makeShop, PASSWORD } from './customer-test-kit.ts';

/**
 * Customer accounts: their own sessions (cookie, table, one team each), registration with a
 * confirmed address before any booking shows, log-in by password (limited like staff log-ins) or
 * by a single-use, expiring mailed link, CSRF on every write, and the customer password reset.
 */

let t: TestApp;
let now = Date.now();
const db = () => t.app.deps.db;
let shopA: Awaited<ReturnType<typeof makeShop>>;
let shopB: Awaited<ReturnType<typeof makeShop>>;

beforeAll(async () => {
  t = await buildTestApp({ limiter: createMemoryRateLimiter(() => now) });
  shopA = await makeShop(db());
  shopB = await makeShop(db());
});
afterAll(() => t?.close());
// Every test starts with fresh rate-limit windows.
beforeEach(() => {
  now += 24 * 3600_000;
});

const mailsTo = (to: string, kind?: string) => kit.mailsTo(t.app, to, kind);
const linkToken = (to: string, kind: string) => kit.linkToken(t.app, to, kind);
const customerRow = (teamId: number, email: string) => kit.customerRow(t.app, teamId, email);
const placedOrder = (shop: typeof shopA, email: string) => kit.placedOrder(t.app, shop.teamId, { ticketId: shop.ticket.id, email });
const verifiedCustomer = (teamId: number) => kit.verifiedCustomer(t.app, teamId);

describe('registration and the confirmed address', () => {
  it('shows no bookings before the address is confirmed, then only this team’s orders of the address', async () => {
    const email = address();
    const mine = await makeOrder(db(), shopA.teamId, { ticketId: shopA.ticket.id, email: email.toUpperCase() });
    const elsewhere = await makeOrder(db(), shopB.teamId, { ticketId: shopB.ticket.id, email });
    await makeOrder(db(), shopA.teamId, { ticketId: shopA.ticket.id, email: address() });

    const client = new TestClient(t.app);
    const reg = await client.post(api(shopA.teamId, '/register?language=en'), { email, password: PASSWORD });
    expect(reg.statusCode, reg.body).toBe(200);
    expect(reg.json().message).toMatch(/confirm your e-mail address/);
    // Registering does not log in; logging in works, but the unconfirmed account shows nothing.
    expect((await client.get(api(shopA.teamId, '/me'))).json()).toEqual({ customer: null });
    const login = await client.post(api(shopA.teamId, '/login'), { email, password: PASSWORD });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().customer).toMatchObject({ email, email_verified: false, has_password: true });
    const hidden = await client.get(api(shopA.teamId, '/bookings?language=en'));
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json().message).toMatch(/confirm your e-mail address first/);
    expect((await client.get(api(shopA.teamId, `/orders/${mine.order.id}/cancellation`))).statusCode).toBe(404);

    const token = await linkToken(email, 'customer_verify_email');
    const [stored] = await db()
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, sha256(token)));
    expect(stored).toMatchObject({ kind: 'customer_verify_email', usedAt: null });
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);
    const landed = await client.post(api(shopA.teamId, '/link'), { token });
    expect(landed.statusCode, landed.body).toBe(200);
    expect(landed.json().customer).toMatchObject({ email_verified: true });

    const list = await client.get(api(shopA.teamId, '/bookings?language=en'));
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((o: { id: number }) => o.id)).toEqual([mine.order.id]);
    expect(list.json().meta).toMatchObject({ total: 1, current_page: 1 });
    expect(list.json().data[0]).toMatchObject({
      public_id: mine.order.publicId,
      number: mine.order.number,
      payment_status: 'paid',
      tickets_available: true,
    });
    expect(list.json().data[0].activities[0]).toMatchObject({ id: shopA.activity.id, name: 'Morning yoga' });
    expect(list.json().data[0].cancellation).toMatchObject({ allowed: false, reason: 'not_offered' });
    // The order link's token: the order page opens with it.
    const page = await t.app.inject({ url: `/api/public/orders/${list.json().data[0].public_id}?token=${list.json().data[0].token}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.id).toBe(mine.order.publicId);
    expect(list.json().data.some((o: { id: number }) => o.id === elsewhere.order.id)).toBe(false);
    expect(list.headers['cache-control']).toBe('no-store');
  });

  it('answers alike for an existing confirmed account and never changes its password', async () => {
    const { email } = await verifiedCustomer(shopA.teamId);
    const before = await customerRow(shopA.teamId, email);
    const stranger = new TestClient(t.app);
    const again = await stranger.post(api(shopA.teamId, '/register?language=en'), { email, password: 'Ganz-anderes-Passwort-7' });
    const fresh = await stranger.post(api(shopA.teamId, '/register?language=en'), { email: address(), password: PASSWORD });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(fresh.body);
    expect((await customerRow(shopA.teamId, email)).passwordHash).toBe(before.passwordHash);
    expect(await mailsTo(email, 'customer_account_exists')).toHaveLength(1);
    expect((await stranger.post(api(shopA.teamId, '/login'), { email, password: 'Ganz-anderes-Passwort-7' })).statusCode).toBe(422);
  });

  it('checks the password rules and refuses unknown teams', async () => {
    const client = new TestClient(t.app);
    const weak = await client.post(api(shopA.teamId, '/register?language=en'), { email: address(), password: 'password' });
    expect(weak.statusCode).toBe(422);
    expect(Object.keys(weak.json().errors)).toEqual(['password']);
    const email = address();
    const mine = await client.post(api(shopA.teamId, '/register?language=en'), { email, password: `${email.split('@')[0]}-x` });
    expect(mine.json().errors.password[0]).toMatch(/must not contain your e-mail/);
    expect((await client.post(api(2_000_000, '/register'), { email: address(), password: PASSWORD })).statusCode).toBe(404);
  });
});

describe('customer sessions', () => {
  it('set their own HttpOnly cookie on the team’s API path, store only a hash, and rotate on log-in', async () => {
    const { client, email } = await verifiedCustomer(shopA.teamId);
    const login = await client.post(api(shopA.teamId, '/login'), { email, password: PASSWORD });
    const cookie = (login.cookies as { name: string; path?: string; httpOnly?: boolean; sameSite?: string; value: string }[]).find(
      (c) => c.name === CUSTOMER_COOKIE,
    )!;
    expect(cookie).toMatchObject({ path: `/api/customer/teams/${shopA.teamId}`, httpOnly: true, sameSite: 'Lax' });
    const customer = await customerRow(shopA.teamId, email);
    const rows = await db().select().from(customerSessions).where(eq(customerSessions.customerId, customer.id));
    // The landing's session ended with the log-in: one row, keyed by a SHA-256, never the token.
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{64}$/);
    expect(cookie.value).not.toContain(rows[0]!.id);
    expect(rows[0]!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
  });

  it('are not staff sessions, and staff sessions are not customer sessions', async () => {
    const { client } = await verifiedCustomer(shopA.teamId);
    expect((await client.get('/api/srl/user')).statusCode).toBe(401);
    const boss = await owner(t.app);
    const staffMe = await boss.client.get(api(shopA.teamId, '/me'));
    expect(staffMe.json()).toEqual({ customer: null });
    expect((await boss.client.get(api(boss.team.id, '/bookings'))).statusCode).toBe(401);
  });

  it('belong to one team: team A’s session is no session in team B’s shop', async () => {
    const { client, email } = await verifiedCustomer(shopA.teamId);
    await makeOrder(db(), shopB.teamId, { ticketId: shopB.ticket.id, email });
    // The test client sends every cookie everywhere (a browser would not even send it).
    expect((await client.get(api(shopB.teamId, '/me'))).json()).toEqual({ customer: null });
    expect((await client.get(api(shopB.teamId, '/bookings'))).statusCode).toBe(401);
    expect((await client.get(api(shopA.teamId, '/me'))).json().customer).toMatchObject({ email });
    // Logging out at B does not end the session of A (the cookie B clears has B's path; send A's again).
    const cookie = client.cookies.get(CUSTOMER_COOKIE)!;
    await client.post(api(shopB.teamId, '/logout'));
    client.cookies.set(CUSTOMER_COOKIE, cookie);
    expect((await client.get(api(shopA.teamId, '/me'))).json().customer).toMatchObject({ email });
  });

  it('end with logout: the row is gone and the old cookie opens nothing', async () => {
    const { client, email } = await verifiedCustomer(shopA.teamId);
    const cookie = client.cookies.get(CUSTOMER_COOKIE)!;
    const out = await client.post(api(shopA.teamId, '/logout'));
    expect(out.statusCode).toBe(200);
    expect(client.cookies.has(CUSTOMER_COOKIE)).toBe(false);
    const customer = await customerRow(shopA.teamId, email);
    expect(await db().select().from(customerSessions).where(eq(customerSessions.customerId, customer.id))).toHaveLength(0);
    const replay = new TestClient(t.app);
    replay.cookies.set(CUSTOMER_COOKIE, cookie);
    expect((await replay.get(api(shopA.teamId, '/me'))).json()).toEqual({ customer: null });
  });

  it('expire after 7 idle days or 30 days in all, and the expired row goes', async () => {
    for (const patch of [{ lastSeenAt: new Date(Date.now() - 8 * 24 * 3600_000) }, { expiresAt: new Date(Date.now() - 1000) }]) {
      const { client, email } = await verifiedCustomer(shopA.teamId);
      const customer = await customerRow(shopA.teamId, email);
      await db().update(customerSessions).set(patch).where(eq(customerSessions.customerId, customer.id));
      expect((await client.get(api(shopA.teamId, '/me'))).json()).toEqual({ customer: null });
      expect(await db().select().from(customerSessions).where(eq(customerSessions.customerId, customer.id))).toHaveLength(0);
    }
  });

  it('refuse writes without the XSRF token (419) and change nothing', async () => {
    const email = address();
    const res = await t.app.inject({
      method: 'POST',
      url: api(shopA.teamId, '/register'),
      payload: { email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(419);
    expect(await mailsTo(email)).toHaveLength(0);
    const { client } = await verifiedCustomer(shopA.teamId);
    const forged = await client.post(api(shopA.teamId, '/logout'), {}, { 'x-xsrf-token': 'forged' });
    expect(forged.statusCode).toBe(419);
    expect((await client.get(api(shopA.teamId, '/me'))).json().customer).not.toBeNull();
  });
});

describe('log-in by password', () => {
  it('answers alike for a wrong password and an unknown address', async () => {
    const { email } = await verifiedCustomer(shopA.teamId);
    const client = new TestClient(t.app);
    const wrong = await client.post(api(shopA.teamId, '/login?language=en'), { email, password: 'nope-nope-nope' });
    const unknown = await client.post(api(shopA.teamId, '/login?language=en'), { email: address(), password: 'nope-nope-nope' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ success: false, message: 'These credentials do not match our records.' });
    expect(unknown.body).toBe(wrong.body);
    // The same address in another team's shop is another account.
    expect((await client.post(api(shopB.teamId, '/login'), { email, password: PASSWORD })).statusCode).toBe(422);
  });

  it('counts failures before checking: the 11th attempt from one IP is refused, even with the right password', async () => {
    const { email } = await verifiedCustomer(shopA.teamId);
    const client = new TestClient(t.app);
    for (let i = 0; i < 10; i++)
      expect((await client.post(api(shopA.teamId, '/login'), { email, password: `wrong-${i}-password` })).statusCode).toBe(422);
    const blocked = await client.post(api(shopA.teamId, '/login'), { email, password: PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // From another IP the owner still gets in.
    const other = await t.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie', remoteAddress: '198.51.100.7' });
    const xsrf = (other.cookies as { name: string; value: string }[]).find((c) => c.name === 'XSRF-TOKEN')!.value;
    const session = (other.cookies as { name: string; value: string }[]).find((c) => c.name === 'bookla_session')!.value;
    const ok = await t.app.inject({
      method: 'POST',
      url: api(shopA.teamId, '/login'),
      remoteAddress: '198.51.100.7',
      headers: { cookie: `bookla_session=${session}; XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': decodeURIComponent(xsrf) },
      payload: { email, password: PASSWORD },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('mailed log-in links', () => {
  it('answer alike for unknown addresses, work once, and only in their team’s shop', async () => {
    const { email } = await verifiedCustomer(shopA.teamId);
    const client = new TestClient(t.app);
    const known = await client.post(api(shopA.teamId, '/magic-link?language=en'), { email });
    const unknownAddress = address();
    const unknown = await client.post(api(shopA.teamId, '/magic-link?language=en'), { email: unknownAddress });
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(await mailsTo(unknownAddress)).toHaveLength(0);
    const token = await linkToken(email, 'customer_magic_link');
    const [mail] = await mailsTo(email, 'customer_magic_link');
    expect(mail!.textBody).toContain(`/en/shop/${shopA.teamId}/account/link?token=`);
    expect(redactUrl(`/en/shop/${shopA.teamId}/account/link?token=${token}`)).not.toContain(token);

    expect((await client.post(api(shopB.teamId, '/link'), { token })).statusCode).toBe(422);
    const first = await client.post(api(shopA.teamId, '/link'), { token });
    expect(first.statusCode, first.body).toBe(200);
    expect((await client.get(api(shopA.teamId, '/me'))).json().customer).toMatchObject({ email });
    const second = await new TestClient(t.app).post(api(shopA.teamId, '/link?language=en'), { token });
    expect(second.statusCode).toBe(422);
    expect(second.json()).toMatchObject({ success: false, message: expect.stringMatching(/already been used/) });
  });

  it('work once also when opened twice at the same moment', async () => {
    const { email } = await verifiedCustomer(shopA.teamId);
    const client = new TestClient(t.app);
    await client.post(api(shopA.teamId, '/magic-link'), { email });
    const token = await linkToken(email, 'customer_magic_link');
    const [a, b] = [new TestClient(t.app), new TestClient(t.app)];
    await Promise.all([a.csrf(), b.csrf()]);
    const replies = await Promise.all([a.post(api(shopA.teamId, '/link'), { token }), b.post(api(shopA.teamId, '/link'), { token })]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 422]);
  });

  it('expire, and a newer link voids the older one', async () => {
    const { email } = await verifiedCustomer(shopA.teamId);
    const client = new TestClient(t.app);
    await client.post(api(shopA.teamId, '/magic-link'), { email });
    const old = await linkToken(email, 'customer_magic_link');
    now += 3600_000;
    await client.post(api(shopA.teamId, '/magic-link'), { email });
    const newer = await linkToken(email, 'customer_magic_link');
    expect((await client.post(api(shopA.teamId, '/link'), { token: old })).statusCode).toBe(422);
    await db()
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.tokenHash, sha256(newer)));
    expect((await client.post(api(shopA.teamId, '/link'), { token: newer })).statusCode).toBe(422);
    const [row] = await db()
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, sha256(newer)));
    expect(row!.usedAt).toBeNull();
  });

  it('are limited per address (5 an hour) without saying whether it exists', async () => {
    const email = address();
    const client = new TestClient(t.app);
    for (let i = 0; i < 5; i++) expect((await client.post(api(shopA.teamId, '/magic-link'), { email })).statusCode).toBe(200);
    expect((await client.post(api(shopA.teamId, '/magic-link'), { email })).statusCode).toBe(429);
    // Another team's shop counts its own.
    expect((await client.post(api(shopB.teamId, '/magic-link'), { email })).statusCode).toBe(200);
  });

  it('drop a password set while the address was unproven (someone else may have set it)', async () => {
    const email = address();
    await placedOrder(shopA, email);
    const intruder = new TestClient(t.app);
    await intruder.post(api(shopA.teamId, '/register'), { email, password: 'Eindringling-Passwort-1' });
    const owner = new TestClient(t.app);
    await owner.post(api(shopA.teamId, '/magic-link'), { email });
    const landed = await owner.post(api(shopA.teamId, '/link'), { token: await linkToken(email, 'customer_magic_link') });
    expect(landed.json().customer).toMatchObject({ email_verified: true, has_password: false });
    expect((await intruder.post(api(shopA.teamId, '/login'), { email, password: 'Eindringling-Passwort-1' })).statusCode).toBe(422);
    expect((await owner.get(api(shopA.teamId, '/bookings'))).json().data).toHaveLength(1);
  });
});

describe('the same work for known and unknown addresses (issue 20 item 11)', () => {
  /** Rows per table, and the jobs by type: what a request wrote is the difference. */
  async function counts() {
    const rows = await db().execute(
      sql`SELECT (SELECT count(*) FROM emails)::int AS emails, (SELECT count(*) FROM auth_tokens)::int AS tokens,
                 (SELECT count(*) FROM customers)::int AS customers,
                 (SELECT coalesce(jsonb_object_agg(type, n), '{}'::jsonb) FROM (SELECT type, count(*)::int AS n FROM jobs GROUP BY type) j) AS jobs`,
    );
    return (rows as unknown as { rows: { emails: number; tokens: number; customers: number; jobs: Record<string, number> }[] }).rows[0]!;
  }
  async function written(call: () => Promise<{ statusCode: number; body: string }>) {
    await t.app.deps.jobs.runDue();
    const before = await counts();
    const res = await call();
    const after = await counts();
    const jobs = Object.fromEntries(
      Object.entries(after.jobs)
        .map(([type, n]) => [type, n - (before.jobs[type] ?? 0)] as const)
        .filter(([, n]) => n !== 0),
    );
    return {
      res: { status: res.statusCode, body: res.body },
      rows: {
        emails: after.emails - before.emails,
        tokens: after.tokens - before.tokens,
        customers: after.customers - before.customers,
        jobs,
      },
    };
  }

  it('a log-in link request enqueues one job either way and writes nothing else; the job mails only a known address', async () => {
    const { email } = await verifiedCustomer(shopA.teamId);
    const unknownAddress = address();
    const client = new TestClient(t.app);
    await client.csrf();
    const known = await written(() => client.post(api(shopA.teamId, '/magic-link?language=en'), { email }));
    const unknown = await written(() => client.post(api(shopA.teamId, '/magic-link?language=en'), { email: unknownAddress }));
    expect(known.res).toEqual(unknown.res);
    expect(known.rows).toEqual({ emails: 0, tokens: 0, customers: 0, jobs: { 'customer.magic_link': 1 } });
    expect(unknown.rows).toEqual(known.rows);
    expect(await kit.mailsTo(t.app, email, 'customer_magic_link')).toHaveLength(1);
    expect(await kit.mailsTo(t.app, unknownAddress)).toHaveLength(0);
  });

  it('a customer password reset request enqueues one job either way and writes nothing else; the job mails only a known address', async () => {
    const { email } = await verifiedCustomer(shopA.teamId);
    const unknownAddress = address();
    const client = new TestClient(t.app);
    await client.csrf();
    const reset = (to: string) => () => client.post('/api/customer/password/reset/mail?language=en', { email: to, team_id: shopA.teamId });
    const known = await written(reset(email));
    const unknown = await written(reset(unknownAddress));
    expect(known.res).toEqual(unknown.res);
    expect(known.rows).toEqual({ emails: 0, tokens: 0, customers: 0, jobs: { 'customer.password_reset': 1 } });
    expect(unknown.rows).toEqual(known.rows);
    expect(await kit.mailsTo(t.app, email, 'customer_password_reset')).toHaveLength(1);
    expect(await kit.mailsTo(t.app, unknownAddress)).toHaveLength(0);
  });
});

describe('passwords of customers', () => {
  it('sets one after a log-in link, changes it with the current one, and ends the other sessions', async () => {
    const email = address();
    await placedOrder(shopA, email);
    const phone = new TestClient(t.app);
    await phone.post(api(shopA.teamId, '/magic-link'), { email });
    await phone.post(api(shopA.teamId, '/link'), { token: await linkToken(email, 'customer_magic_link') });
    const set = await phone.post(api(shopA.teamId, '/password'), { password: PASSWORD, password_confirmation: PASSWORD });
    expect(set.statusCode, set.body).toBe(200);
    const laptop = new TestClient(t.app);
    expect((await laptop.post(api(shopA.teamId, '/login'), { email, password: PASSWORD })).statusCode).toBe(200);

    const next = 'Sonnenblume-Abend-42';
    const noCurrent = await phone.post(api(shopA.teamId, '/password?language=en'), { password: next, password_confirmation: next });
    expect(noCurrent.statusCode).toBe(422);
    expect(noCurrent.json().errors).toEqual({ current_password: ['The current password is not correct.'] });
    const changed = await phone.post(api(shopA.teamId, '/password'), {
      current_password: PASSWORD,
      password: next,
      password_confirmation: next,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await laptop.get(api(shopA.teamId, '/me'))).json()).toEqual({ customer: null });
    expect((await phone.get(api(shopA.teamId, '/me'))).json().customer).toMatchObject({ email });
    expect((await new TestClient(t.app).post(api(shopA.teamId, '/login'), { email, password: next })).statusCode).toBe(200);
    expect(
      (await new TestClient(t.app).post(api(shopA.teamId, '/password'), { password: next, password_confirmation: next })).statusCode,
    ).toBe(401);
  });

  it('reset by mail (the existing customer reset) confirms the address and ends the sessions', async () => {
    const email = address();
    const client = new TestClient(t.app);
    await client.post(api(shopA.teamId, '/register'), { email, password: PASSWORD });
    await client.post(api(shopA.teamId, '/login'), { email, password: PASSWORD });
    const mail = await client.post('/api/customer/password/reset/mail', { email, team_id: shopA.teamId });
    expect(mail.statusCode, mail.body).toBe(200);
    const [resetMail] = await mailsTo(email, 'customer_password_reset');
    const m = /\/customer\/reset\/password\/([A-Za-z0-9_-]+)\//.exec(resetMail!.textBody)!;
    const next = 'Sonnenblume-Abend-42';
    const done = await new TestClient(t.app).post('/customer/password/reset/submit', {
      token: m[1],
      email,
      password: next,
      password_confirmation: next,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await client.get(api(shopA.teamId, '/me'))).json()).toEqual({ customer: null });
    const again = new TestClient(t.app);
    const login = await again.post(api(shopA.teamId, '/login'), { email, password: next });
    expect(login.json().customer).toMatchObject({ email_verified: true });
  });
});
