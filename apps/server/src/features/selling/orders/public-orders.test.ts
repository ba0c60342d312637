import { createHmac, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails, orderEvents, orders } from '../../../db/schema/index.ts';
import { deriveKey } from '../../../lib/keys.ts';
import { createMemoryRateLimiter } from '../../../lib/rate-limit.ts';
import { LIMITS } from '../../../plugins/rate-limit.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { createUserWithTeam, makeActivity, makeSession, makeTicket, owner } from '../../../test/factories.ts';
import { makeOrder } from '../../../test/selling-factories.ts';
import { FRESH_LINK_HOURS, freshOrderToken, LINK_CHANGE_DAYS, orderToken, type LinkedOrder } from './order-links.ts';

/** The customer's order behind its link: `GET /api/public/orders/{publicId}?token=…` (CONTRACT §4). */

let t: TestApp;
let now = Date.now();
const limiter = createMemoryRateLimiter(() => now);
const db = () => t.app.deps.db;
const config = () => t.app.deps.config;
const anon = () => new TestClient(t.app);
type Row = typeof orders.$inferSelect;
let order: Row;
let otherOrder: Row;
const link = (o: LinkedOrder, token = orderToken(config(), o)) => `/api/public/orders/${o.publicId}?token=${encodeURIComponent(token)}`;

beforeAll(async () => {
  t = await buildTestApp({ limiter });
  const teamId = (await createUserWithTeam(db())).team.id;
  const activity = await makeActivity(db(), teamId, { name: { de: 'Yoga am Morgen', en: 'Morning yoga', fr: 'Yoga du matin' } });
  const ticket = await makeTicket(db(), teamId, activity.id, { priceMinor: 2500, name: { de: 'Eintritt', en: 'Admission', fr: 'Entrée' } });
  order = (
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
  ).order;
  const otherTeam = (await createUserWithTeam(db())).team.id;
  const otherActivity = await makeActivity(db(), otherTeam);
  otherOrder = (await makeOrder(db(), otherTeam, { ticketId: (await makeTicket(db(), otherTeam, otherActivity.id)).id })).order;
});
afterAll(() => t.close());

