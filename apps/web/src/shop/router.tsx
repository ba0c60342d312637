import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/**
 * The shop's whole router: a path matcher over the few shop addresses, `history.pushState` for
 * links and `popstate` for the back button. (react-router would add ~20 KB gzip to a page that
 * has five routes.)
 */

export type Route =
  | { name: 'list'; lang: string; team: string }
  | { name: 'activity'; lang: string; team: string; id: number }
  | { name: 'checkout'; lang: string; team: string }
  | { name: 'order'; lang: string; team: string; id: number }
  | { name: 'testPayment'; lang: string; team: string; id: string }
  | { name: 'account'; lang: string; team: string }
  | { name: 'accountLink'; lang: string; team: string }
  | { name: 'waitinglistOffer'; lang: string; team: string; id: number }
  | { name: 'waitinglistRemoved'; lang: string }
  | { name: 'notFound'; lang: string };

const SEGMENT = '([^/]+)';
const ID = '(\\d{1,10})';
const PATTERNS: [RegExp, (m: string[]) => Route][] = [
  [new RegExp(`^/${SEGMENT}/shop/${SEGMENT}/?$`), ([, lang, team]) => ({ name: 'list', lang: lang!, team: team! })],
  [
    new RegExp(`^/${SEGMENT}/shop/${SEGMENT}/activity/${ID}/?$`),
    ([, lang, team, id]) => ({ name: 'activity', lang: lang!, team: team!, id: Number(id) }),
  ],
  [new RegExp(`^/${SEGMENT}/shop/${SEGMENT}/checkout/?$`), ([, lang, team]) => ({ name: 'checkout', lang: lang!, team: team! })],
  [
    new RegExp(`^/${SEGMENT}/shop/${SEGMENT}/order/${ID}/?$`),
    ([, lang, team, id]) => ({ name: 'order', lang: lang!, team: team!, id: Number(id) }),
  ],
  [
    new RegExp(`^/${SEGMENT}/shop/${SEGMENT}/test-payment/${SEGMENT}/?$`),
    ([, lang, team, id]) => ({ name: 'testPayment', lang: lang!, team: team!, id: id! }),
  ],
  [new RegExp(`^/${SEGMENT}/shop/${SEGMENT}/account/?$`), ([, lang, team]) => ({ name: 'account', lang: lang!, team: team! })],
  [new RegExp(`^/${SEGMENT}/shop/${SEGMENT}/account/link/?$`), ([, lang, team]) => ({ name: 'accountLink', lang: lang!, team: team! })],
  [
    new RegExp(`^/${SEGMENT}/shop/${SEGMENT}/waitinglist/${ID}/?$`),
    ([, lang, team, id]) => ({ name: 'waitinglistOffer', lang: lang!, team: team!, id: Number(id) }),
  ],
  [new RegExp(`^/${SEGMENT}/waitinglist/remove/success/?$`), ([, lang]) => ({ name: 'waitinglistRemoved', lang: lang! })],
];

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

export function matchRoute(pathname: string): Route {
  for (const [re, make] of PATTERNS) {
    const m = re.exec(pathname);
    if (m) return make(m.map((part) => (part === undefined ? part : decode(part))) as string[]);
  }
  return { name: 'notFound', lang: decode(pathname.split('/')[1] ?? '') };
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
  const url = new URL(to, window.location.href);
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
