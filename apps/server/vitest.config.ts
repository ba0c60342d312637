import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// Server tests run through app.inject() on in-memory PGlite with the real migrations, or on a
// fresh database of the PostgreSQL server named by DATABASE_URL (one database per test file).
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Hang detectors, not waits (decision 015: tests wait for conditions). A test that takes 3 s
    // on a quiet machine took more than 30 s on a loaded CI machine; a hung one still fails.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    globalSetup: ['src/test/global-setup.ts'],
  },
});

/**
 * Decision 015: `npm test` runs every server test on PGlite; CI's second run, on the PostgreSQL
 * server (`npm run test:db`), takes only the files where the server can behave differently from
 * PGlite (PostgreSQL 18 in one process and one connection, int8 read as a number) — concurrency,
 * locks, jobs, the server's own SQL and its driver (PostgreSQL 15, node-postgres, int8 as a string),
 * Redis-backed limits. A file is one of them when
 *  1. its name says so: race, concurren(cy|t), lock, job, crash, recovery, migration, or `-pg.test.ts`;
 *  2. its text does: it reads DATABASE_URL or REDIS_URL, checks `kind === 'postgres'`, or carries
 *     the marker `@postgres` (in a comment) — every race test skips without DATABASE_URL, so new
 *     ones join by themselves;
 *  3. it opens a database (buildTestApp/openDatabase) and lies in an area whose code holds row
 *     locks, counters, jobs or hand-written aggregate SQL (POSTGRES_AREAS).
 * `npm run test:db:all` still runs everything on the server.
 */
export const POSTGRES_AREAS = [
  'src/db/',
  'src/features/catalogue/tickets/',
  'src/features/operations/',
  // Platform billing: statements that must meet at one key under concurrency, bexio claims with SKIP LOCKED.
  'src/features/platform/',
  'src/features/selling/checkin/',
  'src/features/selling/customer-accounts/',
  'src/features/selling/discounts/',
  'src/features/selling/notifications/',
  'src/features/selling/documents/',
  'src/features/selling/orders/',
  'src/features/selling/payments/',
  'src/features/selling/subscriptions/',
  'src/features/selling/waitinglist/',
  'src/lib/jobs',
  'src/lib/mailer',
  'src/lib/sql',
  'src/plugins/session',
];
const POSTGRES_NAME = /(race|concurren|lock|job|crash|recovery|migration)[^/]*\.test\.ts$|-pg\.test\.ts$/;
const POSTGRES_TEXT = /DATABASE_URL|REDIS_URL|kind === 'postgres'|@postgres\b/;
const OPENS_DATABASE = /buildTestApp|openDatabase/;

/** The server's test files (relative to apps/server) that CI runs on the PostgreSQL server too. */
export function postgresTestFiles(root = import.meta.dirname): string[] {
  const files = (readdirSync(join(root, 'src'), { recursive: true }) as string[])
    .map((f) => `src/${f.split('\\').join('/')}`)
    .filter((f) => f.endsWith('.test.ts'))
    .sort();
  return files.filter((file) => {
    if (POSTGRES_NAME.test(file)) return true;
    const text = readFileSync(join(root, file), 'utf8');
    if (POSTGRES_TEXT.test(text)) return true;
    return OPENS_DATABASE.test(text) && POSTGRES_AREAS.some((area) => file.startsWith(area));
  });
}
