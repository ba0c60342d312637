import type { DbOrTx } from '../../../db/client.ts';
import { enqueueJob, jobInsert, JOB_SETTLED, settleJobSql, type JobRunner } from '../../../lib/jobs.ts';
import type { MailSender } from '../../../lib/mailer.ts';
import { writeOrderMailOnce, type OrderMailOccasion } from '../documents/index.ts';
import type { SellingDeps } from './order-state.service.ts';
import type { Bind } from '../../../lib/sql.ts';

/**
 * The confirmation of a new order is written by a job that the order's own transaction enqueues
 * (one small insert), not inside that transaction: composing the mail reads the order, its dates,
 * location and team, and an order transaction holds the ticket's and the order counter's row
 * locks until it commits, so every other buyer of that ticket would wait for the mail text too.
 * The job row commits with the order (a crash loses neither).
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
export const ORDER_MAIL_JOB = 'order.mail';

export function queueOrderMailJob(tx: DbOrTx, teamId: number, orderId: number, occasion: OrderMailOccasion): Promise<number> {
  return enqueueJob(tx, ORDER_MAIL_JOB, { teamId, orderId, occasion }, { maxAttempts: 10 });
}

/** The same job's INSERT, unexecuted (the checkout writes it within its one write statement). */
export function orderMailJobInsert(db: DbOrTx, teamId: number, orderId: number, occasion: OrderMailOccasion, bind: Bind = (v) => v) {
  return jobInsert(db, ORDER_MAIL_JOB, bind({ teamId, orderId, occasion }), { maxAttempts: 10, runAt: bind(new Date()) });
}

const OCCASIONS: ReadonlySet<string> = new Set<OrderMailOccasion>(['placed', 'paid', 'ended']);

export function registerOrderMailJob(runner: JobRunner, deps: SellingDeps, sender: MailSender): void {
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
