import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { buildEmbed } from './scripts/build-embed.ts';
import { moduleSideEffects } from './scripts/module-side-effects.ts';
import { precompressAssets } from './scripts/precompress.ts';

const api = 'http://127.0.0.1:3000';

/** Shop pages: their own small entry (shop.html), as the server serves them (plugins/web.ts). */
const SHOP_PATH = /^\/(de|en|fr)\/(shop\/|embed\/|waitinglist\/remove\/success)/;

/** Public pages (landing, content pages): public.html (src/public-site), as the server serves them. */
const PUBLIC_SITE_PATH =
  /^\/((de|en|fr)\/(provider|agb|datenschutz|privacy|imprint|service_fees|outside_fees|extenuating_circumstances_policy|copyright|terms)\/?)?(\?.*)?$/;

/** In dev, Vite would answer every page with index.html; shop and public pages get their own page as in production. */
const pageEntries = (): Plugin => ({
  name: 'bookla-page-entries',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url && SHOP_PATH.test(req.url)) req.url = '/shop.html';
      else if (req.url && PUBLIC_SITE_PATH.test(req.url)) req.url = '/public.html';
      next();
    });
  },
});

const page = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/** `/embed.js`, the loader for providers' websites (src/embed): emitted unhashed into dist/, built from source in dev. */
const embedScript = (): Plugin => ({
  name: 'bookla-embed-script',
  configureServer(server) {
    server.middlewares.use((req, res, next) => {
      if (req.url?.split('?')[0] !== '/embed.js') return next();
      buildEmbed().then(
        (code) => {
          res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
          res.end(code);
        },
        (error: unknown) => next(error),
      );
    });
  },
  applyToEnvironment: (environment) => environment.name === 'client',
  async generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'embed.js', source: await buildEmbed() });
  },
});

export default defineConfig(({ command }) => ({
  plugins: [react(), pageEntries(), embedScript(), precompressAssets()],
  server: {
    // The SPA calls the API on its own origin (cookies, CSRF); in dev Vite forwards to the server.
    proxy: { '/api': api, '/sanctum': api, '/customer/password': api, '/embed.js': api },
  },
  // `vite build` builds both environments: the browser's pages and the server's renderer.
  builder: {},
  environments: {
    client: {
      build: {
        outDir: 'dist',
        assetsDir: 'assets',
        emptyOutDir: true,
        // scripts/bundle-budget.ts reads it to weigh each entry with what it loads.
        manifest: true,
        rolldownOptions: {
          // Three pages: the app (index.html), the white-label shop (shop.html) and the public
          // pages (public.html). The shop and the public pages load no back-office code, no
          // Mantine and no router (issue 10 and 13: ≤ 100 KB gzip each).
          input: { main: page('index.html'), shop: page('shop.html'), public: page('public.html') },
          // Our modules only declare things, except those listed in scripts/module-side-effects.ts:
          // one whose exports are all unused is left out, with what it alone imports (a page that
          // uses one hook of a feature's index does not carry the modules behind the others).
          treeshake: { moduleSideEffects },
          output: {
            // Route groups keep their names (public-group, shop-group, backoffice-group); helper chunks
            // shared between groups would otherwise be named after whichever module came first.
            chunkFileNames: (chunk) => (chunk.isDynamicEntry ? 'assets/[name]-[hash].js' : 'assets/shared-[hash].js'),
          },
        },
      },
    },
    // The server-side renderers the server imports (plugins/web.ts) to send pages as HTML: the
    // public pages (src/public-site/render.tsx → dist/server/public-site.js) and the app's public
    // screens such as login (src/app/ssr.tsx → dist/server/app.js). Dependencies are bundled in:
    // some (dayjs) cannot be imported by Node's ESM loader as the app imports them.
    ssr: {
      // Only for the build: tests (Vitest) resolve dependencies as Node does.
      resolve: command === 'build' ? { noExternal: true } : {},
      build: {
        outDir: 'dist/server',
        emptyOutDir: true,
        copyPublicDir: false,
        rolldownOptions: {
          input: { 'public-site': page('src/public-site/render.tsx'), app: page('src/app/ssr.tsx') },
          output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Whole screens driven by user-event in happy-dom: a long form takes 2–3 s on a quiet 2-core
    // machine and more than Vitest's default 5 s when the other projects' workers share the cores.
    // The tests wait for conditions; this is only the budget before one counts as hung.
    testTimeout: 30_000,
    // Likewise for hooks: a beforeAll that imports a route group (the back office's: most of the
    // app) took more than Vitest's default 10 s on a loaded machine.
    hookTimeout: 30_000,
  },
}));
