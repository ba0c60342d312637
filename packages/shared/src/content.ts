/**
 * Content pages kept per language (`GET /api/content/{type}/frontend`), reachable as
 * `/{lang}/{type}`. `agb`/`datenschutz` are the spec's German names; `terms`/`privacy` are the
 * pages the footer links to. The server titles these routes, the web app routes them, the seed
 * fills them.
 */
export const CONTENT_TYPES = [
  'agb',
  'datenschutz',
  'privacy',
  'imprint',
  'service_fees',
  'outside_fees',
  'extenuating_circumstances_policy',
  'copyright',
  'terms',
] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export function isContentType(value: string): value is ContentType {
  return (CONTENT_TYPES as readonly string[]).includes(value);
}
