import { encodeMessage, parseMoney, type OrderBulkBody, type OrderBulkReply, type PaymentStatus } from '@bookla/shared';
import { AppError, notFound, validationError } from '../../../lib/app-error.ts';
import { resendOccasion } from './order-admin.service.ts';
import * as repo from './order-admin.repo.ts';
import { cancelByStaff, formatAmount, markPaidByStaff } from './order-list.service.ts';
import { cancelFreeOrder, recordOrderEvent, type OrderActor, type StaffRefundResult } from './order-state.service.ts';
import { orderMails } from './order-mails-port.ts';
import { orderPayments, type OrderPaymentDeps } from './order-payments-port.ts';
import { loadOrderRow } from './order-view.ts';

/**
 * Staff actions on an order beyond marking it paid: refunds (back through the payment provider
 * when the money came online, recorded otherwise), cancelling free and paid orders, sending the confirmation
 * again, and mass actions on selected orders. State changes go through order-state.service.ts;
 * each is in the order's history with the staff member.
 */

const conflict = (key: string, params?: Record<string, unknown>) => new AppError('CONFLICT', key, { params });
const staff = (userId: number | null): OrderActor => ({ actor: 'staff', userId });

export interface RefundRequest {
  /** In the order's currency (`12.50`, `"12,50"`); null/omitted: everything still refundable. */
  amount?: string | number | null;
  reason?: string | null;
}

/**
 * `POST /api/orders/{id}/refund`: full or partial, through the one refund service
 * (payments/refunds.ts): orders paid online are refunded at their provider (the team's keys),
 * never while the order is locked; invoice, manual and test-mode orders are recorded.
 * 422 at `amount` for more than paid minus refunded; 409 for an unpaid or fully refunded order;
 * 502 when the provider refuses (nothing changes; the history notes the failed attempt).
 */
export async function refundByStaff(
  deps: OrderPaymentDeps,
  teamId: number,
  orderId: number,
  userId: number | null,
  body: RefundRequest,
): Promise<StaffRefundResult> {
  const { db } = deps;
  const row = await loadOrderRow(db, teamId, orderId);
  if (!row) throw notFound();
  let amountMinor: number | undefined;
  if (body.amount !== undefined && body.amount !== null && String(body.amount).trim() !== '') {
    const parsed = parseMoney(body.amount, row.currency);
    if (parsed === null || parsed <= 0) throw validationError({ amount: ['orders:refund.amount_invalid'] });
    amountMinor = parsed;
  }
  if (row.paymentStatus !== 'paid' && row.paymentStatus !== 'partially-refunded') throw refusal(row.paymentStatus);
  const result = await orderPayments().refund(deps, { teamId, orderId, amountMinor, who: staff(userId), reason: body.reason ?? null });
  if (result.refusal === 'too_much')
    throw validationError({ amount: [encodeMessage('orders:refund.too_much', { max: formatAmount(result.leftMinor, row.currency) })] });
  if (result.refusal === 'nothing_left') throw conflict('orders:refund.nothing_left');
  if (result.refusal) throw refusal(result.status);
  return result;
}

function refusal(status: PaymentStatus): AppError {
  if (status === 'refunded') return conflict('orders:refund.nothing_left');
  return conflict('orders:refund.not_paid');
}

/**
 * `POST /api/orders/{id}/cancel`: an unpaid order is cancelled (seats released), a free one too;
 * a paid one only with `refund: true` — everything still paid is refunded and its seats released.
 * Returns how it ended: `cancelled`, or `refunded` with the amount.
 */
export async function cancelOrderByStaff(
  deps: OrderPaymentDeps,
  teamId: number,
  orderId: number,
  userId: number | null,
  opts: { refund?: boolean },
): Promise<{ status: PaymentStatus; refundedMinor: number; currency: string }> {
  const row = await loadOrderRow(deps.db, teamId, orderId);
  if (!row) throw notFound();
  const status = row.paymentStatus;
  if (status === 'free') {
    const result = await cancelFreeOrder(deps, { teamId, orderId, who: staff(userId), reason: 'cancelled_by_staff' });
    if (!result.changed) throw conflict('orders:cancel.ended');
    return { status: 'cancelled', refundedMinor: 0, currency: row.currency };
  }
  if (status === 'paid' || status === 'partially-refunded') {
    if (!opts.refund) throw conflict('orders:cancel.paid');
    const result = await refundByStaff(deps, teamId, orderId, userId, { reason: 'cancelled_by_staff' });
    return { status: result.status, refundedMinor: result.amountMinor, currency: row.currency };
  }
  if (status === 'refunded') throw conflict('orders:cancel.refunded');
  // Waiting (and the ended ones, which answer 409 with the reason).
  await cancelByStaff(deps, teamId, orderId, userId);
  return { status: 'cancelled', refundedMinor: 0, currency: row.currency };
}

/**
 * `POST /api/orders/{id}/resend`: the confirmation the order has now, again to the customer's
 * (current) e-mail: paid → payment confirmation with tickets and receipt; free → confirmation
 * with tickets; unpaid invoice → the invoice. Anything else: 409. In the history as `mail_resent`.
 */
export async function resendByStaff(deps: OrderPaymentDeps, teamId: number, orderId: number, userId: number | null): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await loadOrderRow(tx, teamId, orderId);
    if (!row) throw notFound();
    const occasion = resendOccasion(row);
    const emailId = occasion ? await orderMails().queue(tx, deps.config, teamId, orderId, occasion) : undefined;
    if (emailId === undefined) throw conflict('orders:resend.nothing');
    await recordOrderEvent(tx, teamId, orderId, 'mail_resent', staff(userId), { occasion, email_id: emailId, to: row.email });
  });
}

/**
 * `POST /api/orders/bulk`: the action on each selected order, one after the other; one order's
 * refusal does not stop the others. Another team's or an unknown id: not found.
 */
export async function bulkAction(
  deps: OrderPaymentDeps,
  teamId: number,
  userId: number | null,
  body: OrderBulkBody,
  t: (key: string, params?: Record<string, unknown>) => string,
): Promise<Omit<OrderBulkReply, 'success' | 'message'>> {
  const ids = [...new Set(body.ids)];
  const ours = await repo.teamOrderIds(deps.db, teamId, ids);
  const results: OrderBulkReply['results'] = [];
  for (const id of ids) {
    if (!ours.has(id)) {
      results.push({ id, ok: false, payment_status: null, message: t('errors:not_found') });
      continue;
    }
    try {
      if (body.action === 'mark-paid') await markPaidByStaff(deps, teamId, id, userId);
      else await resendByStaff(deps, teamId, id, userId);
      results.push({ id, ok: true, payment_status: (await loadOrderRow(deps.db, teamId, id))?.paymentStatus ?? null, message: null });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const status = (await loadOrderRow(deps.db, teamId, id))?.paymentStatus ?? null;
      results.push({ id, ok: false, payment_status: status, message: t(err.messageKey, err.params) });
    }
  }
  const done = results.filter((r) => r.ok).length;
  return { done, failed: results.length - done, results };
}
