import { readFileSync } from 'node:fs';
import type { ReadyChecks } from '@bookla/shared';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../types.ts';

/**
 * The checks of `GET /api/ready` (CONTRACT §7): whether this instance can serve. A load balancer
 * asks every few seconds, so each check is one cheap look: one statement (which is also the
 * database's check), the jobs runner's last wake-up, the rate limiter's view of Redis.
 */

/** Longest a check may take: a database that does not answer within it counts as down. */
export const READY_TIMEOUT_MS = 2000;
/** The jobs runner wakes every 2 s (its thread reports every 2 s): silent this long, it is stopped or stuck. */
export const JOBS_STALE_MS = 15_000;

/**
 * The newest migration of this build (drizzle's journal), as the migrator records it
 * (`created_at` of `drizzle.__drizzle_migrations`): applied once the newest recorded one is as new.
 */
const newestMigration: number = (() => {
  const journal = JSON.parse(readFileSync(new URL('../../db/migrations/meta/_journal.json', import.meta.url), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
})();

/** SQLSTATEs of a database where the migrator has not created its table yet. */
const NOT_MIGRATED = new Set(['42P01', '3F000']);

function sqlState(err: unknown): string | undefined {
  for (let e: unknown = err, n = 0; e && typeof e === 'object' && n < 5; e = (e as { cause?: unknown }).cause, n++) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string') return code;
  }
  return undefined;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function databaseChecks(deps: Pick<AppDeps, 'db'>): Promise<Pick<ReadyChecks, 'database' | 'migrations'>> {
  try {
    const result = await withTimeout(
      deps.db.execute(sql`SELECT max(created_at)::text AS newest FROM drizzle.__drizzle_migrations`),
      READY_TIMEOUT_MS,
    );
    const newest = Number((result as unknown as { rows: { newest: string | null }[] }).rows[0]?.newest ?? 0);
    return { database: 'ok', migrations: newest >= newestMigration ? 'ok' : 'pending' };
  } catch (err) {
    const state = sqlState(err);
    if (state && NOT_MIGRATED.has(state)) return { database: 'ok', migrations: 'pending' };
    return { database: 'down', migrations: 'unknown' };
  }
}

export async function readinessChecks(
  deps: Pick<AppDeps, 'db' | 'limiter' | 'jobsHeartbeat'>,
  now = Date.now(),
): Promise<{ ready: boolean; checks: ReadyChecks }> {
  const [db, redis] = await Promise.all([databaseChecks(deps), deps.limiter.health?.()]);
  const tick = deps.jobsHeartbeat();
  const checks: ReadyChecks = { ...db, jobs: tick !== undefined && now - tick < JOBS_STALE_MS ? 'ok' : 'stopped' };
  if (redis) checks.redis = redis;
  return { ready: checks.database === 'ok' && checks.migrations === 'ok' && checks.jobs === 'ok', checks };
}
