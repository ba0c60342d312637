import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, ticketReservations, tickets } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { makeField, makeProduct, makeShop, orderBody } from './checkout-fixtures.ts';

/**
 * Hostile input on every public checkout call: 4xx, never 5xx, and nothing sold or held. Plus
 * the rate limit per IP (CONTRACT §4: 600 per minute) and no CSRF token needed.
 */

let t: TestApp;
let shop: Awaited<ReturnType<typeof makeShop>>;
let foreign: Awaited<ReturnType<typeof makeShop>>;
let fieldId: number;
let productId: number;

beforeAll(async () => {
  t = await buildTestApp();
  shop = await makeShop(t.app.deps.db);
  foreign = await makeShop(t.app.deps.db);
  fieldId = (await makeField(t.app.deps.db, shop.teamId, { type: 'text', scope: 'order' }, { activityId: shop.activity.id })).id;
  productId = (await makeProduct(t.app.deps.db, shop.teamId, shop.activity.id)).id;
});
afterAll(() => t.close());

type Case = [name: string, body: unknown];
const many = <T>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));
const item = () => ({ ticket_id: shop.ticket.id, quantity: 1 });

/** Bodies that are wrong for any of the three POST calls. */
const commonCases = (): Case[] => [
  ['null', null],
  ['a string', 'items'],
  ['a number', 42],
  ['an array', [item()]],
  ['empty object', {}],
  ['items not an array', { items: 'all' }],
  ['items empty', { items: [] }],
  ['strings for numbers', { items: [{ ticket_id: String(shop.ticket.id), quantity: '1' }] }],
  ['negative quantity', { items: [{ ticket_id: shop.ticket.id, quantity: -1 }] }],
  ['zero quantity', { items: [{ ticket_id: shop.ticket.id, quantity: 0 }] }],
  ['fractional quantity', { items: [{ ticket_id: shop.ticket.id, quantity: 1.5 }] }],
  ['huge quantity', { items: [{ ticket_id: shop.ticket.id, quantity: 1e12 }] }],
  ['huge ticket id', { items: [{ ticket_id: 1e20, quantity: 1 }] }],
  ['negative ticket id', { items: [{ ticket_id: -3, quantity: 1 }] }],
  ['NaN-like ticket id', { items: [{ ticket_id: 'NaN', quantity: 1 }] }],
  ['another team’s ticket', { items: [{ ticket_id: foreign.ticket.id, quantity: 1 }] }],
  ['unknown ticket', { items: [{ ticket_id: 2_000_000_000, quantity: 1 }] }],
  ['huge items array', { items: many(10_000, item) }],
  ['unknown member', { items: [item()], admin: true }],
  ['unknown member in an item', { items: [{ ...item(), price: 0 }] }],
  ['nested objects for ids', { items: [{ ticket_id: { $gt: 0 }, quantity: 1 }] }],
];

/** Order bodies: each breaks one rule. */
const orderCases = (): Case[] => {
  const ok = () => orderBody(shop.ticket.id, 1);
  return [
    // The common cases' items (and extra members) in an otherwise valid order; the others as they are.
    ...commonCases().map(([name, body]): Case => [name, body && typeof body === 'object' && 'items' in body ? { ...ok(), ...body } : body]),
    ['no items and no token', { ...ok(), items: undefined }],
    ['token of nobody', { ...ok(), items: undefined, reservation_token: "x' OR '1'='1' --" }],
    ['token too long', { ...ok(), reservation_token: 'x'.repeat(10_000) }],
    ['terms not accepted', { ...ok(), accept_terms: false }],
    ['terms as string', { ...ok(), accept_terms: 'true' }],
    ['customer missing', { ...ok(), customer: undefined }],
    ['customer a string', { ...ok(), customer: 'me' }],
    ['bad e-mail', { ...ok(), customer: { firstname: 'A', lastname: 'B', email: 'nope' } }],
    ['huge name', { ...ok(), customer: { firstname: 'A'.repeat(100_000), lastname: 'B', email: 'a@example.com' } }],
    ['participants missing', { ...ok(), participants: [] }],
    ['participants huge', { ...ok(), participants: many(10_000, () => ok().participants[0]) }],
    ['participant of another ticket', { ...ok(), participants: [{ ...ok().participants[0], ticket_id: foreign.ticket.id }] }],
    ['answers an array', { ...ok(), answers: ['x'] }],
    ['answers a string', { ...ok(), answers: 'x' }],
    ['constructor key in answers', { ...ok(), answers: { constructor: { prototype: { polluted: true } } } }],
    ['prototype key in participant answers', { ...ok(), participants: [{ ...ok().participants[0], answers: { prototype: 1 } }] }],
    ['an answer of the wrong type', { ...ok(), answers: { [fieldId]: { nested: ['deep'] } } }],
    ['an answer too long', { ...ok(), answers: { [fieldId]: 'x'.repeat(10_000) } }],
    ['payment method unknown', { ...ok(), payment_method: 'bitcoin' }],
    ['payment method manual', { ...ok(), payment_method: 'manual' }],
    ['language unknown', { ...ok(), language: 'xx' }],
    ['products not an array', { ...ok(), products: { product_id: productId } }],
    ['products huge', { ...ok(), products: many(10_000, () => ({ product_id: productId, quantity: 1 })) }],
    ['product negative quantity', { ...ok(), products: [{ product_id: productId, quantity: -5 }] }],
    ['product of nobody', { ...ok(), products: [{ product_id: 2_000_000_000, quantity: 1 }] }],
    ['participant index far out', { ...ok(), products: [{ product_id: productId, quantity: 1, participant_index: 1e9 }] }],
    ['discount code huge', { ...ok(), discount_code: 'X'.repeat(100_000) }],
    ['discount code an object', { ...ok(), discount_code: { $ne: null } }],
  ];
};

