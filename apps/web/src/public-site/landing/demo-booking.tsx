import { useEffect, useRef } from 'react';
import { useSite } from '../context';
import { useNearViewport } from './use-near-viewport';

export const EMBED_SCRIPT = '/embed.js';

/** Adds the embed script once; it turns every `[data-bookla-team]` element into a booking iframe. */
export function loadEmbedScript(doc: Document = document): void {
  if (doc.querySelector(`script[src="${EMBED_SCRIPT}"]`)) return;
  const script = doc.createElement('script');
  script.src = EMBED_SCRIPT;
  script.async = true;
  doc.body.append(script);
}

/**
 * The demo provider's real booking calendar, embedded exactly as a provider embeds it on their
 * own website (CONTRACT §4), so a visitor can try a booking. The script loads only when the
 * section nears the viewport.
 */
export function DemoBooking({ teamId }: { teamId: number | null }) {
  const { t, lang } = useSite();
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  useEffect(() => {
    if (near && teamId !== null) loadEmbedScript();
  }, [near, teamId]);

  return (
    <section className="section" id="demo" aria-labelledby="demo-heading">
      <h2 id="demo-heading">{t('landing.demo.heading')}</h2>
      <p className="lead">{t('landing.demo.text')}</p>
      <div ref={ref}>
        {teamId === null ? (
          <p className="muted">{t('landing.demo.unavailable')}</p>
        ) : (
          <>
            <div className="demo-embed" data-bookla-team={teamId} data-view="calendar" data-lang={lang} />
            <p>
              <a href={`/${lang}/shop/${teamId}`}>{t('landing.demo.shopLink')}</a>
            </p>
          </>
        )}
      </div>
    </section>
  );
}
