import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, orders, ticketReservations, tickets } from '../../../db/schema/index.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { validationError } from '../../../lib/app-error.ts';
import { idempotencyHeaders, idempotentRoute, purgeIdempotencyKeys } from '../../../lib/idempotency.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { makeTicket } from '../../../test/factories.ts';
import { makeShop, orderBody } from './checkout-fixtures.ts';

/**
 * `Idempotency-Key` on POST …/orders and …/reservations (CONTRACT §7, lib/idempotency.ts). Runs
 * on PGlite and, with DATABASE_URL, on PostgreSQL, where the concurrent repeats really run side
 * by side in the server (the race at the end has many more of them).
 */

let t: TestApp;
const db = () => t.app.deps.db;
/** How often the plumbing route's work ran; it fails (500, then 422) or succeeds as the test says. */
const flaky = { runs: 0, answer: 'ok' as 'ok' | 'fail' | 'invalid' };

beforeAll(async () => {
  t = await buildTestApp({
    // A plumbing route with the checkout's key handling, whose outcome the test chooses.
    extend: (app) => {
      // A reply lost after the order committed (as a database connection terminated between the
      // commit and its answer): the app answers 503, the order stays. Root hooks run before the route's.
      app.addHook('onSend', async (request, reply, payload) => {
        if (request.headers['x-test-lose-reply'] !== '1' || reply.statusCode !== 201) return payload;
        reply.code(503);
        return JSON.stringify({ error: 'Service Unavailable', message: 'lost after the commit' });
      });
      const keys = idempotentRoute(app.deps.db, 'order', (request) => (request.params as { teamId: number }).teamId);
      app.withTypeProvider<ZodTypeProvider>().post(
        '/test/idempotent/:teamId',
        {
          config: { csrf: false },
          schema: {
            params: z.object({ teamId: z.coerce.number().int() }),
            headers: idempotencyHeaders,
            body: z.object({ n: z.number() }),
            response: { 201: z.object({ run: z.number() }) },
          },
          preHandler: keys.preHandler,
          onSend: keys.onSend,
        },
        async (_request, reply) => {
          const run = ++flaky.runs;
          if (flaky.answer === 'fail') throw new Error('the database went away');
          if (flaky.answer === 'invalid') throw validationError({ n: ['checkout:validation.language'] });
          return reply.status(201).send({ run });
        },
      );
    },
  });
});
afterAll(() => t.close());

// Each call from another address: the per-IP rate limit is not under test here.
let ip = 0;
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: body as object, headers, remoteAddress: `10.23.${Math.floor(++ip / 250)}.${ip % 250}` });

async function shop(stock = 100) {
  const s = await makeShop(db());
  const ticket = await makeTicket(db(), s.teamId, s.activity.id, { stock, priceMinor: 2500, maxPerOrder: 50 });
  return { teamId: s.teamId, ticketId: ticket.id };
}
const ordersOf = async (teamId: number) => (await db().select({ n: count() }).from(orders).where(eq(orders.teamId, teamId)))[0]!.n;
const reservationsOf = async (ticketId: number) =>
  (await db().select({ n: count() }).from(ticketReservations).where(eq(ticketReservations.ticketId, ticketId)))[0]!.n;
const ordersUrl = (teamId: number) => `/api/public/teams/${teamId}/orders`;
const reservationsUrl = (teamId: number) => `/api/public/teams/${teamId}/reservations`;
const KEY = 'idempotency-key';

