import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildEmbed, EMBED_GZIP_BUDGET, gzipBytes } from '../../scripts/build-embed.ts';

/**
 * The shipped embed.js (built here exactly as `vite build` emits it), run in a provider's page
 * at https://provider.test that loads it from the app at https://app.test.
 */

const APP = 'https://app.test';
const PROVIDER = 'https://provider.test';
const ORIGIN = encodeURIComponent(PROVIDER);
let code = '';
beforeAll(async () => {
  code = await buildEmbed();
  // Iframes get a window of their own, but happy-dom navigates none of them (no network).
  const happyDOM = (window as unknown as { happyDOM: HappyDom }).happyDOM;
  happyDOM.settings.enableIframePageLoading = true;
  happyDOM.settings.navigation.disableChildFrameNavigation = true;
  happyDOM.setURL(`${PROVIDER}/kurse`);
});

interface HappyDom {
  setURL(url: string): void;
  settings: { enableIframePageLoading: boolean; navigation: { disableChildFrameNavigation: boolean } };
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
  document.body.replaceChildren();
  document.documentElement.lang = '';
});

/** Runs the loader as if `<script src="https://app.test/embed.js" async>` had just executed. */
function runLoader() {
  const script = document.createElement('script');
  // A data-src stand-in: happy-dom would otherwise try to fetch it; the loader reads `.src`.
  Object.defineProperty(script, 'src', { value: `${APP}/embed.js` });
  document.head.append(script);
  const before = Object.getOwnPropertyDescriptor(Document.prototype, 'currentScript');
  Object.defineProperty(document, 'currentScript', { configurable: true, get: () => script });
  const added: [string, EventListenerOrEventListenerObject][] = [];
  const original = window.addEventListener.bind(window);
  window.addEventListener = ((type: string, listener: EventListenerOrEventListenerObject, opts?: boolean | AddEventListenerOptions) => {
    added.push([type, listener]);
    original(type, listener, opts);
  }) as typeof window.addEventListener;
  try {
    new Function(code)();
  } finally {
    window.addEventListener = original;
    delete (document as { currentScript?: unknown }).currentScript;
    if (before) Object.defineProperty(Document.prototype, 'currentScript', before);
  }
  cleanups.push(() => {
    for (const [type, listener] of added) window.removeEventListener(type, listener);
    script.remove();
  });
}

const frames = () => [...document.querySelectorAll<HTMLIFrameElement>('iframe[data-bookla-frame]')];
const mutations = () => new Promise((resolve) => setTimeout(resolve, 0));

function post(frame: HTMLIFrameElement | null, data: unknown, origin = APP) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: frame?.contentWindow ?? null }));
}

