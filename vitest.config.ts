import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import server, { postgresTestFiles } from './apps/server/vitest.config.ts';
import web from './apps/web/vite.config.ts';

// One `npm test` runs every project; `DATABASE_URL` switches the server tests from
// in-memory PGlite to a PostgreSQL server.
//
// Workers: Vitest's default is one fewer than the cores, i.e. ONE on a 2-core CI machine, which
// left a core idle and made the suite serial. PGlite runs inside the test process (CPU-bound), so
// one worker per core; on a PostgreSQL server a test spends much of its time waiting for the
// server, so one more than the cores. Measured on 2 cores: npm test ~7 min → 4.2 min, the
// server suite on PostgreSQL ~9.5 min → 2.5 min.
const cores = availableParallelism();

// Server test files share their worker's modules (`isolate: false`): each file used to import the
// whole app afresh, which was half of the suite's time (import 220 s of worker time per run; now
// ~20–40 s). Measured on 2 cores: server suite on PGlite ~4 → 2.2 min, on PostgreSQL 4.6 → 3.3 min.
// Every file builds its own app and database (buildTestApp), so only module-level caches are
// shared. The files that replace modules with vi.mock keep their own graph ('server-isolated').
const serverIsolated = ['src/features/auth/login-limits.test.ts'];

// `npm run test:db` (CI, on the PostgreSQL server) sets TEST_SELECTION=postgres: only the server
// files where PostgreSQL can behave differently from PGlite (decision 015, postgresTestFiles).
// Without it every file runs, on PGlite or on DATABASE_URL's server (`npm run test:db:all`).
const postgresOnly = process.env.TEST_SELECTION === 'postgres';
const serverFiles = postgresOnly ? postgresTestFiles(join(import.meta.dirname, 'apps', 'server')) : ['src/**/*.test.ts'];
const isolatedFiles = postgresOnly ? serverIsolated.filter((f) => serverFiles.includes(f)) : serverIsolated;

// Web test files share their worker's modules and happy-dom window too (`isolate: false`): each
// file used to import Mantine, React, React Router and the app afresh in a fork of its own.
// Decision 015 point 3 has the numbers. What one file leaves behind (cookies, storage, address,
// document, stubbed globals, timers, app state, API client settings, language, caches) is reset
// after each file by src/test/shared-state.ts (from setup.ts). Files that need a fresh module graph
// keep it ('web-isolated'):
const webIsolated = [
  // vi.mock replaces a module for the whole graph, which a shared worker has already loaded.
  'src/public-site/landing/landing-page.test.tsx', // embla-carousel-react
  'src/public-site/render.test.tsx', // embla-carousel-react
  'src/routes/backoffice/ticket-checkin-pages.test.tsx', // qr-scanner
  // Watches whether the shop imports ./included: in a shared worker included.test.tsx may have
  // loaded it already, and the lazy import then never reaches the mock (CI failed twice on it).
  'src/shop/subscriptions/included-lazy.test.tsx',
  // zod reads its global config once, when it loads: the test needs zod not loaded yet.
  'src/lib/zod-jitless.test.ts',
];
// apps/web/vite.config.ts is a function (build or serve); each project gets its own plugin instances.
function webProject(test: { name: string; isolate?: boolean; include?: string[]; exclude?: string[] }) {
  const config = web({ command: 'serve', mode: 'test' });
  return { ...config, root: './apps/web', test: { ...config.test, ...test } };
}

export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      {
        root: './apps/server',
        test: { ...server.test, name: 'server', isolate: false, include: serverFiles, exclude: [...serverIsolated, '**/node_modules/**'] },
      },
      { root: './apps/server', test: { ...server.test, name: 'server-isolated', include: isolatedFiles } },
      webProject({ name: 'web', isolate: false, exclude: [...webIsolated, '**/node_modules/**'] }),
      webProject({ name: 'web-isolated', include: webIsolated }),
      'tools',
    ],
    maxWorkers: process.env.DATABASE_URL ? Math.max(3, cores + 1) : Math.max(2, cores),
  },
});
