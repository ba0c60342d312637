import {
  minorToDecimal,
  type Language,
  type PaymentStatus,
  type TestPayment,
  type TestPaymentOutcome,
  type TestSaveCard,
} from '@bookla/shared';
import { AppError, notFound } from '../../../lib/app-error.ts';
import {
  endUnpaidOrder,
  loadOrderRow,
  markOrderPaid,
  orderPageUrl,
  type LinkedOrder,
  recordOrderEvent,
  recordRefund,
  type OrderActor,
  type OrderRow,
  type StateChange,
} from '../orders/index.ts';
import { getSellingSettings } from '../settings/index.ts';
import type { OnlineProvider, PaymentDeps, PaymentNotice, PaymentRow, StartedPayment, WebhookDelivery } from './adapters.ts';
import * as repo from './payments.repo.ts';
import { isTestPaymentToken, testNotice } from './providers/test-mode/test-mode.adapter.ts';
import { paymentAdapter } from './registry.ts';
import { buysRenewingTier, failRenewalAttempt, saveCard } from './saved-cards.ts';

/**
 * Online payments: opening the provider's page for a new order, and applying what providers tell
 * us. Every notice — a provider's webhook after its adapter checked the signature, the test page
 * after its token check — goes through `handlePaymentNotice`, which changes orders only through the order state
 * functions (idempotent, they lock the order) and records the event id afterwards.
 *
 * Why "record after": the state change and the event record are two transactions. A crash between
 * them leaves the event unrecorded; the provider sends it again and the idempotent state function
 * changes nothing the second time. Recording first instead could lose an effect for good.
 */

const provider: OrderActor = { actor: 'provider' };

/** Where the buyer returns from the provider's page: the order page, marked as a return. */
const returnUrl = (deps: PaymentDeps, lang: Language, teamId: number, order: LinkedOrder) =>
  `${orderPageUrl(deps.config, lang, teamId, order)}&payment=return`;

export interface StartOnlinePaymentInput {
  teamId: number;
  orderId: number;
  method: OnlineProvider;
  language: Language;
}

/**
 * Opens the provider's page for a committed order (status `waiting`, a pending `payments` row
 * of this provider) and returns where to send the buyer. Called again for the same attempt it
 * returns the same page. When the provider cannot be reached (after the SDK's retries) the order
 * ends as `error` — its seats go back at once — and the caller gets a 500 with a clear message.
 */
export async function startOnlinePayment(deps: PaymentDeps, input: StartOnlinePaymentInput): Promise<{ paymentUrl: string }> {
  const { db } = deps;
  const { teamId, orderId, method } = input;
  const order = await loadOrderRow(db, teamId, orderId);
  if (!order) throw new RangeError(`order ${orderId} of team ${teamId} not found`);
  const payment = await repo.findPendingPayment(db, teamId, orderId, method);
  if (!payment) throw new RangeError(`order ${orderId} has no pending ${method} payment`);
  if (payment.externalId && payment.checkoutUrl) return { paymentUrl: payment.checkoutUrl };
  if (order.paymentStatus !== 'waiting') throw new RangeError(`order ${orderId} is ${order.paymentStatus}, not waiting for a payment`);

  const adapter = paymentAdapter(method);
  let started: StartedPayment;
  try {
    started = await adapter.start({
      deps,
      order,
      payment,
      teamName: (await repo.teamName(db, teamId)) ?? '',
      language: input.language,
      returnUrl: returnUrl(deps, input.language, teamId, order),
      // A monthly or yearly tier (bought, or its renewal paid with a new card): the card is kept for renewals.
      saveCard: adapter.capabilities.recurring && (await buysRenewingTier(db, teamId, orderId)),
    });
  } catch (err) {
    deps.log?.error(
      {
        provider: method,
        teamId,
        orderId,
        failure: adapter.errorSummary?.(err) ?? { message: err instanceof Error ? err.message : String(err) },
      },
      'online payment could not be started',
    );
    await endUnpaidOrder(deps, { teamId, orderId, status: 'error', who: { actor: 'system' }, reason: 'payment_start_failed' });
    throw new AppError('INTERNAL', 'payments:provider_unavailable');
  }
  await db.transaction(async (tx) => {
    await repo.saveStarted(tx, teamId, payment.id, started);
    await recordOrderEvent(
      tx,
      teamId,
      orderId,
      'payment_started',
      { actor: 'customer' },
      {
        provider: method,
        payment_id: payment.id,
        external_id: started.externalId,
      },
    );
  });
  return { paymentUrl: started.checkoutUrl };
}

// ─── Notices ────────────────────────────────────────────────────────────────

