import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teams } from '../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createUserWithTeam, makeActivity, makeSession, makeTicket } from '../test/factories.ts';

const PRE_JS = `export const text = ${JSON.stringify('precompressed '.repeat(400))};`;

let t: TestApp;
let dist = '';
beforeAll(async () => {
  // A stand-in for apps/web/dist, so this test does not depend on a web build.
  dist = mkdtempSync(join(tmpdir(), 'bookla-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="de"><head><title>Bookla</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    join(dist, 'shop.html'),
    '<!doctype html><html lang="de"><head><title>Shop</title></head><body><div id="root"></div><script type="module" src="/assets/shop-x.js"></script></body></html>',
  );
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, '.vite', 'manifest.json'), '{}');
  writeFileSync(join(dist, 'assets', 'main-abc123.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
  // As the build leaves an asset (apps/web/scripts/precompress.ts): the file, its .br and its .gz.
  writeFileSync(join(dist, 'assets', 'route-pre456.js'), PRE_JS);
  writeFileSync(join(dist, 'assets', 'route-pre456.js.br'), brotliCompressSync(PRE_JS));
  writeFileSync(join(dist, 'assets', 'route-pre456.js.gz'), gzipSync(PRE_JS));
  t = await buildTestApp({ config: { webDist: dist, secure: true } });
});
afterAll(() => t.close());

const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('serving the web app', () => {
  it('serves hashed assets with immutable caching and compression', async () => {
    const res = await t.app.inject({ url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('sends the build’s precompressed copy of an asset as it is (no compression per request)', async () => {
    const br = await t.app.inject({ url: '/assets/route-pre456.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.equals(readFileSync(join(dist, 'assets', 'route-pre456.js.br')))).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(PRE_JS);
    const gz = await t.app.inject({ url: '/assets/route-pre456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(readFileSync(join(dist, 'assets', 'route-pre456.js.gz')))).toBe(true);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(PRE_JS);
    const plain = await t.app.inject({ url: '/assets/route-pre456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(PRE_JS);
  });

  it('puts the page title with the product suffix and the language into index.html', async () => {
    const de = await t.app.inject('/de/login');
    expect(de.statusCode).toBe(200);
    expect(de.headers['cache-control']).toBe('no-cache');
    expect(title(de.body)).toBe('Anmelden | Bookla');
    expect(de.body).toContain('<html lang="de"');
    const fr = await t.app.inject('/fr/register');
    expect(title(fr.body)).toBe('S&#39;inscrire | Bookla');
    expect(fr.body).toContain('<html lang="fr"');
    const landing = await t.app.inject({ url: '/', headers: { 'accept-language': 'en' } });
    expect(title(landing.body)).toBe('Online booking for courses and events | Bookla');
  });

  it('titles content pages from their stored title', async () => {
    const res = await t.app.inject('/en/imprint');
    const api = await t.app.inject('/api/content/imprint/frontend?language=en');
    expect(title(res.body)).toBe(`${api.json().title} | Bookla`);
  });

  it('falls back to the SPA for unknown non-API paths, but not for /api', async () => {
    const spa = await t.app.inject('/en/anything-unknown');
    expect(spa.statusCode).toBe(200);
    expect(spa.headers['content-type']).toMatch(/text\/html/);
    expect(title(spa.body)).toBe('Page not found | Bookla');
    const api = await t.app.inject('/api/anything-unknown');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not Found' });
  });

  it('answers 404 for a built file it does not have (another version’s chunk during a rolling upgrade), never the app’s HTML', async () => {
    for (const url of ['/assets/route-old123.js', '/assets/old.css', '/sw.js', '/assets/x.webp?v=1']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toMatch(/text\/html/);
    }
  });

  it('passes the app state as a JSON data block, not as script', async () => {
    const res = await t.app.inject('/en/backend');
    const match = /<script id="app-state" type="application\/json">(.*?)<\/script>/.exec(res.body);
    expect(match).toBeTruthy();
    expect(JSON.parse(match![1]!)).toMatchObject({ authenticated: false, user: null, language: 'en', appName: 'Bookla' });
  });

  it('serves the shop’s own page for shop addresses, titled with the team (and activity), with the app state', async () => {
    const { team } = await createUserWithTeam(t.app.deps.db, { teamName: `Yoga Loft ${Date.now()}` });
    await t.app.deps.db
      .update(teams)
      .set({ slug: `loft-${team.id}` })
      .where(eq(teams.id, team.id));
    const published = await makeActivity(t.app.deps.db, team.id, { name: { de: 'Yoga am Morgen', en: 'Morning yoga' } });
    const draft = await makeActivity(t.app.deps.db, team.id, { status: 'draft', name: { en: 'Secret plan' } });
    const isShop = (html: string) => html.includes('/assets/shop-x.js');

    const list = await t.app.inject(`/en/shop/${team.id}`);
    expect(list.statusCode).toBe(200);
    expect(isShop(list.body)).toBe(true);
    expect(title(list.body)).toBe(team.name);
    expect(list.body).toContain('<html lang="en"');
    expect(list.body).toContain('<script id="app-state" type="application/json">');

    const detail = await t.app.inject(`/de/shop/loft-${team.id}/activity/${published.id}`);
    expect(isShop(detail.body)).toBe(true);
    expect(title(detail.body)).toBe(`Yoga am Morgen | ${team.name}`);
    // A draft's name never leaves the server.
    const hidden = await t.app.inject(`/en/shop/${team.id}/activity/${draft.id}`);
    expect(title(hidden.body)).toBe(team.name);

    for (const path of [
      `/en/shop/${team.id}/checkout`,
      `/fr/shop/${team.id}/order/5?token=abc`,
      `/de/shop/${team.id}/test-payment/7?token=x`,
    ]) {
      const res = await t.app.inject(path);
      expect(isShop(res.body), path).toBe(true);
      expect(title(res.body), path).toBe(team.name);
    }
    const removed = await t.app.inject('/de/waitinglist/remove/success');
    expect(isShop(removed.body)).toBe(true);
    expect(title(removed.body)).toMatch(/ \| Bookla$/);

    const unknown = await t.app.inject('/en/shop/999999999');
    expect(isShop(unknown.body)).toBe(true);
    expect(title(unknown.body)).toBe('Page not found | Bookla');
    // Everything else stays the app's page.
    expect(isShop((await t.app.inject('/en/backend')).body)).toBe(false);
    expect(isShop((await t.app.inject('/en/shopping')).body)).toBe(false);
  });

  it('brings the answers of the shop’s first reads along in its page, as the API gives them (decision 034)', async () => {
    const { team } = await createUserWithTeam(t.app.deps.db, { teamName: `Dance Hall ${Date.now()}` });
    await t.app.deps.db
      .update(teams)
      .set({ slug: `hall-${team.id}` })
      .where(eq(teams.id, team.id));
    const salsa = await makeActivity(t.app.deps.db, team.id, { name: { de: 'Salsa', en: 'Salsa' } });
    // A name that tries to end the data block: it stays data.
    const tricky = await makeActivity(t.app.deps.db, team.id, {
      name: { de: '</script><script>alert(1)</script>', en: '</script><b>x</b>' },
    });
    for (const activity of [salsa, tricky]) {
      await makeSession(t.app.deps.db, team.id, activity.id, new Date(Date.now() + 7 * 86_400_000));
      await makeTicket(t.app.deps.db, team.id, activity.id);
    }
    const draft = await makeActivity(t.app.deps.db, team.id, { status: 'draft', name: { en: 'Secret plan' } });
    const preloadOf = (html: string) => {
      const match = /<script id="shop-preload" type="application\/json">(.*?)<\/script>/.exec(html);
      return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : undefined;
    };
    const api = async (url: string) => (await t.app.inject({ url, headers: { 'accept-language': 'en' } })).json();

    const list = await t.app.inject(`/en/shop/${team.id}`);
    expect(list.body).not.toContain('<script>alert(1)');
    expect(list.body).not.toContain('</script><b>');
    const answers = preloadOf(list.body)!;
    // Keyed as the shop looks them up (preloadKey: the query sorted), each as the API answers the shop's own address.
    const reads = [
      [`/api/public/teams/${team.id}`, `/api/public/teams/${team.id}`],
      [
        `/api/public/teams/${team.id}/activities?lang=en&page=1&perPage=12`,
        `/api/public/teams/${team.id}/activities?lang=en&perPage=12&page=1`,
      ],
      [`/api/public/teams/${team.id}/filters?lang=en`, `/api/public/teams/${team.id}/filters?lang=en`],
    ];
    expect(Object.keys(answers).sort()).toEqual(reads.map(([key]) => key));
    for (const [key, url] of reads) expect(answers[key!], url).toEqual(await api(url!));
    expect((answers[reads[1]![0]!] as { data: unknown[] }).data).toHaveLength(2);
    expect(JSON.stringify(answers)).toContain('</script><b>x</b>');

    // An activity's page: the team as the address names it, and the activity; a draft's stays on the server.
    const detail = preloadOf((await t.app.inject(`/de/shop/hall-${team.id}/activity/${salsa.id}`)).body)!;
    expect(Object.keys(detail).sort()).toEqual([
      `/api/public/teams/${team.id}/activities/${salsa.id}?lang=de`,
      `/api/public/teams/hall-${team.id}`,
    ]);
    expect(detail[`/api/public/teams/${team.id}/activities/${salsa.id}?lang=de`]).toEqual(
      await api(`/api/public/teams/${team.id}/activities/${salsa.id}?lang=de`),
    );
    expect(Object.keys(preloadOf((await t.app.inject(`/en/shop/${team.id}/activity/${draft.id}`)).body)!)).toEqual([
      `/api/public/teams/${team.id}`,
    ]);
    // A filter in the address, another page of the shop: the team only.
    for (const path of [`/en/shop/${team.id}?type=3`, `/en/shop/${team.id}/checkout`]) {
      expect(Object.keys(preloadOf((await t.app.inject(path)).body)!), path).toEqual([`/api/public/teams/${team.id}`]);
    }
    // No team, nothing brought along.
    expect(preloadOf((await t.app.inject('/en/shop/999999998')).body)).toBeUndefined();
  });

  it('does not serve the build manifest', async () => {
    const res = await t.app.inject('/.vite/manifest.json');
    expect(res.headers['content-type']).not.toMatch(/json/);
  });

  it('sends HSTS when served over https', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
  });
});
