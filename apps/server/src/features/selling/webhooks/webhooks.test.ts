import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emails, orderEvents, orders, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { owner, staff, type Staff } from '../../../test/factories.ts';
import { makeShop, orderBody } from '../../../test/shop-fixtures.ts';
import { deliverDue, fanOut, isLocalAddress, resolveTarget, runWebhookSweep, urlRefusal, verifySignature } from './index.ts';

/**
 * Webhooks (CONTRACT §8, issue 26): signed deliveries from the order's own events, retried with
 * backoff in order per endpoint, switched off after a day of failures, SSRF-safe. The receiver is
 * a local HTTP server this test starts (WEBHOOKS_ALLOW_LOCAL=true for it); the clock is moved by
 * passing the sweep its `now`.
 */

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
/** Statuses the receiver answers, one per request; 200 when empty. */
const answers: number[] = [];

let t: TestApp;
let strict: TestApp;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(answers.shift() ?? 200, { 'content-type': 'text/plain' });
      res.end('thanks');
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  t = await buildTestApp({ config: { webhooksAllowLocal: true } });
  strict = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
  await strict?.close();
  await new Promise((done) => receiver?.close(done));
});
beforeEach(() => {
  received.length = 0;
  answers.length = 0;
});

const db = () => t.app.deps.db;
const deps = () => ({ db: db(), config: t.app.deps.config, log: t.app.log });

/** A shop with its owner logged in, and an endpoint for `events`. */
async function shopWithHook(events: string[] = ['order.created', 'order.paid']) {
  const shop = await makeShop(db());
  const boss: Staff = await staff(t.app, shop.team, 'owner');
  const created = await boss.client.post('/api/webhooks', { url: receiverUrl, events });
  expect(created.statusCode, created.body).toBe(201);
  const { id, secret } = created.json() as { id: number; secret: string };
  return { ...shop, boss, endpointId: id, secret };
}

let ip = 0;
const placeOrder = async (teamId: number, ticketId: number, extra: Record<string, unknown> = {}) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/public/teams/${teamId}/orders`,
    payload: orderBody(ticketId, 1, extra),
    remoteAddress: `10.77.${Math.floor(++ip / 250)}.${ip % 250}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { order: { id: string; number: number } };
};
const parsed = (r: Received) =>
  JSON.parse(r.body) as {
    id: string;
    type: string;
    created_at: string;
    team_id: number;
    data: { order: { id: string; number: number }; participant_id?: number; amount_minor?: number; reason?: string; message?: string };
  };

describe('registering an endpoint', () => {
  it('answers 201 {id, secret} once; lists show only a hint; the secret is stored sealed', async () => {
    const { boss, endpointId, secret, teamId } = await shopWithHook();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const list = await boss.client.get('/api/webhooks');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      expect.objectContaining({ id: endpointId, url: receiverUrl, enabled: true, secret_hint: `whsec_…${secret.slice(-4)}`, pending: 0 }),
    ]);
    expect(list.body).not.toContain(secret);
    const [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.teamId, teamId));
    expect(row!.secretSealed).not.toContain(secret.slice(6));
  });

  it('refuses unknown events, duplicates and bad URLs with 422 in the request language', async () => {
    const { boss } = await shopWithHook();
    const bad = await boss.client.post('/api/webhooks', { url: 'ftp://example.com', events: ['order.eaten'] }, { 'accept-language': 'de' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['events.0', 'url']);
    expect(bad.json().errors.url[0]).toMatch(/gültige URL/);
    const twice = await boss.client.post('/api/webhooks', { url: receiverUrl, events: ['order.paid', 'order.paid'] });
    expect(twice.statusCode).toBe(422);
  });

  it('is for owners and admins only (team.manage): an editor gets 403', async () => {
    const { team } = await shopWithHook();
    const editor = await staff(t.app, team, 'editor');
    expect((await editor.client.get('/api/webhooks')).statusCode).toBe(403);
    expect((await editor.client.post('/api/webhooks', { url: receiverUrl, events: ['order.paid'] })).statusCode).toBe(403);
  });

  it("never reaches another team's endpoint (404 on every call with its id)", async () => {
    const a = await shopWithHook();
    const b = await owner(t.app);
    const id = a.endpointId;
    for (const [method, url, body] of [
      ['GET', `/api/webhooks/${id}`],
      ['PUT', `/api/webhooks/${id}`, { enabled: false }],
      ['DELETE', `/api/webhooks/${id}`],
      ['GET', `/api/webhooks/${id}/deliveries`],
      ['POST', `/api/webhooks/${id}/test`, {}],
      ['POST', `/api/webhooks/${id}/deliveries/1/resend`, {}],
    ] as const) {
      const res = await b.client.request(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await b.client.get('/api/webhooks')).json().data).toEqual([]);
  });
});

