/**
 * The shop page's HTML carries the answers to the public reads its first screen makes (the team;
 * on the list, its filters and first page; on an activity's page, the activity), in
 * `<script id="shop-preload" type="application/json">` as `{ [preloadKey(url)]: body }`. The shop
 * takes each answer once instead of asking for it: the first screen waits for the page and its
 * code only, not for two more round trips after them (decision 034). Zod-free: the shop loads it.
 */
export const SHOP_PRELOAD_ELEMENT = 'shop-preload';

/** Cards per page of the shop's list (the first page is among the preloaded answers). */
export const SHOP_LIST_PER_PAGE = 12;

/**
 * The same key for the same read however its address was written: the path as it is, the query
 * sorted by name (the shop builds its queries from objects whose key order varies, and leaves
 * empty values out).
 */
export function preloadKey(url: string): string {
  const [path, query] = url.split('?');
  const params = new URLSearchParams(query);
  params.sort();
  const sorted = `${params}`;
  return sorted ? `${path}?${sorted}` : path!;
}
