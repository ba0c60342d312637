import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails } from '../db/schema/index.ts';
import { redactText, redactUrl } from '../lib/log-redaction.ts';
import { randomToken, signUrl, urlSigningKey } from '../lib/tokens.ts';
import { buildTestApp, TestClient, type TestApp } from '../test/build-test-app.ts';
import { createUserWithTeam, DEFAULT_PASSWORD } from '../test/factories.ts';

const lines: string[] = [];
let t: TestApp;
// A built web app, so the SPA's link pages (reset, accept-invite) take their real path through serveSpa.
const webDist = mkdtempSync(join(tmpdir(), 'bookla-web-'));
beforeAll(async () => {
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><html lang="de"><head><title>x</title></head><body></body></html>');
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  t = await buildTestApp({
    config: { logLevel: 'trace', webDist },
    logStream: stream,
    extend: (app) => {
      // A route that fails naming its URL, as a library error might.
      app.get('/api/test/boom/*', { schema: { hide: true } }, async (request) => {
        throw new Error(`could not load ${request.url}`);
      });
    },
  });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const logSince = (from: number) => lines.slice(from).join('');

describe('logs', () => {
  it('leave out the health and readiness probes a balancer sends all the time, not other calls', async () => {
    const from = lines.length;
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject('/api/health')).statusCode).toBe(200);
      await t.app.inject('/api/ready');
    }
    expect(logSince(from)).not.toMatch(/api\/(health|ready)/);
    await t.app.inject('/api/srl/options/language');
    expect(logSince(from)).toContain('/api/srl/options/language');
  });

  it('keep passwords, cookies, CSRF tokens and mailed links out', async () => {
    const { user } = await createUserWithTeam(t.database.db);
    const c = new TestClient(t.app);
    await c.post('/api/srl/login', { email: user.email, password: 'Wrong-Password-123' });
    await c.post('/api/srl/login', { email: user.email, password: DEFAULT_PASSWORD });
    await c.post('/api/srl/password/reset/mail', { email: user.email });
    await t.app.deps.jobs.runDue();
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(5); // requests were logged
    for (const secret of [DEFAULT_PASSWORD, 'Wrong-Password-123', ...c.cookies.values()]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toMatch(/reset\/password\/[A-Za-z0-9_-]{20,}/);
  });

  it('mask the secrets and e-mail addresses of every mailed link, on every log line, for every outcome', async () => {
    const { user } = await createUserWithTeam(t.database.db);
    const from = lines.length;
    const c = new TestClient(t.app);
    // A genuine reset link, as mailed.
    await c.post('/api/srl/password/reset/mail', { email: user.email });
    await t.app.deps.jobs.runDue();
    const [mail] = await t.database.db
      .select()
      .from(emails)
      .where(and(eq(emails.toAddress, user.email), eq(emails.kind, 'password_reset')))
      .orderBy(desc(emails.id))
      .limit(1);
    const resetLink = new URL(/https?:\/\/\S+\/reset\/password\/\S+/.exec(mail!.textBody)![0]).pathname;
    const resetToken = resetLink.split('/')[4]!;

    const token = randomToken();
    const hash = randomToken();
    const email = 'visitor.secret+log@example.org';
    const enc = encodeURIComponent(email);
    const verify = new URL(
      signUrl(urlSigningKey(t.app.deps.config), 'http://x', `/api/srl/email/verify/${user.id}/${hash}`, new Date(Date.now() + 60_000)),
    );
    const signature = verify.searchParams.get('signature')!;
    const visits: [method: 'GET' | 'POST', url: string][] = [
      ['GET', resetLink],
      ['GET', `/de/reset/password/${token}/${enc}`],
      ['GET', `/fr/customer/reset/password/${token}/${enc}`],
      ['GET', `/en/accept-invite/12/34/${hash}`],
      ['GET', `/api/srl/team/12/invite/34/validate/${hash}`],
      ['POST', `/api/srl/team/12/invite/34/accept/${hash}`],
      ['GET', `${verify.pathname}${verify.search}`],
      ['GET', `/api/unknown/${token}?email=${enc}&token=${hash}`], // 404 with secrets
      ['GET', `/de/somewhere/${hash}/${enc}?signature=${signature}`], // an unknown page
      ['GET', `/api/test/boom/${token}/${enc}`], // 500 whose error message holds the URL
      // Selling: the customer's order link and its documents (token in the query), a ticket code in the path.
      ['GET', `/api/public/orders/999999?token=${hash}&lang=de`],
      ['GET', `/api/public/orders/999999/tickets.pdf?token=${hash}`],
      ['GET', `/de/shop/12/order/34?token=${hash}`],
      ['GET', `/ticket/${token}/checkin`],
    ];
    for (const [method, url] of visits) {
      const res = await c.request(method, url, method === 'POST' ? {} : undefined);
      expect(res.statusCode, url).toBeLessThan(600);
    }
    // Fastify's own messages that name a URL go through the same filter.
    t.app.log.info(`Route GET:/de/reset/password/${token}/${enc} not found`);

    const log = logSince(from);
    for (const secret of [resetToken, token, hash, signature, email, enc, user.email, encodeURIComponent(user.email)]) {
      expect(log).not.toContain(secret);
    }
    // Not vacuous: each visit was logged, with its secrets masked.
    for (const [, url] of visits) expect(log).toContain(`"url":"${redactUrl(url)}"`);
    expect(log).toContain('"url":"/de/reset/password/[redacted]/[redacted]"');
    expect(log).toContain('"url":"/api/srl/team/12/invite/34/validate/[redacted]"');
    expect(log).toMatch(/"url":"\/api\/srl\/email\/verify\/\d+\/\[redacted\]\?expires=\d+&signature=\[redacted\]"/);
    expect(log).toContain('could not load /api/test/boom/[redacted]/[redacted]');
    expect(log).toContain('Route GET:/de/reset/password/[redacted]/[redacted] not found');
    expect(log).toContain('"url":"/api/public/orders/999999?token=[redacted]&lang=de"');
    expect(log).toContain('"url":"/de/shop/12/order/34?token=[redacted]"');
    expect(log).toContain('"url":"/ticket/[redacted]/checkin"');
  });
});

