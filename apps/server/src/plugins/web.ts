import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { isLanguage, pickText, preloadKey, SHOP_LIST_PER_PAGE, SHOP_PRELOAD_ELEMENT, type AppState, type Language } from '@bookla/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { activities } from '../db/schema/index.ts';
import { findShopTeam } from '../features/selling/settings/index.ts';
import { describePage, headTags, escapeHtml, safeJson, type PublicSiteProps } from '../features/public-site/index.ts';
import { buildAppState } from '../features/system/app-state.ts';
import { sendPublic, type Entry } from '../lib/public-cache.ts';

/** The white-label shop's addresses (and its embeds, `/{lang}/embed/…`): their own small page, shop.html (apps/web/src/shop). */
const SHOP_PAGE = /^\/(de|en|fr)\/((shop|embed)\/[^/]+(\/.*)?|waitinglist\/remove\/success\/?)$/;
/** A page's HTML depends on its path (language and team in it), and, without a language in the path, on the visitor's language; a session's page is its own. */
const HTML_VARY = 'Accept-Language, Cookie, Accept-Encoding';
const SHOP_ACTIVITY = /^\/[a-z]{2}\/(?:shop|embed)\/([^/]+)(?:\/activity\/(\d{1,10})\/?)?/;

/** "Activity | Team" on an activity page, the team's name on its other shop pages (white-label: no product name). */
async function shopTitle(app: FastifyInstance, path: string, lang: Language): Promise<{ title: string; teamId: number } | undefined> {
  const match = SHOP_ACTIVITY.exec(path);
  if (!match) return undefined;
  let ref: string;
  try {
    ref = decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
  const team = await findShopTeam(app.deps.db, ref);
  if (!team) return undefined;
  if (!match[2]) return { title: team.name, teamId: team.id };
  const [activity] = await app.deps.db
    .select({ name: activities.name })
    .from(activities)
    .where(and(eq(activities.id, Number(match[2])), eq(activities.teamId, team.id), eq(activities.status, 'published')));
  const name = activity ? pickText(activity.name, lang) : '';
  return { title: name ? `${name} | ${team.name}` : team.name, teamId: team.id };
}

/** A shop address's team; on the list (`/{lang}/shop/{team}`) or an activity's page also the rest of the first screen's reads. */
const SHOP_TEAM = /^\/[a-z]{2}\/(?:shop|embed)\/([^/]+)/;
const SHOP_FIRST_SCREEN = /^\/[a-z]{2}\/(?:shop|embed)\/[^/]+(?:\/|\/activity\/(\d{1,10})\/?)?$/;

/**
 * The public reads the shop's first screen makes, answered here as the browser would be answered
 * (the same routes, their cache and serializer: `inject`), keyed as the shop looks them up
 * (`preloadKey`, packages/shared/src/shop-preload.ts; decision 034). Only for an address without a
 * query (a filter or a view in it changes the reads) and in a language the team offers (otherwise
 * the shop moves to another one first). `seats`: an answer shows availability (kept shorter).
 */
async function shopPreload(
  app: FastifyInstance,
  path: string,
  lang: Language,
  hasQuery: boolean,
): Promise<{ json: string; seats: boolean } | undefined> {
  const match = SHOP_TEAM.exec(path);
  if (!match) return undefined;
  const screen = SHOP_FIRST_SCREEN.exec(path);
  let ref: string;
  try {
    ref = decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
  const read = async (url: string): Promise<unknown> => {
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json', 'accept-language': lang } });
    return res.statusCode === 200 ? res.json() : undefined;
  };
  const answers = Object.create(null) as Record<string, unknown>;
  const teamUrl = `/api/public/teams/${encodeURIComponent(ref)}`;
  const team = (await read(teamUrl)) as { data?: { id?: unknown; languages?: unknown } } | undefined;
  const id = team?.data?.id;
  if (typeof id !== 'number') return undefined;
  answers[preloadKey(teamUrl)] = team;
  const offered = Array.isArray(team?.data?.languages) && team.data.languages.includes(lang);
  const reads: string[] = [];
  if (screen && offered && !hasQuery) {
    if (screen[1]) reads.push(`/api/public/teams/${id}/activities/${screen[1]}?lang=${lang}`);
    else
      reads.push(
        `/api/public/teams/${id}/filters?lang=${lang}`,
        `/api/public/teams/${id}/activities?lang=${lang}&perPage=${SHOP_LIST_PER_PAGE}&page=1`,
      );
  }
  const bodies = await Promise.all(reads.map(read));
  reads.forEach((url, i) => {
    if (bodies[i] !== undefined) answers[preloadKey(url)] = bodies[i];
  });
  return { json: safeJson(answers), seats: reads.length > 0 };
}

/** The public pages' server-side renderer (apps/web/src/public-site/render.tsx, built by Vite). */
interface PublicSiteRenderer {
  renderPublicSite(props: PublicSiteProps): string;
}

/** The app's renderer of its public screens for visitors without a session (apps/web/src/app/ssr.tsx). */
interface AppRenderer {
  renderAppPage(input: {
    url: string;
    lang: Language;
    state: AppState;
  }): Promise<
    { kind: 'html'; html: string; hydration: unknown } | { kind: 'redirect'; status: number; location: string } | { kind: 'skip' }
  >;
}

/** The app's screens rendered by the server (for visitors without a session); the back office stays a single-page app. */
const APP_SSR_SECTIONS = new Set(['login', 'register', 'reset', 'customer', 'accept-invite', 'error']);

/**
 * The server-rendered screens that are complete without their code (forms and a 404): their code
 * starts when the visitor begins to use them (/boot.js, decision 033). The others (an invitation,
 * which the browser looks up) start theirs after the first paint.
 */
const APP_BOOT_ON_INTENT = new Set(['login', 'register', 'reset', 'customer', 'error']);

/** Stylesheets up to this size are put into the page itself: one round trip less before the first paint. */
const INLINE_CSS_MAX = 64 * 1024;

/**
 * A built page without the tags the server writes itself; with `inlineCss`, its small stylesheets
 * put into the page (not for the app: its route chunks' loader looks for the entry's stylesheet
 * link and would fetch it once more).
 */
function loadTemplate(dist: string, file: string, inlineCss = false): string | undefined {
  const path = join(dist, file);
  if (!existsSync(path)) return undefined;
  const html = readFileSync(path, 'utf8').replace(/<meta name="(description|robots)"[^>]*>\s*/g, '');
  if (!inlineCss) return html;
  return html.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)">/g, (tag, asset: string) => {
    const css = join(dist, asset);
    if (!existsSync(css) || statSync(css).size > INLINE_CSS_MAX) return tag;
    return `<style>${readFileSync(css, 'utf8').replace(/<\/style/gi, '<\\/style')}</style>`;
  });
}

