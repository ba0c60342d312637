import type { DbOrTx } from '../../../db/client.ts';
import { enqueueJob, jobInsert } from '../../../lib/jobs.ts';
import type { Bind } from '../../../lib/sql.ts';

/**
 * The `provider.notice` job as orders enqueue it (issue 22 item 7, decision 020): the transaction
 * that changed an order writes one small job row, which commits with the change or not at all; the
 * provider notifications (selling/notifications) handle it after the commit — who is told, in
 * which language, now or in the day's digest. Orders never wait for that, and a failure there
 * never reaches the customer's checkout (the job is retried and logged).
 *
 * `placed`: an order was placed or paid (the handler tells it once, when the order counts: free,
 * invoice, or paid; an order from a waiting-list offer is told as such). `cancelled`: cancelled by
 * the customer or the organiser, or ended unpaid. `refunded`: a refund was recorded (`credit_note`
 * numbers it; `requested` when the customer cancelled and the organiser owes the transfer).
 */
export const PROVIDER_NOTICE_JOB = 'provider.notice';

export type ProviderNoticeKind = 'placed' | 'cancelled' | 'refunded';

export interface ProviderNotice {
  teamId: number;
  orderId: number;
  kind: ProviderNoticeKind;
  /** When it happened (the digest files it under this day). */
  at: string;
  /** `cancelled`: who (`customer` | `organiser` | `unpaid`); `refunded`: amount_minor, credit_note, requested. */
  data?: Record<string, unknown>;
}

export function queueProviderNotice(
  tx: DbOrTx,
  teamId: number,
  orderId: number,
  kind: ProviderNoticeKind,
  data: Record<string, unknown> = {},
): Promise<number> {
  const notice: ProviderNotice = { teamId, orderId, kind, at: new Date().toISOString(), data };
  return enqueueJob(tx, PROVIDER_NOTICE_JOB, { ...notice }, { maxAttempts: 10 });
}

/** The `placed` notice's INSERT, unexecuted (the checkout writes it within its one write statement). */
export function providerNoticeJobInsert(db: DbOrTx, teamId: number, orderId: number, bind: Bind = (v) => v) {
  const now = new Date();
  return jobInsert(db, PROVIDER_NOTICE_JOB, bind({ teamId, orderId, kind: 'placed', at: now.toISOString(), data: {} }), {
    maxAttempts: 10,
    runAt: bind(now),
  });
}
