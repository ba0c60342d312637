import type { Language } from '@bookla/shared/i18n';

/**
 * What a provider copies to show its activities on its own website (CONTRACT §4): the
 * `embed.js` snippet, the address of the embed page the snippet makes (the live preview) and the
 * plain shop link with the same choice, for places where no script may run.
 */

export type EmbedView = 'list' | 'calendar' | 'activity';
export type EmbedCheckout = 'frame' | 'tab';

export interface EmbedChoice {
  teamId: number;
  /** The shop's address name; the plain link uses it, the snippet the id (which never changes). */
  slug: string | null;
  view: EmbedView;
  activityId: number | null;
  typeSetId: number | null;
  locationId: number | null;
  lang: Language;
  checkout: EmbedCheckout;
}

/** An activity embed needs its activity; without one nothing is complete enough to copy. */
export const isComplete = (c: EmbedChoice) => c.view !== 'activity' || c.activityId !== null;

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The element's `data-*` attributes, in the order the snippet shows them. */
export function embedAttributes(c: EmbedChoice): [string, string][] {
  const attrs: [string, string][] = [
    ['data-bookla-team', String(c.teamId)],
    ['data-view', c.view],
  ];
  if (c.view === 'activity' && c.activityId !== null) attrs.push(['data-activity', String(c.activityId)]);
  if (c.view !== 'activity' && c.typeSetId !== null) attrs.push(['data-type-set', String(c.typeSetId)]);
  if (c.view !== 'activity' && c.locationId !== null) attrs.push(['data-location', String(c.locationId)]);
  attrs.push(['data-lang', c.lang]);
  if (c.checkout === 'tab') attrs.push(['data-checkout', 'tab']);
  return attrs;
}

/** The shop's own address for the same choice: `/{lang}/shop/{slug|id}[/activity/{id}][?view=…&type=…&location=…]`. */
export function shopLinkUrl(appOrigin: string, c: EmbedChoice): string {
  const base = `${appOrigin}/${c.lang}/shop/${encodeURIComponent(c.slug || String(c.teamId))}`;
  if (c.view === 'activity' && c.activityId !== null) return `${base}/activity/${c.activityId}`;
  const query = new URLSearchParams();
  if (c.view === 'calendar') query.set('view', 'calendar');
  if (c.typeSetId !== null) query.set('type', String(c.typeSetId));
  if (c.locationId !== null) query.set('location', String(c.locationId));
  const q = query.toString();
  return q ? `${base}?${q}` : base;
}

/**
 * The snippet: the script (async, once per page) and the element it turns into the iframe. The
 * element holds a link to the shop, shown where the script does not run.
 */
export function embedSnippet(appOrigin: string, c: EmbedChoice, linkText: string): string {
  const attrs = embedAttributes(c)
    .map(([k, v]) => `${k}="${escapeAttr(v)}"`)
    .join(' ');
  return [
    `<script src="${escapeAttr(`${appOrigin}/embed.js`)}" async></script>`,
    `<div ${attrs}>`,
    `  <a href="${escapeAttr(shopLinkUrl(appOrigin, c))}">${escapeText(linkText)}</a>`,
    `</div>`,
  ].join('\n');
}

/** The address embed.js gives the iframe for this choice, on a page at `parentOrigin`. */
export function embedPageUrl(appOrigin: string, c: EmbedChoice, parentOrigin: string): string {
  let path = `/${c.lang}/embed/${encodeURIComponent(String(c.teamId))}`;
  const query = new URLSearchParams();
  if (c.view === 'activity' && c.activityId !== null) path += `/activity/${c.activityId}`;
  else if (c.view === 'calendar') query.set('view', 'calendar');
  if (c.view !== 'activity' && c.typeSetId !== null) query.set('type', String(c.typeSetId));
  if (c.view !== 'activity' && c.locationId !== null) query.set('location', String(c.locationId));
  if (c.checkout === 'tab') query.set('checkout', 'tab');
  query.set('origin', parentOrigin);
  return `${appOrigin}${path}?${query}`;
}
