import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens, orderEvents, orders } from '../../db/schema/index.ts';
import { createMemoryRateLimiter } from '../../lib/rate-limit.ts';
import { LIMITS } from '../../plugins/rate-limit.ts';
import { TOKEN_ROUTES } from '../../plugins/token-routes.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { makeActivity, makeTicket, owner, staff, type Staff } from '../../test/factories.ts';
import { makeOrder } from '../../test/selling-factories.ts';

let now = Date.now();
const limiter = createMemoryRateLimiter(() => now);
const logLines: string[] = [];
let t: TestApp;
let a: Staff;
let b: Staff;
let aOrderId: number;
let aActivityId: number;
let bOrderId: number;

const app = () => t.app;
const bearer = (
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) => app().inject({ method, url, payload, headers: { authorization: `Bearer ${token}`, ...headers } });

async function createToken(
  client: Staff['client'],
  scopes: string[],
  name = `Token ${scopes.join('+')}`,
): Promise<{ id: number; token: string }> {
  const res = await client.post('/api/tokens', { name, scopes });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await buildTestApp({ limiter, logStream: stream, config: { logLevel: 'info' } });
  const db = app().deps.db;
  a = await owner(app(), { teamName: 'Token Alpha AG' });
  b = await owner(app(), { teamName: 'Token Beta AG' });
  const activity = await makeActivity(db, a.team.id, { name: { de: 'Alpha Yoga', en: 'Alpha yoga' } });
  aActivityId = activity.id;
  const ticket = await makeTicket(db, a.team.id, activity.id, { priceMinor: 2000, stock: 20 });
  aOrderId = (await makeOrder(db, a.team.id, { ticketId: ticket.id, paymentStatus: 'waiting' })).order.id;
  const bActivity = await makeActivity(db, b.team.id, { name: { de: 'Beta Yoga', en: 'Beta yoga' } });
  const bTicket = await makeTicket(db, b.team.id, bActivity.id, { priceMinor: 2000, stock: 20 });
  bOrderId = (await makeOrder(db, b.team.id, { ticketId: bTicket.id, paymentStatus: 'waiting' })).order.id;
});
afterAll(() => t.close());

describe('API tokens: create, list, revoke', () => {
  it('shows the secret once and stores only its hash', async () => {
    const created = await createToken(a.client, ['read'], 'Buchhaltung');
    expect(created.token).toMatch(/^bkl_[A-Za-z0-9_-]{43}$/);
    const [row] = await app().deps.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.token.slice(4));
    const list = await a.client.get('/api/tokens');
    expect(list.statusCode).toBe(200);
    const item = list.json().data.find((x: { id: number }) => x.id === created.id);
    expect(item).toMatchObject({ name: 'Buchhaltung', scopes: ['read'], hint: `bkl_…${created.token.slice(-4)}`, last_used_at: null });
    expect(list.body).not.toContain(created.token);
  });

  it('refuses bad names and scopes (422, translated) and other roles (403)', async () => {
    const bad = await a.client.post('/api/tokens', { name: '  ', scopes: ['write'] }, { 'accept-language': 'fr' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['name', 'scopes.0']);
    expect((await a.client.post('/api/tokens', { name: 'x', scopes: [] })).statusCode).toBe(422);
    expect((await a.client.post('/api/tokens', { name: 'x', scopes: ['read', 'read'] })).statusCode).toBe(422);
    const editor = await staff(app(), a.team, 'editor');
    expect((await editor.client.get('/api/tokens')).statusCode).toBe(403);
    expect((await editor.client.post('/api/tokens', { name: 'x', scopes: ['read'] })).statusCode).toBe(403);
  });

  it('revokes at once (401 with WWW-Authenticate); another company’s token is not found', async () => {
    const { id, token } = await createToken(a.client, ['read']);
    expect((await bearer(token, 'GET', '/api/orders')).statusCode).toBe(200);
    expect((await b.client.request('DELETE', `/api/tokens/${id}`)).statusCode).toBe(404);
    expect((await bearer(token, 'GET', '/api/orders')).statusCode).toBe(200);
    const revoked = await a.client.request('DELETE', `/api/tokens/${id}`, undefined, { 'accept-language': 'de' });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().message).toBe('Das API-Token wurde widerrufen.');
    const after = await bearer(token, 'GET', '/api/orders');
    expect(after.statusCode).toBe(401);
    expect(after.headers['www-authenticate']).toMatch(/^Bearer /);
    expect((await a.client.get('/api/tokens')).json().data.map((x: { id: number }) => x.id)).not.toContain(id);
    expect((await a.client.request('DELETE', `/api/tokens/${id}`)).statusCode).toBe(404);
  });

  it('answers 401 to unknown and malformed tokens', async () => {
    for (const token of ['bkl_' + 'A'.repeat(43), 'nonsense', '', `bkl_${'x'.repeat(200)}`]) {
      const res = await bearer(token, 'GET', '/api/orders');
      expect(res.statusCode, token).toBe(401);
      expect(res.headers['www-authenticate']).toContain('invalid_token');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });
});

