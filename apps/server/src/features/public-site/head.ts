import type { Language } from '@bookla/shared';

/**
 * The `<head>` tags a public page is found and shared by: description, canonical URL, hreflang
 * alternates, Open Graph and Twitter cards, JSON-LD, and hints that make its first paint fast.
 * Pure: page-meta.ts decides the values, web.ts puts the markup into the HTML it sends.
 */

export interface Alternate {
  lang: Language | 'x-default';
  href: string;
}

export interface PageMeta {
  title: string;
  description: string;
  lang: Language;
  siteName: string;
  /** Absolute URL; null for pages that are not to be indexed under their own address. */
  canonical: string | null;
  alternates: Alternate[];
  /** `noindex` pages: back office, checkout, tokens in the address, 404. */
  index: boolean;
  ogType: 'website' | 'article' | 'product';
  /** Absolute URL of a raster image (1200 × 630 or wider). */
  image?: { url: string; width?: number; height?: number; alt?: string };
  /** schema.org objects (`@context` added here). */
  jsonLd: Record<string, unknown>[];
  /** Resources the first paint needs, fetched before the parser finds them. */
  preload: { href: string; as: 'image'; type?: string }[];
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** JSON inside a `<script>` data block: `<` escaped so no text can close the tag. */
export const safeJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

const OG_LOCALE: Record<Language, string> = { de: 'de_CH', en: 'en_GB', fr: 'fr_CH' };

export function headTags(meta: PageMeta): string {
  const attr = escapeHtml;
  const tags: string[] = [];
  tags.push(`<meta name="description" content="${attr(meta.description)}">`);
  if (!meta.index) tags.push('<meta name="robots" content="noindex, nofollow">');
  if (meta.canonical) tags.push(`<link rel="canonical" href="${attr(meta.canonical)}">`);
  for (const alt of meta.alternates) tags.push(`<link rel="alternate" hreflang="${alt.lang}" href="${attr(alt.href)}">`);
  for (const p of meta.preload) {
    tags.push(`<link rel="preload" as="${p.as}" href="${attr(p.href)}"${p.type ? ` type="${attr(p.type)}"` : ''} fetchpriority="high">`);
  }
  if (meta.index) {
    tags.push(`<meta property="og:type" content="${meta.ogType}">`);
    tags.push(`<meta property="og:site_name" content="${attr(meta.siteName)}">`);
    tags.push(`<meta property="og:title" content="${attr(meta.title)}">`);
    tags.push(`<meta property="og:description" content="${attr(meta.description)}">`);
    if (meta.canonical) tags.push(`<meta property="og:url" content="${attr(meta.canonical)}">`);
    tags.push(`<meta property="og:locale" content="${OG_LOCALE[meta.lang]}">`);
    for (const alt of meta.alternates) {
      if (alt.lang !== 'x-default' && alt.lang !== meta.lang)
        tags.push(`<meta property="og:locale:alternate" content="${OG_LOCALE[alt.lang]}">`);
    }
    if (meta.image) {
      tags.push(`<meta property="og:image" content="${attr(meta.image.url)}">`);
      if (meta.image.width) tags.push(`<meta property="og:image:width" content="${meta.image.width}">`);
      if (meta.image.height) tags.push(`<meta property="og:image:height" content="${meta.image.height}">`);
      if (meta.image.alt) tags.push(`<meta property="og:image:alt" content="${attr(meta.image.alt)}">`);
    }
    tags.push(`<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}">`);
    tags.push(`<meta name="twitter:title" content="${attr(meta.title)}">`);
    tags.push(`<meta name="twitter:description" content="${attr(meta.description)}">`);
    if (meta.image) tags.push(`<meta name="twitter:image" content="${attr(meta.image.url)}">`);
  }
  for (const data of meta.jsonLd) {
    tags.push(`<script type="application/ld+json">${safeJson({ '@context': 'https://schema.org', ...data })}</script>`);
  }
  return tags.join('');
}

/** Plain text of operator or provider HTML/markdown-ish text, cut to `max` characters at a word. */
export function summary(text: string, max = 160): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:–-]+$/, '')}…`;
}
