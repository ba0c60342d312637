import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';

/**
 * A small PostgreSQL job queue. Jobs are claimed with FOR UPDATE SKIP LOCKED, so any number of
 * instances can poll the same table without doing a job twice. A failed job is retried with
 * exponential backoff until `max_attempts`; a crashed worker's claim expires (`locked_until`).
 *
 * A claim is fenced by its attempt number: the runner settles a job (done, retry, failed) only
 * while it is still `running` with the attempt it claimed, so a worker whose claim expired and
 * was taken over writes nothing over the newer attempt's outcome.
 */
export interface ClaimedJob {
  id: number;
  /** This claim's attempt (1 for the first run). */
  attempt: number;
  maxAttempts: number;
}

/**
 * A handler returns `JOB_SETTLED` when it already wrote the job's outcome itself (with
 * `settleJobSql`, inside its own last statement or transaction): the runner then writes nothing,
 * which saves a statement per job. Otherwise the runner marks the job done, or retries it when
 * the handler throws.
 */
export const JOB_SETTLED = Symbol('job settled');

export type JobHandler = (
  payload: Record<string, unknown>,
  ctx: { attempt: number; maxAttempts: number; jobId: number },
) => Promise<void | typeof JOB_SETTLED>;

export interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
}

export async function enqueueJob(db: DbOrTx, type: string, payload: Record<string, unknown>, opts: EnqueueOptions = {}) {
  const [row] = await jobInsert(db, type, payload, opts).returning({ id: jobs.id });
  return row!.id;
}

/** The INSERT of `enqueueJob`, unexecuted: to run it inside another statement (`.getSQL()` in a CTE). */
export function jobInsert(db: DbOrTx, type: string, payload: Record<string, unknown>, opts: EnqueueOptions = {}) {
  return db.insert(jobs).values({ type, payload, runAt: opts.runAt ?? new Date(), maxAttempts: opts.maxAttempts ?? 8 });
}

import { executePrepared } from './sql.ts';

export { executePrepared };

/** Backoff after the n-th failed attempt: 30 s, 1 min, 2 min, … capped at 1 h. */
export function backoffMs(attempt: number): number {
  return Math.min(3600_000, 30_000 * 2 ** Math.max(0, attempt - 1));
}

/**
 * The UPDATE that settles a claimed job: done, or (with `error`) queued again after the backoff,
 * failed after its last attempt. Fenced: it changes the row only while this claim still holds it
 * (`RETURNING id` then returns it), so it can run as a CTE of a handler's last statement.
 */
export function settleJobSql(job: ClaimedJob, error?: string): SQL {
  if (error === undefined) {
    return sql`UPDATE jobs SET status = 'done', locked_until = NULL, last_error = NULL, updated_at = now()
      WHERE id = ${job.id} AND status = 'running' AND attempts = ${job.attempt}::int RETURNING id`;
  }
  const final = job.attempt >= job.maxAttempts;
  const runAt = new Date(Date.now() + backoffMs(job.attempt));
  return sql`UPDATE jobs SET status = ${final ? 'failed' : 'queued'}, run_at = ${runAt.toISOString()}::timestamptz,
      locked_until = NULL, last_error = ${error.slice(0, 2000)}, updated_at = now()
    WHERE id = ${job.id} AND status = 'running' AND attempts = ${job.attempt}::int RETURNING id`;
}

export interface JobRunner {
  /** `lockMs`: how long a claim holds before another worker may take the job over (a crashed worker's job). */
  register(type: string, handler: JobHandler, opts?: { lockMs?: number }): void;
  /** Claims and runs due jobs until none is left (or `max` ran). Returns how many ran. */
  runDue(max?: number): Promise<number>;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
  /**
   * When the started loop last woke up (ms since epoch), also while a long job holds it;
   * undefined when it is not started. GET /api/ready reads it as the runner's "alive" signal.
   */
  lastTick(): number | undefined;
}

const LOCK_MS = 5 * 60_000;

export function createJobRunner(db: Db, log: FastifyBaseLogger): JobRunner {
  const handlers = new Map<string, JobHandler>();
  const lockMsByType = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let lastTick: number | undefined;

  async function claim(): Promise<
    { id: number; type: string; payload: Record<string, unknown>; attempts: number; maxAttempts: number } | undefined
  > {
    const types = [...handlers.keys()];
    if (!types.length) return undefined;
    const lockMs = lockMsByType.size
      ? sql`CASE type ${sql.join(
          [...lockMsByType].map(([t, ms]) => sql`WHEN ${t} THEN ${ms}::int`),
          sql` `,
        )} ELSE ${LOCK_MS}::int END`
      : sql`${LOCK_MS}::int`;
    const [row] = await executePrepared(
      db,
      sql`
      UPDATE jobs SET status = 'running', attempts = attempts + 1,
             locked_until = now() + ${lockMs} * interval '1 millisecond', updated_at = now()
      WHERE id = (
        SELECT id FROM jobs
        WHERE type IN ${types} AND run_at <= now()
          AND (status = 'queued' OR (status = 'running' AND locked_until < now()))
        ORDER BY run_at, id
        FOR UPDATE SKIP LOCKED
        LIMIT 1)
      RETURNING id, type, payload, attempts, max_attempts`,
    );
    if (!row) return undefined;
    return {
      id: Number(row.id),
      type: String(row.type),
      payload: row.payload as Record<string, unknown>,
      attempts: Number(row.attempts),
      maxAttempts: Number(row.max_attempts),
    };
  }

  async function runOne(): Promise<boolean> {
    const job = await claim();
    if (!job) return false;
    const handler = handlers.get(job.type)!;
    const claimed: ClaimedJob = { id: job.id, attempt: job.attempts, maxAttempts: job.maxAttempts };
    try {
      const outcome = await handler(job.payload, { attempt: job.attempts, maxAttempts: job.maxAttempts, jobId: job.id });
      if (outcome !== JOB_SETTLED) await executePrepared(db, settleJobSql(claimed));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const final = job.attempts >= job.maxAttempts;
      log.warn({ jobId: job.id, type: job.type, attempt: job.attempts, final, err: message }, 'job failed');
      await executePrepared(db, settleJobSql(claimed, message));
    }
    return true;
  }

  async function runDue(max = 100): Promise<number> {
    let n = 0;
    while (n < max && (await runOne())) n++;
    return n;
  }

  return {
    register(type, handler, opts) {
      handlers.set(type, handler);
      if (opts?.lockMs) lockMsByType.set(type, opts.lockMs);
    },
    runDue,
    start(intervalMs = 2000) {
      if (timer) return;
      lastTick = Date.now();
      timer = setInterval(() => {
        lastTick = Date.now();
        if (running) return;
        running = runDue()
          .catch((err: unknown) => {
            log.error({ err }, 'job runner failed');
            return 0;
          })
          .finally(() => (running = undefined));
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      lastTick = undefined;
      await running;
    },
    lastTick: () => lastTick,
  };
}