/**
 * A server-rendered app screen paints from its own HTML: its stylesheets go into the page (one
 * round trip less before the first paint, which Lighthouse on a phone counts). Each keeps a
 * non-blocking `media="print"` link of the same address, because Vite's chunk loader looks for
 * `link[rel="stylesheet"][href=…]` before it fetches a route's styles and would otherwise add a
 * render-blocking copy.
 */
function inlineAppStyles(html: string, dist: string, cache: Map<string, string | null>): string {
  return html.replace(
    /<link rel="stylesheet"( crossorigin)? href="\/(assets\/[\w.-]+\.css)">/g,
    (tag, crossorigin: string | undefined, asset: string) => {
      let css = cache.get(asset);
      if (css === undefined) {
        const file = join(dist, asset);
        css =
          existsSync(file) && statSync(file).size <= INLINE_CSS_MAX ? readFileSync(file, 'utf8').replace(/<\/style/gi, '<\\/style') : null;
        cache.set(asset, css);
      }
      if (css === null) return tag;
      return `<style>${css}</style><link rel="stylesheet" media="print"${crossorigin ?? ''} href="/${asset}">`;
    },
  );
}

/**
 * A server-rendered app screen paints without its code: the entry script and its module preloads
 * leave the head, and `/boot.js` (apps/web/public, a small deferred script) adds them, with the
 * route's own chunks, after the page is on screen: at once (`start: "paint"`) or when the visitor
 * begins to use a screen that is complete without them (`start: "intent"`, APP_BOOT_ON_INTENT).
 * Nothing on the way to the first paint waits for the code on a slow network, and the route's
 * chunks load beside the entry instead of after it.
 */
