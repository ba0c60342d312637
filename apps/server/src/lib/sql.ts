import { createHash } from 'node:crypto';
import { Param, Placeholder, SQL, sql, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { namedStatementsOn, preparedName } from '../db/statement-names.ts';

export { preparedName };

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
  const result = await db._.session.prepareQuery(built, undefined, preparedName(name), false).execute();
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
  const prepared = new WeakMap<object, { named: boolean; query: { execute(values: V): Promise<R> } }>();
  return (db, values) => {
    let entry = prepared.get(db);
    if (!entry || entry.named !== namedStatementsOn()) {
      entry = { named: namedStatementsOn(), query: build(db).prepare(preparedName(`bookla_${name}`)) };
      prepared.set(db, entry);
    }
    return entry.query.execute(values);
  };
}

/** Puts a value into a statement: itself, or a placeholder of a shaped statement (`Bindings.bind`). */
export type Bind = <T>(value: T) => T;

/**
 * The values of one run of a shaped statement (`executeShaped`): each `bind` puts a placeholder
 * where the value goes and keeps the value for this run.
 */
export class Bindings {
  readonly values = new Map<string, unknown>();
  /** Keys left undefined by `row` (they render as DEFAULT, so they are part of the shape). */
  private unset = '';

  /** `value` as a placeholder, typed as the value (drizzle accepts a placeholder wherever a value goes). */
  readonly bind: Bind = <T>(value: T): T => {
    const name = `b${this.values.size}`;
    this.values.set(name, value);
    return sql.placeholder(name) as unknown as T;
  };

  /** A row to insert with every value bound; SQL expressions stay (they are part of the shape). */
  row<T extends object>(row: T): T {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(row)) {
      if (value === undefined) this.unset += `${key},`;
      else out[key] = value instanceof SQL ? value : this.bind(value);
    }
    return out as T;
  }

  /** What besides the caller's shape decides the text: how many values, which row keys were unset. */
  get fingerprint(): string {
    return `${this.values.size}|${this.unset}`;
  }
}

interface ShapedQuery {
  sql: string;
  params: unknown[];
  name: string;
}
const shapedQueries = new Map<string, ShapedQuery>();

function fill(param: unknown, values: ReadonlyMap<string, unknown>): unknown {
  if (param instanceof Placeholder) return values.get(param.name) ?? null;
  if (param instanceof Param && param.value instanceof Placeholder) {
    const value = values.get(param.value.name);
    return value === null || value === undefined ? null : param.encoder.mapToDriverValue(value);
  }
  return param;
}

/**
 * A statement rendered to SQL text once per shape and then only run: for a hot statement whose
 * rendering cost more than its round trip (the checkout's order write, docs/decisions/014). `build`
 * runs every time (building drizzle's objects is cheap) and binds every value that varies with
 * `b.bind` / `b.row`; `shape` names everything else that changes the text (how many rows, which
 * parts). Values not bound are rendered into the cached parameters, so they must be the same for
 * every run of the shape — under Vitest every run is rendered afresh and compared with the cached
 * one (text and unbound parameters), so a shape key that misses something fails the tests.
 * Runs as a named prepared statement (see `executePrepared`). Returns the rows.
 */
export async function executeShaped<T = Record<string, unknown>>(db: DbOrTx, shape: string, build: (b: Bindings) => SQL): Promise<T[]> {
  const b = new Bindings();
  const query = build(b);
  const key = `${shape}|${b.fingerprint}`;
  let cached = shapedQueries.get(key);
  if (!cached || process.env.VITEST) {
    const fresh = dialect.sqlToQuery(query);
    if (cached) assertSameShape(key, cached, fresh);
    cached = { sql: fresh.sql, params: fresh.params, name: `bookla_${createHash('sha1').update(fresh.sql).digest('hex').slice(0, 24)}` };
    if (shapedQueries.size >= 500) shapedQueries.clear();
    shapedQueries.set(key, cached);
  }
  const params = cached.params.map((p) => fill(p, b.values));
  const result = await db._.session.prepareQuery({ sql: cached.sql, params }, undefined, preparedName(cached.name), false).execute();
  return (result as { rows: T[] }).rows;
}

function assertSameShape(key: string, cached: ShapedQuery, fresh: { sql: string; params: unknown[] }): void {
  const unbound = (params: unknown[]) =>
    JSON.stringify(params.map((p) => (p instanceof Placeholder || (p instanceof Param && p.value instanceof Placeholder) ? '?' : p)));
  if (cached.sql !== fresh.sql || unbound(cached.params) !== unbound(fresh.params))
    throw new Error(`executeShaped: the shape "${key}" rendered differently (a value not bound, or a shape key that misses a part)`);
}