describe('GET /api/public/orders/:id', () => {
  it('shows the order to whoever has its link, in the order’s language, never cached', async () => {
    const res = await anon().get(link(order));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
    const data = res.json().data;
    expect(data).toMatchObject({
      // The public id, never the sequential database id (issue 20 item 16).
      id: order.publicId,
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
    const en = (await anon().get(`${link(order)}&lang=en`)).json().data;
    expect(en.order_items[0].name).toBe('Morning yoga – Admission');
    const de = (await anon().get(`${link(order)}&language=de`)).json().data;
    expect(de.order_items[0].name).toBe('Yoga am Morgen – Eintritt');
    const odd = await anon().get(`${link(order)}&lang=xx`);
    expect(odd.statusCode).toBe(200);
    expect(odd.json().data.order_items[0].name).toBe('Yoga du matin – Entrée');
  });

  it('answers the same 404 for a wrong, missing or another order’s token and an unknown order', async () => {
    const right = orderToken(config(), order);
    const id = order.publicId;
    const unknown = { publicId: randomUUID(), linkVersion: 0 };
    const wrongs = [
      `/api/public/orders/${id}`,
      `/api/public/orders/${id}?token=`,
      `/api/public/orders/${id}?token=${right.slice(0, -1)}`,
      `/api/public/orders/${id}?token=${right.slice(0, -1)}${right.endsWith('A') ? 'B' : 'A'}`,
      `/api/public/orders/${id}?token=${orderToken(config(), otherOrder)}`,
      `/api/public/orders/${id}?token=${'x'.repeat(150)}`,
      `/api/public/orders/${id}?token[]=${right}`,
      `/api/public/orders/${otherOrder.publicId}?token=${right}`,
      link(unknown),
      // The id in upper case, or the sequential id with this order's token: not this order.
      `/api/public/orders/${id.toUpperCase()}?token=${right}`,
      `/api/public/orders/${order.id}?token=${right}`,
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
      expect((await anon().get(url)).statusCode, url).toBe(404);
    }
  });

  it('is rate-limited per IP (600 per minute) with Retry-After', async () => {
    const { limit, windowMs } = LIMITS.publicOrdersPerIp;
    expect([limit, windowMs]).toEqual([600, 60_000]);
    const url = link(order);
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
    ).order;
    const paid = (await makeOrder(db(), teamId, { ticketId: ticket.id, paymentStatus: 'paid' })).order;
    const sold = async () => (await db().query.tickets.findFirst({ where: (t, { eq }) => eq(t.id, ticket.id) }))!.sold;
    expect(await sold()).toBe(3);

    const cancelUrl = (o: LinkedOrder, token = orderToken(config(), o)) =>
      `/api/public/orders/${o.publicId}/cancel?token=${encodeURIComponent(token)}`;
    const wrong = await anon().post(cancelUrl(unpaid, orderToken(config(), paid)));
    expect(wrong.statusCode).toBe(404);
    expect(await sold()).toBe(3);

    const res = await anon().post(`${cancelUrl(unpaid)}&lang=en`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.payment_status).toBe('cancelled');
    expect(res.json().data.id).toBe(unpaid.publicId);
    expect(await sold()).toBe(1);

    const again = await anon().post(cancelUrl(unpaid), undefined, {
      'accept-language': 'en',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/unpaid/i);
    expect(await sold()).toBe(1);

    const refused = await anon().post(cancelUrl(paid));
    expect(refused.statusCode).toBe(409);
    expect(await sold()).toBe(1);
  });
});

/** The links as they were before issue 20: the sequential id in the URL, an HMAC of it as the token. */
const oldStyleLink = (id: number, suffix = '') => {
  const token = createHmac('sha256', deriveKey(config().sessionSecret, 'order-links'))
    .update(`order:${id}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
  return `/api/public/orders/${id}${suffix}?token=${token}`;
};

describe('public order ids (issue 20 item 16)', () => {
  it('every order gets its own random public id; the sequential id is nowhere in the public reply', async () => {
    expect(order.publicId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(order.publicId).not.toBe(otherOrder.publicId);
    const data = (await anon().get(link(order))).json().data;
    expect(data.id).toBe(order.publicId);
    expect(typeof data.id).toBe('string');
  });

  it('old links with the sequential id answer 404, on the order, its cancellation and its documents', async () => {
    for (const [method, suffix] of [
      ['GET', ''],
      ['POST', '/cancel'],
      ['GET', '/tickets.pdf'],
      ['GET', '/invoice.pdf'],
      ['GET', '/cancellation'],
    ] as const) {
      const res = await t.app.inject({ method, url: oldStyleLink(order.id, suffix), remoteAddress: '10.9.0.1' });
      expect(res.statusCode, `${method} ${suffix}`).toBe(404);
    }
    expect((await db().select().from(orders).where(eq(orders.id, order.id)))[0]!.paymentStatus).toBe('waiting');
  });
});

describe('order link lifetimes (issue 20 item 12)', () => {
  /** An unpaid order of a dated event starting `startsInDays` from now (negative: started that long ago). */
  async function datedOrder(startsInDays: number) {
    const a = await owner(t.app);
    const activity = await makeActivity(db(), a.team.id);
    const session = await makeSession(db(), a.team.id, activity.id, new Date(Date.now() + startsInDays * 86_400_000));
    const ticket = await makeTicket(db(), a.team.id, activity.id, { sessionId: session.id, stock: 5 });
    const made = await makeOrder(db(), a.team.id, {
      ticketId: ticket.id,
      paymentStatus: 'waiting',
      email: `buyer-${randomUUID()}@example.com`,
    });
    return { a, order: made.order };
  }
  const cancel = (o: LinkedOrder, token = orderToken(config(), o), ip = '10.8.0.1') =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/orders/${o.publicId}/cancel?token=${encodeURIComponent(token)}&language=en`,
      remoteAddress: ip,
    });
  const view = (o: LinkedOrder, token = orderToken(config(), o)) =>
    t.app.inject({ method: 'GET', url: link(o, token), remoteAddress: '10.8.0.2' });
  const statusOf = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!.paymentStatus;

  it('staff revoke every link: the old token answers 404 (order, cancel, documents); the confirmation sent again carries a working one', async () => {
    const { a, order: o } = await datedOrder(10);
    const oldToken = orderToken(config(), o);
    expect((await view(o)).statusCode).toBe(200);

    const revoked = await a.client.post(`/api/orders/${o.id}/revoke-links`, {}, { 'accept-language': 'en' });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().message).toMatch(/no longer works/);
    const [after] = await db().select().from(orders).where(eq(orders.id, o.id));
    expect(after!.linkVersion).toBe(o.linkVersion + 1);

    expect((await view(o, oldToken)).statusCode).toBe(404);
    expect((await cancel(o, oldToken)).statusCode).toBe(404);
    const pdf = await t.app.inject({ url: `/api/public/orders/${o.publicId}/invoice.pdf?token=${oldToken}`, remoteAddress: '10.8.0.3' });
    expect(pdf.statusCode).toBe(404);
    // A fresh token made before the revocation ends too.
    expect((await cancel(o, freshOrderToken(config(), o))).statusCode).toBe(404);
    expect(await statusOf(o.id)).toBe('waiting');
    const events = await db()
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, o.id), eq(orderEvents.type, 'links_revoked')));
    expect(events).toHaveLength(1);

    // The confirmation sent again carries the new link, which works.
    expect((await a.client.post(`/api/orders/${o.id}/resend`, {})).statusCode).toBe(200);
    const [mail] = await db().select().from(emails).where(eq(emails.toAddress, o.email)).orderBy(emails.id);
    const newToken = orderToken(config(), after!);
    expect(newToken).not.toBe(oldToken);
    const mails = await db().select().from(emails).where(eq(emails.toAddress, o.email));
    expect(mails.map((m) => m.textBody).join('\n')).toContain(`/order/${o.publicId}?token=${newToken}`);
    expect(mail).toBeDefined();
    expect((await view(after!, newToken)).statusCode).toBe(200);

    // Another team's staff cannot revoke this order's links.
    const stranger = await owner(t.app);
    expect((await stranger.client.post(`/api/orders/${o.id}/revoke-links`, {})).statusCode).toBe(404);
    expect((await db().select().from(orders).where(eq(orders.id, o.id)))[0]!.linkVersion).toBe(after!.linkVersion);
  });

  it(`within ${LINK_CHANGE_DAYS} days after the start the link still cancels`, async () => {
    const { order: o } = await datedOrder(-(LINK_CHANGE_DAYS - 1));
    const res = await cancel(o);
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(o.id)).toBe('cancelled');
  });

  it(`${LINK_CHANGE_DAYS} days after the start the old link shows the order but cannot cancel; a mailed fresh link can, until it expires`, async () => {
    const { order: o } = await datedOrder(-(LINK_CHANGE_DAYS + 1));
    expect((await view(o)).statusCode).toBe(200);
    const stale = await cancel(o);
    expect(stale.statusCode, stale.body).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'LINK_STALE', message: expect.stringMatching(/fresh link/) });
    expect(await statusOf(o.id)).toBe('waiting');
    // The same refusal through the policy-based cancellation (customer accounts' public call).
    const viaPolicy = await t.app.inject({
      method: 'POST',
      url: `/api/public/orders/${o.publicId}/cancellation?token=${orderToken(config(), o)}`,
      payload: {},
      remoteAddress: '10.8.0.4',
    });
    expect(viaPolicy.statusCode).toBe(403);

    // An expired fresh token: the order shows, cancelling does not.
    const expired = freshOrderToken(config(), o, new Date(Date.now() - (FRESH_LINK_HOURS * 3600 + 60) * 1000));
    expect((await view(o, expired)).statusCode).toBe(200);
    expect((await cancel(o, expired)).statusCode).toBe(403);
    // A forged expiry is not the server's: 404.
    const forged = `${(Math.floor(Date.now() / 1000) + 9e6).toString(36)}.${expired.split('.')[1]}`;
    expect((await cancel(o, forged)).statusCode).toBe(404);

    // Asking for a fresh link mails it to the order's address, nowhere else.
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/public/orders/${o.publicId}/fresh-link?token=${orderToken(config(), o)}&language=en`,
      remoteAddress: '10.8.0.5',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().message).toMatch(/fresh link/);
    const mails = await db().select().from(emails).where(eq(emails.kind, 'order_fresh_link'));
    const mine = mails.filter((m) => m.toAddress === o.email);
    expect(mine).toHaveLength(1);
    const fresh = new URL(/https?:\/\/\S+/.exec(mine[0]!.textBody)![0]).searchParams.get('token')!;
    expect(fresh).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{22}$/);
    // The fresh link cancels.
    const done = await cancel(o, fresh);
    expect(done.statusCode, done.body).toBe(200);
    expect(await statusOf(o.id)).toBe('cancelled');
  });

  it('fresh links: a valid order link is needed, and 3 per order and hour (counted before the mail)', async () => {
    const { order: o } = await datedOrder(-(LINK_CHANGE_DAYS + 5));
    const ask = (token: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/public/orders/${o.publicId}/fresh-link?token=${encodeURIComponent(token)}`,
        remoteAddress: ip,
      });
    expect((await ask('wrong', '10.7.0.1')).statusCode).toBe(404);
    const results = [];
    // From several addresses: the limit is the order's.
    for (let i = 0; i < 5; i++) results.push((await ask(orderToken(config(), o), `10.7.1.${i}`)).statusCode);
    expect(results).toEqual([200, 200, 200, 429, 429]);
    const mails = await db()
      .select()
      .from(emails)
      .where(and(eq(emails.kind, 'order_fresh_link'), eq(emails.toAddress, o.email)));
    expect(mails).toHaveLength(LIMITS.freshOrderLinksPerOrder.limit);
  });
});
