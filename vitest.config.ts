import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One `npm test` runs every project; `DATABASE_URL` switches the server tests from
// in-memory PGlite to a PostgreSQL server.
//
// Workers: Vitest's default is one fewer than the cores, i.e. ONE on a 2-core CI machine, which
// left a core idle and made the suite serial. PGlite runs inside the test process (CPU-bound), so
// one worker per core; on a PostgreSQL server a test spends much of its time waiting for the
// server, so one more than the cores. Measured on 2 cores: npm test ~7 min → 4.2 min, the
// server suite on PostgreSQL ~9.5 min → 2.5 min.
const cores = availableParallelism();

export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web', 'tools'],
    maxWorkers: process.env.DATABASE_URL ? Math.max(3, cores + 1) : Math.max(2, cores),
  },
});