function bootAfterPaint(html: string, routeModules: string[], start: 'paint' | 'intent'): string {
  let entry: string | undefined;
  const modules: string[] = [];
  const rest = html
    .replace(/<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>\s*/g, (_tag, src: string) => {
      entry = src;
      return '';
    })
    .replace(/<link rel="modulepreload"(?: crossorigin)? href="([^"]+)">\s*/g, (_tag, href: string) => {
      modules.push(href);
      return '';
    });
  if (!entry) return html;
  const boot = { entry, modules: [...new Set([...modules, ...routeModules])], start };
  return rest.replace(
    '</head>',
    `<script id="app-boot" type="application/json">${safeJson(boot)}</script><script defer src="/boot.js"></script></head>`,
  );
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * The app's public screens load their code as route chunks after the entry (public group, then
 * the login or registration screens). The server knows the address, so it names those chunks in
 * the page, and the browser fetches them in parallel with the entry instead of one after another.
 */
const ROUTE_MODULES: Record<string, string[]> = {
  login: ['src/routes/public/public-group.ts', 'src/routes/public/login-pages.ts'],
  reset: ['src/routes/public/public-group.ts', 'src/routes/public/login-pages.ts'],
  customer: ['src/routes/public/public-group.ts', 'src/routes/public/login-pages.ts'],
  register: ['src/routes/public/public-group.ts', 'src/routes/public/signup-pages.ts'],
  'accept-invite': ['src/routes/public/public-group.ts', 'src/routes/public/signup-pages.ts'],
  error: ['src/routes/public/public-group.ts'],
};

interface RouteAssets {
  /** `<link rel="modulepreload">` of the route chunks. */
  js: string;
  /** Their addresses. */
  modules: string[];
  /** Their stylesheets (as Vite's chunk loader names them: with `crossorigin`). */
  css: string[];
}

/** Section (`login`, …) → its route chunks and their stylesheets. */
function routeAssets(dist: string): Map<string, RouteAssets> {
  const tags = new Map<string, RouteAssets>();
  const file = join(dist, '.vite', 'manifest.json');
  if (!existsSync(file)) return tags;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (key: string, seen: Set<string>): string[] => {
    if (seen.has(key) || !manifest[key]) return [];
    seen.add(key);
    return [key, ...(manifest[key].imports ?? []).flatMap((k) => closure(k, seen))];
  };
  // What the entry loads anyway (index.html lists it already).
  const entry = new Set(closure('index.html', new Set()));
  for (const [section, modules] of Object.entries(ROUTE_MODULES)) {
    const seen = new Set<string>();
    const keys = modules.flatMap((m) => closure(m, seen)).filter((k) => !entry.has(k));
    const files = keys.map((k) => `/${manifest[k]!.file}`);
    const js = files.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('');
    const css = [...new Set(keys.flatMap((k) => manifest[k]!.css ?? []))];
    if (keys.length) tags.set(section, { js, modules: files, css });
  }
  return tags;
}

async function loadRenderer<T>(dist: string, name: string, log: FastifyInstance['log']): Promise<T | undefined> {
  const file = join(dist, 'server', `${name}.js`);
  if (!existsSync(file)) return undefined;
  try {
    return (await import(pathToFileURL(file).href)) as T;
  } catch (err) {
    log.error({ err, renderer: name }, 'a server renderer could not be loaded: its pages are rendered in the browser');
    return undefined;
  }
}