describe('Idempotency-Key on orders', () => {
  it('a repeat with the same key and body answers the first reply again and creates nothing', async () => {
    const { teamId, ticketId } = await shop();
    const body = orderBody(ticketId, 2);
    const first = await post(ordersUrl(teamId), body, { [KEY]: 'order-1' });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    for (let i = 0; i < 3; i++) {
      const again = await post(ordersUrl(teamId), body, { [KEY]: 'order-1' });
      expect(again.statusCode).toBe(201);
      expect(again.body).toBe(first.body);
      expect(again.headers['idempotent-replayed']).toBe('true');
    }
    expect(await ordersOf(teamId)).toBe(1);
    // Key order in the body does not make it another body.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    expect((await post(ordersUrl(teamId), reordered, { [KEY]: 'order-1' })).body).toBe(first.body);
    // Without a key, or with another one, it is a new order.
    expect((await post(ordersUrl(teamId), body)).statusCode).toBe(201);
    expect((await post(ordersUrl(teamId), body, { [KEY]: 'order-2' })).statusCode).toBe(201);
    expect(await ordersOf(teamId)).toBe(3);
  });

  it('the same key with another body answers 422 in the request language, and creates nothing', async () => {
    const { teamId, ticketId } = await shop();
    expect((await post(ordersUrl(teamId), orderBody(ticketId, 1), { [KEY]: 'k' })).statusCode).toBe(201);
    const other = orderBody(ticketId, 2);
    const de = await post(ordersUrl(teamId), other, { [KEY]: 'k', 'accept-language': 'de' });
    expect(de.statusCode).toBe(422);
    expect(de.json().errors[KEY]).toEqual([expect.stringContaining('bereits für eine andere Anfrage')]);
    const en = await post(ordersUrl(teamId), other, { [KEY]: 'k', 'accept-language': 'en' });
    expect(en.json().errors[KEY]).toEqual([expect.stringContaining('already used with a different request')]);
    expect(await ordersOf(teamId)).toBe(1);
  });

  it('a key of up to 255 characters is taken; an empty or longer one answers 422 on the header, translated', async () => {
    const { teamId, ticketId } = await shop();
    expect((await post(ordersUrl(teamId), orderBody(ticketId), { [KEY]: 'x'.repeat(255) })).statusCode).toBe(201);
    for (const [value, lang] of [
      ['x'.repeat(256), 'de'],
      ['', 'en'],
    ] as const) {
      const res = await post(ordersUrl(teamId), orderBody(ticketId), { [KEY]: value, 'accept-language': lang });
      expect(res.statusCode, `${value.length} characters`).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([KEY]);
      expect(res.json().message).toBe(lang === 'de' ? 'Die Angaben sind ungültig.' : 'The given data was invalid.');
    }
    expect(await ordersOf(teamId)).toBe(1);
  });

  it('keys are per team and per kind of call', async () => {
    const a = await shop();
    const b = await shop();
    expect((await post(ordersUrl(a.teamId), orderBody(a.ticketId), { [KEY]: 'shared' })).statusCode).toBe(201);
    expect((await post(ordersUrl(b.teamId), orderBody(b.ticketId), { [KEY]: 'shared' })).statusCode).toBe(201);
    const held = await post(reservationsUrl(a.teamId), { items: [{ ticket_id: a.ticketId, quantity: 1 }] }, { [KEY]: 'shared' });
    expect(held.statusCode).toBe(201);
    expect(held.headers['idempotent-replayed']).toBeUndefined();
    expect(await ordersOf(a.teamId)).toBe(1);
    expect(await ordersOf(b.teamId)).toBe(1);
  });

  it('concurrent repeats of one key create one order; every reply is that order or 409 IDEMPOTENCY_IN_PROGRESS', async () => {
    const { teamId, ticketId } = await shop();
    const body = orderBody(ticketId);
    const replies = await Promise.all(Array.from({ length: 8 }, () => post(ordersUrl(teamId), body, { [KEY]: 'burst' })));
    const created = replies.filter((r) => r.statusCode === 201);
    expect(created.length).toBeGreaterThan(0);
    expect(new Set(created.map((r) => r.body)).size).toBe(1);
    for (const r of replies.filter((r) => r.statusCode !== 201)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().code).toBe('IDEMPOTENCY_IN_PROGRESS');
      expect(r.headers['retry-after']).toBe('1');
    }
    expect(await ordersOf(teamId)).toBe(1);
  });

  it('a refusal that may change (409 sold out) frees the key: the retry places the order once seats are back', async () => {
    const { teamId, ticketId } = await shop(0);
    const body = orderBody(ticketId);
    const sold = await post(ordersUrl(teamId), body, { [KEY]: 'later' });
    expect(sold.statusCode).toBe(409);
    expect(await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.teamId, teamId))).toEqual([]);
    await db().update(tickets).set({ stock: 5 }).where(eq(tickets.id, ticketId));
    expect((await post(ordersUrl(teamId), body, { [KEY]: 'later' })).statusCode).toBe(201);
    expect(await ordersOf(teamId)).toBe(1);
  });

  it('a key is answered for 24 hours; after that it is a new key, and the purge deletes old keys only', async () => {
    const { teamId, ticketId } = await shop();
    const body = orderBody(ticketId);
    const first = await post(ordersUrl(teamId), body, { [KEY]: 'day' });
    expect(first.statusCode).toBe(201);
    expect(await post(ordersUrl(teamId), orderBody(ticketId), { [KEY]: 'fresh' })).toHaveProperty('statusCode', 201);
    const age = (hours: number, key: string) =>
      db()
        .update(idempotencyKeys)
        .set({ createdAt: sql`now() - ${hours}::int * interval '1 hour'` })
        .where(and(eq(idempotencyKeys.teamId, teamId), eq(idempotencyKeys.key, key)));
    await age(23, 'day');
    expect((await post(ordersUrl(teamId), body, { [KEY]: 'day' })).body).toBe(first.body);
    expect(await ordersOf(teamId)).toBe(2);
    await age(25, 'day');
    const later = await post(ordersUrl(teamId), body, { [KEY]: 'day' });
    expect(later.statusCode).toBe(201);
    expect(later.body).not.toBe(first.body);
    expect(await ordersOf(teamId)).toBe(3);

    await age(25, 'day');
    expect(await purgeIdempotencyKeys(db())).toBeGreaterThanOrEqual(1);
    const left = await db().select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(eq(idempotencyKeys.teamId, teamId));
    expect(left.map((r) => r.key)).toEqual(['fresh']);
  });

  it('CONTROL: without a key, a retried lost reply places the order twice', async () => {
    const { teamId, ticketId } = await shop();
    const body = orderBody(ticketId);
    // The first reply is "lost" (the client never reads it) and the client sends the call again.
    await post(ordersUrl(teamId), body);
    expect((await post(ordersUrl(teamId), body)).statusCode).toBe(201);
    expect(await ordersOf(teamId)).toBe(2);
  });
});

