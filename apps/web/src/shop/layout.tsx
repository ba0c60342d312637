import type { CSSProperties, ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { brandColors } from './color';
import { AccountLink } from './account/account-link';
import { postToParent, type EmbedSettings } from './embed/embed-frame';
import { LANGUAGE_NAMES, type ShopLanguage } from './i18n';
import { Link, useLocation } from './router';
import { useShop } from './shop-context';

// The programme's calendar feed (CONTRACT §8): its own small chunk with its texts, after the page.

/** The product's name from the app state the server puts into the page (for "powered by"). */
function appName(): string {
  try {
    const state = JSON.parse(document.getElementById('app-state')?.textContent ?? '{}') as { appName?: unknown };
    return typeof state.appName === 'string' && state.appName ? state.appName : 'Bookla';
  } catch {
    return 'Bookla';
  }
}

/** The team's colour as the stylesheet's custom properties. */
function useBrandStyle(): CSSProperties {
  const { team } = useShop();
  const colors = brandColors(team?.primary_color);
  return { '--brand': colors.brand, '--on-brand': colors.onBrand, '--brand-ink': colors.brandInk } as CSSProperties;
}

/** The page's language; after a navigation inside the shop, screen readers and keyboards start at the new page. */
function usePageFocus() {
  const { lang } = useShop();
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus({ preventScroll: true });
  }, [pathname]);

  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  return main;
}

/**
 * The white-label frame: the team's logo, name and colour, its languages only, and a small
 * "powered by" link. No back-office chrome. In an embed (`embed` set) only the page itself.
 */
export function ShopLayout({
  children,
  languages,
  embed = null,
}: {
  children: ReactNode;
  languages: readonly ShopLanguage[];
  embed?: EmbedSettings | null;
}) {
  if (embed) return <EmbedLayout origin={embed.origin}>{children}</EmbedLayout>;
  return <FullLayout languages={languages}>{children}</FullLayout>;
}

function FullLayout({ children, languages }: { children: ReactNode; languages: readonly ShopLanguage[] }) {
  const { t, team, base, lang } = useShop();
  const style = useBrandStyle();
  const main = usePageFocus();

  return (
    <div className="shop" style={style}>
      <a className="skip-link" href="#main">
        {t('layout.skip')}
      </a>
      <header className="shop-header">
        <div className="wrap header-row">
          {team ? (
            <Link to={base} className="brand">
              {team.logo_url && <img src={team.logo_url} alt="" height={40} className="logo" />}
              <span>{team.name}</span>
            </Link>
          ) : (
            <span />
          )}
          <div className="header-tools">
            <AccountLink />
            <LanguageSwitch languages={languages} />
          </div>
        </div>
      </header>
      <main id="main" ref={main} tabIndex={-1} className="wrap shop-main">
        {children}
      </main>
      <footer className="wrap shop-footer">
        <a href={`/${lang}/provider`}>{t('layout.poweredBy', { name: appName() })}</a>
      </footer>
    </div>
  );
}

function LanguageSwitch({ languages }: { languages: readonly ShopLanguage[] }) {
  const { t, lang } = useShop();
  const { pathname, search } = useLocation();
  if (languages.length < 2) return null;
  const rest = pathname.split('/').slice(2).join('/');
  const query = search.toString();
  return (
    <nav aria-label={t('layout.language')} className="languages">
      {languages.map((l) => (
        <Link
          key={l}
          to={`/${l}/${rest}${query ? `?${query}` : ''}`}
          lang={l}
          hrefLang={l}
          aria-current={l === lang ? 'true' : undefined}
          title={LANGUAGE_NAMES[l]}
        >
          {l.toUpperCase()}
        </Link>
      ))}
    </nav>
  );
}

/**
 * The embed's frame (an iframe on the provider's website): no header or footer, no height of
 * its own; it tells the parent page its height whenever that changes (embed.js sizes the
 * iframe), and asks it to show its top when a new page opens inside.
 */
function EmbedLayout({ children, origin }: { children: ReactNode; origin: string | null }) {
  const style = useBrandStyle();
  const main = usePageFocus();
  const root = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const shown = useRef(pathname);

  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    postToParent(origin, { type: 'bookla:top' });
  }, [pathname, origin]);

  useEffect(() => {
    const el = root.current;
    if (!el || !origin) return;
    let last = -1;
    const send = () => {
      const height = Math.ceil(el.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      postToParent(origin, { type: 'bookla:height', height });
    };
    const observer = new ResizeObserver(send);
    observer.observe(el);
    send();
    return () => observer.disconnect();
  }, [origin]);

  return (
    <div ref={root} className="shop shop-embed" style={{ ...style, minHeight: 0 }}>
      <main id="main" ref={main} tabIndex={-1} className="wrap shop-main">
        {children}
      </main>
    </div>
  );
}
