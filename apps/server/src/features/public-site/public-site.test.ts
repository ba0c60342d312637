import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PLATFORM_FEES } from '@bookla/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teams, teamSellingSettings } from '../../db/schema/index.ts';
import { seedDemoProvider } from '../../db/seed/demo-provider.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createUserWithTeam, inDays, loginAs, makeActivity, makeSession, makeTicket } from '../../test/factories.ts';

/**
 * Issue 13: every public page carries its title, description, canonical URL, hreflang
 * alternates, Open Graph tags and JSON-LD in the HTML the server sends; the landing and content
 * pages come rendered by the server (public.html + the public site's renderer), the app's public
 * screens too (the app's renderer), the back office does not.
 */
let t: TestApp;
let demoTeamId: number;
const base = 'http://localhost:3000';

/** Renderers standing in for the web build's (dist/server/*.js): they show what they were given. */
const PUBLIC_RENDERER = `export function renderPublicSite(props) {
  return '<main data-rendered="' + props.page.kind + ':' + props.lang + '">' + (props.page.title ?? '') + '</main>';
}`;
const APP_RENDERER = `export async function renderAppPage({ url, lang, state }) {
  if (url.includes('/backend')) return { kind: 'redirect', status: 302, location: '/' + lang + '/login' };
  return { kind: 'html', html: '<div data-app-rendered="' + lang + '">' + new URL(url).pathname + '</div>', hydration: { loaderData: { x: null } } };
}`;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'bookla-dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'server'));
  const page = (entry: string, css = '') =>
    `<!doctype html><html lang="de"><head><meta name="description" content="old"><title>Bookla</title>${css}<script type="module" src="/assets/${entry}.js"></script></head><body><div id="root"></div></body></html>`;
  writeFileSync(join(dist, 'index.html'), page('main', '<link rel="stylesheet" crossorigin href="/assets/main.css">'));
  writeFileSync(join(dist, 'assets', 'main.css'), '.app{color:green}');
  writeFileSync(join(dist, 'shop.html'), page('shop', '<link rel="stylesheet" crossorigin href="/assets/shop.css">'));
  writeFileSync(join(dist, 'public.html'), page('public', '<link rel="stylesheet" crossorigin href="/assets/public.css">'));
  writeFileSync(join(dist, 'assets', 'public.css'), '.site{color:red}');
  writeFileSync(join(dist, 'assets', 'shop.css'), '.shop{color:blue}');
  writeFileSync(join(dist, 'server', 'public-site.js'), PUBLIC_RENDERER);
  writeFileSync(join(dist, 'server', 'app.js'), APP_RENDERER);
  t = await buildTestApp({ config: { webDist: dist } });
  demoTeamId = (await seedDemoProvider(t.app.deps.db))!;
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const meta = (html: string, attr: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attr}="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)">`).exec(head(html))?.[1];
const canonical = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
const alternates = (html: string) =>
  Object.fromEntries([...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]*)">/g)].map((m) => [m[1], m[2]]));
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
const ldOf = (html: string, type: string) => jsonLd(html).filter((d) => d['@type'] === type);
const dataBlock = (html: string, id: string) => {
  const m = new RegExp(`<script id="${id}" type="application/json">(.*?)</script>`).exec(html);
  return m ? (JSON.parse(m[1]!) as Record<string, unknown>) : undefined;
};
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('the landing page', () => {
  it('is rendered by the server with its SEO tags, in the language of its address', async () => {
    const res = await get('/en/provider');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<html lang="en"');
    expect(title(html)).toBe('Online booking for courses and events | Bookla');
    expect(meta(html, 'name', 'description')).toMatch(/^Sell courses and events online with Bookla/);
    // The template's own description is replaced, not doubled.
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(canonical(html)).toBe(`${base}/en/provider`);
    expect(alternates(html)).toEqual({
      de: `${base}/de/provider`,
      en: `${base}/en/provider`,
      fr: `${base}/fr/provider`,
      'x-default': `${base}/`,
    });
    expect(meta(html, 'property', 'og:title')).toBe('Online booking for courses and events | Bookla');
    expect(meta(html, 'property', 'og:url')).toBe(`${base}/en/provider`);
    expect(meta(html, 'property', 'og:locale')).toBe('en_GB');
    expect(meta(html, 'property', 'og:image')).toBe(`${base}/landing/og-image.png`);
    expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(html).not.toContain('name="robots"');
    // The first carousel image is the largest paint: fetched before the parser finds it.
    expect(head(html)).toContain('<link rel="preload" as="image" href="/landing/01-yoga.svg" type="image/svg+xml" fetchpriority="high">');
    // Rendered by the public site's renderer, into #root, with the props to hydrate it with.
    expect(html).toContain('<div id="root"><main data-rendered="landing:en">');
    const props = dataBlock(html, 'public-data') as { lang: string; page: { kind: string; faq: unknown[]; demoTeamId: number } };
    expect(props).toMatchObject({ lang: 'en', appName: 'Bookla', page: { kind: 'landing', demoTeamId } });
    const faq = (await get('/api/faq')).json();
    expect(props.page.faq).toEqual(faq);
    // Its stylesheet is in the page; its script is the public entry's.
    expect(html).toContain('<style>.site{color:red}</style>');
    expect(html).toContain('/assets/public.js');
    expect(html).not.toContain('id="app-state"');
  });

  it('describes the organisation, the product with both tiers and the FAQ in JSON-LD', async () => {
    const html = (await get('/de/provider')).body;
    const [org] = ldOf(html, 'Organization');
    expect(org).toMatchObject({ '@context': 'https://schema.org', name: 'Bookla', url: `${base}/`, logo: `${base}/landing/logo.png` });
    expect((org!.sameAs as string[]).length).toBe(2);
    const [product] = ldOf(html, 'Product');
    const offers = product!.offers as { name: string; price: string; priceCurrency: string; description: string }[];
    expect(offers.map((o) => [o.name, o.price, o.priceCurrency])).toEqual([
      ['Pay-As-You-Go', '0.00', 'CHF'],
      ['Business', '139.00', 'CHF'],
    ]);
    expect(PLATFORM_FEES.payg).toEqual({ percentBp: 790, fixedMinor: 49 });
    expect(offers[0]!.description).toBe('7.9 % plus CHF 0.49 pro Verkauf, voller Funktionsumfang');
    expect(offers[1]!.description).toContain('3.9 % plus CHF 0.49');
    const [faq] = ldOf(html, 'FAQPage');
    const first = (await get('/api/faq')).json()[0];
    expect((faq!.mainEntity as { name: string }[])[0]!.name).toBe(first.question.de);
  });

  it('answers / in the visitor’s language and sends /{lang} to the landing page', async () => {
    const root = await get('/', { 'accept-language': 'fr-CH,fr;q=0.9' });
    expect(root.body).toContain('<html lang="fr"');
    expect(canonical(root.body)).toBe(`${base}/fr/provider`);
    expect(root.body).toContain('data-rendered="landing:fr"');
    const short = await get('/de');
    expect(short.statusCode).toBe(301);
    expect(short.headers.location).toBe('/de/provider');
  });

  it('is compressed like every page', async () => {
    for (const url of ['/en/provider', '/de/login', '/en/agb']) {
      const res = await get(url, { 'accept-encoding': 'gzip' });
      expect(res.headers['content-encoding'], url).toBe('gzip');
    }
  });

  it('never serves the server’s renderers as files', async () => {
    const res = await get('/server/public-site.js');
    expect(res.body).not.toContain('renderPublicSite');
  });
});

describe('content pages', () => {
  it('are rendered by the server from their stored text, with description and JSON-LD', async () => {
    const api = (await get('/api/content/agb/frontend?language=fr')).json();
    const html = (await get('/fr/agb')).body;
    expect(title(html)).toBe(`${api.title} | Bookla`);
    expect(meta(html, 'name', 'description')).toBe(api.seo_desc);
    expect(canonical(html)).toBe(`${base}/fr/agb`);
    expect(alternates(html)).toMatchObject({ de: `${base}/de/agb`, en: `${base}/en/agb`, 'x-default': `${base}/de/agb` });
    expect(meta(html, 'property', 'og:type')).toBe('article');
    expect(ldOf(html, 'WebPage')[0]).toMatchObject({ name: api.title, url: `${base}/fr/agb`, inLanguage: 'fr' });
    expect(html).toContain('data-rendered="content:fr"');
    expect(dataBlock(html, 'public-data')).toMatchObject({ page: { kind: 'content', type: 'agb', title: api.title, html: api.content } });
  });
});

describe('the app’s public screens', () => {
  it('come rendered by the app’s renderer, with their SEO tags and the state to hydrate with', async () => {
    const html = (await get('/de/login')).body;
    expect(title(html)).toBe('Anmelden | Bookla');
    expect(meta(html, 'name', 'description')).toMatch(/Backoffice von Bookla/);
    expect(canonical(html)).toBe(`${base}/de/login`);
    expect(Object.keys(alternates(html)).sort()).toEqual(['de', 'en', 'fr', 'x-default']);
    expect(ldOf(html, 'WebPage')[0]).toMatchObject({ url: `${base}/de/login` });
    expect(html).toContain('<div id="root"><div data-app-rendered="de">/de/login</div></div>');
    expect(dataBlock(html, 'app-hydration')).toEqual({ loaderData: { x: null } });
    expect(dataBlock(html, 'app-state')).toMatchObject({ authenticated: false, language: 'de' });
    expect(html).toContain('<html data-mantine-color-scheme="light"');
    // Its styles are in the page (no round trip before the first paint); the non-blocking link
    // keeps Vite's chunk loader from adding a render-blocking copy.
    expect(head(html)).toContain(
      '<style>.app{color:green}</style><link rel="stylesheet" media="print" crossorigin href="/assets/main.css">',
    );
    expect(head(html)).not.toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/main.css">/);
    // Its code starts when the visitor begins to use the form: /boot.js adds the entry named in
    // the app-boot block (decision 033).
    expect(head(html)).not.toContain('<script type="module"');
    expect(dataBlock(html, 'app-boot')).toEqual({ entry: '/assets/main.js', modules: [], start: 'intent' });
    expect(head(html)).toContain('<script defer src="/boot.js"></script>');
    // The status pages of the login are the login page for search engines.
    expect(canonical((await get('/en/login/expired')).body)).toBe(`${base}/en/login`);
    expect(meta((await get('/fr/register')).body, 'name', 'description')).toMatch(/Inscrivez votre entreprise/);
  });

  it('are not rendered for a visitor with a session, and the back office never is', async () => {
    const { user } = await createUserWithTeam(t.app.deps.db);
    const client = await loginAs(t.app, user.email);
    const logged = await client.get('/de/login');
    expect(logged.body).toContain('<div id="root"></div>');
    expect(logged.body).not.toContain('app-hydration');
    // The back office paints from its scripts: its stylesheet stays a link.
    expect(logged.body).toContain('<link rel="stylesheet" crossorigin href="/assets/main.css">');
    expect(logged.body).toContain('<script type="module" src="/assets/main.js"></script>');
    expect(logged.body).not.toContain('boot.js');
    const backend = await get('/en/backend');
    expect(backend.statusCode).toBe(200);
    expect(backend.body).toContain('<div id="root"></div>');
    expect(meta(backend.body, 'name', 'robots')).toBe('noindex, nofollow');
    expect(canonical(backend.body)).toBeUndefined();
    expect(backend.body).not.toContain('og:title');
  });

  it('starts the code of a form when the visitor begins to use it, and of an invitation (looked up by the browser) at once', async () => {
    for (const url of ['/fr/register', '/en/reset/password/abc/a%40b.ch', '/de/customer/reset/password/abc/a%40b.ch', '/en/error/404'])
      expect(dataBlock((await get(url)).body, 'app-boot'), url).toMatchObject({ start: 'intent' });
    expect(dataBlock((await get('/de/accept-invite/1/2/h')).body, 'app-boot')).toMatchObject({ start: 'paint' });
  });

  it('keeps addresses with secrets and the 404 page out of search engines', async () => {
    for (const url of ['/en/reset/password/abc/a%40b.ch', '/de/accept-invite/1/2/h', '/en/error/404', '/en/anything']) {
      expect(meta((await get(url)).body, 'name', 'robots'), url).toBe('noindex, nofollow');
    }
  });
});

describe('shop pages', () => {
  let team: { id: number; name: string; slug: string | null };
  let eventId: number;
  let courseId: number;
  let draftId: number;

  beforeAll(async () => {
    const db = t.app.deps.db;
    const made = await createUserWithTeam(db, { teamName: `Tanzwerk ${Date.now()}` });
    await db
      .update(teams)
      .set({ slug: `tanzwerk-${made.team.id}`, languages: ['de', 'en'] })
      .where(eq(teams.id, made.team.id));
    team = { id: made.team.id, name: made.team.name, slug: `tanzwerk-${made.team.id}` };
    // Paid tickets are offered only with a way to pay them (issue 22 item 2).
    await db.insert(teamSellingSettings).values({ teamId: team.id, testModeEnabled: true });
    const event = await makeActivity(db, team.id, { kind: 'event', name: { de: 'Tanznacht', en: 'Dance night' } });
    eventId = event.id;
    const night = await makeSession(db, team.id, event.id, inDays(10, 19), { minutes: 180 });
    await makeTicket(db, team.id, event.id, { sessionId: night.id, priceMinor: 2500, name: { de: 'Eintritt', en: 'Entry' } });
    const course = await makeActivity(db, team.id, { kind: 'course', name: { de: 'Salsa', en: 'Salsa course' } });
    courseId = course.id;
    await makeSession(db, team.id, course.id, inDays(12));
    await makeSession(db, team.id, course.id, inDays(19));
    await makeTicket(db, team.id, course.id, { priceMinor: 18000, stock: 0 });
    draftId = (await makeActivity(db, team.id, { status: 'draft', name: { en: 'Secret plan' } })).id;
  });

  it('list the team’s published activities as an ItemList of the team (Organization)', async () => {
    const html = (await get(`/en/shop/${team.id}`)).body;
    expect(title(html)).toBe(team.name);
    expect(meta(html, 'name', 'description')).toBe(
      `Book courses and events of ${team.name} online: dates, prices and free places at a glance.`,
    );
    // One address per shop: its slug.
    expect(canonical(html)).toBe(`${base}/en/shop/${team.slug}`);
    expect(alternates(html)).toEqual({
      de: `${base}/de/shop/${team.slug}`,
      en: `${base}/en/shop/${team.slug}`,
      'x-default': `${base}/de/shop/${team.slug}`,
    });
    expect(ldOf(html, 'Organization')[0]).toMatchObject({ name: team.name, url: `${base}/en/shop/${team.slug}` });
    const list = ldOf(html, 'ItemList')[0]!.itemListElement as { name: string; url: string }[];
    expect(list.map((i) => i.name).sort()).toEqual(['Dance night', 'Salsa course']);
    expect(html).not.toContain('Secret plan');
    expect(html).toContain('<style>.shop{color:blue}</style>');
    expect(dataBlock(html, 'app-state')).toBeTruthy();
  });

  it('describe an event’s dates as Events with their offers, and a course as a Course', async () => {
    const event = (await get(`/de/shop/${team.slug}/activity/${eventId}`)).body;
    expect(title(event)).toBe(`Tanznacht | ${team.name}`);
    expect(canonical(event)).toBe(`${base}/de/shop/${team.slug}/activity/${eventId}`);
    const [ev] = ldOf(event, 'Event');
    expect(ev).toMatchObject({
      name: 'Tanznacht',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      organizer: { '@type': 'Organization', name: team.name },
      offers: [{ '@type': 'Offer', price: '25.00', priceCurrency: 'CHF', availability: 'https://schema.org/InStock' }],
    });
    expect(Date.parse(ev!.startDate as string)).toBeGreaterThan(Date.now());

    const course = (await get(`/en/shop/${team.id}/activity/${courseId}`)).body;
    const [c] = ldOf(course, 'Course');
    expect(c).toMatchObject({
      name: 'Salsa course',
      provider: { name: team.name },
      offers: [{ price: '180.00', availability: 'https://schema.org/SoldOut' }],
    });
    const instance = (c!.hasCourseInstance as Record<string, unknown>[])[0]!;
    expect(instance).toMatchObject({ '@type': 'CourseInstance', courseMode: 'Onsite' });
    expect((instance.courseSchedule as unknown[]).length).toBe(2);
  });

  it('keep drafts, checkouts and orders out of search engines', async () => {
    const draft = (await get(`/en/shop/${team.id}/activity/${draftId}`)).body;
    expect(meta(draft, 'name', 'robots')).toBe('noindex, nofollow');
    expect(draft).not.toContain('Secret plan');
    for (const url of [`/en/shop/${team.id}/checkout`, `/en/shop/${team.id}/order/1?token=x`, '/en/shop/999999999']) {
      expect(meta((await get(url)).body, 'name', 'robots'), url).toBe('noindex, nofollow');
    }
  });
});
