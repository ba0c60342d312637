import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/**
 * The shop's whole router: a path matcher over the few shop addresses, `history.pushState` for
 * links and `popstate` for the back button. (react-router would add ~20 KB gzip to a page that
 * has five routes.)
 */

/** Under `/{lang}/embed/{team}` (an iframe on a provider's website) a team's pages carry `embed: true`. */
type TeamPage =
  | { name: 'list'; lang: string; team: string; embed?: true; calendar?: true }
  | { name: 'activity'; lang: string; team: string; id: number; embed?: true }
  | { name: 'checkout'; lang: string; team: string; embed?: true }
  /** `id`: the order's public id (a UUID), never its sequential id. */
  | { name: 'order'; lang: string; team: string; id: string; embed?: true }
  | { name: 'testPayment'; lang: string; team: string; id: string; embed?: true }
  | { name: 'account'; lang: string; team: string; embed?: true }
  | { name: 'accountLink'; lang: string; team: string; embed?: true }
  | { name: 'subscriptions'; lang: string; team: string; embed?: true }
  | { name: 'waitinglistOffer'; lang: string; team: string; id: number; embed?: true }
  | { name: 'waitinglistRemove'; lang: string; team: string; id: number; embed?: true };

export type Route = TeamPage | { name: 'waitinglistRemoved'; lang: string } | { name: 'notFound'; lang: string };

const SEGMENT = '([^/]+)';
const ID = '(\\d{1,10})';
const PUBLIC_ID = '([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})';
/** `/{lang}/shop/{team}…` and `/{lang}/embed/{team}…`: the same pages, the rest of the path names which. */
const TEAM_BASE = new RegExp(`^/${SEGMENT}/(shop|embed)/${SEGMENT}(/.*)?$`);
type Team = { lang: string; team: string };
const TEAM_PAGES: [RegExp, (t: Team, m: string[]) => TeamPage][] = [
  [/^\/?$/, (t) => ({ name: 'list', ...t })],
  [new RegExp(`^/activity/${ID}/?$`), (t, [, id]) => ({ name: 'activity', ...t, id: Number(id) })],
  [/^\/checkout\/?$/, (t) => ({ name: 'checkout', ...t })],
  [new RegExp(`^/order/${PUBLIC_ID}/?$`), (t, [, id]) => ({ name: 'order', ...t, id: id! })],
  [new RegExp(`^/test-payment/${SEGMENT}/?$`), (t, [, id]) => ({ name: 'testPayment', ...t, id: id! })],
  [/^\/account\/?$/, (t) => ({ name: 'account', ...t })],
  [/^\/account\/link\/?$/, (t) => ({ name: 'accountLink', ...t })],
  [/^\/subscriptions\/?$/, (t) => ({ name: 'subscriptions', ...t })],
  [new RegExp(`^/waitinglist/${ID}/?$`), (t, [, id]) => ({ name: 'waitinglistOffer', ...t, id: Number(id) })],
  [new RegExp(`^/waitinglist/${ID}/remove/?$`), (t, [, id]) => ({ name: 'waitinglistRemove', ...t, id: Number(id) })],
];
/** Embeds only: `/{lang}/embed/{team}/calendar` is the list in its calendar view. */
const EMBED_CALENDAR = /^\/calendar\/?$/;
const WAITINGLIST_REMOVED = new RegExp(`^/${SEGMENT}/waitinglist/remove/success/?$`);

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

export function matchRoute(pathname: string): Route {
  const base = TEAM_BASE.exec(pathname);
  if (base) {
    const [, lang, kind, team, rest = ''] = base;
    const t: Team = { lang: decode(lang!), team: decode(team!) };
    const embed = kind === 'embed';
    if (embed && EMBED_CALENDAR.test(rest)) return { name: 'list', ...t, embed, calendar: true };
    for (const [re, make] of TEAM_PAGES) {
      const m = re.exec(rest);
      if (m) return embed ? { ...make(t, m.map(decode)), embed } : make(t, m.map(decode));
    }
  }
  const removed = WAITINGLIST_REMOVED.exec(pathname);
  if (removed) return { name: 'waitinglistRemoved', lang: decode(removed[1]!) };
  return { name: 'notFound', lang: decode(pathname.split('/')[1] ?? '') };
}

/**
 * Where a team's pages live for this visit: `/{lang}/shop/{team}`, or `/{lang}/embed/{team}` so
 * that every link inside an embed stays in it.
 */
export const teamBase = (lang: string, team: string, embed: boolean) => `/${lang}/${embed ? 'embed' : 'shop'}/${encodeURIComponent(team)}`;

/**
 * Embeds change where some addresses lead (see embed/embed-frame.ts): the URL to go to instead,
 * or null when the change was handled otherwise (e.g. opened at the top level).
 */
type Redirect = (url: URL) => URL | null;
let redirect: Redirect | null = null;
export function setNavigationRedirect(next: Redirect | null): void {
  redirect = next;
}

const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}
const snapshot = () => window.location.pathname + window.location.search;

/** The current path and query; re-renders on every navigation. */
export function useLocation(): { pathname: string; search: URLSearchParams; href: string } {
  const href = useSyncExternalStore(subscribe, snapshot, snapshot);
  const q = href.indexOf('?');
  return { href, pathname: q < 0 ? href : href.slice(0, q), search: new URLSearchParams(q < 0 ? '' : href.slice(q)) };
}

/** Goes to a shop address without a page load; other origins are loaded normally. */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  let url: URL | null = new URL(to, window.location.href);
  if (redirect) url = redirect(url);
  if (!url) return;
  if (url.origin !== window.location.origin) {
    window.location.assign(url.href);
    return;
  }
  const path = url.pathname + url.search + url.hash;
  if (options.replace) window.history.replaceState(null, '', path);
  else window.history.pushState(null, '', path);
  if (!options.replace) window.scrollTo(0, 0);
  for (const listener of listeners) listener();
}

const isPlainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey && !e.defaultPrevented;

/** An ordinary link (opens in a new tab, can be copied) that navigates in place on a plain click. */
export function Link({ to, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  return (
    <a
      {...rest}
      href={to}
      onClick={(e) => {
        onClick?.(e);
        if (!rest.target && isPlainClick(e)) {
          e.preventDefault();
          navigate(to);
        }
      }}
    />
  );
}
