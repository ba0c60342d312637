import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../../../lib/rate-limit.ts';
import { LIMITS } from '../../../plugins/rate-limit.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { createUserWithTeam, makeActivity, makeTicket } from '../../../test/factories.ts';
import { makeOrder } from '../../../test/selling-factories.ts';
import { orderToken } from './order-links.ts';

/** The customer's order behind its link: `GET /api/public/orders/{id}?token=…` (CONTRACT §4). */

let t: TestApp;
let now = Date.now();
const limiter = createMemoryRateLimiter(() => now);
const db = () => t.app.deps.db;
const config = () => t.app.deps.config;
const anon = () => new TestClient(t.app);
let orderId: number;
let otherOrderId: number;

beforeAll(async () => {
  t = await buildTestApp({ limiter });
  const teamId = (await createUserWithTeam(db())).team.id;
  const activity = await makeActivity(db(), teamId, { name: { de: 'Yoga am Morgen', en: 'Morning yoga', fr: 'Yoga du matin' } });
  const ticket = await makeTicket(db(), teamId, activity.id, { priceMinor: 2500, name: { de: 'Eintritt', en: 'Admission', fr: 'Entrée' } });
  orderId = (
    await makeOrder(db(), teamId, {
      ticketId: ticket.id,
      language: 'fr',
      paymentStatus: 'waiting',
      email: 'claire@example.fr',
      participants: [
        { firstname: 'Claire', lastname: 'Dubois' },
        { firstname: 'Luc', lastname: 'Dubois' },
      ],
    })
  ).order.id;
  const otherTeam = (await createUserWithTeam(db())).team.id;
  const otherActivity = await makeActivity(db(), otherTeam);
  otherOrderId = (await makeOrder(db(), otherTeam, { ticketId: (await makeTicket(db(), otherTeam, otherActivity.id)).id })).order.id;
});
afterAll(() => t.close());

describe('GET /api/public/orders/:id', () => {
  it('shows the order to whoever has its link, in the order’s language, never cached', async () => {
    const res = await anon().get(`/api/public/orders/${orderId}?token=${orderToken(config(), orderId)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
    const data = res.json().data;
    expect(data).toMatchObject({
      id: orderId,
      email: 'claire@example.fr',
      language: 'fr',
      payment_status: 'waiting',
      total: 50,
      order_items: [{ name: 'Yoga du matin – Entrée', quantity: 2, participants: [{ firstname: 'Claire' }, { firstname: 'Luc' }] }],
    });
    expect(data.order_items[0].participants[0].ticket_code).toEqual(expect.any(String));
    // Nothing of the back office: no platform fee, history or payment attempts.
    expect(Object.keys(data)).not.toEqual(expect.arrayContaining(['platform_fee']));
    expect(data.events).toBeUndefined();
  });

  it('shows it in another language when asked (lang or language)', async () => {
    const token = orderToken(config(), orderId);
    const en = (await anon().get(`/api/public/orders/${orderId}?token=${token}&lang=en`)).json().data;
    expect(en.order_items[0].name).toBe('Morning yoga – Admission');
    const de = (await anon().get(`/api/public/orders/${orderId}?token=${token}&language=de`)).json().data;
    expect(de.order_items[0].name).toBe('Yoga am Morgen – Eintritt');
    const odd = await anon().get(`/api/public/orders/${orderId}?token=${token}&lang=xx`);
    expect(odd.statusCode).toBe(200);
    expect(odd.json().data.order_items[0].name).toBe('Yoga du matin – Entrée');
  });

  it('answers the same 404 for a wrong, missing or another order’s token and an unknown order', async () => {
    const right = orderToken(config(), orderId);
    const wrongs = [
      `/api/public/orders/${orderId}`,
      `/api/public/orders/${orderId}?token=`,
      `/api/public/orders/${orderId}?token=${right.slice(0, -1)}`,
      `/api/public/orders/${orderId}?token=${right.slice(0, -1)}${right.endsWith('A') ? 'B' : 'A'}`,
      `/api/public/orders/${orderId}?token=${orderToken(config(), otherOrderId)}`,
      `/api/public/orders/${orderId}?token=${'x'.repeat(150)}`,
      `/api/public/orders/${orderId}?token[]=${right}`,
      `/api/public/orders/${otherOrderId}?token=${right}`,
      `/api/public/orders/999999?token=${orderToken(config(), 999999)}`,
    ];
    const bodies = new Set<string>();
    for (const url of wrongs) {
      const res = await anon().get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.body).not.toContain('claire');
      bodies.add(res.body);
    }
    expect(bodies.size).toBe(1);
    for (const url of ['/api/public/orders/abc?token=x', `/api/public/orders/0?token=x`, '/api/public/orders/99999999999?token=x']) {
      expect([404, 422], url).toContain((await anon().get(url)).statusCode);
    }
  });

  it('is rate-limited per IP (600 per minute) with Retry-After', async () => {
    const { limit, windowMs } = LIMITS.publicOrdersPerIp;
    expect([limit, windowMs]).toEqual([600, 60_000]);
    const url = `/api/public/orders/${orderId}?token=${orderToken(config(), orderId)}`;
    now += windowMs; // a fresh window for this test
    for (let i = 0; i < limit; i++) await limiter.hit('publicOrdersPerIp:127.0.0.1', limit, windowMs);
    const res = await anon().get(url);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await t.app.inject({ method: 'GET', url, remoteAddress: '10.1.2.3' })).statusCode).toBe(200);
    now += windowMs + 1;
    expect((await anon().get(url)).statusCode).toBe(200);
  });
});

describe('POST /api/public/orders/:id/cancel', () => {
  it('lets the customer cancel an unpaid order: seats back at once, once only; wrong token 404, paid 409', async () => {
    const teamId = (await createUserWithTeam(db())).team.id;
    const activity = await makeActivity(db(), teamId);
    const ticket = await makeTicket(db(), teamId, activity.id, { stock: 5 });
    const unpaid = (
      await makeOrder(db(), teamId, {
        ticketId: ticket.id,
        paymentStatus: 'waiting',
        participants: [
          { firstname: 'A', lastname: 'B' },
          { firstname: 'C', lastname: 'D' },
        ],
      })
    ).order.id;
    const paid = (await makeOrder(db(), teamId, { ticketId: ticket.id, paymentStatus: 'paid' })).order.id;
    const sold = async () => (await db().query.tickets.findFirst({ where: (t, { eq }) => eq(t.id, ticket.id) }))!.sold;
    expect(await sold()).toBe(3);

    const wrong = await anon().post(`/api/public/orders/${unpaid}/cancel?token=${orderToken(config(), paid)}`);
    expect(wrong.statusCode).toBe(404);
    expect(await sold()).toBe(3);

    const res = await anon().post(`/api/public/orders/${unpaid}/cancel?token=${orderToken(config(), unpaid)}&lang=en`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.payment_status).toBe('cancelled');
    expect(await sold()).toBe(1);

    const again = await anon().post(`/api/public/orders/${unpaid}/cancel?token=${orderToken(config(), unpaid)}`, undefined, {
      'accept-language': 'en',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/unpaid/i);
    expect(await sold()).toBe(1);

    const refused = await anon().post(`/api/public/orders/${paid}/cancel?token=${orderToken(config(), paid)}`);
    expect(refused.statusCode).toBe(409);
    expect(await sold()).toBe(1);
  });
});
