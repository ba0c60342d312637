import { createHash } from 'node:crypto';
import { sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';

/** SQL pieces the list queries share. */

/** `%`, `_` and `\` in a search text match themselves in ILIKE. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A translated jsonb column read with the contract's fallback (language, en, first present). */
export function pickedText(column: SQLWrapper, lang: string | Placeholder): SQL<string> {
  return sql<string>`coalesce(nullif(${column}->>${lang}, ''), nullif(${column}->>'en', ''), nullif(${column}->>'de', ''), nullif(${column}->>'fr', ''), '')`;
}

const dialect = new PgDialect();
const statementNames = new Map<string, string>();

/**
 * Runs a statement as a named prepared statement: PostgreSQL parses and plans it once per
 * connection (and after five runs may keep one generic plan) instead of on every run. For the
 * statements every job runs, which are few and run all the time: planning the document context
 * read cost more server CPU than executing it (docs/decisions/012-selling.md). The name is a hash
 * of the text, so one name is always one text. PGlite ignores the name. Returns the rows.
 */
export async function executePrepared<T = Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  let name = statementNames.get(built.sql);
  if (!name) {
    name = `bookla_${createHash('sha1').update(built.sql).digest('hex').slice(0, 24)}`;
    // Texts are a handful per code path; the bound only guards against a caller building them from data.
    if (statementNames.size < 500) statementNames.set(built.sql, name);
  }
  const result = await db._.session.prepareQuery(built, undefined, name, false).execute();
  return (result as { rows: T[] }).rows;
}

/**
 * A query built once per database handle and run as a named prepared statement with its values as
 * placeholders (`sql.placeholder`): no query building per run, and PostgreSQL parses and plans it
 * once per connection. For the reads every checkout makes; the text must not depend on the values
 * (lists go in as one array: `= ANY(${sql.placeholder('ids')}::int[])`). PGlite ignores the name.
 */
export function preparedPerDb<V extends Record<string, unknown>, R>(
  name: string,
  build: (db: DbOrTx) => { prepare(name: string): { execute(values: V): Promise<R> } },
): (db: DbOrTx, values: V) => Promise<R> {
  const prepared = new WeakMap<object, { execute(values: V): Promise<R> }>();
  return (db, values) => {
    let query = prepared.get(db);
    if (!query) {
      query = build(db).prepare(`bookla_${name}`);
      prepared.set(db, query);
    }
    return query.execute(values);
  };
}
