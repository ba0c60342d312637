import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { setNamedStatements } from './statement-names.ts';

export type Schema = typeof schema;
/** One type for both drivers: services and repos never know which database they talk to. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = join(import.meta.dirname, 'migrations');

export interface DatabaseOptions {
  /** postgres://… → a PostgreSQL server; otherwise PGlite. */
  url?: string | undefined;
  /** PGlite directory; `memory://` (or undefined) for an in-memory database. */
  dataDir?: string | undefined;
  /** In-memory PGlite only: start from this dump (`dumpDataDir`) instead of an empty cluster. */
  loadDataDir?: Blob | undefined;
  poolSize?: number;
  /**
   * `transaction`: a pooler in transaction mode (PgBouncer) sits in front, which hands each
   * transaction any of its server connections. Named prepared statements would then be missing on
   * the next one, and connection-level settings are refused (PgBouncer 1.18 rejects the `options`
   * start-up parameter), so statements run unnamed and no time zone is set per connection: the
   * SQL never depends on the session's time zone (docs/decisions/025).
   */
  poolMode?: 'session' | 'transaction';
}

/** One line per lost connection (not per failed query): the pool opens a new one by itself. */
function warnConnectionLost(err: Error & { code?: string }) {
  console.warn(`PostgreSQL connection lost (${err.code ?? 'no code'}): ${err.message}; the pool replaces it`);
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const transactionMode = opts.poolMode === 'transaction';
    setNamedStatements(!transactionMode);
    // Timestamps are UTC instants everywhere and every conversion names its zone; the session's
    // UTC (set per connection at start-up where a pooler allows it) only keeps psql-like output tidy.
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      ...(transactionMode ? {} : { options: '-c TimeZone=UTC' }),
    });
    // The server may end any connection (restart, failover, pg_terminate_backend, DROP DATABASE …
    // WITH (FORCE)). pg reports that as an `error` event on the client, and an event nobody
    // listens to ends the process. The pool listens only while a client is idle in it; a client
    // checked out (inside db.transaction(), or between its statements) has no listener of its own,
    // so every client gets one when it connects. The query in flight still rejects (the caller
    // answers 503: lib/db-errors.ts), the transaction's later statements fail with "not
    // queryable", and the pool drops the broken client when it is released and opens a new one
    // for the next caller (decision 022).
    pool.on('connect', (client) => {
      // pg may emit twice for one loss (the server's 57P01, then the socket's end): one line.
      let logged = false;
      client.on('error', (err) => {
        if (!logged) warnConnectionLost(err);
        logged = true;
      });
    });
    // The pool re-emits an idle client's error; the client's own listener has logged it already.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (opts.dataDir && opts.dataDir !== 'memory://') {
    mkdirSync(opts.dataDir, { recursive: true });
    client = new PGlite(opts.dataDir);
  } else {
    client = opts.loadDataDir ? new PGlite({ loadDataDir: opts.loadDataDir }) : new PGlite();
  }
  await client.waitReady;
  await client.exec("SET TIME ZONE 'UTC'");
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}

export function databaseOptionsFromConfig(config: {
  databaseUrl?: string | undefined;
  dataDir: string;
  databasePoolMode?: 'session' | 'transaction';
}): DatabaseOptions {
  return config.databaseUrl
    ? { url: config.databaseUrl, poolMode: config.databasePoolMode ?? 'session' }
    : { dataDir: join(config.dataDir, 'pgdata') };
}
