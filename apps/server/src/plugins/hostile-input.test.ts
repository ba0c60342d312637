import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, teams, tickets } from '../db/schema/index.ts';
import { makeShop } from '../features/selling/orders/checkout-fixtures.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { makeActivity, makeTicket, owner, type Staff } from '../test/factories.ts';
import { findNul } from './nul-guard.ts';

/**
 * The hostile-input sweep over EVERY public call (issue 20 item 15): NUL bytes in paths, query
 * strings and JSON bodies, ids and amounts past int4, answered 4xx (never 5xx) and changing
 * nothing. The calls are read from the OpenAPI document, so a public route added later is swept
 * without touching this file; a test below fails if that list shrinks below the calls known today.
 */

let t: TestApp;
let shop: Awaited<ReturnType<typeof makeShop>>;
let a: Staff;

beforeAll(async () => {
  t = await buildTestApp();
  shop = await makeShop(t.app.deps.db);
  a = await owner(t.app);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface PublicCall {
  method: Method;
  path: string;
}

const PUBLIC = /^\/(api\/public|api\/customer|customer|api\/webhooks|ticket)\//;

function publicCalls(): PublicCall[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const calls: PublicCall[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (!PUBLIC.test(path)) continue;
    for (const method of Object.keys(ops)) {
      const m = method.toUpperCase();
      if (m === 'GET' || m === 'POST' || m === 'PUT' || m === 'PATCH' || m === 'DELETE') calls.push({ method: m, path });
    }
  }
  return calls;
}

/** The path with each `{param}` replaced: the team's id for teams, `value` for the others. */
const fill = (path: string, value: (name: string) => string) => path.replace(/\{(\w+)\}/g, (_, name: string) => value(name));
const params = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
const plain = (name: string) => (/team/i.test(name) ? String(shop.teamId) : '1');

let ip = 0;
async function send(method: Method, url: string, payload?: string) {
  ip++;
  return t.app.inject({
    method,
    url,
    headers: payload === undefined ? {} : { 'content-type': 'application/json' },
    payload,
    // One address per request: the sweep tests refusals, not the per-IP limits.
    remoteAddress: `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
  });
}

function expect4xx(res: { statusCode: number; body: string }, label: string) {
  expect(res.statusCode, `${label} → ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${label} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
}

async function nothingSold() {
  const db = t.app.deps.db;
  expect((await db.select().from(tickets).where(eq(tickets.id, shop.ticket.id)))[0]!.sold).toBe(0);
  expect(await db.select().from(orders).where(eq(orders.teamId, shop.teamId))).toEqual([]);
}

describe('the public calls, from the route table', () => {
  it('lists every public call known today (new ones join the sweep by themselves)', () => {
    const keys = publicCalls().map((c) => `${c.method} ${c.path}`);
    for (const known of [
      'GET /api/public/orders/{id}',
      'POST /api/public/orders/{id}/cancel',
      'POST /api/public/orders/{id}/fresh-link',
      'GET /api/public/orders/{id}/tickets.pdf',
      'POST /api/public/teams/{teamId}/orders',
      'POST /api/public/teams/{teamId}/reservations',
      'POST /api/public/teams/{teamId}/quote',
      'GET /api/public/test-payments/{paymentId}',
      'POST /api/public/teams/{teamId}/waitinglist',
      'POST /api/webhooks/stripe',
    ])
      expect(keys, known).toContain(known);
    expect(keys.some((k) => k.includes('/api/customer/teams/{teamId}/'))).toBe(true);
    expect(keys.length).toBeGreaterThanOrEqual(30);
  });

  it('a NUL byte (%00) in any path parameter answers 400 on every public call', async () => {
    for (const { method, path } of publicCalls()) {
      for (const name of params(path)) {
        for (const bad of ['%00', `1%00`, 'a%00b']) {
          const url = fill(path, (n) => (n === name ? bad : plain(n)));
          const res = await send(method, url, method === 'GET' || method === 'DELETE' ? undefined : '{}');
          expect(res.statusCode, `${method} ${url}`).toBe(400);
          expect(typeof res.json().message, url).toBe('string');
        }
      }
    }
    await nothingSold();
  });

  it('a NUL byte in the query string answers 400 on every public call', async () => {
    for (const { method, path } of publicCalls()) {
      const url = `${fill(path, plain)}?token=abc%00def&lang=de&q=%00`;
      const res = await send(method, url, method === 'GET' || method === 'DELETE' ? undefined : '{}');
      expect(res.statusCode, `${method} ${url}`).toBe(400);
    }
  });

  it('a NUL (\\u0000) inside any JSON string or key answers 4xx on every public call with a body', async () => {
    const bodies = [
      JSON.stringify({ token: 'abc\u0000', firstname: 'Eve\u0000', email: 'a\u0000@example.com' }),
      JSON.stringify({ items: [{ ticket_id: shop.ticket.id, quantity: 1 }], customer: { firstname: 'A\u0000B' } }),
      JSON.stringify({ answers: { 'x\u0000': 'y' } }),
      '{"outcome":"pay\\u0000"}',
    ];
    for (const { method, path } of publicCalls()) {
      if (method === 'GET' || method === 'DELETE') continue;
      for (const body of bodies) expect4xx(await send(method, fill(path, plain), body), `${method} ${path} ${body}`);
    }
    await nothingSold();
  });

  it('ids and numbers past int4, negative or not numbers in the path answer 4xx on every public call', async () => {
    for (const { method, path } of publicCalls()) {
      for (const name of params(path)) {
        for (const bad of ['99999999999', '2147483648', '-1', '1e400', '0x10', 'NaN', "1'%20OR%201=1"]) {
          const url = fill(path, (n) => (n === name ? bad : plain(n)));
          // Never a 5xx; a release of an unknown reservation token is an idempotent 204.
          const res = await send(method, url, method === 'GET' || method === 'DELETE' ? undefined : '{}');
          expect(res.statusCode, `${method} ${url} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
          // Out of int4 or no number at all: refused. (`0x10` is coerced to 16, a quote is just text: no 5xx is what counts.)
          if (method !== 'DELETE' && !['0x10', "1'%20OR%201=1"].includes(bad)) expect4xx(res, `${method} ${url}`);
        }
      }
    }
    await nothingSold();
  });

  it('amounts and counts past int4 in bodies answer 4xx on every public call with a body', async () => {
    const huge = [
      { items: [{ ticket_id: 2_147_483_648, quantity: 1 }] },
      { items: [{ ticket_id: shop.ticket.id, quantity: 2_147_483_648 }] },
      { items: [{ ticket_id: shop.ticket.id, quantity: 99_999_999_999 }], amount: 99_999_999_999, price: '99999999999' },
      { activity_id: 2_147_483_648, quantity: 1e12, firstname: 'A', lastname: 'B', email: 'a@example.com', language: 'de' },
    ];
    for (const { method, path } of publicCalls()) {
      if (method === 'GET' || method === 'DELETE') continue;
      for (const body of huge)
        expect4xx(await send(method, fill(path, plain), JSON.stringify(body)), `${method} ${path} ${JSON.stringify(body)}`);
    }
    await nothingSold();
  });
});

describe('NUL bytes anywhere else (issue 20 item 15)', () => {
  it('the content pages of the issue answer 400, not 500', async () => {
    for (const url of ['/api/content/%00', '/api/content/imprint/%00', '/api/content/%00/frontend', '/api/faq?q=%00', '/%00']) {
      const res = await send('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const en = await t.app.inject({ url: '/api/content/%00', headers: { 'accept-language': 'en' } });
    expect(en.json().message).toMatch(/NUL/);
  });

  it('a logged-in call with a NUL in the body: 422 at the field, in the request language, nothing saved', async () => {
    const before = (await t.app.deps.db.select().from(teams).where(eq(teams.id, a.team.id)))[0]!;
    const res = await a.client.request('PUT', '/api/team/general', { name: 'Evil\u0000Team' }, { 'accept-language': 'fr' });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ name: [expect.stringMatching(/NUL/)] });
    const after = (await t.app.deps.db.select().from(teams).where(eq(teams.id, a.team.id)))[0]!;
    expect(after.name).toBe(before.name);
  });

  it('findNul names the first path with a NUL, in values and keys, and ignores raw bodies', () => {
    expect(findNul({ a: { b: ['ok', 'x\u0000'] } })).toBe('a.b.1');
    expect(findNul({ ['k\u0000']: 1 })).toBe('_');
    expect(findNul('\u0000')).toBe('_');
    expect(findNul({ a: 'fine', n: 1, z: null })).toBeUndefined();
    expect(findNul(Buffer.from([0, 1, 2]))).toBeUndefined();
  });
});

describe('money bounds (issue 20 item 15)', () => {
  it('a ticket price of 99999999999 answers 422 (it was a 500), 1,000,000.00 is still fine', async () => {
    const activity = await makeActivity(t.app.deps.db, a.team.id);
    const url = `/api/courses/${activity.id}/tickets`;
    const body = (price: unknown) => ({ name: { de: 'Eintritt', en: 'Admission' }, price, stock: 5 });
    for (const price of ['99999999999', 99_999_999_999, '1000000.01', '-99999999999', 1e300]) {
      const res = await a.client.post(url, body(price), { 'accept-language': 'en' });
      expect(res.statusCode, `${price} → ${res.body}`).toBe(422);
      expect(res.json().errors.price, String(price)).toEqual([expect.any(String)]);
    }
    const max = await a.client.post(url, body('1000000.00'));
    expect(max.statusCode, max.body).toBe(200);
    expect(max.json().data.price_minor).toBe(100_000_000);
  });

  it('a cart worth more than int4 is refused with 422, not a 500', async () => {
    const db = t.app.deps.db;
    const rich = await makeShop(db);
    // Three tickets at the highest price, ten seats each: 3 × 10 × 1,000,000.00 is past int4 in minor units.
    const ids = [];
    for (let i = 0; i < 3; i++)
      ids.push((await makeTicket(db, rich.teamId, rich.activity.id, { priceMinor: 100_000_000, stock: 100, maxPerOrder: 10 })).id);
    const res = await send(
      'POST',
      `/api/public/teams/${rich.teamId}/quote`,
      JSON.stringify({ items: ids.map((id) => ({ ticket_id: id, quantity: 10 })) }),
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors)).toContain('items');
  });
});
