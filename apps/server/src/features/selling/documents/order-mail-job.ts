import type { Db } from '../../../db/client.ts';
import { JOB_SETTLED, settleJobSql, type JobRunner } from '../../../lib/jobs.ts';
import type { MailSender } from '../../../lib/mailer.ts';
import { ORDER_MAIL_JOB, ORDER_MAIL_OCCASIONS, type OrderMailConfig, type OrderMailOccasion } from '../orders/index.ts';
import { writeOrderMailOnce } from './order-mails.ts';

/**
 * The handler of the `order.mail` job that orders enqueue (orders/order-mail-job.ts: a new
 * order's confirmation is composed after the order's transaction, not in it).
 *
 * One run of the job does the whole background work of the order, in six statements on a
 * database that is busiest exactly when orders come in (docs/decisions/012-selling.md): claim;
 * BEGIN; lock the order and read everything the mail and its PDFs show; write the mail (pending),
 * its send job (already claimed by this run), the order's history entry and this job's `done`,
 * unless a mail of this occasion exists (checked under the lock: written once); COMMIT; then send
 * the mail (or keep it as an .eml) with its PDFs rendered from what was just read, and record the
 * outcome on the mail and its send job in one statement. A failed sending leaves the send job
 * queued with backoff; should the process die after COMMIT, the send job's claim expires and any
 * worker sends the mail.
 */
const OCCASIONS: ReadonlySet<string> = new Set<string>(ORDER_MAIL_OCCASIONS);

export function registerOrderMailJob(runner: JobRunner, deps: { db: Db; config: OrderMailConfig }, sender: MailSender): void {
  runner.register(
    ORDER_MAIL_JOB,
    async (payload, { attempt, maxAttempts, jobId }) => {
      const teamId = Number(payload.teamId);
      const orderId = Number(payload.orderId);
      const occasion = String(payload.occasion);
      if (!Number.isSafeInteger(teamId) || !Number.isSafeInteger(orderId) || !OCCASIONS.has(occasion)) return;
      const job = { id: jobId, attempt, maxAttempts };
      const write = await deps.db.transaction((tx) =>
        writeOrderMailOnce(tx, deps.config, teamId, orderId, occasion as OrderMailOccasion, [settleJobSql(job)]),
      );
      if (write.outcome === 'none') return;
      if (write.outcome === 'duplicate') return JOB_SETTLED;
      // Skipped (over a mail quota, issue 20 item 5): archived as such, nothing to send.
      if (!write.written.sendJob) return JOB_SETTLED;
      // Committed: the mail is in the outbox, its send job claimed by this run. Send it now.
      await sender.deliver(write.written.mail, write.written.sendJob, write.memo);
      return JOB_SETTLED;
    },
    { lockMs: 60_000 },
  );
}
