import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientKey } from '../../../lib/client-key.ts';
import { checkLimit, consumeLimit, LIMITS } from '../../../plugins/rate-limit.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { makeDiscount, makeShop, orderBody } from './checkout-fixtures.ts';
import { resolveDiscountForCheckout } from '../discounts/index.ts';

/**
 * Guessing discount codes at the public checkout (issue 20 item 4): one answer for every refused
 * code, and failed codes limited per client (IPv6 by /64) and per team, counted before the code is
 * checked; a valid code is not counted. Parallel guesses through the HTTP routes, with a control
 * (the check-then-count pattern) that lets more through.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const quote = (teamId: number, ticketId: number, code: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/teams/${teamId}/quote?language=en`,
    payload: { items: [{ ticket_id: ticketId, quantity: 1 }], discount_code: code },
    remoteAddress,
  });
const LIMIT = LIMITS.discountFailuresPerIp.limit;
const statuses = (replies: { statusCode: number }[]) => replies.map((r) => r.statusCode);
const count = (list: number[], status: number) => list.filter((s) => s === status).length;

describe('discount codes against guessing', () => {
  it('answers unknown, expired, used up and foreign codes alike, on the quote and the order', async () => {
    const shop = await makeShop(t.app.deps.db);
    const hour = 3600_000;
    await makeDiscount(t.app.deps.db, shop.teamId, { code: 'PAST', validUntil: new Date(Date.now() - hour) });
    await makeDiscount(t.app.deps.db, shop.teamId, { code: 'GONE', maxUses: 1, usedCount: 1 });
    await makeDiscount(t.app.deps.db, shop.teamId, { code: 'ELSEWHERE', activityIds: [2_000_000_000] });
    const bodies = new Set<string>();
    for (const [i, code] of ['NOPE', 'PAST', 'GONE', 'ELSEWHERE'].entries()) {
      const res = await quote(shop.teamId, shop.ticket.id, code, `10.88.0.${i + 1}`);
      expect(res.statusCode).toBe(422);
      bodies.add(res.body);
      const order = await t.app.inject({
        method: 'POST',
        url: `/api/public/teams/${shop.teamId}/orders?language=en`,
        payload: orderBody(shop.ticket.id, 1, { discount_code: code }),
        remoteAddress: `10.88.1.${i + 1}`,
      });
      expect(order.statusCode).toBe(422);
      expect(order.json().errors.discount_code).toEqual(['This discount code is not valid.']);
    }
    expect(bodies.size).toBe(1);
    expect(JSON.parse([...bodies][0]!).errors).toEqual({ discount_code: ['This discount code is not valid.'] });
  });

  it(`30 parallel wrong guesses from one client: at most ${LIMIT} are checked (422), the rest 429; a valid code is not counted`, async () => {
    const shop = await makeShop(t.app.deps.db);
    await makeDiscount(t.app.deps.db, shop.teamId, { code: 'REAL' });
    // An IPv6 client: every address of its /64 is the same client.
    const ip = (i: number) => `2001:db8:77:1::${(i + 1).toString(16)}`;
    for (let i = 0; i < 5; i++) expect((await quote(shop.teamId, shop.ticket.id, 'REAL', ip(i))).statusCode).toBe(200);
    const replies = await Promise.all(Array.from({ length: 30 }, (_, i) => quote(shop.teamId, shop.ticket.id, `GUESS${i}`, ip(i))));
    const got = statuses(replies);
    expect(count(got, 422)).toBe(LIMIT);
    expect(count(got, 429)).toBe(30 - LIMIT);
    const blocked = replies.find((r) => r.statusCode === 429)!;
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another client of the same team is refused as well now: the team's limit is used up too.
    expect((await quote(shop.teamId, shop.ticket.id, 'GUESS', '10.89.0.1')).statusCode).toBe(429);
    // Another team's shop is not affected.
    const other = await makeShop(t.app.deps.db);
    expect((await quote(other.teamId, other.ticket.id, 'GUESS', '10.91.0.1')).statusCode).toBe(422);
    // The client itself stays refused in another team's shop too (the per-client limit).
    expect((await quote(other.teamId, other.ticket.id, 'GUESS', ip(99))).statusCode).toBe(429);
  });

  it('control: checking the limit first and counting failures after lets more than the limit through', async () => {
    const shop = await makeShop(t.app.deps.db);
    const limiter = t.app.deps.limiter;
    const key = clientKey('10.90.0.1');
    const guess = async (i: number) => {
      await checkLimit(limiter, 'discountFailuresPerIp', key);
      try {
        await resolveDiscountForCheckout(t.app.deps.db, shop.teamId, `GUESS${i}`, []);
        return 200;
      } catch {
        await consumeLimit(limiter, 'discountFailuresPerIp', key).catch(() => undefined);
        return 422;
      }
    };
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => guess(i).catch(() => 429)));
    expect(count(results, 422)).toBeGreaterThan(LIMIT);
  });
});
