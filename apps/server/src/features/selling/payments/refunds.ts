import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { orders, paymentRefunds, payments } from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordOrderEvent, refundOrder, type OrderActor, type StaffRefundResult } from '../orders/index.ts';
import type { PaymentDeps, PaymentRow } from './adapters.ts';
import { adapterOf } from './registry.ts';

/**
 * The one refund path (staff refunds, cancellations by customers, cancelling a paid order). How
 * the money goes back is the paid attempt's provider's business (`adapter.refund`); an order paid
 * otherwise (invoice, manual, test mode) is only recorded. The provider is never asked while a
 * database transaction or an order lock is held:
 *
 * 1. reserve — one short transaction locks the order, checks what is left (paid minus refunded
 *    minus refunds still pending) and inserts a `payment_refunds` row (`pending`) with a fresh
 *    idempotency key; the lock ends with it. Two refunds at once cannot reserve more than is left.
 * 2. ask — the adapter calls the provider with that key, outside any transaction (a retry after a
 *    lost reply with the same key gets the same refund, never a second one).
 * 3. record — the row becomes `failed` (and the order's history notes it: 502, nothing changed) or
 *    `succeeded` with the provider's refund key; then the order is refunded in its own transaction
 *    with that key, which is also the key the provider's refund webhook reports, so whichever
 *    comes first counts it and the other changes nothing.
 *
 * A reservation whose outcome was never recorded (the process died during the call) stops
 * counting after `PENDING_HOLD_MS`; the provider's refund webhook still records the money if it moved.
 */

export const PENDING_HOLD_MS = 15 * 60_000;

export interface RefundThroughProviderInput {
  teamId: number;
  orderId: number;
  /** Minor units, above 0; omitted: everything still refundable. */
  amountMinor?: number;
  who: OrderActor;
  reason?: string | null;
  /** false: no refund mail of its own (the caller's mail carries the credit note); see `StaffRefundInput.mail`. */
  mail?: boolean;
}

/** How a refund of this order moves the money: the provider's name when it refunds online, else `record`. */
export async function refundMethodOf(db: DbOrTx, teamId: number, orderId: number): Promise<string> {
  return (await refundablePayment(db, teamId, orderId))?.provider ?? 'record';
}

/** Whether this order's money goes back online (to the card or TWINT) when refunded. */
export async function refundsOnline(db: DbOrTx, teamId: number, orderId: number): Promise<boolean> {
  return !!(await refundablePayment(db, teamId, orderId));
}

/**
 * The order's paid attempt at a provider that refunds online (the newest such, with the provider's
 * id of the money), or undefined when the money came otherwise.
 */
export async function refundablePayment(db: DbOrTx, teamId: number, orderId: number): Promise<PaymentRow | undefined> {
  const rows = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.teamId, teamId),
        eq(payments.orderId, orderId),
        inArray(payments.status, ['succeeded', 'refunded']),
        isNotNull(payments.externalPaymentId),
      ),
    )
    .orderBy(desc(payments.id));
  return rows.find((p) => adapterOf(p.provider)?.capabilities.refunds);
}

/** Which of these orders refund online (one query; cancellation quotes of many orders). */
export async function onlineRefundOrders(db: DbOrTx, teamId: number, orderIds: readonly number[]): Promise<Set<number>> {
  if (!orderIds.length) return new Set();
  const rows = await db
    .select({ orderId: payments.orderId, provider: payments.provider })
    .from(payments)
    .where(
      and(
        eq(payments.teamId, teamId),
        inArray(payments.orderId, [...orderIds]),
        inArray(payments.status, ['succeeded', 'refunded']),
        isNotNull(payments.externalPaymentId),
      ),
    );
  return new Set(rows.filter((r) => adapterOf(r.provider)?.capabilities.refunds).map((r) => r.orderId));
}

type Reserved =
  | { kind: 'refused'; result: StaffRefundResult }
  | { kind: 'reserved'; refundId: number; amountMinor: number; currency: string; key: string };

