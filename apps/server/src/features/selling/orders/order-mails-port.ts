import type { Config } from '../../../config/env.ts';
import type { DbOrTx } from '../../../db/client.ts';

/**
 * What orders need of the order mails, as a port (decision 017): orders decide WHEN a customer is
 * told (the occasion, within the transaction that changed the order); documents/ decides WHAT the
 * mail says and carries, from its own document model. The app wires the one implementation at
 * start (`wireOrderMails(orderMails)` from documents/index.ts, in background-jobs.ts, which both
 * the server and the jobs thread run), so orders never import documents and documents may read
 * orders. Unwired, an order change that would mail fails loudly instead of losing the mail.
 *
 * Why not a member of the deps: the deps objects of every caller of the order state changes
 * (payments' webhooks and providers, tests) would have to carry it; the wiring is one line.
 */

/**
 * Why the customer is told: `placed` (confirmation), `paid` (payment received), `ended` (unpaid
 * order cancelled or expired), `refunded` (a refund, full or partial: its credit note, the order's latest).
 */
export type OrderMailOccasion = 'placed' | 'paid' | 'ended' | 'refunded';

export const ORDER_MAIL_OCCASIONS: readonly OrderMailOccasion[] = ['placed', 'paid', 'ended', 'refunded'];

export type OrderMailConfig = Pick<Config, 'appUrl' | 'appName' | 'mailFrom' | 'sessionSecret'>;

/**
 * Who ended an unpaid or free order, in the customer's terms (issue 22 item 8): the customer
 * herself (order link, customer account), the organiser (staff), or nobody paid (the hold ran out,
 * the payment failed or was declined).
 */
export type OrderEndedBy = 'customer' | 'organiser' | 'unpaid';

export interface OrderMailOptions {
  /** `ended`: why the order ended (the mail says so). */
  endedBy?: OrderEndedBy;
}

export interface OrderMails {
  /**
   * Writes the mail of an occasion to the outbox within `db` (the transaction that changed the
   * order), with its send job and the order's `mail_queued` history entry. Returns the mail's id,
   * or undefined when the occasion sends no mail for the order as it is now.
   */
  queue(
    db: DbOrTx,
    config: OrderMailConfig,
    teamId: number,
    orderId: number,
    occasion: OrderMailOccasion,
    opts?: OrderMailOptions,
  ): Promise<number | undefined>;
}

let wired: OrderMails | undefined;

/** The app's start-up wiring (background-jobs.ts): the implementation of the order mails. */
export function wireOrderMails(mails: OrderMails): void {
  wired = mails;
}

/** The wired order mails; throws when the app has not wired them (a mail must never be lost silently). */
export function orderMails(): OrderMails {
  if (!wired) throw new Error('order mails are not wired: call wireOrderMails() at start-up (background-jobs.ts)');
  return wired;
}
