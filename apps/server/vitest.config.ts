import { defineConfig } from 'vitest/config';

// Server tests run through app.inject() on in-memory PGlite with the real migrations, or on a
// fresh database of the PostgreSQL server named by DATABASE_URL (one database per test file).
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['src/test/global-setup.ts'],
  },
});