/** Step 1: lock the order for a moment, check what is left, reserve the amount. */
async function reserve(deps: PaymentDeps, input: RefundThroughProviderInput, payment: PaymentRow): Promise<Reserved> {
  return deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.teamId, input.teamId), eq(orders.id, input.orderId)))
      .for('update');
    if (!order) throw new RangeError(`order ${input.orderId} of team ${input.teamId} not found`);
    const [pending] = await tx
      .select({ sum: sql<number>`coalesce(sum(${paymentRefunds.amountMinor}), 0)::int` })
      .from(paymentRefunds)
      .where(
        and(
          eq(paymentRefunds.teamId, input.teamId),
          eq(paymentRefunds.orderId, order.id),
          eq(paymentRefunds.status, 'pending'),
          gt(paymentRefunds.createdAt, new Date(Date.now() - PENDING_HOLD_MS)),
        ),
      );
    const left = order.totalMinor - order.refundedMinor - (pending?.sum ?? 0);
    const refused = (refusal: 'not_paid' | 'nothing_left' | 'too_much'): Reserved => ({
      kind: 'refused',
      result: { changed: false, status: order.paymentStatus, refusal, amountMinor: 0, leftMinor: Math.max(0, left) },
    });
    if (order.paymentStatus !== 'paid' && order.paymentStatus !== 'partially-refunded') return refused('not_paid');
    if (left <= 0) return refused('nothing_left');
    const amount = input.amountMinor ?? left;
    if (amount <= 0 || amount > left) return refused('too_much');
    const key = `bookla-refund-${order.id}-${randomUUID()}`;
    const [row] = await tx
      .insert(paymentRefunds)
      .values({
        teamId: input.teamId,
        orderId: order.id,
        paymentId: payment.id,
        provider: payment.provider,
        amountMinor: amount,
        idempotencyKey: key,
      })
      .returning({ id: paymentRefunds.id });
    return { kind: 'reserved', refundId: row!.id, amountMinor: amount, currency: order.currency, key };
  });
}

async function finish(
  deps: PaymentDeps,
  teamId: number,
  refundId: number,
  values: { status: 'succeeded' | 'failed'; externalRefundId?: string; failure?: string },
) {
  await deps.db
    .update(paymentRefunds)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(paymentRefunds.teamId, teamId), eq(paymentRefunds.id, refundId)));
}

/**
 * Refunds an order, full or partial: back through its provider when it was paid online, else
 * recorded. `refusal` says why nothing changed (not paid, nothing left, more than left); a
 * provider's refusal is `AppError` 502 (409 when the provider is no longer set up) with the
 * attempt in the order's history.
 */
export async function refundThroughProvider(deps: PaymentDeps, input: RefundThroughProviderInput): Promise<StaffRefundResult> {
  const payment = await refundablePayment(deps.db, input.teamId, input.orderId);
  const adapter = payment && adapterOf(payment.provider);
  if (!payment || !adapter?.refund) return refundOrder(deps, { ...input, method: 'record' });
  // A provider without partial refunds: only the whole rest may go back (omit the amount).
  if (input.amountMinor !== undefined && !adapter.capabilities.partialRefunds)
    throw new AppError('CONFLICT', 'payments:partial_refund_unsupported');

  const reserved = await reserve(deps, input, payment);
  if (reserved.kind === 'refused') return reserved.result;

  let moved: { refundKey: string; refundId: string };
  try {
    moved = await adapter.refund(deps, {
      teamId: input.teamId,
      orderId: input.orderId,
      payment,
      amountMinor: reserved.amountMinor,
      currency: reserved.currency,
      idempotencyKey: reserved.key,
      reference: reserved.refundId,
    });
  } catch (err) {
    const failure = err instanceof AppError ? err.messageKey : 'error';
    await finish(deps, input.teamId, reserved.refundId, { status: 'failed', failure: failure.slice(0, 200) });
    await recordOrderEvent(deps.db, input.teamId, input.orderId, 'refund_failed', input.who, {
      amount_minor: reserved.amountMinor,
      method: payment.provider,
    });
    throw err;
  }
  // The order first, then the row: until the row says `succeeded` it still reserves its amount, so
  // no refund in between can take what this one already moved.
  const result = await refundOrder(deps, {
    ...input,
    amountMinor: reserved.amountMinor,
    method: payment.provider,
    refundKey: moved.refundKey,
  });
  await finish(deps, input.teamId, reserved.refundId, { status: 'succeeded', externalRefundId: moved.refundKey });
  return result;
}
