import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import server, { postgresTestFiles } from './apps/server/vitest.config.ts';

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
const serverIsolated = ['src/features/auth/login-limits.test.ts', 'src/features/selling/orders/place-order-payment.test.ts'];

// `npm run test:db` (CI, on the PostgreSQL server) sets TEST_SELECTION=postgres: only the server
// files where PostgreSQL can behave differently from PGlite (decision 015, postgresTestFiles).
// Without it every file runs, on PGlite or on DATABASE_URL's server (`npm run test:db:all`).
const postgresOnly = process.env.TEST_SELECTION === 'postgres';
const serverFiles = postgresOnly ? postgresTestFiles(join(import.meta.dirname, 'apps', 'server')) : ['src/**/*.test.ts'];
const isolatedFiles = postgresOnly ? serverIsolated.filter((f) => serverFiles.includes(f)) : serverIsolated;

export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      {
        root: './apps/server',
        test: { ...server.test, name: 'server', isolate: false, include: serverFiles, exclude: [...serverIsolated, '**/node_modules/**'] },
      },
      { root: './apps/server', test: { ...server.test, name: 'server-isolated', include: isolatedFiles } },
      'apps/web',
      'tools',
    ],
    maxWorkers: process.env.DATABASE_URL ? Math.max(3, cores + 1) : Math.max(2, cores),
  },
});
