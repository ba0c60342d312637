import { CONTENT_TYPES } from '@bookla/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teams } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createUserWithTeam, makeActivity } from '../../test/factories.ts';
import { robotsTxt, SITEMAP_MAX_URLS, sitemapXml } from './sitemap.ts';

let t: TestApp;
const base = 'http://localhost:3000';
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);

describe('robots.txt', () => {
  it('allows the site, keeps the back office, checkouts and token addresses out, and names the sitemap', async () => {
    const res = await t.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Allow: /',
        'Disallow: /*/backend',
        'Disallow: /*/shop/*/checkout',
        'Disallow: /api/',
        'Allow: /api/public/',
      ]),
    );
    expect(lines).toContain(`Sitemap: ${base}/sitemap.xml`);
  });
});

describe('sitemap.xml', () => {
  it('lists the landing page, content pages, login and registration in every language, with alternates', async () => {
    const res = await t.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const urls = locs(res.body);
    for (const lang of ['de', 'en', 'fr']) {
      expect(urls).toContain(`${base}/${lang}/provider`);
      expect(urls).toContain(`${base}/${lang}/login`);
      expect(urls).toContain(`${base}/${lang}/register`);
      for (const type of CONTENT_TYPES) expect(urls).toContain(`${base}/${lang}/${type}`);
    }
    expect(res.body).toContain(
      `<url><loc>${base}/de/agb</loc><xhtml:link rel="alternate" hreflang="de" href="${base}/de/agb"/><xhtml:link rel="alternate" hreflang="en" href="${base}/en/agb"/><xhtml:link rel="alternate" hreflang="fr" href="${base}/fr/agb"/></url>`,
    );
  });

  it('lists every team’s shop and published activities in the team’s languages, never drafts or archived ones', async () => {
    const db = t.app.deps.db;
    const a = await createUserWithTeam(db, { teamName: `Atelier ${Date.now()}` });
    await db
      .update(teams)
      .set({ slug: `atelier-${a.team.id}`, languages: ['fr', 'de'] })
      .where(eq(teams.id, a.team.id));
    const published = await makeActivity(db, a.team.id);
    const draft = await makeActivity(db, a.team.id, { status: 'draft' });
    const archived = await makeActivity(db, a.team.id, { status: 'archived' });
    const b = await createUserWithTeam(db, { teamName: `Other ${Date.now()}` });
    const other = await makeActivity(db, b.team.id, { kind: 'event' });
    const empty = await createUserWithTeam(db, { teamName: `Empty ${Date.now()}` });

    const xml = (await t.app.inject('/sitemap.xml')).body;
    const urls = locs(xml);
    const shop = `${base}/fr/shop/atelier-${a.team.id}`;
    expect(urls).toContain(shop);
    expect(urls).toContain(`${base}/de/shop/atelier-${a.team.id}`);
    expect(urls).not.toContain(`${base}/en/shop/atelier-${a.team.id}`);
    expect(urls).toContain(`${shop}/activity/${published.id}`);
    expect(urls.filter((u) => u.endsWith(`/activity/${draft.id}`) || u.endsWith(`/activity/${archived.id}`))).toEqual([]);
    // Other teams are public too (their shops are); a team without anything published has no entry.
    expect(urls).toContain(`${base}/de/shop/${b.team.id}/activity/${other.id}`);
    expect(urls.some((u) => u.includes(`/shop/${empty.team.id}`))).toBe(false);
    expect(xml).toMatch(new RegExp(`<loc>${shop}/activity/${published.id}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}T`));
  });

  it('escapes what it writes and stays within the protocol’s limit', () => {
    const xml = sitemapXml([{ urls: [{ lang: 'de', loc: 'http://x/de/shop/a&b' }] }]);
    expect(xml).toContain('<loc>http://x/de/shop/a&amp;b</loc>');
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    expect(robotsTxt('https://bookla.example')).toContain('Sitemap: https://bookla.example/sitemap.xml');
  });
});
