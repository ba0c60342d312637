import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** Finished jobs are kept this long (what a job did is in its own tables: mails, orders, events). */
export const KEEP_DONE_JOB_DAYS = 7;
/** Failed jobs (retries exhausted) stay longer: someone may want to see why. */
export const KEEP_FAILED_JOB_DAYS = 30;
/** Rows deleted per statement, so no prune holds many row locks or one long transaction. */
const BATCH = 5000;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Deletes done jobs older than `doneDays` and failed ones older than `failedDays` (by their last
 * change), in batches, through the partial index of finished jobs (`jobs_finished_idx`, migration
 * 0022): open jobs are never looked at. A periodic sweep (app.ts). Returns how many were deleted.
 */
export async function pruneFinishedJobs(
  db: Db,
  opts: { doneDays?: number; failedDays?: number; stopped?: () => boolean } = {},
): Promise<number> {
  let total = 0;
  for (const [status, days] of [
    ['done', opts.doneDays ?? KEEP_DONE_JOB_DAYS],
    ['failed', opts.failedDays ?? KEEP_FAILED_JOB_DAYS],
  ] as const) {
    for (;;) {
      const result = await db.execute(sql`
        WITH gone AS (
          DELETE FROM jobs WHERE id IN (
            SELECT id FROM jobs
            WHERE status IN ('done', 'failed') AND status = ${status}
              AND updated_at < now() - ${days}::int * interval '1 day'
            LIMIT ${BATCH})
          RETURNING 1)
        SELECT count(*)::int AS n FROM gone`);
      const n = Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
      total += n;
      if (n < BATCH || opts.stopped?.()) break;
    }
  }
  return total;
}
