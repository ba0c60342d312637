import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { executeShaped, preparedPerDb } from './sql.ts';

let t: TestApp;
const db = () => t.app.deps.db;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('executeShaped', () => {
  it('renders a shape once and runs it with each run’s values, jsonb and dates encoded, null as NULL', async () => {
    const insert = (type: string, payload: Record<string, unknown> | null, runAt: Date) =>
      executeShaped<{ id: number }>(db(), 'sql-test-insert', (b) => {
        const row = b.row({ type, payload: payload ?? {}, runAt, lastError: payload ? null : 'none', maxAttempts: 3 });
        return sql`WITH j AS (${db().insert(jobs).values(row).returning({ id: jobs.id }).getSQL()}) SELECT id FROM j`;
      });
    const when = new Date('2030-01-02T03:04:05.000Z');
    const [a] = await insert('sql-test.a', { n: 1, text: 'ä "quoted"' }, when);
    const [b] = await insert('sql-test.b', null, new Date(when.getTime() + 1000));
    const rows = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.id, Number(a!.id)));
    expect(rows[0]).toMatchObject({ type: 'sql-test.a', payload: { n: 1, text: 'ä "quoted"' }, lastError: null, maxAttempts: 3 });
    expect(rows[0]!.runAt.toISOString()).toBe(when.toISOString());
    const [second] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.id, Number(b!.id)));
    expect(second).toMatchObject({ type: 'sql-test.b', payload: {}, lastError: 'none' });
  });

  it('fails under the tests when a value that varies was not bound (it would be frozen into the cached statement)', async () => {
    const run = (n: number) => executeShaped<{ n: number }>(db(), 'sql-test-unbound', () => sql`SELECT ${n}::int AS n`);
    expect((await run(1))[0]!.n).toBe(1);
    await expect(run(2)).rejects.toThrow(/rendered differently/);
  });

  it('counts the bound values into the shape: a different number of rows is another statement', async () => {
    const run = (values: number[]) =>
      executeShaped<{ s: number }>(
        db(),
        'sql-test-rows',
        (b) =>
          sql`SELECT (${sql.join(
            values.map((v) => sql`${b.bind(v)}::int`),
            sql` + `,
          )}) AS s`,
      );
    expect((await run([1, 2]))[0]!.s).toBe(3);
    expect((await run([1, 2, 3]))[0]!.s).toBe(6);
    expect((await run([5, 5]))[0]!.s).toBe(10);
  });
});

describe('preparedPerDb', () => {
  it('builds a query once per database handle and runs it with each call’s values', async () => {
    let builds = 0;
    const query = preparedPerDb('sql_test_any', (d) => {
      builds++;
      return d
        .select({ n: sql<number>`count(*)::int` })
        .from(sql`generate_series(1, 10) AS g(v)`)
        .where(sql`g.v = ANY (${sql.placeholder('values')}::int[])`);
    });
    expect(await query(db(), { values: [1, 2, 3] })).toEqual([{ n: 3 }]);
    expect(await query(db(), { values: [4, 11] })).toEqual([{ n: 1 }]);
    expect(builds).toBe(1);
  });
});
