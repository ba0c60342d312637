import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { orderEvents, orders } from '../../../db/schema/index.ts';
import { enqueueJob, jobInsert, type JobRunner } from '../../../lib/jobs.ts';
import { queueOrderMail, type OrderMailOccasion } from '../documents/index.ts';
import type { SellingDeps } from './order-state.service.ts';

/**
 * The confirmation of a new order is written by a job that the order's own transaction enqueues
 * (one small insert), not inside that transaction: composing the mail reads the order, its dates,
 * location and team (a dozen queries), and an order transaction holds the ticket's and the order
 * counter's row locks until it commits, so every other buyer of that ticket would wait for the
 * mail text too. The job row commits with the order (a crash loses neither), and the job writes
 * the mail once: it checks the order's history for a mail of this occasion under the order's lock.
 */
export const ORDER_MAIL_JOB = 'order.mail';

export function queueOrderMailJob(tx: DbOrTx, teamId: number, orderId: number, occasion: OrderMailOccasion): Promise<number> {
  return enqueueJob(tx, ORDER_MAIL_JOB, { teamId, orderId, occasion }, { maxAttempts: 10 });
}

/** The same job's INSERT, unexecuted (the checkout writes it within its one write statement). */
export function orderMailJobInsert(db: DbOrTx, teamId: number, orderId: number, occasion: OrderMailOccasion) {
  return jobInsert(db, ORDER_MAIL_JOB, { teamId, orderId, occasion }, { maxAttempts: 10 });
}

const OCCASIONS: ReadonlySet<string> = new Set<OrderMailOccasion>(['placed', 'paid', 'ended']);

export function registerOrderMailJob(runner: JobRunner, deps: SellingDeps): void {
  runner.register(
    ORDER_MAIL_JOB,
    async (payload) => {
      const teamId = Number(payload.teamId);
      const orderId = Number(payload.orderId);
      const occasion = String(payload.occasion);
      if (!Number.isSafeInteger(teamId) || !Number.isSafeInteger(orderId) || !OCCASIONS.has(occasion)) return;
      await deps.db.transaction(async (tx) => {
        const [order] = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.teamId, teamId), eq(orders.id, orderId)))
          .for('update');
        if (!order) return;
        const [sent] = await tx
          .select({ id: orderEvents.id })
          .from(orderEvents)
          .where(
            and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, 'mail_queued'), sql`${orderEvents.data}->>'occasion' = ${occasion}`),
          )
          .limit(1);
        if (sent) return;
        await queueOrderMail(tx, deps.config, teamId, orderId, occasion as OrderMailOccasion);
      });
    },
    { lockMs: 60_000 },
  );
}
