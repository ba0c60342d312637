import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { activities, teams, teamSellingSettings } from '../../../db/schema/index.ts';
import { acceptedCoding, CatalogueVersions, etagMatches, PUBLIC_CACHE_CONTROL, PublicReadCache } from '../../../lib/public-cache.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createUserWithTeam, inDays, loginAs, makeActivity, makeSession, makeTicket } from '../../../test/factories.ts';
import { makeOrder } from '../../../test/selling-factories.ts';

/**
 * Public reads for a CDN and for us (CONTRACT §7, issue 23 item 2): strong ETags, 304, the CDN's
 * Cache-Control, never on anything personal; kept in memory per team version, so a hit does no
 * database work, and a change made through another instance shows once this one has read the
 * versions.
 */

let t: TestApp;
/** A second instance on the same database ("another instance behind the load balancer"). */
let other: TestApp;
let teamId: number;
let activityId: number;
let ticketId: number;
let ownerEmail: string;
const db = () => t.app.deps.db;
const cache = () => t.app.deps.publicCache;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'bookla-dist-'));
  const page = (name: string) =>
    `<!doctype html><html lang="de"><head><title>Bookla</title><script type="module" src="/assets/${name}.js"></script></head><body><div id="root"></div></body></html>`;
  for (const name of ['index', 'shop', 'public']) writeFileSync(join(dist, `${name}.html`), page(name));
  t = await buildTestApp({ config: { webDist: dist } });
  other = await buildTestApp({ database: t.database });
  const { team, user } = await createUserWithTeam(db(), { teamName: 'Studio Sonne' });
  teamId = team.id;
  ownerEmail = user.email;
  await db().update(teams).set({ slug: 'studio-sonne' }).where(eq(teams.id, teamId));
  await db().insert(teamSellingSettings).values({ teamId, testModeEnabled: true });
  const activity = await makeActivity(db(), teamId, { name: { de: 'Yoga', en: 'Yoga class' } });
  activityId = activity.id;
  await makeSession(db(), teamId, activity.id, inDays(3));
  ticketId = (await makeTicket(db(), teamId, activity.id, { stock: 10 })).id;
  await cache().versions.refresh();
});
afterAll(async () => {
  vi.useRealTimers();
  await other?.close();
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}, app = t.app) => app.inject({ method: 'GET', url, headers });

