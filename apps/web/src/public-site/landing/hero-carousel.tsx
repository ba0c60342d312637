import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useState } from 'react';
import { useSite } from '../context';
import { AUTOPLAY_MS, EMBLA_DURATION, SLIDE_HEIGHT, SLIDE_WIDTH, SLIDES } from './slides';

const reducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The hero carousel (Embla): 13 images, a new one every 4000 ms, paused while the pointer is over
 * it or focus is in it, while the tab is hidden, after the pause button, and from the start for
 * visitors who prefer reduced motion (who then also get no sliding animation). The first image
 * is the page's largest paint: eager and high priority; the others load lazily, each one a slide
 * ahead of being shown.
 */
export function HeroCarousel() {
  const { t } = useSite();
  const [motion] = useState(() => (typeof window === 'undefined' ? true : !reducedMotion()));
  const [emblaRef, embla] = useEmblaCarousel({ loop: true, duration: motion ? EMBLA_DURATION : 0 });
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [hidden, setHidden] = useState(false);
  // Slides allowed to load: the shown one and the next (SSR: only the first).
  const [wanted, setWanted] = useState<ReadonlySet<number>>(() => new Set([0]));

  useEffect(() => {
    if (!motion) setPlaying(false);
  }, [motion]);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setIndex(embla.selectedScrollSnap());
    embla.on('select', onSelect);
    return () => {
      embla.off('select', onSelect);
    };
  }, [embla]);

  useEffect(() => {
    setWanted((prev) => {
      const next = (index + 1) % SLIDES.length;
      if (prev.has(index) && prev.has(next)) return prev;
      return new Set([...prev, index, next]);
    });
  }, [index]);

  useEffect(() => {
    const onVisibility = () => setHidden(document.visibilityState === 'hidden');
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  const running = playing && !hovered && !focused && !hidden && !!embla;
  useEffect(() => {
    if (!running || !embla) return;
    // Restarted on every change of slide, so a click on an arrow gives the new image its 4 s.
    const timer = window.setTimeout(() => embla.scrollNext(), AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [running, embla, index]);

  const goTo = useCallback((i: number) => embla?.scrollTo(i), [embla]);

  return (
    <section
      className="hero-carousel"
      aria-roledescription="carousel"
      aria-label={t('landing.hero.label')}
      data-autoplay={running ? 'on' : 'off'}
      data-interval={AUTOPLAY_MS}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="hero-viewport" ref={emblaRef}>
        <div className="hero-track" aria-live={running ? 'off' : 'polite'}>
          {SLIDES.map((slide, i) => (
            <div
              key={slide.key}
              className="hero-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={t('landing.hero.position', { index: i + 1, count: SLIDES.length })}
              aria-hidden={i !== index}
            >
              <img
                src={slide.src}
                alt={t(`landing.hero.images.${slide.key}`)}
                width={SLIDE_WIDTH}
                height={SLIDE_HEIGHT}
                loading={wanted.has(i) ? 'eager' : 'lazy'}
                decoding={i === 0 ? 'sync' : 'async'}
                fetchPriority={i === 0 ? 'high' : 'low'}
                draggable={false}
              />
            </div>
          ))}
        </div>
      </div>
      <div className="hero-controls">
        <button type="button" className="icon-button" onClick={() => embla?.scrollPrev()} aria-label={t('landing.hero.previous')}>
          <Chevron dir="left" />
        </button>
        <button
          type="button"
          className="icon-button"
          onClick={() => setPlaying((p) => !p)}
          aria-label={playing ? t('landing.hero.pause') : t('landing.hero.play')}
        >
          {playing ? <PauseIcon /> : <PlayIcon />}
        </button>
        <button type="button" className="icon-button" onClick={() => embla?.scrollNext()} aria-label={t('landing.hero.next')}>
          <Chevron dir="right" />
        </button>
        <div className="hero-dots" role="group" aria-label={t('landing.hero.dots')}>
          {SLIDES.map((slide, i) => (
            <button
              key={slide.key}
              type="button"
              className="dot"
              aria-label={t('landing.hero.goTo', { index: i + 1 })}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => goTo(i)}
            />
          ))}
        </div>
      </div>
    </section>
  );
}

const Chevron = ({ dir }: { dir: 'left' | 'right' }) => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path
      d={dir === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
    />
  </svg>
);
const PauseIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path d="M8 5v14M16 5v14" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
  </svg>
);
const PlayIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path d="M7 4.5v15l13-7.5z" fill="currentColor" />
  </svg>
);
