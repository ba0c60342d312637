import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config/env.ts';
import { openDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { seedReferenceData } from '../../apps/server/src/db/seed/index.ts';
import { createBenchDatabase, dropBenchDatabase } from './db-admin.ts';
import { catalogueVars, seedCatalogue } from '../seeds/catalogue.ts';
import { seedCheckout } from '../seeds/checkout.ts';
import { documentsVars, seedDocuments } from '../seeds/documents.ts';
import { seedStatistics, statisticsVars } from '../seeds/statistics.ts';
import type { RunningServer, SeedName } from './types.ts';

interface FreshDatabase {
  database: Database;
  label: string;
  url: string | undefined;
  cleanup(): Promise<void>;
}

/**
 * A fresh database like production would have: PGlite in a new temporary directory, or, when
 * DATABASE_URL is set, a new database `bookla_bench_<random>` on that server (pool as in production).
 */
async function freshDatabase(dataDir: string, onCreated?: (name: string) => void): Promise<FreshDatabase> {
  const url = process.env.DATABASE_URL?.trim();
  if (!url) {
    const database = await openDatabase({ dataDir: join(dataDir, 'pgdata') });
    return { database, label: 'pglite (temp dir)', url: undefined, cleanup: () => database.close() };
  }
  const name = `bookla_bench_${randomBytes(6).toString('hex')}`;
  await createBenchDatabase(url, name);
  onCreated?.(name);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ url: target.toString() });
  return {
    database,
    label: `postgres ${target.host}/${name}`,
    url: target.toString(),
    async cleanup() {
      await database.close();
      await dropBenchDatabase(url, name);
    },
  };
}

/** apps/web/dist, which page benchmarks need (`npm run build`). */
function builtWeb(): string {
  const dist = resolve(import.meta.dirname, '../../apps/web/dist');
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`${dist} has no web build: run npm run build first`);
  return dist;
}

export interface AppServerOptions {
  /** Called for each temp dir or PostgreSQL database created, so a parent can remove it if we die. */
  onCreated?: (resource: { dir: string } | { database: string }) => void;
  /** Data to insert before listening; its values (ids, a session cookie) come back as `vars`. */
  seed?: SeedName | undefined;
}

/**
 * Waits for the app's job runner to report its first wake-up. On PostgreSQL it is a worker thread
 * that loads and compiles the server's modules on its own (several seconds of CPU on the server's
 * core): measured before it is up, a run measured that start-up, not the requests (health read
 * 0.43x after the 2 s warm-up, 0.95x once the thread was up).
 */
async function startedJobs(app: Awaited<ReturnType<typeof buildApp>>): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (app.deps.jobsHeartbeat() === undefined) {
    if (Date.now() > deadline) throw new Error('the job runner did not start within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The real app as server.ts starts it (migrate, seed, buildApp with the job loop), on an
 * ephemeral port, NODE_ENV=production, logging silenced so the logger costs nothing extra.
 */
export async function startAppServer(opts: AppServerOptions = {}): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bookla-bench-'));
  opts.onCreated?.({ dir: dataDir });
  const { database, label, url: databaseUrl, cleanup } = await freshDatabase(dataDir, (name) => opts.onCreated?.({ database: name }));
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    const seedStarted = performance.now();
    const seeded = opts.seed === 'catalogue' ? await seedCatalogue(database.db) : undefined;
    const checkoutVars = opts.seed === 'checkout' ? await seedCheckout(database.db) : undefined;
    const statisticsSeeded = opts.seed === 'statistics' ? await seedStatistics(database.db) : undefined;
    const documentOrder = opts.seed === 'documents' ? await seedDocuments(database.db) : undefined;
    // Like a database that has been running: vacuumed and analyzed, so autovacuum does not start
    // on the fresh tables (migrations, reference data, the seed) while the benchmark measures.
    if (database.kind === 'postgres') await database.db.execute(sql.raw('VACUUM ANALYZE'));
    const seedSeconds = ((performance.now() - seedStarted) / 1000).toFixed(1);
    const config = loadConfig(
      // The checkout bench plays many buyers from one machine: each request names its client in
      // X-Forwarded-For, trusted from the load generator only, so per-IP limits apply per buyer.
      {
        NODE_ENV: 'production',
        APP_URL: 'http://127.0.0.1:3000',
        DATA_DIR: dataDir,
        ...(checkoutVars || documentOrder ? { TRUST_PROXY: '127.0.0.1' } : {}),
        // The documents bench measures rendering with the cache off, then with it on.
        ...(documentOrder ? { PDF_CACHE: process.env.BENCH_PDF_CACHE ?? 'on' } : {}),
      },
      {
        logLevel: 'silent',
        databaseUrl,
        sessionSecret: randomBytes(32).toString('base64url'),
        // API only unless the benchmark serves pages: then the web build must exist.
        webDist: process.env.BENCH_WEB === '1' ? builtWeb() : undefined,
        smtpUrl: undefined,
      },
    );
    const app = await buildApp({ config, database, runJobs: true });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    await startedJobs(app);
    const vars = seeded
      ? await catalogueVars(app, seeded)
      : statisticsSeeded
        ? await statisticsVars(app, statisticsSeeded)
        : documentOrder
          ? documentsVars(app, documentOrder)
          : checkoutVars;
    return {
      url,
      info: {
        database: label,
        databaseKind: database.kind,
        nodeEnv: config.nodeEnv,
        ...(opts.seed ? { seed: opts.seed, seedSeconds } : {}),
      },
      vars,
      async close() {
        await app.close();
        await cleanup();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await cleanup().catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
}
