import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';

/**
 * Periodic work (order expiry, waiting-list sweeps, purges, digests) on one instance at a time
 * (CONTRACT §7, decision 023). Every instance keeps its timer; at each tick it first claims the
 * sweep's row in `periodic_runs` with one conditional upsert — due (`next_run_at` passed) and
 * nobody running it (`running_until` empty or passed) — and runs the sweep only when it won. So a
 * sweep runs once per interval across all instances, never two at a time, and a crashed
 * instance's claim ends with its lease. It is plain rows and one statement, so it works the same
 * on PGlite, on PostgreSQL and behind PgBouncer in transaction mode (where a session-level
 * advisory lock does not hold).
 *
 * The sweeps themselves stay safe to run side by side (row locks, SKIP LOCKED, conditional
 * updates): the claim saves the work of N instances doing the same, it is not what makes them correct.
 */

export interface PeriodicOptions {
  /** The sweep's name: one row in `periodic_runs`, shared by every instance. */
  name: string;
  intervalMs: number;
  /** How long a claim holds before another instance may run the sweep (a crashed or hung runner); default max(60 s, 2 intervals). */
  leaseMs?: number;
  /**
   * How often this instance asks whether the sweep is due (default: the interval, at most a
   * minute). The schedule itself is the row's `next_run_at`, so a daily sweep still runs daily
   * when instances restart more often than that, and a first start runs it at the first poll.
   */
  pollMs?: number;
  /** The sweep; `stopped()` tells a sweep in batches that the app is closing. */
  run: (stopped: () => boolean) => Promise<unknown>;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Claims this tick of `name`: its claim (the start time as text, to fence the release) when this
 * caller won, null when the sweep is not due or another instance runs it. The next tick is due a
 * little before one interval has passed, so timers that fire a few milliseconds early still
 * find it due.
 */
export async function claimTick(db: Db, name: string, intervalMs: number, leaseMs = defaultLease(intervalMs)): Promise<string | null> {
  const next = Math.max(1, intervalMs - Math.min(1000, Math.floor(intervalMs / 10)));
  const result = await db.execute(sql`
    INSERT INTO periodic_runs AS p (name, next_run_at, running_until, last_started_at)
    VALUES (${name}, clock_timestamp() + ${next}::int * interval '1 millisecond',
            clock_timestamp() + ${leaseMs}::int * interval '1 millisecond', clock_timestamp())
    ON CONFLICT (name) DO UPDATE
      SET next_run_at = excluded.next_run_at, running_until = excluded.running_until, last_started_at = excluded.last_started_at
      WHERE p.next_run_at <= clock_timestamp() AND (p.running_until IS NULL OR p.running_until < clock_timestamp())
    RETURNING last_started_at::text AS claim`);
  return rowsOf<{ claim: string }>(result)[0]?.claim ?? null;
}

/** Ends the claim `claim` of `name` (only that one: a claim taken over after its lease is left alone). */
export async function releaseTick(db: Db, name: string, claim: string): Promise<void> {
  await db.execute(sql`
    UPDATE periodic_runs SET running_until = NULL, last_finished_at = clock_timestamp()
    WHERE name = ${name} AND last_started_at = ${claim}::timestamptz`);
}

function defaultLease(intervalMs: number): number {
  return Math.min(2 ** 31 - 1, Math.max(60_000, 2 * intervalMs));
}

/**
 * Runs `run` every `intervalMs` across the instances, whenever this one wins the tick (see above);
 * one run at a time per instance. Failures are logged, never thrown. Returns stop.
 */
export function schedulePeriodic(db: Db, log: FastifyBaseLogger, opts: PeriodicOptions): () => void {
  let running = false;
  let stopped = false;
  const isStopped = () => stopped;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    let claim: string | null = null;
    try {
      claim = await claimTick(db, opts.name, opts.intervalMs, opts.leaseMs);
      if (claim) await opts.run(isStopped);
    } catch (err: unknown) {
      log.warn({ err, sweep: opts.name }, 'periodic sweep failed');
    } finally {
      if (claim)
        await releaseTick(db, opts.name, claim).catch((err: unknown) => log.warn({ err, sweep: opts.name }, 'periodic release failed'));
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), Math.min(opts.intervalMs, opts.pollMs ?? 60_000));
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
