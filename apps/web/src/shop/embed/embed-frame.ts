import { saveReservation, type HeldReservation } from '../reservation';

/**
 * The shop inside an iframe on a provider's website (`/{lang}/embed/{team}…`, made by embed.js):
 * where it may send its height, where its links lead, and how a checkout opened in a new tab
 * takes the held seats along.
 */

export interface EmbedSettings {
  /** The parent page's origin, checked; null: the height is sent nowhere. */
  origin: string | null;
  /** `tab`: the provider wants the checkout in a new tab (`data-checkout="tab"`). */
  checkout: 'frame' | 'tab';
}

const NAME_PREFIX = 'bookla-embed:';
export const EMBED_PATH = /^\/[^/]+\/embed\//;
export const isEmbedPath = (pathname: string) => EMBED_PATH.test(pathname);

/**
 * The `origin` embed.js passes, if it is a plain http(s) origin and, where the browser tells
 * (`location.ancestorOrigins`), the parent's own. Anything else sends no messages at all.
 */
export function parentOrigin(
  raw: string | null,
  ancestors: ArrayLike<string> | undefined = window.location.ancestorOrigins,
): string | null {
  if (!raw || raw.length > 300) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== raw) return null;
  // A parent with `referrer-policy: no-referrer` shows as "null": no contradiction to find then.
  const parent = ancestors && ancestors.length ? ancestors[0] : undefined;
  if (parent && parent !== 'null' && parent !== raw) return null;
  return raw;
}

/**
 * The settings embed.js put into the iframe's first address. They are kept in `window.name`
 * (per iframe, survives a reload inside it) because links inside the embed drop the query.
 */
export function embedSettings(search: URLSearchParams = new URLSearchParams(window.location.search)): EmbedSettings {
  let stored: Partial<Record<'origin' | 'checkout', unknown>> = {};
  if (window.name.startsWith(NAME_PREFIX)) {
    try {
      stored = JSON.parse(window.name.slice(NAME_PREFIX.length)) as typeof stored;
    } catch {
      stored = {};
    }
  }
  const fromQuery = search.has('origin');
  const rawOrigin = fromQuery ? search.get('origin') : typeof stored.origin === 'string' ? stored.origin : null;
  const rawCheckout = fromQuery ? search.get('checkout') : stored.checkout;
  const settings: EmbedSettings = { origin: parentOrigin(rawOrigin), checkout: rawCheckout === 'tab' ? 'tab' : 'frame' };
  if (fromQuery) window.name = NAME_PREFIX + JSON.stringify({ origin: rawOrigin, checkout: settings.checkout });
  return settings;
}

/** Sends one of the two messages embed.js takes, to the checked parent origin only. */
export function postToParent(origin: string | null, message: { type: 'bookla:height'; height: number } | { type: 'bookla:top' }): void {
  if (!origin || window.parent === window) return;
  window.parent.postMessage(message, origin);
}

/**
 * Where a navigation inside an embed leads: the shop's own addresses (an order's `order_url`, the
 * test payment page) stay in the embed; another site (a payment provider's hosted page, which
 * refuses to be framed) opens in the whole window, or in a new tab where that is not allowed.
 */
export function embedRedirect(url: URL): URL | null {
  if (!isEmbedPath(window.location.pathname)) return url;
  if (url.origin === window.location.origin) {
    const shop = /^\/([^/]+)\/shop\//.exec(url.pathname);
    if (shop) url.pathname = `/${shop[1]}/embed/${url.pathname.slice(shop[0].length)}`;
    return url;
  }
  try {
    window.top!.location.href = url.href;
  } catch {
    window.open(url.href, '_blank', 'noopener');
  }
  return null;
}

// ------------------------------------------------------------- checkout in a new tab

const HANDOVER = '#reservation=';

/** The shop's checkout with the held seats in the fragment (never sent to a server or logged). */
export function handoverUrl(lang: string, team: string, held: HeldReservation): string {
  return `${window.location.origin}/${lang}/shop/${encodeURIComponent(team)}/checkout${HANDOVER}${encodeURIComponent(JSON.stringify(held))}`;
}

const isInt = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isText = (v: unknown, max: number): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;

function isHeld(v: unknown): v is HeldReservation {
  if (!v || typeof v !== 'object') return false;
  const r = v as Record<string, unknown>;
  return (
    isText(r.token, 200) &&
    isText(r.expires_at, 40) &&
    isNum(r.total) &&
    isText(r.currency, 3) &&
    isInt(r.team_id) &&
    isInt(r.activity_id) &&
    Array.isArray(r.items) &&
    r.items.length > 0 &&
    r.items.length <= 20 &&
    r.items.every((i: unknown) => {
      const item = (i ?? {}) as Record<string, unknown>;
      return (
        isInt(item.ticket_id) &&
        isInt(item.activity_id) &&
        isText(item.name, 500) &&
        isInt(item.quantity) &&
        isNum(item.price) &&
        isNum(item.total)
      );
    })
  );
}

/**
 * In the new tab: takes over the seats handed over in the address, then removes them from it
 * (and from the history entry). A malformed handover is dropped; the checkout then says no seats are held.
 */
export function adoptHandover(): void {
  const { hash, pathname, search } = window.location;
  if (!hash.startsWith(HANDOVER) || !/^\/[^/]+\/shop\/[^/]+\/checkout\/?$/.test(pathname)) return;
  let held: unknown = null;
  try {
    held = JSON.parse(decodeURIComponent(hash.slice(HANDOVER.length)));
  } catch {
    held = null;
  }
  window.history.replaceState(null, '', pathname + search);
  if (isHeld(held)) saveReservation(held);
}
