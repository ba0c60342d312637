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
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    // Timestamps are handled as UTC instants everywhere (set per connection at start-up).
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10, options: '-c TimeZone=UTC' });
    // The server may end an idle connection (restart, failover, DROP DATABASE … WITH (FORCE)).
    // Without a listener pg re-throws that as an uncaught exception; the pool replaces the client.
    pool.on('error', (err) => console.warn(`PostgreSQL closed an idle connection: ${err.message}`));
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

export function databaseOptionsFromConfig(config: { databaseUrl?: string | undefined; dataDir: string }): DatabaseOptions {
  return config.databaseUrl ? { url: config.databaseUrl } : { dataDir: join(config.dataDir, 'pgdata') };
}
