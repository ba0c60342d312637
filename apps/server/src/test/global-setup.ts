import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { seedReferenceData } from '../db/seed/index.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File with a dump of a migrated, seeded PGlite cluster; empty on the PostgreSQL server. */
    pgliteTemplate: string;
    /** On the PostgreSQL server: a migrated, seeded database to copy (CREATE DATABASE … TEMPLATE); else empty. */
    postgresTemplate: string;
  }
}

/**
 * Creating a PGlite cluster (initdb) and migrating it takes seconds; loading a dump of one takes
 * well under one. So the run makes the migrated, seeded database once and every test file starts
 * from a copy of it. On the PostgreSQL server the same: one migrated, seeded database, and every
 * app's database is `CREATE DATABASE … TEMPLATE` of it (0.1 s, where migrating took 1.5–3 s for
 * each of the ~150 apps the PostgreSQL selection builds).
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    project.provide('pgliteTemplate', '');
    const name = `bookla_tpl_${randomBytes(6).toString('hex')}`;
    await adminQuery(url, `CREATE DATABASE ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openDatabase({ url: target.toString(), poolSize: 2 });
    try {
      await database.migrate();
      await seedReferenceData(database.db);
    } finally {
      // No connection may stay open on a template: copying it needs it alone.
      await database.close();
    }
    project.provide('postgresTemplate', name);
    return () => adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  project.provide('postgresTemplate', '');
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  await seedReferenceData(database.db);
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const path = join(tmpdir(), `bookla-pglite-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', path);
  return () => rmSync(path, { force: true });
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
