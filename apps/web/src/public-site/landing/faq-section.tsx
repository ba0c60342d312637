import { useSite } from '../context';
import type { FaqEntry, SiteLanguage, TextPerLanguage } from '../types';

/** Contract §2's fallback: the language, then English, then the first text there is. */
export function pick(value: TextPerLanguage, lang: SiteLanguage): string {
  return value[lang] || value.en || Object.values(value).find(Boolean) || '';
}

/** The FAQ of `GET /api/faq`, as native disclosure widgets (keyboard and screen readers for free). */
export function FaqSection({ faq }: { faq: FaqEntry[] | null }) {
  const { t, lang } = useSite();
  if (faq && faq.length === 0) return null;
  return (
    <section className="section" id="faq" aria-labelledby="faq-heading" aria-busy={faq === null}>
      <h2 id="faq-heading">{t('landing.faq.heading')}</h2>
      {faq && (
        <div className="faq">
          {faq.map((item, i) => (
            <details key={i}>
              <summary>{pick(item.question, lang)}</summary>
              <p>{pick(item.answer, lang)}</p>
            </details>
          ))}
        </div>
      )}
    </section>
  );
}
