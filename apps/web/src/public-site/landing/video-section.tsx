import { useRef } from 'react';
import { useSite } from '../context';
import { SITE_LANGUAGES } from '../types';
import { useNearViewport } from './use-near-viewport';

/** The product walk-through (tools/walkthrough records it from the running product). */
export const VIDEO = {
  src: '/landing/walkthrough.webm',
  poster: '/landing/walkthrough-poster.webp',
  captions: (lang: string) => `/landing/walkthrough.${lang}.vtt`,
  width: 1280,
  height: 720,
} as const;

/**
 * A `<video>` with controls, captions in every language (the page's language shown by default),
 * never autoplaying. Its poster is set when the section nears the viewport: until then nothing of
 * the video is downloaded.
 */
export function VideoSection() {
  const { t, lang } = useSite();
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  return (
    <section className="section" aria-labelledby="video-heading">
      <h2 id="video-heading">{t('landing.video.heading')}</h2>
      <p className="lead">{t('landing.video.text')}</p>
      <div className="video-frame" ref={ref}>
        <video
          controls
          preload="none"
          playsInline
          width={VIDEO.width}
          height={VIDEO.height}
          poster={near ? VIDEO.poster : undefined}
          aria-describedby="video-heading"
        >
          <source src={VIDEO.src} type="video/webm" />
          {SITE_LANGUAGES.map((l) => (
            <track key={l} kind="captions" src={VIDEO.captions(l)} srcLang={l} label={t(`language.${l}`)} default={l === lang} />
          ))}
          <p>
            {t('landing.video.fallback')} <a href={VIDEO.src}>{t('landing.video.download')}</a>
          </p>
        </video>
      </div>
    </section>
  );
}
