import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { seedReferenceData } from '../db/seed/index.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File with a dump of a migrated, seeded PGlite cluster; empty on the PostgreSQL server. */
    pgliteTemplate: string;
  }
}

/**
 * Creating a PGlite cluster (initdb) and migrating it takes seconds; loading a dump of one takes
 * well under one. So the run makes the migrated, seeded database once and every test file starts
 * from a copy of it. On the PostgreSQL server each file still gets its own migrated database.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
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
