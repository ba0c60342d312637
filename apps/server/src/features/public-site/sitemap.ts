import { CONTENT_TYPES, isLanguage, LANGUAGES, type Language } from '@bookla/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { activities, contentPages, teams } from '../../db/schema/index.ts';
import { shopRef } from './page-meta.ts';

/**
 * robots.txt and sitemap.xml: the landing page, the content pages, login and registration in
 * every language, and every team's shop with its published activities (drafts and archived ones
 * never) in the team's languages, each with its hreflang alternates.
 */

/** The sitemap protocol's limit per file. */
export const SITEMAP_MAX_URLS = 50_000;

interface Entry {
  /** One URL per language, alternates of each other. */
  urls: { lang: Language; loc: string }[];
  lastmod?: Date;
}

const xml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

export function robotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    // The back office, checkouts, orders and addresses with tokens are nobody's search result;
    // the API is not either, except what the shop pages load to render.
    'Disallow: /api/',
    'Allow: /api/public/',
    'Allow: /api/faq',
    'Allow: /api/content/',
    'Disallow: /*/backend',
    'Disallow: /*/shop/*/checkout',
    'Disallow: /*/shop/*/order/',
    'Disallow: /*/shop/*/test-payment/',
    'Disallow: /*/reset/',
    'Disallow: /*/customer/',
    'Disallow: /*/accept-invite/',
    'Disallow: /ticket/',
    '',
    `Sitemap: ${appUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

const perLanguage = (base: string, rest: string, languages: readonly Language[] = LANGUAGES) =>
  languages.map((lang) => ({ lang, loc: `${base}/${lang}${rest}` }));

export async function sitemapEntries(db: Db, base: string): Promise<Entry[]> {
  const entries: Entry[] = [{ urls: perLanguage(base, '/provider') }];
  const pages = await db
    .select({ type: contentPages.type })
    .from(contentPages)
    .where(and(eq(contentPages.group, 'frontend'), inArray(contentPages.type, [...CONTENT_TYPES])))
    .orderBy(asc(contentPages.type));
  for (const page of pages) entries.push({ urls: perLanguage(base, `/${page.type}`) });
  entries.push({ urls: perLanguage(base, '/register') }, { urls: perLanguage(base, '/login') });

  const budget = SITEMAP_MAX_URLS - entries.reduce((n, e) => n + e.urls.length, 0);
  const rows = await db
    .select({
      teamId: teams.id,
      slug: teams.slug,
      languages: teams.languages,
      activityId: activities.id,
      updatedAt: activities.updatedAt,
    })
    .from(activities)
    .innerJoin(teams, eq(teams.id, activities.teamId))
    .where(eq(activities.status, 'published'))
    .orderBy(asc(teams.id), asc(activities.id))
    // Each row is up to three URLs; the shops add one entry per team on top.
    .limit(Math.max(0, Math.floor(budget / 4)));
  let lastTeam: number | undefined;
  for (const row of rows) {
    const languages = (row.languages ?? []).filter(isLanguage);
    const shop = `/shop/${encodeURIComponent(shopRef({ id: row.teamId, slug: row.slug }))}`;
    if (row.teamId !== lastTeam) {
      entries.push({ urls: perLanguage(base, shop, languages) });
      lastTeam = row.teamId;
    }
    entries.push({ urls: perLanguage(base, `${shop}/activity/${row.activityId}`, languages), lastmod: row.updatedAt });
  }
  return entries;
}

export function sitemapXml(entries: Entry[]): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const entry of entries) {
    const alternates =
      entry.urls.length > 1
        ? entry.urls.map((u) => `<xhtml:link rel="alternate" hreflang="${u.lang}" href="${xml(u.loc)}"/>`).join('')
        : '';
    for (const url of entry.urls) {
      out.push(
        `<url><loc>${xml(url.loc)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : ''}${alternates}</url>`,
      );
    }
  }
  out.push('</urlset>', '');
  return out.join('\n');
}