describe('a reply that failed after the order committed', () => {
  const linkOf = async (teamId: number) => (await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.teamId, teamId)))[0];

  it('keeps the key: the repeat answers the committed order (201, replayed) and places nothing twice', async () => {
    const { teamId, ticketId } = await shop();
    const body = orderBody(ticketId, 2);
    const lost = await post(ordersUrl(teamId), body, { [KEY]: 'lost-1', 'x-test-lose-reply': '1' });
    expect(lost.statusCode).toBe(503);
    const [order] = await db().select().from(orders).where(eq(orders.teamId, teamId));
    // The order's own statement linked it to the key; the failed reply only ended the lease.
    const key = await linkOf(teamId);
    expect(key).toMatchObject({ state: 'pending', committedId: order!.id });
    const again = await post(ordersUrl(teamId), body, { [KEY]: 'lost-1' });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toMatchObject({ order: { id: order!.publicId, number: order!.number, payment_status: 'waiting' } });
    expect(again.json().order_url).toContain(order!.publicId);
    expect(await ordersOf(teamId)).toBe(1);
    const [ticket] = await db().select().from(tickets).where(eq(tickets.id, ticketId));
    expect(ticket!.sold).toBe(2);
    // From now on the recovered reply is the key's reply.
    const third = await post(ordersUrl(teamId), body, { [KEY]: 'lost-1' });
    expect(third.body).toBe(again.body);
    expect(await linkOf(teamId)).toMatchObject({ state: 'done', replyStatus: 201 });
  });

  it('a process killed between the commit and the reply: once the lease is over the repeat answers the order', async () => {
    const { teamId, ticketId } = await shop();
    const body = orderBody(ticketId);
    const first = await post(ordersUrl(teamId), body, { [KEY]: 'killed-1' });
    expect(first.statusCode).toBe(201);
    // What a process killed before onSend leaves behind, after its lease ran out.
    await db()
      .update(idempotencyKeys)
      .set({ state: 'pending', replyStatus: null, replyBody: null, lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(idempotencyKeys.teamId, teamId));
    const again = await post(ordersUrl(teamId), body, { [KEY]: 'killed-1' });
    expect(again.statusCode).toBe(201);
    expect(again.json().order.id).toBe(first.json().order.id);
    expect(await ordersOf(teamId)).toBe(1);
    // Another body never takes over a key whose call committed.
    const other = await post(ordersUrl(teamId), orderBody(ticketId), { [KEY]: 'killed-1' });
    expect(other.statusCode).toBe(422);
    expect(await ordersOf(teamId)).toBe(1);
  });

  it('CONTROL: a key freed without the link places the order a second time', async () => {
    const { teamId, ticketId } = await shop();
    const body = orderBody(ticketId);
    expect((await post(ordersUrl(teamId), body, { [KEY]: 'lost-2', 'x-test-lose-reply': '1' })).statusCode).toBe(503);
    // As before the link: nothing tells the repeat that the first call committed.
    await db().update(idempotencyKeys).set({ committedId: null }).where(eq(idempotencyKeys.teamId, teamId));
    expect((await post(ordersUrl(teamId), body, { [KEY]: 'lost-2' })).statusCode).toBe(201);
    expect(await ordersOf(teamId)).toBe(2);
  });

  it('a reservation converted into an order links it too', async () => {
    const { teamId, ticketId } = await shop();
    const held = await post(reservationsUrl(teamId), { items: [{ ticket_id: ticketId, quantity: 1 }] });
    expect(held.statusCode).toBe(201);
    const body = orderBody(ticketId, 1, { reservation_token: held.json().token });
    expect((await post(ordersUrl(teamId), body, { [KEY]: 'lost-3', 'x-test-lose-reply': '1' })).statusCode).toBe(503);
    const again = await post(ordersUrl(teamId), body, { [KEY]: 'lost-3' });
    expect(again.statusCode, again.body).toBe(201);
    expect(await ordersOf(teamId)).toBe(1);
  });
});