describe('deliveries', () => {
  it('an order sends order.created, signed with the documented recipe, from the order’s own event', async () => {
    const { teamId, ticket, secret } = await shopWithHook();
    const placed = await placeOrder(teamId, ticket.id);
    // Nothing is sent in the request: the event waits for the sweep.
    expect(received).toHaveLength(0);
    expect(await runWebhookSweep(deps())).toEqual({ events: 1, attempts: 1 });
    expect(received).toHaveLength(1);
    const [r] = received;
    const payload = parsed(r!);
    expect(payload).toMatchObject({
      type: 'order.created',
      team_id: teamId,
      data: { order: { id: placed.order.id, number: placed.order.number } },
    });
    expect(payload.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(r!.headers['bookla-event-id']).toBe(payload.id);
    expect(verifySignature(String(r!.headers['bookla-signature']), r!.body, secret)).toBe(true);
    expect(verifySignature(String(r!.headers['bookla-signature']), r!.body, 'whsec_wrong')).toBe(false);
    expect(verifySignature(String(r!.headers['bookla-signature']), `${r!.body} `, secret)).toBe(false);
    // Nothing more to send.
    expect(await runWebhookSweep(deps())).toEqual({ events: 0, attempts: 0 });
  });

  it('a receiver that answers 500 three times and then 200 gets the event once more each time, then never again', async () => {
    const { teamId, ticket } = await shopWithHook();
    await placeOrder(teamId, ticket.id);
    answers.push(500, 500, 500);
    const t0 = Date.now();
    const at = (s: number) => new Date(t0 + s * 1000);
    await runWebhookSweep(deps(), at(0));
    expect(received).toHaveLength(1);
    // Backoff: 30 s, then 1 min, then 2 min.
    await deliverDue(deps(), at(29));
    expect(received).toHaveLength(1);
    await deliverDue(deps(), at(31));
    expect(received).toHaveLength(2);
    await deliverDue(deps(), at(31 + 61));
    expect(received).toHaveLength(3);
    await deliverDue(deps(), at(31 + 61 + 121));
    expect(received).toHaveLength(4);
    await deliverDue(deps(), at(10_000));
    expect(received).toHaveLength(4);
    expect(new Set(received.map((r) => r.body)).size).toBe(1);
    const [d] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.teamId, teamId));
    expect(d).toMatchObject({ status: 'delivered', attempts: 4, lastStatus: 200, lastResponse: 'thanks' });
  });

  it('keeps the order per endpoint: later events wait until the first is delivered', async () => {
    const { teamId, ticket, boss, endpointId } = await shopWithHook();
    const placed = [await placeOrder(teamId, ticket.id), await placeOrder(teamId, ticket.id), await placeOrder(teamId, ticket.id)];
    answers.push(503);
    const t0 = Date.now();
    await runWebhookSweep(deps(), new Date(t0));
    expect(received).toHaveLength(1);
    await deliverDue(deps(), new Date(t0 + 31_000));
    expect(received.map((r) => parsed(r).data.order.id)).toEqual([placed[0]!.order.id, ...placed.map((p) => p.order.id)]);
    const log = await boss.client.get(`/api/webhooks/${endpointId}/deliveries`);
    expect(log.json().data.map((d: { status: string }) => d.status)).toEqual(['delivered', 'delivered', 'delivered']);
    expect(log.json().data[2]).toMatchObject({ attempts: 2, last_status: 200 });
  });

  it('maps the order’s events: paid, cancelled (expired: reason unpaid), refunded, checked in', async () => {
    const { teamId, ticket } = await shopWithHook(['order.paid', 'order.cancelled', 'order.refunded', 'participant.checked_in']);
    await placeOrder(teamId, ticket.id);
    const [order] = await db().select().from(orders).where(eq(orders.teamId, teamId));
    for (const [type, data] of [
      ['created', {}],
      ['paid', {}],
      ['checked_in', { participant_id: 7 }],
      ['refunded', { amount_minor: 1000 }],
      ['expired', {}],
    ] as const)
      await db().insert(orderEvents).values({ teamId, orderId: order!.id, type, actor: 'system', data });
    // `created` is not wanted by this endpoint: no event at all.
    const events = await db().select().from(webhookEvents).where(eq(webhookEvents.teamId, teamId));
    expect(events.map((e) => e.type)).toEqual(['order.paid', 'participant.checked_in', 'order.refunded', 'order.cancelled']);
    await runWebhookSweep(deps());
    const got = received.map(parsed);
    expect(got.map((p) => p.type)).toEqual(['order.paid', 'participant.checked_in', 'order.refunded', 'order.cancelled']);
    expect(got[1]!.data.participant_id).toBe(7);
    expect(got[2]!.data.amount_minor).toBe(1000);
    expect(got[3]!.data.reason).toBe('unpaid');
  });

  it('a team without endpoints records no events (the checkout writes nothing more)', async () => {
    const shop = await makeShop(db());
    await placeOrder(shop.teamId, shop.ticket.id);
    expect(await db().select().from(webhookEvents).where(eq(webhookEvents.teamId, shop.teamId))).toEqual([]);
  });

  it('after 24 hours of failures the endpoint is switched off and its owners mailed; on again, what waited is sent in order', async () => {
    const { teamId, ticket, boss, endpointId } = await shopWithHook();
    const first = await placeOrder(teamId, ticket.id);
    answers.push(...Array.from({ length: 40 }, () => 500));
    const t0 = Date.now();
    await runWebhookSweep(deps(), new Date(t0));
    const second = await placeOrder(teamId, ticket.id);
    await fanOut(deps(), new Date(t0 + 1000));
    // Hourly at most once the backoff is long: a day later it gives up.
    for (let h = 1; h <= 25; h++) await deliverDue(deps(), new Date(t0 + h * 3_600_000));
    const [endpoint] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    expect(endpoint).toMatchObject({ enabled: false, disabledReason: 'failing' });
    const mails = await db()
      .select()
      .from(emails)
      .where(and(eq(emails.teamId, teamId), eq(emails.kind, 'webhook_disabled')));
    // One to each owner (the shop's first user and the one logged in here).
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.toAddress)).toContain(boss.user.email);
    expect(mails[0]!.subject).toMatch(/webhook/i);
    const tries = received.length;
    // Off: nothing is sent.
    await deliverDue(deps(), new Date(t0 + 30 * 3_600_000));
    expect(received).toHaveLength(tries);
    const list = await boss.client.get('/api/webhooks');
    expect(list.json().data[0]).toMatchObject({ enabled: false, disabled_reason: 'failing', pending: 1 });
    // On again: the receiver answers now; the second order (which waited) is delivered.
    answers.length = 0;
    expect((await boss.client.request('PUT', `/api/webhooks/${endpointId}`, { enabled: true })).statusCode).toBe(200);
    await deliverDue(deps());
    expect(parsed(received.at(-1)!).data.order.id).toBe(second.order.id);
    const log = (await boss.client.get(`/api/webhooks/${endpointId}/deliveries?sort[type]=asc`)).json().data;
    expect(log.map((d: { status: string }) => d.status)).toEqual(['failed', 'delivered']);
    // The failed one can be sent again by hand: the same event id and body.
    const again = await boss.client.post(`/api/webhooks/${endpointId}/deliveries/${log[0].id}/resend`);
    expect(again.statusCode, again.body).toBe(200);
    await deliverDue(deps());
    expect(parsed(received.at(-1)!).data.order.id).toBe(first.order.id);
    expect(parsed(received.at(-1)!).id).toBe(log[0].event_id);
  });

  it('a rotated secret: both sign for the overlap, then only the new one', async () => {
    const { teamId, ticket, boss, endpointId, secret } = await shopWithHook();
    const rotated = await boss.client.request('PUT', `/api/webhooks/${endpointId}`, { rotate_secret: true });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const fresh = rotated.json().data.secret as string;
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(secret);
    expect((await boss.client.get(`/api/webhooks/${endpointId}`)).body).not.toContain(fresh);
    await placeOrder(teamId, ticket.id);
    await runWebhookSweep(deps());
    const header = String(received[0]!.headers['bookla-signature']);
    expect(header.match(/v1=/g)).toHaveLength(2);
    expect(verifySignature(header, received[0]!.body, secret)).toBe(true);
    expect(verifySignature(header, received[0]!.body, fresh)).toBe(true);
    await placeOrder(teamId, ticket.id);
    await runWebhookSweep(deps(), new Date(Date.now() + 25 * 3_600_000));
    const later = String(received[1]!.headers['bookla-signature']);
    expect(later.match(/v1=/g)).toHaveLength(1);
    expect(verifySignature(later, received[1]!.body, secret)).toBe(false);
    expect(verifySignature(later, received[1]!.body, fresh)).toBe(true);
  });

  it('"send test event" delivers a webhook.test to that endpoint only', async () => {
    const { boss, endpointId, secret } = await shopWithHook(['order.paid']);
    const other = await boss.client.post('/api/webhooks', { url: `${receiverUrl}?other`, events: ['order.paid'] });
    expect(other.statusCode).toBe(201);
    const sent = await boss.client.post(`/api/webhooks/${endpointId}/test`);
    expect(sent.statusCode).toBe(200);
    await runWebhookSweep(deps());
    expect(received).toHaveLength(1);
    expect(parsed(received[0]!).type).toBe('webhook.test');
    expect(verifySignature(String(received[0]!.headers['bookla-signature']), received[0]!.body, secret)).toBe(true);
  });
});