/** Counts the statements the app sends to its database while `work` runs. */
async function statementsDuring(work: () => Promise<unknown>): Promise<number> {
  const client = (db() as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
  const spy = vi.spyOn(client, 'query');
  try {
    await work();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

describe('public reads for a CDN', () => {
  const reads = () => [
    `/api/public/teams/${teamId}/activities?lang=de`,
    `/api/public/teams/${teamId}/activities/${activityId}?lang=en`,
    `/api/public/teams/${teamId}/filters?lang=fr`,
    `/api/public/teams/${teamId}`,
    '/api/public/teams/studio-sonne',
  ];

  it('answer with a strong ETag, the CDN’s Cache-Control and 304 to a matching If-None-Match', async () => {
    for (const url of reads()) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(PUBLIC_CACHE_CONTROL);
      expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=300');
      const etag = res.headers.etag as string;
      expect(etag, url).toMatch(/^"[\w-]{27}"$/);
      for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const again = await get(url, { 'if-none-match': header });
        expect(again.statusCode, `${url} ${header}`).toBe(304);
        expect(again.body).toBe('');
        expect(again.headers.etag).toBe(etag);
      }
      expect((await get(url, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
    }
  });

  it('compressed once per kept answer for clients that accept it: br, else gzip, each with its own tag', async () => {
    const url = '/fr/provider';
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).toBe(`${(plain.headers.etag as string).slice(0, -1)}.br"`);
    const gz = await get(url, { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect((await get(url, { 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string })).statusCode).toBe(304);
    expect((await get(url, { 'accept-encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
  });

  it('the same answer has the same tag on every instance; the language decides it, and Vary says where it comes from', async () => {
    const url = `/api/public/teams/${teamId}/activities?lang=de`;
    const here = await get(url);
    const there = await get(url, {}, other.app);
    expect(there.body).toBe(here.body);
    expect(there.headers.etag).toBe(here.headers.etag);
    expect(here.headers.vary).toBe('Accept-Encoding');
    const en = await get(`/api/public/teams/${teamId}/activities`, { 'accept-language': 'en' });
    const de = await get(`/api/public/teams/${teamId}/activities`, { 'accept-language': 'de' });
    expect(en.json().data[0].name).toBe('Yoga class');
    expect(de.json().data[0].name).toBe('Yoga');
    expect(en.headers.etag).not.toBe(de.headers.etag);
    expect(en.headers.vary).toBe('Accept-Language, Cookie, Accept-Encoding');
  });

  it('a hit does no database work; a miss does', async () => {
    const url = `/api/public/teams/${teamId}/activities?lang=de&perPage=5`;
    expect(await statementsDuring(() => get(url))).toBeGreaterThan(0);
    const hits = cache().stats.hits;
    expect(await statementsDuring(() => Promise.all(Array.from({ length: 20 }, () => get(url))))).toBe(0);
    expect(cache().stats.hits - hits).toBe(20);
    expect(await statementsDuring(() => get(`/api/public/teams/${teamId}`))).toBe(0);
  });

  it('requests that miss at the same time wait for one to produce the answer (no stampede when it expires)', async () => {
    for (const url of [`/api/public/teams/${teamId}/activities?lang=de&perPage=8`, '/en/shop/studio-sonne']) {
      // What one miss costs, from an empty cache; then ten requests missing together.
      cache().clear();
      const one = await statementsDuring(() => get(url));
      expect(one, url).toBeGreaterThan(0);
      cache().clear();
      const shared = cache().stats.shared;
      let answers: Awaited<ReturnType<typeof get>>[] = [];
      const together = await statementsDuring(async () => (answers = await Promise.all(Array.from({ length: 10 }, () => get(url)))));
      expect(together, url).toBe(one);
      expect(cache().stats.shared - shared, url).toBe(9);
      expect(new Set(answers.map((a) => a.statusCode)), url).toEqual(new Set([200]));
      expect(new Set(answers.map((a) => a.headers.etag)).size, url).toBe(1);
    }
  });

  it('a change made through another instance shows here once this one has read the versions', async () => {
    const url = `/api/public/teams/${teamId}/activities/${activityId}?lang=de`;
    const before = await get(url);
    expect(before.json().data.name).toBe('Yoga');
    // The other instance writes the change (its own transaction moves the team's version).
    await other.app.deps.db
      .update(activities)
      .set({ name: { de: 'Yoga Neu', en: 'New yoga' } })
      .where(eq(activities.id, activityId));
    expect((await get(url)).json().data.name, 'not seen before the versions are read').toBe('Yoga');
    await cache().versions.refresh();
    const after = await get(url, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json().data.name).toBe('Yoga Neu');
  });

  it('seats sold do not move the version; a cached answer shows them after at most 5 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const url = `/api/public/teams/${teamId}/activities/${activityId}?lang=de&sold-test=1`;
      const seats = async () => (await get(url)).json().data.tickets.find((x: { id: number }) => x.id === ticketId).stock_available;
      const before = await seats();
      await makeOrder(db(), teamId, {
        ticketId,
        participants: [
          { firstname: 'A', lastname: 'B' },
          { firstname: 'C', lastname: 'D' },
        ],
      });
      await cache().versions.refresh();
      expect(await seats()).toBe(before);
      vi.setSystemTime(Date.now() + 5_001);
      await cache().versions.refresh();
      expect(await seats()).toBe(before - 2);
    } finally {
      vi.useRealTimers();
      await cache().versions.refresh();
    }
  });

  it('an order through this instance shows its seats here at once; staff edits too (read your writes)', async () => {
    const url = `/api/public/teams/${teamId}/activities/${activityId}?lang=de&own-write=1`;
    const seats = async () => (await get(url)).json().data.tickets.find((x: { id: number }) => x.id === ticketId).stock_available;
    const before = await seats();
    const order = await t.app.inject({
      method: 'POST',
      url: `/api/public/teams/${teamId}/orders`,
      payload: {
        items: [{ ticket_id: ticketId, quantity: 1 }],
        customer: { firstname: 'Anna', lastname: 'Muster', email: 'anna-cache@example.com' },
        participants: [{ ticket_id: ticketId, firstname: 'Anna', lastname: 'Muster', answers: {} }],
        answers: {},
        payment_method: 'test',
        language: 'de',
        accept_terms: true,
      },
    });
    expect(order.statusCode, order.body).toBe(201);
    expect(await seats()).toBe(before - 1);
    // Staff delete an unsold ticket: the team of their session is marked before the reply leaves.
    const spare = await makeTicket(db(), teamId, activityId, { name: { de: 'Reserve' } });
    await cache().versions.refresh();
    const ids = async () => (await get(url)).json().data.tickets.map((x: { id: number }) => x.id);
    expect(await ids()).toContain(spare.id);
    const owner = await loginAs(t.app, ownerEmail);
    expect((await owner.request('DELETE', `/api/courses/${activityId}/tickets/${spare.id}`)).statusCode).toBe(200);
    expect(await ids()).not.toContain(spare.id);
  });

  it('refused or unknown writes of an anonymous caller drop nothing: the next read is still a hit', async () => {
    const url = `/api/public/teams/${teamId}/activities?lang=de&refused=1`;
    await get(url);
    const hits = cache().stats.hits;
    for (const [method, path, payload] of [
      ['POST', '/api/public/nothing-here', {}],
      ['POST', `/api/public/teams/${teamId}/orders`, { items: [] }],
      ['POST', '/api/public/orders/00000000-0000-0000-0000-000000000000/cancel?token=wrong', {}],
    ] as const) {
      const res = await t.app.inject({ method, url: path, payload });
      expect(res.statusCode, path).toBeGreaterThanOrEqual(400);
    }
    expect(await statementsDuring(() => get(url))).toBe(0);
    expect(cache().stats.hits - hits).toBe(1);
  });

  it('errors are never kept nor public: an unknown team answers 404 each time', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await get('/api/public/teams/99999999/activities?lang=de');
      expect(res.statusCode).toBe(404);
      expect(res.headers['cache-control'] ?? '').not.toMatch(/public/);
      expect(res.headers.etag).toBeUndefined();
    }
  });

  it('nothing personal is public: back office, session state, order pages and the checkout', async () => {
    const owner = await loginAs(t.app, ownerEmail);
    const { order } = await makeOrder(db(), teamId, { ticketId });
    const personal = [
      await owner.get('/api/courses'),
      await owner.get('/api/srl/state'),
      await owner.get(`/de/shop/${teamId}`),
      await get(`/api/public/orders/${order.publicId}?token=wrong`),
      await t.app.inject({ method: 'POST', url: `/api/public/teams/${teamId}/quote`, payload: {} }),
    ];
    for (const res of personal) {
      expect(res.headers['cache-control'] ?? '', res.raw.req.url).not.toMatch(/public|s-maxage/);
    }
    // The shop page of a visitor with a session carries its state and is never the one kept for others.
    expect(personal[2]!.body).toContain('"authenticated":true');
    const anonymous = await get(`/de/shop/${teamId}`);
    expect(anonymous.body).toContain('"authenticated":false');
    expect(anonymous.body).not.toContain(ownerEmail);
  });
});

describe('shop and landing pages', () => {
  it('for visitors without a session: public, tagged, 304, and the team’s change shows after the versions are read', async () => {
    for (const url of [`/de/shop/${teamId}`, `/en/shop/studio-sonne/activity/${activityId}`, '/fr/provider', '/de/agb']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe(PUBLIC_CACHE_CONTROL);
      expect(res.headers.vary).toBe('Accept-Language, Cookie, Accept-Encoding');
      expect((await get(url, { 'if-none-match': res.headers.etag as string })).statusCode, url).toBe(304);
    }
    const url = `/de/shop/${teamId}`;
    const before = await get(url);
    expect(before.body).toContain('<title>Studio Sonne</title>');
    await db().update(teams).set({ name: 'Studio Mond' }).where(eq(teams.id, teamId));
    await cache().versions.refresh();
    const after = await get(url, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('<title>Studio Mond</title>');
  });
});

describe('the in-memory cache', () => {
  const fakeVersions = (now: () => number) => {
    const versions = new CatalogueVersions(null as never, undefined, now);
    Object.assign(versions, { lastOkAt: now() });
    return versions;
  };
  const answer = (body: string, teamId: number | null = 1) => ({ body, contentType: 'text/plain', teamId });

  it('keeps at most its entries and bytes, dropping the least recently used', () => {
    let clock = 1000;
    const c = new PublicReadCache(
      fakeVersions(() => clock),
      { maxEntries: 3, maxBytes: 1_000_000 },
      () => clock,
    );
    for (const k of ['a', 'b', 'c']) c.keep(k, c.begin(), answer(k), 60_000);
    expect(c.hit('a')?.body).toBe('a'); // a is now the most recently used
    c.keep('d', c.begin(), answer('d'), 60_000);
    expect(c.hit('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((k) => c.hit(k)?.body)).toEqual(['a', 'c', 'd']);
    const small = new PublicReadCache(
      fakeVersions(() => clock),
      { maxEntries: 100, maxBytes: 100 },
      () => clock,
    );
    for (let i = 1; i <= 12; i++) small.keep(`k${i}`, small.begin(), answer('x'.repeat(10)), 60_000);
    expect(small.hit('k1')).toBeUndefined();
    expect(small.hit('k2')).toBeUndefined();
    expect(small.hit('k3')?.body).toHaveLength(10);
    // An answer over an eighth of the bytes is served but not kept: one page cannot push out the rest.
    expect(small.keep('big', small.begin(), answer('y'.repeat(13)), 60_000).body).toHaveLength(13);
    expect(small.hit('big')).toBeUndefined();
    expect(small.hit('k12')?.body).toHaveLength(10);
    clock += 60_000;
    expect(small.hit('k12'), 'past its age').toBeUndefined();
  });

  it('serves nothing from memory once the versions could not be read for 10 s, nor an answer produced while a version moved', () => {
    let clock = 1000;
    const versions = fakeVersions(() => clock);
    const c = new PublicReadCache(versions, {}, () => clock);
    c.keep('a', c.begin(), answer('a', null), 60_000);
    expect(c.hit('a')).toBeDefined();
    clock += 10_000;
    expect(c.hit('a')).toBeUndefined();
    Object.assign(versions, { lastOkAt: clock });
    const begun = c.begin();
    versions.generation++;
    c.keep('b', begun, answer('b'), 60_000);
    expect(c.hit('b')).toBeUndefined();
  });

  it('Accept-Encoding: br before gzip, q=0 refuses, * accepts', () => {
    expect(acceptedCoding('gzip, deflate, br')).toBe('br');
    expect(acceptedCoding('gzip;q=0.5, br;q=0')).toBe('gzip');
    expect(acceptedCoding('*')).toBe('br');
    expect(acceptedCoding('identity')).toBeUndefined();
    expect(acceptedCoding(undefined)).toBeUndefined();
  });

  it('If-None-Match follows RFC 9110: lists, weak tags and * match, other tags do not', () => {
    expect(etagMatches('"a", W/"b"', '"b"')).toBe(true);
    expect(etagMatches('*', '"b"')).toBe(true);
    expect(etagMatches('"ab"', '"b"')).toBe(false);
    expect(etagMatches(undefined, '"b"')).toBe(false);
  });
});