/** Raw JSON texts a parser must refuse or the schema must catch. */
const rawCases: [string, string][] = [
  ['__proto__ at the top', '{"__proto__":{"polluted":true},"items":[]}'],
  ['__proto__ in answers', `{"answers":{"__proto__":{"polluted":true}}}`],
  ['truncated JSON', '{"items":[{"ticket_id":1,'],
  ['not JSON', 'items=1'],
];

const calls = () => ({
  reservations: { url: `/api/public/teams/${shop.teamId}/reservations`, cases: commonCases() },
  quote: { url: `/api/public/teams/${shop.teamId}/quote`, cases: commonCases() },
  orders: { url: `/api/public/teams/${shop.teamId}/orders`, cases: orderCases() },
});

async function nothingChanged() {
  const db = t.app.deps.db;
  const [ticket] = await db.select().from(tickets).where(eq(tickets.id, shop.ticket.id));
  expect(ticket!.sold).toBe(0);
  expect(await db.select().from(ticketReservations).where(eq(ticketReservations.ticketId, shop.ticket.id))).toEqual([]);
  expect(await db.select().from(orders).where(eq(orders.teamId, shop.teamId))).toEqual([]);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

describe('hostile bodies on the public checkout calls', () => {
  it.each(['reservations', 'quote', 'orders'] as const)('%s: every hostile body answers 4xx JSON', async (name) => {
    const { url, cases } = calls()[name];
    for (const [label, body] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
        remoteAddress: `10.1.0.${name.length}`,
      });
      expect(res.statusCode, `${name}: ${label} → ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${name}: ${label} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
      expect(typeof res.json().message, label).toBe('string');
    }
    for (const [label, raw] of rawCases) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: raw,
        remoteAddress: '10.1.1.1',
      });
      expect(res.statusCode, `${name}: ${label}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${name}: ${label}`).toBeLessThan(500);
    }
    const big = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: `{"items":"${'x'.repeat(2 * 1024 * 1024)}"}`,
      remoteAddress: '10.1.1.2',
    });
    expect(big.statusCode).toBe(413);
    const text = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
      remoteAddress: '10.1.1.3',
    });
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
    await nothingChanged();
  });

  it('bad path parameters answer 4xx on all four calls', async () => {
    const urls: [string, string][] = [
      ['POST', '/api/public/teams/abc/reservations'],
      ['POST', '/api/public/teams/-1/quote'],
      ['POST', '/api/public/teams/99999999999999/orders'],
      ['POST', `/api/public/teams/${2_000_000_000}/orders`],
      ['DELETE', '/api/public/reservations/%00%00'],
      ['DELETE', `/api/public/reservations/${'a'.repeat(400)}`],
      ['DELETE', "/api/public/reservations/x'%20OR%201=1"],
    ];
    for (const [method, url] of urls) {
      const res = await t.app.inject({
        method: method as 'POST',
        url,
        payload: method === 'POST' ? orderBody(shop.ticket.id, 1) : undefined,
      });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    await nothingChanged();
  });
});

describe('public checkout calls: no CSRF, rate-limited per IP', () => {
  it('needs no cookie or CSRF token, even when a stale session cookie comes along', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/public/teams/${shop.teamId}/quote`,
      payload: { items: [item()] },
      headers: { cookie: 'bookla_session=stale; XSRF-TOKEN=abc' },
      remoteAddress: '10.2.0.1',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers 429 with Retry-After past 600 calls a minute from one IP (counted before any work), other IPs unaffected', async () => {
    const ip = '10.3.0.1';
    const results = [];
    for (let i = 0; i < 600; i++) {
      // Alternating calls share one limit; invalid bodies count too.
      const res =
        i % 2
          ? await t.app.inject({ method: 'DELETE', url: `/api/public/reservations/token-${i}-abcdefgh`, remoteAddress: ip })
          : await t.app.inject({
              method: 'POST',
              url: `/api/public/teams/${shop.teamId}/quote`,
              payload: { items: 'x' },
              remoteAddress: ip,
            });
      results.push(res.statusCode);
    }
    expect(results.filter((s) => s === 429)).toEqual([]);
    const over = await t.app.inject({
      method: 'POST',
      url: `/api/public/teams/${shop.teamId}/orders`,
      payload: orderBody(shop.ticket.id, 1),
      remoteAddress: ip,
    });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(typeof over.json().message).toBe('string');
    const other = await t.app.inject({ method: 'DELETE', url: '/api/public/reservations/token-other-abcdefgh', remoteAddress: '10.3.0.2' });
    expect(other.statusCode).toBe(204);
    await nothingChanged();
  });
});
