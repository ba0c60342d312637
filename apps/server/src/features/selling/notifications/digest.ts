import type { FastifyBaseLogger } from 'fastify';
import { writeMail } from '../../../lib/mailer.ts';
import { schedulePeriodic } from '../../../lib/periodic.ts';
import type { NoticeDeps } from './notice-job.ts';
import { digestMail, type NoticeData } from './notice-mails.ts';
import * as repo from './notifications.repo.ts';

/**
 * The daily digest (decision 020): once per day per team on `digest`, in the team's time zone,
 * from DIGEST_HOUR local time on, each recipient gets one mail listing the previous day's events
 * (counts and a short list); a day without events sends nothing. The day is claimed with a
 * conditional UPDATE of `last_digest_on` in the same transaction that writes the mails to the
 * outbox: of several instances (or runs) exactly one claims it, and a failure rolls the claim
 * back with the mails, so the next run tries again. Nothing is sent twice and nothing is lost.
 */
export const DIGEST_HOUR = 6;
/** Events are kept this long (digests read one day; the rest only deduplicates late job runs). */
const KEEP_DAYS = 35;
const BATCH = 50;

/** Sends the digests due at `now`; returns how many teams were claimed (with or without mail). */
export async function runDigests(deps: NoticeDeps, now = new Date()): Promise<number> {
  const { db, config } = deps;
  let claimed = 0;
  for (;;) {
    const due = await repo.dueDigests(db, now, DIGEST_HOUR, BATCH);
    for (const { teamId, day } of due) {
      const team = await repo.findTeam(db, teamId);
      if (!team) continue;
      const won = await db.transaction(async (tx) => {
        if (!(await repo.claimDigest(tx, teamId, day))) return false;
        const settings = await repo.findSettings(tx, teamId);
        const events = await repo.eventsOfDay(tx, teamId, day, team.timeZone, settings?.events ?? []);
        if (!events.length) return true;
        const list = events.map((e) => ({ ...e, data: e.data as unknown as NoticeData }));
        for (const to of repo.recipientsOf(await repo.listMembers(tx, teamId)))
          await writeMail(
            tx,
            config,
            digestMail(config, { teamId, team: team.name, country: team.country, timeZone: team.timeZone, day, events: list, to }),
          );
        return true;
      });
      if (won) claimed++;
    }
    if (due.length < BATCH) break;
  }
  return claimed;
}

/**
 * Runs the digests every `intervalMs` (started from app.ts with the job loop) and purges old events
 * daily, each on one instance at a time (lib/periodic.ts). Returns stop.
 */
export function scheduleDigests(deps: NoticeDeps, log: FastifyBaseLogger, intervalMs = 5 * 60_000): () => void {
  const stopDigests = schedulePeriodic(deps.db, log, {
    name: 'notifications.digest',
    intervalMs,
    run: async () => {
      const n = await runDigests(deps);
      if (n) log.info({ teams: n }, 'notification digests sent');
    },
  });
  const stopPurge = schedulePeriodic(deps.db, log, {
    name: 'notifications.purge',
    intervalMs: 24 * 3600_000,
    run: () => repo.purgeOldEvents(deps.db, KEEP_DAYS),
  });
  return () => {
    stopDigests();
    stopPurge();
  };
}
