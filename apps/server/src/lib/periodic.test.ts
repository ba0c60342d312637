import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { KEEP_DONE_JOB_DAYS, KEEP_FAILED_JOB_DAYS, pruneFinishedJobs } from './job-prune.ts';
import { claimTick, releaseTick, schedulePeriodic } from './periodic.ts';

/**
 * Periodic work on one instance at a time (CONTRACT §7, lib/periodic.ts), finished jobs pruned
 * (lib/job-prune.ts) and the claim through its partial index. On PGlite both "instances" share the
 * one connection; with DATABASE_URL each has its own pool on the test database, as two servers would.
 */

let t: TestApp;
let second: Database | undefined;
const db = () => t.app.deps.db;
/** The database as a second instance sees it (its own pool on PostgreSQL). */
let other: Db;
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  t = await buildTestApp();
  other = db();
  const url = process.env.DATABASE_URL;
  if (url) {
    const { name } = rowsOf<{ name: string }>(await db().execute(sql`SELECT current_database() AS name`))[0]!;
    const target = new URL(url);
    target.pathname = `/${name}`;
    second = await openDatabase({ url: target.toString(), poolSize: 4 });
    other = second.db;
  }
});
afterAll(async () => {
  await second?.close();
  await t.close();
});

describe('claimTick', () => {
  it('one claim per tick: not again before the interval, not while running, again after the lease', async () => {
    // Time moves by setting the row's times (not by sleeping): the outcome never depends on how
    // fast the machine is.
    const INTERVAL = 60_000;
    const LEASE = 120_000;
    const shift = (column: 'next_run_at' | 'running_until') =>
      db().execute(sql`UPDATE periodic_runs SET ${sql.raw(column)} = clock_timestamp() - interval '1 second' WHERE name = 'test.claim'`);
    const claim = await claimTick(db(), 'test.claim', INTERVAL, LEASE);
    expect(claim).not.toBeNull();
    expect(await claimTick(other, 'test.claim', INTERVAL, LEASE)).toBeNull();
    // Due again, but still running (no release): nobody else may start it until the lease ends.
    await shift('next_run_at');
    expect(await claimTick(other, 'test.claim', INTERVAL, LEASE)).toBeNull();
    await shift('running_until');
    const takeover = await claimTick(other, 'test.claim', INTERVAL, LEASE);
    expect(takeover).not.toBeNull();
    // The first holder's late release does not end the new claim.
    await releaseTick(db(), 'test.claim', claim!);
    const [row] = rowsOf<{ running: boolean }>(
      await db().execute(sql`SELECT running_until IS NOT NULL AS running FROM periodic_runs WHERE name = 'test.claim'`),
    );
    expect(row!.running).toBe(true);
    await releaseTick(other, 'test.claim', takeover!);
    // Released, but the next tick is not due before the interval.
    expect(await claimTick(db(), 'test.claim', INTERVAL, LEASE)).toBeNull();
  });
});

describe('schedulePeriodic with two instances', () => {
  const INTERVAL = 100;
  const RUN_FOR = 1500;

  /** Two runners of one sweep (one per "instance"); every run recorded with its start and end. */
  async function twoRunners(name: string, schedule: typeof schedulePeriodic) {
    const runs: { who: string; start: number; end: number }[] = [];
    const sweep = (who: string) => async () => {
      const start = Date.now();
      await sleep(30);
      runs.push({ who, start, end: Date.now() });
    };
    const stops = [
      schedule(db(), t.app.log, { name, intervalMs: INTERVAL, run: sweep('a') }),
      schedule(other, t.app.log, { name, intervalMs: INTERVAL, run: sweep('b') }),
    ];
    await sleep(RUN_FOR);
    stops.forEach((stop) => stop());
    await sleep(100);
    return runs.sort((x, y) => x.start - y.start);
  }

  /** Most runs one sweep may have in RUN_FOR: a tick is due again 90 % of an interval after the last claim. */
  const MOST = Math.ceil(RUN_FOR / (INTERVAL * 0.9)) + 1;

  it('runs the sweep once per tick across both, never two at a time', async () => {
    const runs = await twoRunners('test.sweep', schedulePeriodic);
    // Once per tick across both instances, not once per instance (timers on a busy machine may skip some).
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs.length).toBeLessThanOrEqual(MOST);
    for (let i = 1; i < runs.length; i++) expect(runs[i]!.start, `run ${i} overlaps run ${i - 1}`).toBeGreaterThanOrEqual(runs[i - 1]!.end);
  });

  it('CONTROL: the same two runners without the claim run it once per instance per tick, side by side', async () => {
    const unclaimed: typeof schedulePeriodic = (_db, _log, opts) => {
      const timer = setInterval(() => void opts.run(() => false), opts.intervalMs);
      return () => clearInterval(timer);
    };
    const runs = await twoRunners('test.unclaimed', unclaimed);
    expect(runs.length).toBeGreaterThan(MOST);
    expect(runs.some((r, i) => i > 0 && r.start < runs[i - 1]!.end)).toBe(true);
  });
});