describe('where webhooks may go (outside development)', () => {
  it('refuses plain http, loopback, private, link-local and metadata addresses when registering (422 on url)', async () => {
    const b = await owner(strict.app);
    for (const [url, why] of [
      ['http://example.com/hook', /only sent to https/],
      ['https://127.0.0.1/hook', /local or private/],
      ['https://169.254.169.254/latest/meta-data', /local or private/],
      ['https://10.1.2.3/', /local or private/],
      ['https://[::1]/', /local or private/],
      ['https://[::ffff:127.0.0.1]/', /local or private/],
      ['https://[fd00::1]/', /local or private/],
      ['https://localhost/', /local or private/],
    ] as const) {
      const res = await b.client.post('/api/webhooks', { url, events: ['order.paid'] }, { 'accept-language': 'en' });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors.url[0], url).toMatch(why);
    }
    expect(await strict.app.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.teamId, b.team.id))).toEqual([]);
  });

  it('checks every address a name resolves to, at every delivery (a public name that moves to a private address is refused)', async () => {
    const resolving = (addresses: string[]) => async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    expect(await resolveTarget('https://hooks.example.com/', false, resolving(['93.184.215.14']))).toEqual({
      address: '93.184.215.14',
      family: 4,
    });
    expect(await resolveTarget('https://hooks.example.com/', false, resolving(['93.184.215.14', '192.168.1.5']))).toBe('local_address');
    expect(await resolveTarget('https://hooks.example.com/', false, resolving(['169.254.169.254']))).toBe('local_address');
    expect(await resolveTarget('https://hooks.example.com/', false, resolving(['64:ff9b::a9fe:a9fe']))).toBe('local_address');
    expect(await resolveTarget('https://hooks.example.com/', false, async () => [])).toBe('unresolvable');
    // With WEBHOOKS_ALLOW_LOCAL=true both rules are lifted (development and tests).
    expect(await resolveTarget('http://127.0.0.1:9/', true)).toEqual({ address: '127.0.0.1', family: 4 });
    expect(urlRefusal('http://127.0.0.1/', false)).toBe('https_only');
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.0.1',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fc00::1',
      '::ffff:10.0.0.1',
    ])
      expect(isLocalAddress(a), a).toBe(true);
    for (const a of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111']) expect(isLocalAddress(a), a).toBe(false);
  });

  it('a delivery whose endpoint now points to a local address is refused, logged and retried, never sent', async () => {
    const shop = await makeShop(strict.app.deps.db);
    const boss = await staff(strict.app, shop.team, 'owner');
    // Registered while allowed, as if its name had moved since: the delivery checks again.
    const [endpoint] = await strict.app.deps.db
      .insert(webhookEndpoints)
      .values({ teamId: shop.teamId, url: receiverUrl, events: ['order.created'], secretSealed: 'v1.x.y.z', secretHint: 'whsec_…test' })
      .returning();
    const { sealWebhookSecret } = await import('./secrets.ts');
    await strict.app.deps.db
      .update(webhookEndpoints)
      .set({ secretSealed: sealWebhookSecret(strict.app.deps.config, endpoint!.id, 'whsec_x') })
      .where(eq(webhookEndpoints.id, endpoint!.id));
    const res = await strict.app.inject({
      method: 'POST',
      url: `/api/public/teams/${shop.teamId}/orders`,
      payload: orderBody(shop.ticket.id),
    });
    expect(res.statusCode).toBe(201);
    await runWebhookSweep({ db: strict.app.deps.db, config: strict.app.deps.config });
    expect(received).toHaveLength(0);
    const log = (await boss.client.get(`/api/webhooks/${endpoint!.id}/deliveries`)).json().data;
    expect(log[0]).toMatchObject({ status: 'pending', attempts: 1, last_status: null, last_error: expect.stringMatching(/only https/) });
  });
});
