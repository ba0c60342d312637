import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';
import { DEMO_OWNER_EMAIL, seedDemoProvider, seedReferenceData } from './seed/index.ts';
import { countrySeed } from './seed/reference-data.ts';
import { prepareDatabase, STARTUP_LOCK_KEY, withStartupLock } from './startup.ts';
import { executePrepared } from '../lib/sql.ts';
import { sql } from 'drizzle-orm';

/**
 * Several instances starting at once on an empty database (CONTRACT §7), PostgreSQL only:
 * PGlite is one process, nothing starts beside it. Each "instance" is a pool of its own on a fresh
 * database; all run migrations and seed at the same moment. With the start-up lock every one
 * succeeds and the schema and the seed exist once. The control runs the same harness without the
 * lock and must fail at least once in a few rounds (the migrator's `CREATE SCHEMA IF NOT EXISTS
 * "drizzle"` → 23505, or a migration's CREATE TABLE racing another's), which proves the harness
 * really starts them side by side.
 */
const url = process.env.DATABASE_URL;
const INSTANCES = 3;
const CONTROL_ROUNDS = 5;
const journal = JSON.parse(readFileSync(join(import.meta.dirname, 'migrations', 'meta', '_journal.json'), 'utf8')) as {
  entries: unknown[];
};

const created: string[] = [];

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function freshDatabase(): Promise<string> {
  const name = `bookla_t_start_${randomBytes(5).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  created.push(name);
  const target = new URL(url!);
  target.pathname = `/${name}`;
  return target.toString();
}

/** INSTANCES pools on one database, each doing `start` at the same moment; the results, then the pools closed. */
async function startTogether(dbUrl: string, start: (database: Database) => Promise<void>): Promise<PromiseSettledResult<void>[]> {
  const instances = await Promise.all(Array.from({ length: INSTANCES }, () => openDatabase({ url: dbUrl, poolSize: 4 })));
  try {
    return await Promise.allSettled(instances.map((database) => start(database)));
  } finally {
    await Promise.all(instances.map((d) => d.close()));
  }
}

async function count(dbUrl: string, query: string): Promise<number> {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    return Number((await c.query<{ n: string }>(query)).rows[0]!.n);
  } finally {
    await c.end();
  }
}

describe.skipIf(!url)('migrations and seed under the start-up lock (PostgreSQL)', () => {
  afterAll(async () => {
    for (const name of created) await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });

  it(`${INSTANCES} instances starting at once on an empty database: all succeed, schema and seed exist once`, async () => {
    const dbUrl = await freshDatabase();
    const results = await startTogether(dbUrl, (database) => prepareDatabase(database));
    expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    expect(await count(dbUrl, 'SELECT count(*) AS n FROM drizzle.__drizzle_migrations')).toBe(journal.entries.length);
    expect(await count(dbUrl, 'SELECT count(*) AS n FROM countries')).toBe(countrySeed().length);
    expect(await count(dbUrl, `SELECT count(*) AS n FROM users WHERE email = '${DEMO_OWNER_EMAIL}'`)).toBe(1);
    expect(await count(dbUrl, 'SELECT count(*) AS n FROM teams')).toBe(1);

    // A later start (an old database, a rolling restart) finds nothing to do and changes nothing.
    const again = await startTogether(dbUrl, (database) => prepareDatabase(database));
    expect(again.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(await count(dbUrl, 'SELECT count(*) AS n FROM drizzle.__drizzle_migrations')).toBe(journal.entries.length);
    expect(await count(dbUrl, 'SELECT count(*) AS n FROM teams')).toBe(1);
  }, 120_000);

  it('an instance waiting for the lock holds no connection: with a pool of one it still answers queries', async () => {
    const dbUrl = await freshDatabase();
    const holder = new pg.Client({ connectionString: dbUrl });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT pg_advisory_xact_lock($1::bigint)', [STARTUP_LOCK_KEY]);
    const database = await openDatabase({ url: dbUrl, poolSize: 1 });
    try {
      let ran = false;
      const waiting = withStartupLock(database, async () => (ran = true), 20);
      // While it waits, its only connection is free between tries.
      for (let i = 0; i < 5; i++) expect((await executePrepared(database.db, sql`SELECT 1 AS one`))[0]).toEqual({ one: 1 });
      expect(ran).toBe(false);
      await holder.query('COMMIT');
      await waiting;
      expect(ran).toBe(true);
    } finally {
      await holder.end();
      await database.close();
    }
  });

  it('CONTROL: the same start without the lock fails in at least one round', async () => {
    let failedRounds = 0;
    const errors: string[] = [];
    for (let round = 0; round < CONTROL_ROUNDS && failedRounds === 0; round++) {
      const dbUrl = await freshDatabase();
      const results = await startTogether(dbUrl, async (database) => {
        await database.migrate();
        await seedReferenceData(database.db);
        await seedDemoProvider(database.db);
      });
      const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (rejected.length) failedRounds++;
      errors.push(...rejected.map((r) => String((r.reason as Error).message ?? r.reason)));
    }
    expect(failedRounds, 'no round failed without the lock: the harness does not start the instances together').toBeGreaterThan(0);
    // What the issue saw: the migrators race on their own schema and table (23505), or on a migration's tables.
    expect(
      errors.some((e) => /Failed query|already exists|duplicate key/.test(e)),
      errors.join('\n'),
    ).toBe(true);
  }, 180_000);
});