describe('a long interval', () => {
  it('runs at the first poll when due (a first start), then not again before its interval: restarts do not postpone it', async () => {
    let runs = 0;
    const hourly = { name: 'test.hourly', intervalMs: 3600_000, pollMs: 50, run: async () => void runs++ };
    const stop = schedulePeriodic(db(), t.app.log, hourly);
    // The first poll runs it (waited for, however slow the machine); later polls do not.
    for (const until = Date.now() + 20_000; runs === 0 && Date.now() < until; ) await sleep(20);
    await sleep(300);
    stop();
    expect(runs).toBe(1);
    // A restarted instance (a new scheduler) finds it not due: the schedule is in the database.
    const restarted = schedulePeriodic(other, t.app.log, hourly);
    await sleep(300);
    restarted();
    expect(runs).toBe(1);
    const [row] = rowsOf<{ due_in_minutes: number }>(
      await db().execute(
        sql`SELECT round(extract(epoch FROM next_run_at - now()) / 60)::int AS due_in_minutes FROM periodic_runs WHERE name = 'test.hourly'`,
      ),
    );
    expect(row!.due_in_minutes).toBeGreaterThanOrEqual(58);
  });
});

describe('pruneFinishedJobs', () => {
  it('deletes done jobs past their days and failed ones past theirs; open jobs and recent ones stay', async () => {
    const days = (n: number) => sql`now() - ${n}::int * interval '1 day'`;
    const make = async (label: string, status: string, ageDays: number) => {
      const [row] = await db()
        .insert(jobs)
        .values({ type: `test.prune.${label}`, payload: {}, status, runAt: days(ageDays), updatedAt: days(ageDays) })
        .returning({ id: jobs.id });
      return row!.id;
    };
    await make('done-old', 'done', KEEP_DONE_JOB_DAYS + 1);
    await make('done-new', 'done', KEEP_DONE_JOB_DAYS - 1);
    await make('failed-mid', 'failed', KEEP_DONE_JOB_DAYS + 1);
    await make('failed-old', 'failed', KEEP_FAILED_JOB_DAYS + 1);
    await make('queued-old', 'queued', 400);
    await make('running-old', 'running', 400);
    expect(await pruneFinishedJobs(db())).toBe(2);
    const left = rowsOf<{ type: string }>(await db().execute(sql`SELECT type FROM jobs WHERE type LIKE 'test.prune.%' ORDER BY type`));
    expect(left.map((r) => r.type.replace('test.prune.', ''))).toEqual(['done-new', 'failed-mid', 'queued-old', 'running-old']);
    expect(await pruneFinishedJobs(db())).toBe(0);
  });
});

/**
 * The claim of lib/jobs.ts and the prune's select, on a table of many finished jobs and few open
 * ones: both read through their partial index, never the whole table. (The claim's text mirrors
 * `claim()` in lib/jobs.ts.)
 */