describe('embed.js', () => {
  it(`is at most ${EMBED_GZIP_BUDGET} bytes gzip, and a classic script without imports or globals`, () => {
    const size = gzipBytes(code);
    console.log(`embed.js: ${code.length} bytes, ${size} bytes gzip`);
    expect(size).toBeLessThanOrEqual(EMBED_GZIP_BUDGET);
    expect(code).not.toMatch(/\bimport\b|\bexport\b/);
    expect(code.trim()).toMatch(/^"use strict";\(\(\)=>\{[\s\S]*\}\)\(\);$/);
  });

  it('makes data-view="subscriptions" the embed page of the team’s memberships and passes', () => {
    document.body.innerHTML = `<div id="subs" data-bookla-team="7" data-view="subscriptions" data-lang="fr" data-checkout="tab"></div>`;
    runLoader();
    expect(document.getElementById('subs')!.querySelector('iframe')!.src).toBe(
      `${APP}/fr/embed/7/subscriptions?checkout=tab&origin=${ORIGIN}`,
    );
  });

  it('turns every [data-bookla-team] element into an iframe of the embed page, with its view, filters and language', () => {
    document.body.innerHTML = `
      <div id="list" data-bookla-team="7" data-lang="en"><a href="${APP}/en/shop/7">Book online</a></div>
      <div id="cal" data-bookla-team="yoga-loft" data-view="calendar" data-type-set="3" data-location="9" data-lang="fr"></div>
      <div id="one" data-bookla-team="7" data-view="activity" data-activity="12" data-checkout="tab" data-title="Open day"></div>
      <div id="bad" data-bookla-team="7" data-lang="it" data-type-set="x" data-location="1;2" data-view="activity" data-activity="abc"></div>`;
    document.documentElement.lang = 'de-CH';
    runLoader();
    const frameIn = (id: string) => document.getElementById(id)!.querySelector('iframe')!;
    const [list, cal, one, bad] = [frameIn('list'), frameIn('cal'), frameIn('one'), frameIn('bad')];
    const origin = ORIGIN;
    expect(list.src).toBe(`${APP}/en/embed/7?origin=${origin}`);
    expect(cal.src).toBe(`${APP}/fr/embed/yoga-loft?view=calendar&type=3&location=9&origin=${origin}`);
    expect(one.src).toBe(`${APP}/de/embed/7/activity/12?checkout=tab&origin=${origin}`);
    // Unknown values fall back: the page's language, no filter, the list.
    expect(bad.src).toBe(`${APP}/de/embed/7?origin=${origin}`);
    // The fallback link gave way; titles for screen readers; a reserved height against layout shift.
    expect(document.getElementById('list')!.children).toHaveLength(1);
    expect(list.title).toBe('Activities and booking');
    expect(cal.title).toBe('Activités et réservation');
    expect(one.title).toBe('Open day');
    expect(list.style.minHeight).toBe('400px');
    expect(list.style.height).toBe('400px');
    expect(list.getAttribute('loading')).toBe('lazy');
  });

  it('also mounts elements added later, and each element once', async () => {
    runLoader();
    expect(frames()).toHaveLength(0);
    const later = document.createElement('section');
    later.innerHTML = '<div data-bookla-team="8" data-lang="en"></div>';
    document.body.append(later);
    await mutations();
    expect(frames().map((f) => f.src)).toEqual([`${APP}/en/embed/8?origin=${ORIGIN}`]);
    const direct = document.createElement('div');
    direct.dataset.booklaTeam = '9';
    document.body.append(direct);
    await mutations();
    expect(frames()).toHaveLength(2);
    // Moving an element (a provider's page re-rendering) does not add a second iframe.
    document.body.append(later);
    await mutations();
    expect(frames()).toHaveLength(2);
  });

  it('sets the height only from its own iframe, the app origin and the exact message shape', () => {
    document.body.innerHTML = '<div id="a" data-bookla-team="7"></div><div id="b" data-bookla-team="7"></div>';
    runLoader();
    const [a, b] = frames();
    // Cross-origin windows: compared by identity only (reading them throws, as in browsers).
    expect(a!.contentWindow !== null && a!.contentWindow === a!.contentWindow).toBe(true);
    expect(a!.contentWindow === b!.contentWindow).toBe(false);

    post(a!, { type: 'bookla:height', height: 812.4 });
    expect(a!.style.height).toBe('813px');
    expect(b!.style.height).toBe('400px');

    // Refused: another origin, another window, other shapes, absurd numbers.
    post(a!, { type: 'bookla:height', height: 100 }, 'https://evil.test');
    post(null, { type: 'bookla:height', height: 100 });
    post(a!, { type: 'bookla:height', height: '100' });
    post(a!, { type: 'bookla:height', height: 100, extra: 1 });
    post(a!, { type: 'bookla:height', height: Number.NaN });
    post(a!, { type: 'bookla:height', height: -5 });
    post(a!, { type: 'bookla:height', height: 1e9 });
    post(a!, { type: 'other', height: 100 });
    post(a!, 'bookla:height 100');
    post(a!, null);
    expect(a!.style.height).toBe('813px');

    post(b!, { type: 'bookla:height', height: 120 });
    expect(b!.style.height).toBe('120px');
  });

  it('brings the iframe’s top into view on a new page inside, only when it was scrolled past', () => {
    document.body.innerHTML = '<div data-bookla-team="7"></div>';
    runLoader();
    const [frame] = frames();
    const scrolled = vi.spyOn(frame!, 'scrollIntoView');
    const top = vi.spyOn(frame!, 'getBoundingClientRect');
    top.mockReturnValue({ top: 120 } as DOMRect);
    post(frame!, { type: 'bookla:top' });
    expect(scrolled).not.toHaveBeenCalled();
    top.mockReturnValue({ top: -300 } as DOMRect);
    post(frame!, { type: 'bookla:top', height: 1 });
    post(frame!, { type: 'bookla:top' }, 'https://evil.test');
    expect(scrolled).not.toHaveBeenCalled();
    post(frame!, { type: 'bookla:top' });
    expect(scrolled).toHaveBeenCalledTimes(1);
  });
});
