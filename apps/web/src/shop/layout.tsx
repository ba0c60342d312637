import type { CSSProperties, ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { brandColors } from './color';
import { LANGUAGE_NAMES, type ShopLanguage } from './i18n';
import { Link, useLocation } from './router';
import { useShop } from './shop-context';

/** The product's name from the app state the server puts into the page (for "powered by"). */
function appName(): string {
  try {
    const state = JSON.parse(document.getElementById('app-state')?.textContent ?? '{}') as { appName?: unknown };
    return typeof state.appName === 'string' && state.appName ? state.appName : 'Bookla';
  } catch {
    return 'Bookla';
  }
}

/**
 * The white-label frame: the team's logo, name and colour, its languages only, and a small
 * "powered by" link. No back-office chrome.
 */
export function ShopLayout({ children, languages }: { children: ReactNode; languages: readonly ShopLanguage[] }) {
  const { t, team, base, lang } = useShop();
  const { pathname } = useLocation();
  const colors = brandColors(team?.primary_color);
  const style = { '--brand': colors.brand, '--on-brand': colors.onBrand, '--brand-ink': colors.brandInk } as CSSProperties;

  // After a navigation inside the shop, screen readers and keyboards start at the new page.
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
          <LanguageSwitch languages={languages} />
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
