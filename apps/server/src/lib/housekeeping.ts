import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { purgeIdempotencyKeys } from './idempotency.ts';
import { pruneFinishedJobs } from './job-prune.ts';
import { schedulePeriodic } from './periodic.ts';

const HOUR = 3600_000;

/**
 * The app's own periodic purges (started from app.ts with the job loop), each on one instance at a
 * time (lib/periodic.ts): expired sessions, finished jobs (lib/job-prune.ts) and idempotency keys
 * past their 24 h (lib/idempotency.ts). The features schedule their own sweeps the same way.
 * Returns stop.
 */
export function scheduleHousekeeping(db: Db, log: FastifyBaseLogger, purgeSessions: () => Promise<unknown>): () => void {
  const stops = [
    schedulePeriodic(db, log, { name: 'sessions.purge', intervalMs: HOUR, run: purgeSessions }),
    schedulePeriodic(db, log, {
      name: 'jobs.prune',
      intervalMs: HOUR,
      run: async (stopped) => {
        const n = await pruneFinishedJobs(db, { stopped });
        if (n) log.info({ pruned: n }, 'finished jobs pruned');
      },
    }),
    schedulePeriodic(db, log, {
      name: 'idempotency.purge',
      intervalMs: HOUR,
      run: async (stopped) => {
        const n = await purgeIdempotencyKeys(db, stopped);
        if (n) log.debug({ purged: n }, 'old idempotency keys purged');
      },
    }),
  ];
  return () => stops.forEach((stop) => stop());
}
