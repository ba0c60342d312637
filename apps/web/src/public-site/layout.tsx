import type { ReactNode } from 'react';
import { useSite } from './context';
import { LanguageSwitch } from './language-switch';
import { FOOTER_PAGES, SOCIAL_PROFILES } from './links';

export const MAIN_ID = 'main-content';

/** The clean layout of the public pages: brand, login and register, language switch, legal footer. */
export function SiteLayout({ year, children }: { year: number; children: ReactNode }) {
  const { lang, appName, t } = useSite();
  return (
    <div className="site">
      <a className="skip-link" href={`#${MAIN_ID}`}>
        {t('skipToContent')}
      </a>
      <header className="site-header">
        <div className="wrap header-row">
          <a className="brand" href={`/${lang}/provider`} aria-label={t('site.home', { appName })}>
            <img src="/favicon.svg" alt="" width="28" height="28" />
            <span>{appName}</span>
          </a>
          <nav aria-label={t('nav.main')} className="header-nav">
            <a href={`/${lang}/login`}>{t('nav.login')}</a>
            <a className="button small" href={`/${lang}/register`}>
              {t('nav.register')}
            </a>
          </nav>
          <LanguageSwitch />
        </div>
      </header>
      <main id={MAIN_ID} tabIndex={-1} className="site-main">
        {children}
      </main>
      <footer className="site-footer">
        <div className="wrap footer-grid">
          <nav aria-label={t('footer.label')}>
            <ul className="footer-links">
              {FOOTER_PAGES.map((page) => (
                <li key={page.type}>
                  <a href={`/${lang}/${page.type}`}>{t(page.label)}</a>
                </li>
              ))}
            </ul>
          </nav>
          <ul className="social" aria-label={t('site.social', { appName })}>
            {SOCIAL_PROFILES.map((profile) => (
              <li key={profile.network}>
                <a href={profile.href} rel="me noopener" target="_blank" aria-label={t(profile.label, { appName })}>
                  <SocialIcon network={profile.network} />
                </a>
              </li>
            ))}
          </ul>
          <p className="copyright">
            © {year} {appName}. {t('site.rights')}
          </p>
        </div>
      </footer>
    </div>
  );
}

function SocialIcon({ network }: { network: 'linkedin' | 'instagram' }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      {network === 'linkedin' ? (
        <path
          fill="currentColor"
          d="M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.75h4v11H3zM9.5 9.75h3.8v1.5h.06c.53-1 1.83-1.8 3.5-1.8 3.74 0 4.14 2.3 4.14 5.3v6h-4v-5.3c0-1.27-.03-2.9-1.8-2.9-1.8 0-2.07 1.38-2.07 2.8v5.4h-4z"
        />
      ) : (
        <path
          fill="currentColor"
          d="M12 7.3a4.7 4.7 0 1 0 0 9.4 4.7 4.7 0 0 0 0-9.4zm0 7.75a3.05 3.05 0 1 1 0-6.1 3.05 3.05 0 0 1 0 6.1zM17 5.9a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2zM21.5 8c-.05-1.5-.4-2.8-1.5-3.9S17.5 2.55 16 2.5C14.4 2.4 9.6 2.4 8 2.5c-1.5.05-2.8.4-3.9 1.5S2.55 6.5 2.5 8c-.1 1.6-.1 6.4 0 8 .05 1.5.4 2.8 1.5 3.9s2.4 1.45 3.9 1.5c1.6.1 6.4.1 8 0 1.5-.05 2.8-.4 3.9-1.5s1.45-2.4 1.5-3.9c.1-1.6.1-6.4 0-8zm-2 9.9a3.2 3.2 0 0 1-1.8 1.8c-1.25.5-4.2.38-5.6.38s-4.37.1-5.6-.38a3.2 3.2 0 0 1-1.8-1.8c-.5-1.25-.38-4.2-.38-5.6s-.1-4.37.38-5.6A3.2 3.2 0 0 1 6.5 4.4c1.25-.5 4.2-.38 5.6-.38s4.37-.1 5.6.38a3.2 3.2 0 0 1 1.8 1.8c.5 1.25.38 4.2.38 5.6s.12 4.37-.38 5.6z"
        />
      )}
    </svg>
  );
}
