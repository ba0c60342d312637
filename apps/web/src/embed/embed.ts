/**
 * `{APP_URL}/embed.js` (CONTRACT §4): the loader a provider puts on its own website.
 *
 *   <script src="{APP_URL}/embed.js" async></script>
 *   <div data-bookla-team="7" data-view="list|calendar|activity|subscriptions" data-activity="12" data-lang="de"></div>
 *
 * Every `[data-bookla-team]` element (also ones added later) becomes an iframe of the shop's embed
 * pages, `/{lang}/embed/{team}[/activity/{id}|/subscriptions]?view=…&type=…&location=…&checkout=tab&origin=…`.
 * The page inside posts its height; only messages from this script's own origin, from that
 * iframe's window and of the exact shapes below are taken. The iframe needs no cookies (the
 * public API carries none), so browsers that block third-party cookies show it as well.
 *
 * Built by scripts/build-embed.ts (esbuild, minified IIFE, ES2018): no dependencies, ≤ 2 KB gzip
 * (embed.test.ts measures it). Optional attributes: `data-type-set`, `data-location` (ids),
 * `data-checkout="tab"` (the checkout opens in a new tab), `data-title`, `data-min-height`.
 */

type Lang = 'de' | 'en' | 'fr';

(() => {
  const doc = document;
  const script = (doc.currentScript as HTMLScriptElement | null) ?? doc.querySelector<HTMLScriptElement>('script[src*="/embed.js"]');
  if (!script) return;
  // APP_URL: the origin this script was loaded from; the embed pages live there.
  const app = new URL(script.src, location.href).origin;
  const TITLES: Record<Lang, string> = { de: 'Aktivitäten und Buchung', en: 'Activities and booking', fr: 'Activités et réservation' };
  const MARK = 'data-bookla-frame';
  const id = (v: string | undefined) => (v && /^\d{1,10}$/.test(v.trim()) ? v.trim() : '');
  const isLang = (v: string | undefined): v is Lang => v === 'de' || v === 'en' || v === 'fr';

  const mount = (el: HTMLElement) => {
    const d = el.dataset;
    const team = (d.booklaTeam ?? '').trim();
    if (!team || el.querySelector(`iframe[${MARK}]`)) return;
    const pageLang = doc.documentElement.lang.slice(0, 2);
    const lang: Lang = isLang(d.lang) ? d.lang : isLang(pageLang) ? pageLang : 'de';
    let path = `/${lang}/embed/${encodeURIComponent(team)}`;
    const query = new URLSearchParams();
    const activity = id(d.activity);
    if (d.view === 'activity' && activity) path += `/activity/${activity}`;
    else if (d.view === 'calendar') query.set('view', 'calendar');
    // The team's memberships and passes (bought inside, or in a new tab with data-checkout="tab").
    else if (d.view === 'subscriptions') path += '/subscriptions';
    if (id(d.typeSet)) query.set('type', id(d.typeSet));
    if (id(d.location)) query.set('location', id(d.location));
    if (d.checkout === 'tab') query.set('checkout', 'tab');
    // Where the page inside may send its height: this page's origin (it checks it against its parent).
    if (location.origin !== 'null') query.set('origin', location.origin);
    const min = Math.min(Math.max(Number(d.minHeight) || 400, 100), 2000);

    const frame = doc.createElement('iframe');
    frame.setAttribute(MARK, '');
    frame.src = `${app}${path}?${query}`;
    frame.title = d.title || TITLES[lang];
    frame.setAttribute('loading', 'lazy');
    frame.style.cssText = `display:block;width:100%;border:0;min-height:${min}px;height:${min}px`;
    // The provider's fallback content (e.g. a link to the shop) gives way to the iframe.
    el.replaceChildren(frame);
  };

  const scan = (root: ParentNode) => {
    if (root instanceof HTMLElement && root.hasAttribute('data-bookla-team')) mount(root);
    root.querySelectorAll<HTMLElement>('[data-bookla-team]').forEach(mount);
  };

  // The iframe of a message's sender: only ours, found by its window.
  const frameOf = (source: MessageEventSource | null) => {
    for (const frame of doc.querySelectorAll<HTMLIFrameElement>(`iframe[${MARK}]`)) if (frame.contentWindow === source) return frame;
    return null;
  };

  addEventListener('message', (e: MessageEvent) => {
    if (e.origin !== app) return;
    const data = e.data as unknown;
    if (!data || typeof data !== 'object') return;
    const { type, height } = data as { type?: unknown; height?: unknown };
    const keys = Object.keys(data).length;
    const frame = frameOf(e.source);
    if (!frame) return;
    if (type === 'bookla:height' && keys === 2 && typeof height === 'number' && height >= 0 && height <= 100000) {
      frame.style.height = `${Math.ceil(height)}px`;
    } else if (type === 'bookla:top' && keys === 1 && frame.getBoundingClientRect().top < 0) {
      // A new page inside: its start comes into view when the visitor had scrolled past it.
      frame.scrollIntoView();
    }
  });

  scan(doc);
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (node instanceof HTMLElement) scan(node);
  }).observe(doc.documentElement, { childList: true, subtree: true });
})();