/**
 * Serves the built web app: hashed assets with a year of immutable caching, and for every other
 * non-API path its page: public.html for the landing and content pages (rendered here, so the
 * HTML carries the page), shop.html for the shop's addresses and index.html for the rest (the
 * app), each with its title, SEO tags (features/public-site) and, for the app and the shop, the
 * app state.
 */
export const webPlugin = fp(async (app: FastifyInstance) => {
  const dist = app.deps.config.webDist;
  const { publicCache } = app.deps;
  if (!dist) {
    app.log.warn('web app not built (apps/web/dist missing): serving the API only');
    return;
  }
  const template = loadTemplate(dist, 'index.html')!;
  const shopTemplate = loadTemplate(dist, 'shop.html', true) ?? template;
  const publicTemplate = loadTemplate(dist, 'public.html', true);
  const assets = routeAssets(dist);
  /** Stylesheet contents of the server-rendered app screens (null: too large to put into a page). */
  const inlinedCss = new Map<string, string | null>();
  const inlineStyles = (html: string) => inlineAppStyles(html, dist, inlinedCss);
  const renderer = publicTemplate ? await loadRenderer<PublicSiteRenderer>(dist, 'public-site', app.log) : undefined;
  const appRenderer = await loadRenderer<AppRenderer>(dist, 'app', app.log);

  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/',
    wildcard: false,
    index: false,
    // The server's renderer is not a file of the site.
    allowedPath: (pathName) => !pathName.startsWith('/server/'),
    // The build writes .br and .gz next to each asset (apps/web/scripts/precompress.ts): sent as
    // they are, so an asset costs no compression per request (compress skips an encoded reply).
    preCompressed: true,
    setHeaders(res, path) {
      res.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  function renderPublic(site: PublicSiteProps): string {
    if (!renderer) return '';
    try {
      return renderer.renderPublicSite(site);
    } catch (err) {
      // The page still works: the browser renders it from the same data.
      app.log.error({ err }, 'server rendering of a public page failed');
      return '';
    }
  }

  /** The app's public screen as HTML plus the state to hydrate it with; empty when not rendered here. */
  async function renderApp(request: FastifyRequest, lang: Language, state: AppState) {
    if (!appRenderer || state.authenticated) return undefined;
    try {
      return await appRenderer.renderAppPage({ url: `${app.deps.config.appUrl}${request.url}`, lang, state });
    } catch (err) {
      app.log.error({ err }, 'server rendering of an app page failed');
      return undefined;
    }
  }

  async function serveSpa(request: FastifyRequest, reply: FastifyReply) {
    const path = request.url.split('?')[0] ?? '/';
    const first = path.split('/')[1];
    const lang: Language = isLanguage(first) ? first : request.lang;
    // `/{lang}` alone is the landing page's address in that language.
    if (isLanguage(first) && /^\/[a-z]{2}\/?$/.test(path)) return reply.redirect(`/${first}/provider`, 301);
    const shop = SHOP_PAGE.test(path);
    // The shop's and the landing pages' HTML for a visitor without a session is the same for
    // everybody: cacheable by a CDN and kept in memory by the team's catalogue version
    // (lib/public-cache.ts, CONTRACT §7). With a session the page carries its state: never shared.
    const anonymous = !request.auth;
    const cacheKey = `html|${lang}|${request.url}`;
    if (anonymous) {
      // No `await` unless another request is producing it (even `await undefined` yields).
      const pending = publicCache.hit(cacheKey) ?? publicCache.shared(cacheKey);
      const kept = pending instanceof Promise ? await pending : pending;
      if (kept) return sendPublic(request, reply.header('vary', HTML_VARY), kept);
    }
    // Requests that miss while this one renders the page wait for it (lib/public-cache.ts).
    const done = anonymous ? publicCache.startProducing(cacheKey) : undefined;
    try {
      return await renderPage(request, reply, { path, first, lang, shop, anonymous, cacheKey, done });
    } finally {
      done?.();
    }
  }

  async function renderPage(
    request: FastifyRequest,
    reply: FastifyReply,
    opts: {
      path: string;
      first: string | undefined;
      lang: Language;
      shop: boolean;
      anonymous: boolean;
      cacheKey: string;
      done: ((entry?: Entry) => void) | undefined;
    },
  ) {
    const { path, first, lang, shop, anonymous, cacheKey, done } = opts;
    const begun = publicCache.begin();
    const [page, state] = await Promise.all([describePage(app, path, lang, shop), buildAppState(request, lang)]);
    const shopTeam = shop ? await shopTitle(app, path, lang) : undefined;
    if (shopTeam) page.meta.title = shopTeam.title;
    const preloaded = shopTeam ? await shopPreload(app, path, lang, request.url.includes('?')) : undefined;

    let html: string;
    if (page.template === 'public' && page.site && publicTemplate) {
      html = publicTemplate
        .replace('<div id="root"></div>', `<div id="root">${renderPublic(page.site)}</div>`)
        .replace('</head>', `<script id="public-data" type="application/json">${safeJson(page.site)}</script></head>`);
    } else {
      const section = isLanguage(first) ? (path.split('/')[2] ?? '') : '';
      const rendered = !shop && APP_SSR_SECTIONS.has(section) ? await renderApp(request, lang, state) : undefined;
      if (rendered?.kind === 'redirect') return reply.redirect(rendered.location, rendered.status);
      const route = !shop && !state.authenticated ? assets.get(section) : undefined;
      // A page rendered here needs its route's styles before the first paint; otherwise they are only fetched early.
      const preload = route
        ? (rendered?.kind === 'html' ? '' : route.js) +
          route.css
            .map((f) =>
              rendered?.kind === 'html'
                ? `<link rel="stylesheet" crossorigin href="/${f}">`
                : `<link rel="preload" as="style" crossorigin href="/${f}">`,
            )
            .join('')
        : '';
      html = (shop ? shopTemplate : template).replace(
        '</head>',
        `${preload}<script id="app-state" type="application/json">${safeJson(state)}</script>${
          preloaded ? `<script id="${SHOP_PRELOAD_ELEMENT}" type="application/json">${preloaded.json}</script>` : ''
        }</head>`,
      );
      if (rendered?.kind === 'html') {
        html = html
          .replace('<div id="root"></div>', `<div id="root">${rendered.html}</div>`)
          .replace('</head>', `<script id="app-hydration" type="application/json">${safeJson(rendered.hydration)}</script></head>`)
          // Mantine sets it when it starts; the server's HTML needs its light colours from the first paint.
          .replace('<html ', '<html data-mantine-color-scheme="light" ');
        html = bootAfterPaint(inlineStyles(html), route?.modules ?? [], APP_BOOT_ON_INTENT.has(section) ? 'intent' : 'paint');
      }
    }
    html = html
      .replace(/<html([^>]*)lang="[^"]*"/, `<html$1lang="${lang}"`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.meta.title)}</title>${headTags(page.meta)}`);
    if (anonymous && !state.authenticated && (shop || page.template === 'public')) {
      const answer = { body: html, contentType: 'text/html; charset=utf-8', teamId: shopTeam?.teamId ?? null };
      // With seats in it (the list's or an activity's availability) no longer than such an answer (decision 026).
      const keepMs = preloaded?.seats ? 5_000 : 30_000;
      const entry = publicCache.keep(cacheKey, begun, answer, keepMs);
      done?.(entry);
      return sendPublic(request, reply.header('vary', HTML_VARY), entry);
    }
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  }
  app.decorate('serveSpa', serveSpa);
  app.get('/', { schema: { hide: true } }, serveSpa);
  // The pages under a language are routes of their own (not only the not-found fallback, which
  // still serves the rest), so that they get what routes get: compression above all.
  const underLanguage = async (request: FastifyRequest<{ Params: { lang: string } }>, reply: FastifyReply) =>
    isLanguage(request.params.lang) ? serveSpa(request, reply) : reply.callNotFound();
  app.get('/:lang', { schema: { hide: true } }, underLanguage);
  app.get('/:lang/*', { schema: { hide: true } }, underLanguage);
});
