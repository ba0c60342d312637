import { defineConfig } from 'vitest/config';

// One `npm test` runs every project; `DATABASE_URL` switches the server tests from
// in-memory PGlite to a PostgreSQL server.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web', 'tools'],
  },
});
