import {
  isContentType,
  isLanguage,
  LANGUAGES,
  PLAN_MONTHLY_FEE_MINOR,
  PLANS,
  PLATFORM_FEES,
  publicActivityListQuerySchema,
  type Language,
  type PublicActivity,
} from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import { findDemoTeamId } from '../../db/seed/demo-provider.ts';
import { translate } from '../../lib/i18n.ts';
import { getPublicActivity, listPublicActivities } from '../catalogue/public/index.ts';
import { contentPage, faqList } from '../reference/index.ts';
import { findShopTeam } from '../selling/settings/index.ts';
import { logoUrl } from '../teams/index.ts';
import { pageTitle } from '../system/index.ts';
import { summary, type Alternate, type PageMeta } from './head.ts';

/**
 * What the server knows about a page before the browser does: which HTML it gets (the public
 * pages' server-rendered page, the shop's or the app's), its title and SEO tags, and for the
 * public pages the props their renderer needs (the same props the browser hydrates with).
 */

/** The spec's two plans (§1): monthly fees in francs from the shared plan terms, fees per sale from PLATFORM_FEES. */
export const MONTHLY_CHF = { payg: PLAN_MONTHLY_FEE_MINOR.payg / 100, business: PLAN_MONTHLY_FEE_MINOR.business / 100 } as const;
export const TIER_NAMES = { payg: 'Pay-As-You-Go', business: 'Business' } as const;

/** The landing page's first carousel image: the page's largest paint, preloaded. */
export const HERO_IMAGE = '/landing/01-yoga.svg';
/** The social-sharing image (a raster of the hero illustration, 1200 × 630). */
export const SHARE_IMAGE = { path: '/landing/og-image.png', width: 1200, height: 630 };
export const SOCIAL_PROFILES = ['https://www.linkedin.com/company/bookla', 'https://www.instagram.com/bookla'];

export interface FaqItem {
  question: Partial<Record<Language, string>>;
  answer: Partial<Record<Language, string>>;
}

/** Props of apps/web/src/public-site (its `PublicSiteProps`). */
export interface PublicSiteProps {
  lang: Language;
  appName: string;
  year: number;
  page:
    | { kind: 'landing'; faq: FaqItem[] | null; demoTeamId: number | null }
    | { kind: 'content'; type: string; title: string; html: string };
}

export type PageTemplate = 'public' | 'shop' | 'app';

export interface DescribedPage {
  template: PageTemplate;
  meta: PageMeta;
  site?: PublicSiteProps;
}

/** Paths of the app that are public and worth finding (the rest of the app is not indexed). */
const INDEXED_APP_SECTIONS = new Set(['login', 'register']);

const pick = (value: Partial<Record<Language, string>>, lang: Language) =>
  value[lang] || value.en || Object.values(value).find(Boolean) || '';

export function pageMetaBase(app: FastifyInstance, lang: Language, title: string, description: string): PageMeta {
  return {
    title,
    description,
    lang,
    siteName: app.deps.config.appName,
    canonical: null,
    alternates: [],
    index: false,
    ogType: 'website',
    jsonLd: [],
    preload: [],
  };
}

/** `/de/x`, `/en/x`, `/fr/x` (+ x-default) for a path below the language. */
function alternatesOf(base: string, rest: string, languages: readonly Language[] = LANGUAGES, xDefault?: string): Alternate[] {
  const list: Alternate[] = languages.map((l) => ({ lang: l, href: `${base}/${l}${rest}` }));
  list.push({ lang: 'x-default', href: xDefault ?? `${base}/${languages.includes('de') ? 'de' : languages[0]}${rest}` });
  return list;
}

export async function describePage(app: FastifyInstance, path: string, lang: Language, shopPage: boolean): Promise<DescribedPage> {
  const segments = path.split('/').filter(Boolean);
  const first = segments[0] ?? '';
  const section = isLanguage(first) ? (segments[1] ?? '') : first;
  if (shopPage) return describeShopPage(app, segments, lang, path);
  if (segments.length === 0 || (isLanguage(first) && section === 'provider' && segments.length === 2)) {
    return describeLanding(app, lang);
  }
  const title = await pageTitle(app, path, lang);
  if (isLanguage(first) && isContentType(section) && segments.length === 2) {
    const content = await describeContent(app, section, lang, title);
    if (content) return content;
  }
  const meta = pageMetaBase(app, lang, title, translate(lang, 'seo:default', { appName: app.deps.config.appName }));
  if (isLanguage(first) && INDEXED_APP_SECTIONS.has(section)) {
    const base = app.deps.config.appUrl;
    meta.description = translate(lang, `seo:${section}`, { appName: app.deps.config.appName });
    meta.index = true;
    meta.canonical = `${base}/${lang}/${section}`;
    meta.alternates = alternatesOf(base, `/${section}`);
    meta.jsonLd = [{ '@type': 'WebPage', name: title, url: meta.canonical, inLanguage: lang }];
  }
  return { template: 'app', meta };
}