describe('redactUrl', () => {
  it.each([
    ['/de/reset/password/abc/x%40y.ch', '/de/reset/password/[redacted]/[redacted]'],
    ['/fr/customer/reset/password/abc/x@y.ch/', '/fr/customer/reset/password/[redacted]/[redacted]/'],
    ['//de//reset/password/abc/def', '//de//reset/password/[redacted]/[redacted]'],
    ['/en/accept-invite/1/2/abc', '/en/accept-invite/1/2/[redacted]'],
    ['/api/srl/team/1/invite/2/accept/abc?language=de', '/api/srl/team/1/invite/2/accept/[redacted]?language=de'],
    ['/api/srl/email/verify/7/abc?expires=123&signature=zzz', '/api/srl/email/verify/7/[redacted]?expires=123&signature=[redacted]'],
    ['/api/public/orders/5?token=abc', '/api/public/orders/5?token=[redacted]'],
    ['/api/public/orders/5?lang=fr&token=abc', '/api/public/orders/5?lang=fr&token=[redacted]'],
    ['/api/public/orders/5/invoice.pdf?Token=abc', '/api/public/orders/5/invoice.pdf?Token=[redacted]'],
    ['/de/shop/3/order/5?token=abc', '/de/shop/3/order/5?token=[redacted]'],
    ['/fr/shop/my-shop/order/5?tok%65n=abc', '/fr/shop/my-shop/order/5?tok%65n=[redacted]'],
    // Ticket codes (the QR link and the check-in calls), even when a code does not look random.
    ['/ticket/abcdefghijklmnopqrstuvwx/checkin', '/ticket/[redacted]/checkin'],
    ['/api/tickets/abcdefghijklmnopqrstuvwx/checkin', '/api/tickets/[redacted]/checkin'],
    ['/api/tickets/abcdefghijklmnopqrstuvwx', '/api/tickets/[redacted]'],
    ['/de/ticket/checkin', '/de/ticket/checkin'],
    ['/api/courses/12/tickets/7', '/api/courses/12/tickets/7'],
    [
      '/api/courses?page=2&sort[name]=asc&columnFilters[email]=a%40b.ch',
      '/api/courses?page=2&sort[name]=asc&columnFilters[email]=[redacted]',
    ],
    ['/x/AbCdEfGhIjKlMnOpQrSt123', '/x/[redacted]'], // a token-like segment of a link not listed yet
    ['/api/courses/12/sessions', '/api/courses/12/sessions'],
    ['/assets/index-B2xYz9aQ.js', '/assets/index-B2xYz9aQ.js'],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('takes linear time on long input (no regex backtracking a request could trigger)', () => {
    const started = performance.now();
    for (const text of ['a'.repeat(200_000), `${'a'.repeat(200_000)}@`, `/${'a1'.repeat(100_000)}`]) redactText(text);
    expect(performance.now() - started).toBeLessThan(1000); // quadratic matching took over 10 s here
  });

  it('masks URLs and addresses inside free text', () => {
    expect(redactText('Route POST:/api/srl/team/1/invite/2/validate/sec not found; user a.b@c.ch')).toBe(
      'Route POST:/api/srl/team/1/invite/2/validate/[redacted] not found; user [redacted]',
    );
    // An order link as mailed (orderPageUrl), inside a message.
    expect(redactText('mail to x: open https://shop.example/de/shop/3/order/5?token=Zm9vYmFyYmF6cXV4cXV1eA and pay')).toBe(
      'mail to x: open https://shop.example/de/shop/3/order/5?token=[redacted] and pay',
    );
  });
});
