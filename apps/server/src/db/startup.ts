import type pg from 'pg';
import type { Database } from './client.ts';
import { seedDemoProvider, seedReferenceData } from './seed/index.ts';
import type { Storage } from '../lib/storage.ts';

/**
 * Lock key of the start-up (migrations and seed): `pg_advisory_xact_lock` takes a bigint;
 * "bkmg" — distinct from the demo seed's own key (demo-provider.ts), which is taken inside.
 */
export const STARTUP_LOCK_KEY = 0x626b_6d67;

/**
 * Runs `work` (migrations, seed) while holding the start-up lock, so that any number of
 * instances starting at once on one PostgreSQL run it one after another: the first migrates and
 * seeds, the others wait, then find nothing left to do (CONTRACT §7). Without it two migrators
 * race on `CREATE SCHEMA IF NOT EXISTS "drizzle"` and the loser exits with 23505.
 *
 * The lock is a transaction-scoped advisory lock held by an open transaction on one dedicated
 * connection of the pool while `work` runs on the others; an instance that finds it taken gives
 * its connection back and tries again a moment later. Unlike a session-level
 * `pg_advisory_lock` this also holds behind PgBouncer in transaction mode (the open transaction
 * pins one server connection; a session lock and its unlock could land on different ones), and it
 * goes away by itself when the process dies (the connection closes). PGlite is one process with
 * one connection: there `work` simply runs.
 */
export async function withStartupLock<T>(database: Database, work: () => Promise<T>, waitMs = 250): Promise<T> {
  if (database.kind !== 'postgres') return work();
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  // Waiting holds no connection: each try takes one, and gives it back when another instance
  // holds the lock. Behind PgBouncer with a small pool, instances waiting with a connection each
  // would leave the one holding the lock none for its migrations (query_wait_timeout).
  for (;;) {
    const client = await pool.connect();
    let holding = false;
    let failed = false;
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ got: boolean }>('SELECT pg_try_advisory_xact_lock($1::bigint) AS got', [STARTUP_LOCK_KEY]);
      holding = rows[0]?.got === true;
      if (holding) return await work();
    } catch (err) {
      failed = true;
      throw err;
    } finally {
      // COMMIT or ROLLBACK: both end the transaction and so release the lock. A connection whose
      // transaction could not be ended is not handed back to the pool.
      const end = await client.query(failed || !holding ? 'ROLLBACK' : 'COMMIT').then(
        () => undefined,
        (err: unknown) => err as Error,
      );
      client.release(end);
    }
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
}

export interface PrepareOptions {
  /** The server's media storage: the demo provider's header images go there. */
  storage?: Storage;
}

/** What server.ts does before it listens: migrations, reference data and the demo provider, once, under the lock. */
export async function prepareDatabase(database: Database, opts: PrepareOptions = {}): Promise<void> {
  await withStartupLock(database, async () => {
    await database.migrate();
    await seedReferenceData(database.db);
    await seedDemoProvider(database.db, opts);
  });
}