async function describeLanding(app: FastifyInstance, lang: Language): Promise<DescribedPage> {
  const { appUrl: base, appName } = app.deps.config;
  const db = app.deps.db;
  const [title, faq, demoTeamId] = await Promise.all([pageTitle(app, `/${lang}/provider`, lang), faqList(db), findDemoTeamId(db)]);
  const description = translate(lang, 'seo:landing', { appName });
  const canonical = `${base}/${lang}/provider`;
  const meta: PageMeta = {
    ...pageMetaBase(app, lang, title, description),
    index: true,
    canonical,
    alternates: alternatesOf(base, '/provider', LANGUAGES, `${base}/`),
    ogType: 'website',
    image: { url: `${base}${SHARE_IMAGE.path}`, width: SHARE_IMAGE.width, height: SHARE_IMAGE.height, alt: title },
    preload: [{ href: HERO_IMAGE, as: 'image', type: 'image/svg+xml' }],
    jsonLd: [
      {
        '@type': 'Organization',
        '@id': `${base}/#organization`,
        name: appName,
        url: `${base}/`,
        logo: `${base}/landing/logo.png`,
        sameAs: SOCIAL_PROFILES,
      },
      {
        '@type': 'Product',
        name: appName,
        description,
        url: canonical,
        image: `${base}${SHARE_IMAGE.path}`,
        brand: { '@type': 'Brand', name: appName },
        offers: PLANS.map((tier) => ({
          '@type': 'Offer',
          name: TIER_NAMES[tier],
          price: MONTHLY_CHF[tier].toFixed(2),
          priceCurrency: 'CHF',
          url: `${canonical}#pricing`,
          availability: 'https://schema.org/InStock',
          description: translate(lang, 'seo:tier', {
            percent: (PLATFORM_FEES[tier].percentBp / 100).toFixed(1),
            fee: (PLATFORM_FEES[tier].fixedMinor / 100).toFixed(2),
          }),
          priceSpecification: [
            {
              '@type': 'UnitPriceSpecification',
              price: MONTHLY_CHF[tier].toFixed(2),
              priceCurrency: 'CHF',
              referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' },
            },
          ],
          seller: { '@id': `${base}/#organization` },
        })),
      },
      ...(faq.length
        ? [
            {
              '@type': 'FAQPage',
              mainEntity: faq.map((item) => ({
                '@type': 'Question',
                name: pick(item.question, lang),
                acceptedAnswer: { '@type': 'Answer', text: pick(item.answer, lang) },
              })),
            },
          ]
        : []),
    ],
  };
  const site: PublicSiteProps = { lang, appName, year: new Date().getFullYear(), page: { kind: 'landing', faq, demoTeamId } };
  return { template: 'public', meta, site };
}

async function describeContent(app: FastifyInstance, type: string, lang: Language, title: string): Promise<DescribedPage | null> {
  const { appUrl: base, appName } = app.deps.config;
  const page = await contentPage(app.deps.db, type, 'frontend', lang).catch(() => null);
  if (!page) return null;
  const canonical = `${base}/${lang}/${type}`;
  const description = page.seo_desc || summary(page.content) || translate(lang, 'seo:default', { appName });
  const meta: PageMeta = {
    ...pageMetaBase(app, lang, title, description),
    index: true,
    canonical,
    alternates: alternatesOf(base, `/${type}`),
    ogType: 'article',
    image: { url: `${base}${SHARE_IMAGE.path}`, width: SHARE_IMAGE.width, height: SHARE_IMAGE.height },
    jsonLd: [
      {
        '@type': 'WebPage',
        name: page.title,
        description,
        url: canonical,
        inLanguage: lang,
        isPartOf: { '@type': 'WebSite', name: appName, url: `${base}/` },
      },
    ],
  };
  const site: PublicSiteProps = {
    lang,
    appName,
    year: new Date().getFullYear(),
    page: { kind: 'content', type, title: page.title, html: page.content },
  };
  return { template: 'public', meta, site };
}

// ───────────────────────────────────────────────────────────────────── shop

const SHOP_PATH = /^([^/]+)(?:\/activity\/(\d{1,10}))?\/?$/;

/** The address a team's shop is found under: its readable slug when it has one, else its id. */
export const shopRef = (team: { id: number; slug: string | null }) => team.slug ?? String(team.id);

