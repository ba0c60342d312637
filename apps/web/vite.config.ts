import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const api = 'http://127.0.0.1:3000';

/** Shop pages: their own small entry (shop.html), as the server serves them (plugins/web.ts). */
const SHOP_PATH = /^\/(de|en|fr)\/(shop\/|waitinglist\/remove\/success)/;

/** In dev, Vite would answer every page with index.html; shop pages get shop.html as in production. */
const shopPages = (): Plugin => ({
  name: 'bookla-shop-pages',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url && SHOP_PATH.test(req.url)) req.url = '/shop.html';
      next();
    });
  },
});

export default defineConfig({
  plugins: [react(), shopPages()],
  server: {
    // The SPA calls the API on its own origin (cookies, CSRF); in dev Vite forwards to the server.
    proxy: { '/api': api, '/sanctum': api, '/customer/password': api },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // scripts/bundle-budget.ts reads it to weigh each entry with what it loads.
    manifest: true,
    rolldownOptions: {
      // Two pages: the app (index.html) and the white-label shop (shop.html), which loads no
      // back-office code, no Mantine and no router (issue 10: shop JS ≤ 100 KB gzip).
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        shop: fileURLToPath(new URL('shop.html', import.meta.url)),
      },
      output: {
        // Route groups keep their names (public-group, shop-group, backoffice-group); helper chunks
        // shared between groups would otherwise be named after whichever module came first.
        chunkFileNames: (chunk) => (chunk.isDynamicEntry ? 'assets/[name]-[hash].js' : 'assets/shared-[hash].js'),
      },
    },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