export interface NoticeResult {
  /** `duplicate`: this event id was handled before; `ignored`: nothing of ours to change. */
  result: 'applied' | 'duplicate' | 'ignored';
  orderId?: number;
  status?: PaymentStatus;
  changed?: boolean;
}

/** The attempt a notice is about, within the notice's team and provider. */
async function noticePayment(deps: PaymentDeps, n: PaymentNotice): Promise<PaymentRow | undefined> {
  if (n.paymentId) {
    const p = await repo.findPayment(deps.db, n.teamId, n.paymentId);
    if (!p || p.provider !== n.provider) return undefined;
    // Our attempt's own session only (a payment id copied into another session's metadata is not it).
    if (p.externalId && n.externalId && p.externalId !== n.externalId) return undefined;
    return p;
  }
  if (n.externalPaymentId) return repo.findPaymentByExternalPaymentId(deps.db, n.teamId, n.provider, n.externalPaymentId);
  return undefined;
}

/**
 * Applies a verified notice once per event id. Out of order is fine: `expired` after `paid`
 * changes nothing (only waiting orders end); `paid` after `expired` takes the seats again (or,
 * when they are gone, leaves the order in `error` for a refund) — one final state either way.
 */
export async function handlePaymentNotice(deps: PaymentDeps, n: PaymentNotice): Promise<NoticeResult> {
  const { db } = deps;
  if (await repo.eventSeen(db, n.teamId, n.provider, n.eventId)) return { result: 'duplicate' };
  const payment = n.outcome === 'ignored' ? undefined : await noticePayment(deps, n);
  let change: StateChange | undefined;
  if (payment) {
    const base = { teamId: n.teamId, orderId: payment.orderId, who: provider };
    switch (n.outcome) {
      case 'paid':
        if (paidAmountDiffers(n, payment)) {
          await recordMismatch(deps, n, payment);
          break;
        }
        // The card the provider kept for renewals, first: settling the order gives it to the membership.
        if (n.savedCard) await saveCard(db, deps.config, n.teamId, payment.id, n.savedCard);
        change = await markOrderPaid(deps, { ...base, paymentId: payment.id, externalPaymentId: n.externalPaymentId ?? null });
        break;
      case 'processing':
        if (n.externalPaymentId) await repo.saveExternalPaymentId(db, n.teamId, payment.id, n.externalPaymentId);
        break;
      case 'declined':
      case 'expired':
        // A renewal a saved card pays stays open for another card; any other order ends.
        if (await failRenewalAttempt(db, n.teamId, payment, n.outcome === 'declined' ? 'failed' : 'expired', n.reason ?? n.type)) break;
        change = await endUnpaidOrder(deps, { ...base, status: n.outcome, reason: n.type });
        break;
      case 'refunded':
        change = await applyRefund(deps, n, payment);
        break;
    }
  }
  await repo.recordEvent(db, {
    teamId: n.teamId,
    provider: n.provider,
    eventId: n.eventId,
    type: n.type,
    orderId: payment?.orderId ?? null,
  });
  if (!payment) return { result: 'ignored' };
  return { result: 'applied', orderId: payment.orderId, status: change?.status, changed: change?.changed ?? false };
}

/**
 * Whether a "paid" notice's money is not the attempt's: another amount or currency. Real
 * providers always say both (a paid notice without them is not trusted); the test page moves no money.
 */
function paidAmountDiffers(n: PaymentNotice, payment: PaymentRow): boolean {
  if (n.provider === 'test') return false;
  return n.amountMinor !== payment.amountMinor || n.currency?.toUpperCase() !== payment.currency;
}

/**
 * A payment that does not match its order never marks it paid: the attempt becomes `mismatch` and
 * the order's history says what came (for staff to refund or settle by hand). The order keeps its
 * state (a waiting order still ends when its hold does).
 */
async function recordMismatch(deps: PaymentDeps, n: PaymentNotice, payment: PaymentRow): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await repo.setPaymentStatus(tx, n.teamId, payment.id, 'mismatch');
    await recordOrderEvent(tx, n.teamId, payment.orderId, 'payment_mismatch', provider, {
      provider: n.provider,
      payment_id: payment.id,
      event_id: n.eventId,
      expected_minor: payment.amountMinor,
      expected_currency: payment.currency,
      amount_minor: n.amountMinor ?? null,
      currency: n.currency?.toUpperCase() ?? null,
    });
  });
  deps.log?.warn(
    { teamId: n.teamId, paymentId: payment.id, expected: payment.amountMinor, got: n.amountMinor, currency: n.currency },
    'paid amount or currency differs from the attempt: not marked paid',
  );
}