async function describeShopPage(app: FastifyInstance, segments: string[], lang: Language, path: string): Promise<DescribedPage> {
  const { appUrl: base, appName } = app.deps.config;
  const fallback = async (): Promise<DescribedPage> => ({
    template: 'shop',
    meta: pageMetaBase(app, lang, await pageTitle(app, path, lang), translate(lang, 'seo:default', { appName })),
  });
  // `/{lang}/shop/{team}` and `/{lang}/shop/{team}/activity/{id}` are indexed; checkout, orders, … are not.
  const match = segments[1] === 'shop' ? SHOP_PATH.exec(segments.slice(2).join('/')) : null;
  let ref: string;
  try {
    ref = match ? decodeURIComponent(match[1]!) : '';
  } catch {
    return fallback();
  }
  const team = ref ? await findShopTeam(app.deps.db, ref) : undefined;
  if (!team) return fallback();
  const languages = team.languages.filter(isLanguage);
  const shopLang = languages.includes(lang) ? lang : (languages[0] ?? lang);
  const shopUrl = (l: Language) => `${base}/${l}/shop/${encodeURIComponent(shopRef(team))}`;
  const organization = {
    '@type': 'Organization',
    name: team.name,
    url: shopUrl(shopLang),
    ...(team.logoPath ? { logo: new URL(logoUrl(team), `${base}/`).toString() } : {}),
  };

  if (!match![2]) {
    const meta: PageMeta = {
      ...pageMetaBase(app, lang, team.name, translate(shopLang, 'seo:shop', { team: team.name })),
      index: true,
      canonical: shopUrl(shopLang),
      alternates: alternatesOf(base, `/shop/${encodeURIComponent(shopRef(team))}`, languages),
      ...(team.logoPath ? { image: { url: new URL(logoUrl(team), `${base}/`).toString() } } : {}),
    };
    const { rows } = await listPublicActivities(app.deps.db, team.id, publicActivityListQuerySchema.parse({ perPage: 20 }), shopLang).catch(
      () => ({
        rows: [] as PublicActivity[],
      }),
    );
    meta.jsonLd = [
      organization,
      {
        '@type': 'ItemList',
        name: team.name,
        itemListElement: rows.map((a, i) => ({
          '@type': 'ListItem',
          position: i + 1,
          url: `${shopUrl(shopLang)}/activity/${a.id}`,
          name: a.name,
        })),
      },
    ];
    return { template: 'shop', meta };
  }

  const activity = await getPublicActivity(app.deps.db, team.id, Number(match![2]), shopLang).catch(() => null);
  if (!activity) {
    const meta = pageMetaBase(app, lang, team.name, translate(shopLang, 'seo:shop', { team: team.name }));
    return { template: 'shop', meta };
  }
  const url = `${shopUrl(shopLang)}/activity/${activity.id}`;
  const title = `${activity.name} | ${team.name}`;
  const description = summary(activity.description) || translate(shopLang, 'seo:activity', { activity: activity.name, team: team.name });
  const image = activity.header_image ? new URL(activity.header_image.detail_url, `${base}/`).toString() : undefined;
  const meta: PageMeta = {
    ...pageMetaBase(app, lang, title, description),
    index: true,
    canonical: url,
    alternates: alternatesOf(base, `/shop/${encodeURIComponent(shopRef(team))}/activity/${activity.id}`, languages),
    ogType: 'product',
    ...(image ? { image: { url: image, alt: activity.name } } : {}),
    jsonLd: activityJsonLd(activity, { url, image, organization }),
  };
  return { template: 'shop', meta };
}

/** Most dates one page lists as Events (the detail may have up to 500). */
const MAX_EVENTS = 20;

/** schema.org Event (one per date) or Course (with its course instance) of a published activity. */
export function activityJsonLd(
  activity: PublicActivity,
  ctx: { url: string; image?: string; organization: Record<string, unknown> },
): Record<string, unknown>[] {
  const place = activity.location
    ? {
        '@type': 'Place',
        name: activity.location.name,
        address: {
          '@type': 'PostalAddress',
          ...(activity.location.address ? { streetAddress: activity.location.address } : {}),
          postalCode: activity.location.postal_code,
          addressLocality: activity.location.city,
          addressCountry: activity.location.country,
        },
      }
    : undefined;
  const offers = (sessionId: number | null) =>
    activity.tickets
      .filter((t) => sessionId === null || t.session_id === null || t.session_id === sessionId)
      .map((t) => ({
        '@type': 'Offer',
        name: t.name,
        price: t.price.toFixed(2),
        priceCurrency: t.currency,
        availability: t.stock_available > 0 ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
        url: ctx.url,
        ...(t.sale_end ? { validThrough: t.sale_end } : {}),
      }));
  const common = {
    name: activity.name,
    description: summary(activity.description, 500),
    ...(ctx.image ? { image: [ctx.image] } : {}),
  };
  const sessions = activity.sessions;
  if (activity.kind === 'course') {
    return [
      {
        '@type': 'Course',
        ...common,
        url: ctx.url,
        provider: ctx.organization,
        offers: offers(null),
        ...(sessions.length
          ? {
              hasCourseInstance: [
                {
                  '@type': 'CourseInstance',
                  courseMode: 'Onsite',
                  startDate: sessions[0]!.starts_at,
                  endDate: sessions[sessions.length - 1]!.ends_at,
                  ...(place ? { location: place } : {}),
                  courseSchedule: sessions.slice(0, MAX_EVENTS).map((s) => ({
                    '@type': 'Schedule',
                    startDate: s.starts_at,
                    endDate: s.ends_at,
                  })),
                },
              ],
            }
          : {}),
      },
    ];
  }
  return sessions.slice(0, MAX_EVENTS).map((s) => ({
    '@type': 'Event',
    ...common,
    url: ctx.url,
    startDate: s.starts_at,
    endDate: s.ends_at,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    ...(place ? { location: place } : {}),
    organizer: ctx.organization,
    offers: offers(s.id),
  }));
}
