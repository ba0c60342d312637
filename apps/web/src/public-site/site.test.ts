import { afterEach, describe, expect, it, vi } from 'vitest';
import { contentTypeOf, loadProps, readInjectedProps } from './data';
import { chf, percent } from './format';
import { createT } from './i18n';
import { EMBLA_DURATION, emblaSettleMs, SLIDES, TRANSITION_MS } from './landing/slides';
import { pathInLanguage } from './links';

afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById('public-data')?.remove();
});

describe('prices as the Swiss write them, the same on the server and in the browser', () => {
  it('francs and percentages per language', () => {
    expect(chf(0, 'de')).toBe('CHF\u00a00');
    expect(chf(139, 'en')).toBe('CHF\u00a0139');
    expect(chf(0.49, 'de')).toBe('CHF\u00a00.49');
    expect(chf(0.49, 'fr')).toBe('0,49\u00a0CHF');
    expect(percent(0.079, 'de')).toBe('7.9\u00a0%');
    expect(percent(0.039, 'en')).toBe('3.9%');
    expect(percent(0.079, 'fr')).toBe('7,9\u00a0%');
    expect(percent(0.1, 'en')).toBe('10%');
  });
});

describe('the carousel’s timing (spec §9)', () => {
  it('has 13 images', () => {
    expect(SLIDES).toHaveLength(13);
  });

  it('Embla’s duration brings a slide to its place in about 800 ms', () => {
    const within1Percent = emblaSettleMs(EMBLA_DURATION, 0.01);
    expect(within1Percent).toBeGreaterThan(TRANSITION_MS - 100);
    expect(within1Percent).toBeLessThan(TRANSITION_MS + 100);
    // A longer duration is slower: the calibration means something.
    expect(emblaSettleMs(EMBLA_DURATION + 10)).toBeGreaterThan(within1Percent);
  });
});

describe('the page’s data', () => {
  it('reads the props the server put in, and nothing malformed', () => {
    expect(readInjectedProps()).toBeNull();
    const block = document.createElement('script');
    block.id = 'public-data';
    block.type = 'application/json';
    block.textContent = JSON.stringify({ lang: 'fr', appName: 'Bookla', year: 2031, page: { kind: 'landing', faq: [], demoTeamId: 3 } });
    document.head.append(block);
    expect(readInjectedProps()).toMatchObject({ lang: 'fr', page: { demoTeamId: 3 } });
    block.textContent = '{"lang":"xx","page":{}}';
    expect(readInjectedProps()).toBeNull();
    block.textContent = 'not json';
    expect(readInjectedProps()).toBeNull();
  });

  it('knows the landing page from content pages by the address', () => {
    expect(contentTypeOf('/')).toBeNull();
    expect(contentTypeOf('/de/provider')).toBeNull();
    expect(contentTypeOf('/en/agb')).toBe('agb');
  });

  it('asks the API for what the server would have put in (Vite’s dev server)', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      const body = url.startsWith('/api/content/')
        ? { title: 'Impressum', content: '<p>Bookla AG</p>' }
        : url === '/api/faq'
          ? [{ question: { de: 'Q' }, answer: { de: 'A' } }]
          : { data: { id: 9 } };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    expect(await loadProps('/de/imprint', 'de')).toMatchObject({
      lang: 'de',
      page: { kind: 'content', type: 'imprint', title: 'Impressum' },
    });
    expect(fetchMock).toHaveBeenCalledWith('/api/content/imprint/frontend?language=de', expect.anything());
    expect(await loadProps('/', 'fr')).toMatchObject({
      lang: 'fr',
      page: { kind: 'landing', demoTeamId: 9, faq: [{ question: { de: 'Q' } }] },
    });
  });
});

describe('texts and addresses', () => {
  it('translates with interpolation and falls back to English, then to the key', () => {
    const t = createT('fr');
    expect(t('landing.pricing.cta', { plan: 'Business' })).toBe('Commencer avec Business');
    expect(t('footer.privacy')).toBe(createT('fr')('footer.privacy'));
    expect(t('no.such.key')).toBe('no.such.key');
  });

  it('opens the same page in another language', () => {
    expect(pathInLanguage('/de/agb', 'en')).toBe('/en/agb');
    expect(pathInLanguage('/', 'fr')).toBe('/fr/provider');
    expect(pathInLanguage('/en/provider', 'de')).toBe('/de/provider');
  });
});
