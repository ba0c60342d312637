import type { DbOrTx } from '../../../db/client.ts';
import { enqueueJob, jobInsert } from '../../../lib/jobs.ts';
import type { Bind } from '../../../lib/sql.ts';
import type { OrderMailOccasion } from './order-mails-port.ts';

/**
 * The `order.mail` job as orders enqueue it: the confirmation of a new order is written by a job
 * that the order's own transaction enqueues (one small insert), not inside that transaction:
 * composing the mail reads the order, its dates, location and team, and an order transaction holds
 * the ticket's and the order counter's row locks until it commits, so every other buyer of that
 * ticket would wait for the mail text too. The job row commits with the order (a crash loses
 * neither). The job's handler belongs to the mails (documents/order-mail-job.ts), which the app
 * registers on its job runner.
 */
export const ORDER_MAIL_JOB = 'order.mail';

export function queueOrderMailJob(tx: DbOrTx, teamId: number, orderId: number, occasion: OrderMailOccasion): Promise<number> {
  return enqueueJob(tx, ORDER_MAIL_JOB, { teamId, orderId, occasion }, { maxAttempts: 10 });
}

/** The same job's INSERT, unexecuted (the checkout writes it within its one write statement). */
export function orderMailJobInsert(db: DbOrTx, teamId: number, orderId: number, occasion: OrderMailOccasion, bind: Bind = (v) => v) {
  return jobInsert(db, ORDER_MAIL_JOB, bind({ teamId, orderId, occasion }), { maxAttempts: 10, runAt: bind(new Date()) });
}