/**
 * A refund step. Either the provider says the step itself (`stepMinor`), or how
 * much is refunded on the charge in all and, in the event, how much before: the difference is this
 * step. Its key makes it count once (the refund service records the same key when staff refund).
 * Without the previous amount, the difference to what the order has recorded.
 */
async function applyRefund(deps: PaymentDeps, n: PaymentNotice, payment: PaymentRow): Promise<StateChange | undefined> {
  const r = n.refund;
  if (!r) return undefined;
  let amount: number;
  if (r.stepMinor != null) amount = r.stepMinor;
  else if (r.totalRefundedMinor == null) return undefined;
  else if (r.previousRefundedMinor != null) amount = r.totalRefundedMinor - r.previousRefundedMinor;
  else {
    const order = await loadOrderRow(deps.db, n.teamId, payment.orderId);
    amount = r.totalRefundedMinor - (order?.refundedMinor ?? 0);
  }
  if (amount <= 0) return undefined;
  const change = await recordRefund(deps, {
    teamId: n.teamId,
    orderId: payment.orderId,
    amountMinor: amount,
    who: provider,
    externalRefundId: r.refundKey,
  });
  if (change.status === 'refunded') await repo.setPaymentStatus(deps.db, n.teamId, payment.id, 'refunded');
  return change;
}

// ─── Provider webhooks ──────────────────────────────────────────────────────

/**
 * A provider's webhook delivery (`POST /api/webhooks/{provider}`): its adapter checks authenticity
 * and names the team (a bad signature, an unknown team: 400 and nothing changes), then the notice
 * is applied once per event id.
 */
export async function receiveWebhook(deps: PaymentDeps, provider: OnlineProvider, delivery: WebhookDelivery): Promise<NoticeResult> {
  const adapter = paymentAdapter(provider);
  if (!adapter.handleWebhook) throw new AppError('BAD_REQUEST', 'payments:webhook_bad_payload');
  const notice = await adapter.handleWebhook(deps, delivery);
  return handlePaymentNotice(deps, notice);
}

// ─── Test-mode page ─────────────────────────────────────────────────────────

/**
 * The test attempt behind a page link: the token must be this payment's, the attempt a test-mode
 * one, and its team's test mode on; anything else is simply not found.
 */
async function openTestPayment(deps: PaymentDeps, paymentId: number, token: unknown): Promise<{ payment: PaymentRow; order: OrderRow }> {
  if (!isTestPaymentToken(deps.config, paymentId, token)) throw notFound();
  const payment = await repo.findPaymentAnyTeam(deps.db, paymentId);
  if (!payment || payment.provider !== 'test') throw notFound();
  if (!(await getSellingSettings(deps.db, payment.teamId)).testModeEnabled) throw notFound();
  const order = await loadOrderRow(deps.db, payment.teamId, payment.orderId);
  if (!order) throw notFound();
  return { payment, order };
}

export async function getTestPayment(deps: PaymentDeps, paymentId: number, token: unknown): Promise<TestPayment> {
  const { payment, order } = await openTestPayment(deps, paymentId, token);
  return {
    id: payment.id,
    team_id: payment.teamId,
    team_name: (await repo.teamName(deps.db, payment.teamId)) ?? '',
    order_id: order.publicId,
    order_number: order.number,
    amount: minorToDecimal(payment.amountMinor, payment.currency),
    amount_minor: payment.amountMinor,
    currency: payment.currency,
    status: payment.status,
    payment_status: order.paymentStatus,
    order_url: returnUrl(deps, order.language, order.teamId, order),
    can_save_card: await buysRenewingTier(deps.db, payment.teamId, order.id),
  };
}

/**
 * The buyer's answer on the test page, applied as a provider notice (the webhook's code path).
 * The same answer again is a replay (no change, same reply); another answer after the attempt
 * finished: 409.
 */
export async function submitTestPayment(
  deps: PaymentDeps,
  paymentId: number,
  token: unknown,
  outcome: TestPaymentOutcome,
  saveCard?: TestSaveCard,
): Promise<{ order_url: string }> {
  const { payment, order } = await openTestPayment(deps, paymentId, token);
  const keep = saveCard && (await buysRenewingTier(deps.db, payment.teamId, order.id)) ? saveCard : undefined;
  const notice = testNotice(payment.teamId, payment.id, outcome, keep);
  if (payment.status !== 'pending' && !(await repo.eventSeen(deps.db, payment.teamId, 'test', notice.eventId)))
    throw new AppError('CONFLICT', 'payments:test_finished');
  await handlePaymentNotice(deps, notice);
  return { order_url: returnUrl(deps, order.language, order.teamId, order) };
}
