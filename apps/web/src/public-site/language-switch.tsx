import { useSite } from './context';
import { pathInLanguage } from './links';
import { SITE_LANGUAGES, type SiteLanguage } from './types';

/**
 * Tells the server (so mails and the next visit to `/` use the language), then opens the same
 * page in the other language — a new page load, as these pages are rendered by the server.
 */
export function LanguageSwitch() {
  const { lang, t } = useSite();

  const choose = async (next: SiteLanguage) => {
    if (next === lang) return;
    try {
      await fetch(`/api/language/change/${next}`, { credentials: 'same-origin', headers: { accept: 'application/json' } });
    } catch (error) {
      // The address decides the language anyway; the server learns it with the next call.
      console.error('Could not store the language', error);
    }
    const { pathname, search, hash } = window.location;
    window.location.assign(`${pathInLanguage(pathname, next)}${search}${hash}`);
  };

  return (
    <div role="group" aria-label={t('language.label')} className="lang-switch">
      {SITE_LANGUAGES.map((l) => (
        <button key={l} type="button" lang={l} aria-pressed={l === lang} onClick={() => void choose(l)}>
          {/* The name starts with what is seen (WCAG 2.5.3, "label in name"): "DE Deutsch". */}
          {l.toUpperCase()}
          <span className="visually-hidden"> {t(`language.${l}`)}</span>
        </button>
      ))}
    </div>
  );
}