describe.skipIf(!process.env.DATABASE_URL)('the claim and the prune use their partial indexes (PostgreSQL EXPLAIN)', () => {
  it('jobs_open_idx for the claim, jobs_finished_idx for the prune', async () => {
    await db().execute(sql`
      INSERT INTO jobs (type, payload, status, run_at, updated_at)
      SELECT 'mail.send', '{}'::jsonb, 'done', now() - (g % 1000) * interval '1 minute',
             -- As the hourly prune leaves it: all but a few finished within the kept days.
             CASE WHEN g % 500 = 0 THEN now() - interval '10 days' ELSE now() - (g % 100) * interval '1 hour' END
      FROM generate_series(1, 50000) g`);
    await db().execute(sql`
      INSERT INTO jobs (type, payload, status, run_at) SELECT 'mail.send', '{}'::jsonb, 'queued', now() FROM generate_series(1, 20)`);
    await db().execute(sql`ANALYZE jobs`);
    const plan = async (query: ReturnType<typeof sql>) =>
      rowsOf<{ 'QUERY PLAN': string }>(await db().execute(sql`EXPLAIN ${query}`))
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    const claim = await plan(sql`
      UPDATE jobs SET status = 'running', attempts = attempts + 1,
             locked_until = now() + ${300_000}::int * interval '1 millisecond', updated_at = now()
      WHERE id = (
        SELECT id FROM jobs
        WHERE type IN (${'mail.send'}, ${'order.mail'}) AND run_at <= now()
          AND (status = 'queued' OR (status = 'running' AND locked_until < now()))
        ORDER BY run_at, id
        FOR UPDATE SKIP LOCKED
        LIMIT 1)
      RETURNING id, type, payload, attempts, max_attempts`);
    expect(claim).toContain('jobs_open_idx');
    expect(claim).not.toMatch(/Seq Scan on jobs/);
    // The runner sends the claim as a named prepared statement (lib/sql.ts), which PostgreSQL may
    // run with one generic plan: that plan must use the index as well.
    const client = await (db() as unknown as { $client: pg.Pool }).$client.connect();
    try {
      await client.query('SET plan_cache_mode = force_generic_plan');
      await client.query(`PREPARE claim_generic(text, text, int) AS
        UPDATE jobs SET status = 'running', attempts = attempts + 1,
               locked_until = now() + $3 * interval '1 millisecond', updated_at = now()
        WHERE id = (
          SELECT id FROM jobs
          WHERE type IN ($1, $2) AND run_at <= now()
            AND (status = 'queued' OR (status = 'running' AND locked_until < now()))
          ORDER BY run_at, id
          FOR UPDATE SKIP LOCKED
          LIMIT 1)
        RETURNING id, type, payload, attempts, max_attempts`);
      const generic = (
        await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE claim_generic('mail.send', 'order.mail', 300000)`)
      ).rows
        .map((r) => r['QUERY PLAN'])
        .join('\n');
      expect(generic).toContain('jobs_open_idx');
      expect(generic).not.toMatch(/Seq Scan on jobs/);
      // CONTROL: without the partial index the same plan reads the whole table.
      await client.query('BEGIN');
      await client.query('DROP INDEX jobs_open_idx');
      const unindexed = (
        await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE claim_generic('mail.send', 'order.mail', 300000)`)
      ).rows
        .map((r) => r['QUERY PLAN'])
        .join('\n');
      await client.query('ROLLBACK');
      expect(unindexed).not.toContain('jobs_open_idx');
      expect(unindexed).toMatch(/Seq Scan on jobs|jobs_pkey/);
      await client.query('DEALLOCATE claim_generic');
      await client.query('RESET plan_cache_mode');
    } finally {
      client.release();
    }
    const prune = await plan(sql`
      SELECT id FROM jobs
      WHERE status IN ('done', 'failed') AND status = ${'done'} AND updated_at < now() - ${7}::int * interval '1 day'
      LIMIT 5000`);
    expect(prune).toContain('jobs_finished_idx');
    expect(prune).not.toMatch(/Seq Scan on jobs/);
  }, 60_000);
});