describe('what is replayed', () => {
  const call = (teamId: number) => post(`/test/idempotent/${teamId}`, { n: 1 }, { [KEY]: `flaky-${teamId}` });

  it('a 5xx frees the key: the repeat runs the call again, and its success is replayed', async () => {
    const { teamId } = await shop();
    flaky.runs = 0;
    flaky.answer = 'fail';
    expect((await call(teamId)).statusCode).toBe(500);
    expect(await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.teamId, teamId))).toEqual([]);
    flaky.answer = 'ok';
    const ok = await call(teamId);
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toEqual({ run: 2 });
    const again = await call(teamId);
    expect(again.body).toBe(ok.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(flaky.runs).toBe(2);
  });

  it('a 422 is replayed as it was, without running the call again', async () => {
    const { teamId } = await shop();
    flaky.runs = 0;
    flaky.answer = 'invalid';
    const first = await call(teamId);
    expect(first.statusCode).toBe(422);
    flaky.answer = 'ok';
    const again = await call(teamId);
    expect(again.statusCode).toBe(422);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(flaky.runs).toBe(1);
  });
});

describe('the API description', () => {
  it('documents the header on both calls', async () => {
    const doc = (await t.app.inject('/api/docs')).json() as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string; schema?: { maxLength?: number } }[] }>>;
    };
    for (const path of ['/api/public/teams/{teamId}/orders', '/api/public/teams/{teamId}/reservations']) {
      const header = doc.paths[path]!.post!.parameters!.find((p) => p.in === 'header' && p.name === KEY);
      expect(header, path).toBeDefined();
      expect(header!.schema!.maxLength).toBe(255);
    }
  });
});

describe('Idempotency-Key on reservations', () => {
  it('a repeat answers the same reservation and holds no more seats; another body answers 422', async () => {
    const { teamId, ticketId } = await shop();
    const body = { items: [{ ticket_id: ticketId, quantity: 2 }] };
    const first = await post(reservationsUrl(teamId), body, { [KEY]: 'r-1' });
    expect(first.statusCode).toBe(201);
    const again = await post(reservationsUrl(teamId), body, { [KEY]: 'r-1' });
    expect(again.body).toBe(first.body);
    expect(await reservationsOf(ticketId)).toBe(1);
    const other = await post(reservationsUrl(teamId), { items: [{ ticket_id: ticketId, quantity: 3 }] }, { [KEY]: 'r-1' });
    expect(other.statusCode).toBe(422);
    expect(await reservationsOf(ticketId)).toBe(1);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('Idempotency-Key under a burst of repeats (PostgreSQL)', () => {
  it('60 repeats of one key at once, several rounds: one order each round', async () => {
    for (let round = 0; round < 3; round++) {
      const { teamId, ticketId } = await shop(1000);
      const body = orderBody(ticketId);
      const replies = await Promise.all(Array.from({ length: 60 }, () => post(ordersUrl(teamId), body, { [KEY]: `race-${round}` })));
      const statuses = replies.map((r) => r.statusCode);
      expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
      expect(new Set(replies.filter((r) => r.statusCode === 201).map((r) => r.body)).size).toBe(1);
      expect(await ordersOf(teamId)).toBe(1);
    }
  }, 60_000);
});