describe('bearer calls', () => {
  it('read their own team’s orders, never another team’s (404), without cookies', async () => {
    const { token } = await createToken(a.client, ['read']);
    const list = await bearer(token, 'GET', '/api/orders');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((o: { id: number }) => o.id)).toEqual([aOrderId]);
    expect(list.headers['set-cookie']).toBeUndefined();
    expect((await bearer(token, 'GET', `/api/orders/${aOrderId}`)).statusCode).toBe(200);
    expect((await bearer(token, 'GET', `/api/orders/${bOrderId}`)).statusCode).toBe(404);
    // B's session cookie next to A's token: the token wins, the session is not read.
    const cookie = [...b.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const mixed = await bearer(token, 'GET', '/api/orders', undefined, { cookie });
    expect(mixed.json().data.map((o: { id: number }) => o.id)).toEqual([aOrderId]);
  });

  it('stay within their scopes', async () => {
    const read = await createToken(a.client, ['read']);
    const mark = await bearer(read.token, 'POST', `/api/orders/${aOrderId}/mark-paid`, {});
    expect(mark.statusCode).toBe(403);
    expect(mark.headers['www-authenticate']).toContain('scope="orders"');
    const ordersOnly = await createToken(a.client, ['orders']);
    expect((await bearer(ordersOnly.token, 'GET', '/api/orders')).statusCode).toBe(403);
    const edit = await bearer(ordersOnly.token, 'PUT', `/api/courses/${aActivityId}`, { name: { de: 'X', en: 'X' } });
    expect(edit.statusCode).toBe(403);
    const catalogue = await createToken(a.client, ['catalogue']);
    const place = await bearer(catalogue.token, 'POST', '/api/course/locations', {
      name: { de: 'Halle', en: 'Hall' },
      postal_code: '7000',
      city: 'Chur',
      country: 'CH',
    });
    expect(place.statusCode, place.body).toBe(200);
  });

  it('change orders without a CSRF token and record the token as the actor', async () => {
    const { token } = await createToken(a.client, ['orders', 'read'], 'Kasse');
    const res = await bearer(token, 'POST', `/api/orders/${aOrderId}/mark-paid`, {});
    expect(res.statusCode, res.body).toBe(200);
    const db = app().deps.db;
    const [order] = await db.select().from(orders).where(eq(orders.id, aOrderId));
    expect(order!.paymentStatus).toBe('paid');
    const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, aOrderId));
    const paid = events.find((e) => e.data && (e.data as { api_token?: unknown }).api_token);
    expect(paid).toMatchObject({ userId: null, actor: 'staff', data: { api_token: { name: 'Kasse' } } });
    // B's order: not found for A's token, and unchanged.
    expect((await bearer(token, 'POST', `/api/orders/${bOrderId}/mark-paid`, {})).statusCode).toBe(404);
    const [bOrder] = await db.select().from(orders).where(eq(orders.id, bOrderId));
    expect(bOrder!.paymentStatus).toBe('waiting');
  });

  it('never reach staff-only calls (403), whatever their scopes', async () => {
    const { token } = await createToken(a.client, ['read', 'orders', 'catalogue']);
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['GET', '/api/tokens'],
      ['POST', '/api/tokens', { name: 'x', scopes: ['read'] }],
      ['GET', '/api/team/general'],
      ['GET', '/api/team/members'],
      ['GET', '/api/config/integration'],
      ['GET', '/api/profile'],
      ['GET', '/api/srl/user'],
      ['POST', '/api/team/invitations', { email: 'x@example.com', role: 'admin' }],
      ['GET', '/api/archive/emails'],
    ];
    for (const [method, url, body] of calls) {
      const res = await bearer(token, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    // A public call ignores the header.
    expect((await bearer(token, 'GET', '/api/faq')).statusCode).toBe(200);
  });

  it('records the last use at most once a minute, with the client address', async () => {
    const { id, token } = await createToken(a.client, ['read']);
    await bearer(token, 'GET', '/api/orders');
    const [first] = await app().deps.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(first!.lastUsedAt).not.toBeNull();
    expect(first!.lastUsedIp).toBe('127.0.0.1');
    await bearer(token, 'GET', '/api/orders');
    const [second] = await app().deps.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(second!.lastUsedAt).toEqual(first!.lastUsedAt);
    const listed = (await a.client.get('/api/tokens')).json().data.find((x: { id: number }) => x.id === id);
    expect(listed.last_used_from).toBe('127.0.0.1');
  });

  it('are limited per token (429 with Retry-After), other tokens unaffected', async () => {
    const one = await createToken(a.client, ['read']);
    const two = await createToken(a.client, ['read']);
    const { limit } = LIMITS.apiTokenRequests;
    for (let i = 0; i < limit; i++) await limiter.hit(`apiTokenRequests:${one.id}`, limit, LIMITS.apiTokenRequests.windowMs);
    const refused = await bearer(one.token, 'GET', '/api/orders');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await bearer(two.token, 'GET', '/api/orders')).statusCode).toBe(200);
    now += LIMITS.apiTokenRequests.windowMs + 1000;
    expect((await bearer(one.token, 'GET', '/api/orders')).statusCode).toBe(200);
  });

  it('never write a token into the logs', async () => {
    const { token } = await createToken(a.client, ['read']);
    await bearer(token, 'GET', `/api/orders?columnFilters[search]=${token}`);
    app().log.warn(`something mentioned ${token} in passing`);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(token.slice(4));
  });
});

describe('token access table and API description', () => {
  it('names only routes that exist, each behind a guard', () => {
    for (const key of Object.keys(TOKEN_ROUTES)) {
      const [method, url] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
      expect(app().hasRoute({ method, url }), key).toBe(true);
    }
  });

  it('documents the bearer scheme on exactly the listed operations', () => {
    const doc = app().swagger() as {
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
      paths: Record<string, Record<string, { security?: Record<string, string[]>[]; description?: string }>>;
    };
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const withBearer: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const entry = op.security?.find((s) => 'bearerAuth' in s);
        if (!entry) continue;
        withBearer.push(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
        expect(op.description).toContain(`\`${entry.bearerAuth![0]}\``);
      }
    }
    expect(withBearer.sort()).toEqual(Object.keys(TOKEN_ROUTES).sort());
    expect(doc.paths['/api/tokens']!.get!.security!.some((s) => 'bearerAuth' in s)).toBe(false);
  });
});
