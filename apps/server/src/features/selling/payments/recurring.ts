import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { memberships, payments } from '../../../db/schema/index.ts';
import { loadOrderRow } from '../orders/index.ts';
import type { ChargeOutcome, PaymentDeps, PaymentRow } from './adapters.ts';
import { handlePaymentNotice } from './payments.service.ts';
import { adapterOf } from './registry.ts';
import { openSavedCard } from './saved-cards.ts';

/**
 * Renewals charged to a saved card (issue 24, decision 027 "card renewals"). The memberships sweep
 * writes the renewal order (one per period) with a pending attempt of the card's provider, and
 * gives that attempt its idempotency key (`bookla-renewal-<order id>`) in the same transaction.
 * After the commit, `chargeRenewals` asks the provider — never inside a transaction:
 *
 * 1. claim — a conditional update of `charge_claimed_at` (two sweeps at once: one claims);
 * 2. ask — `adapter.chargeSaved` with the attempt's key;
 * 3. record — as any provider notice (`handlePaymentNotice`, once per key): paid → the order is
 *    paid and the membership settled (the orders' port); pending → the provider's webhook settles
 *    it later; declined → the attempt is `failed` with the provider's reason, the renewal order
 *    stays open (a new card can pay it) and the sweep makes the membership `past_due`.
 *
 * A sweep that died between ask and record leaves the claim: after `RECLAIM_MS` another sweep asks
 * again with the same key, and the provider answers with the first charge instead of a second one.
 * A provider that could not be reached is treated the same way (the claim stays, asked again after
 * `RECLAIM_MS`) for `UNREACHABLE_RETRY_MS` after the period began, and only then fails.
 */

export const RECLAIM_MS = 10 * 60_000;
/**
 * A provider that cannot be reached (no answer, 5xx, a timeout) is asked again with the same key
 * each time the claim runs out, for this long after the period began; then the renewal fails like
 * a decline. An outage of an hour does not make a paying member past due.
 */
export const UNREACHABLE_RETRY_MS = 24 * 60 * 60_000;
const BATCH = 50;

export const renewalChargeKey = (orderId: number) => `bookla-renewal-${orderId}`;

/** In the sweep's transaction: the renewal order's pending attempt becomes a saved-card charge. */
export async function prepareRenewalCharge(tx: DbOrTx, teamId: number, orderId: number): Promise<void> {
  await tx
    .update(payments)
    .set({ idempotencyKey: renewalChargeKey(orderId) })
    .where(and(eq(payments.teamId, teamId), eq(payments.orderId, orderId), eq(payments.status, 'pending')));
}

export interface ChargeRenewalsResult {
  charged: number;
  pending: number;
  declined: number;
}

/** Charges every renewal attempt not yet asked (or whose asker died), at `now`. */
export async function chargeRenewals(deps: PaymentDeps, now = new Date()): Promise<ChargeRenewalsResult> {
  const result: ChargeRenewalsResult = { charged: 0, pending: 0, declined: 0 };
  const open = await deps.db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        isNotNull(payments.idempotencyKey),
        or(isNull(payments.chargeClaimedAt), lt(payments.chargeClaimedAt, new Date(now.getTime() - RECLAIM_MS))),
      ),
    )
    .orderBy(payments.id)
    .limit(BATCH);
  for (const { id } of open) {
    const outcome = await chargeOne(deps, id, now);
    if (outcome) result[outcome === 'succeeded' ? 'charged' : outcome]++;
  }
  return result;
}

/** Step 1: the claim (another sweep claimed it meanwhile: nothing). */
async function claim(deps: PaymentDeps, paymentId: number, now: Date): Promise<PaymentRow | undefined> {
  const [row] = await deps.db
    .update(payments)
    .set({ chargeClaimedAt: now, updatedAt: now })
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.status, 'pending'),
        or(isNull(payments.chargeClaimedAt), lt(payments.chargeClaimedAt, new Date(now.getTime() - RECLAIM_MS))),
      ),
    )
    .returning();
  return row;
}

/** The saved card the membership of this renewal order renews with, and when its new period began. */
async function cardOf(deps: PaymentDeps, teamId: number, orderId: number) {
  const [m] = await deps.db
    .select({ cardPaymentId: memberships.cardPaymentId, periodStart: memberships.currentPeriodStart })
    .from(memberships)
    .where(and(eq(memberships.teamId, teamId), eq(memberships.renewalOrderId, orderId)));
  if (!m?.cardPaymentId) return undefined;
  try {
    const saved = await openSavedCard(deps.db, deps.config, teamId, m.cardPaymentId);
    return saved && { ...saved, periodStart: m.periodStart };
  } catch {
    deps.log?.error({ teamId, orderId }, 'a saved card cannot be opened (SESSION_SECRET changed?)');
    return undefined;
  }
}

async function chargeOne(deps: PaymentDeps, paymentId: number, now: Date): Promise<ChargeOutcome['status'] | undefined> {
  const payment = await claim(deps, paymentId, now);
  if (!payment?.idempotencyKey) return undefined;
  const { teamId, orderId } = payment;
  const order = await loadOrderRow(deps.db, teamId, orderId);
  if (!order || order.paymentStatus !== 'waiting') return undefined;
  const card = await cardOf(deps, teamId, orderId);
  const adapter = card && adapterOf(card.provider);
  let outcome: ChargeOutcome;
  if (!card || !adapter?.chargeSaved || card.provider !== payment.provider) outcome = { status: 'declined', reason: 'no_saved_card' };
  else {
    try {
      outcome = await adapter.chargeSaved({ deps, order, payment, saved: card.reference, idempotencyKey: payment.idempotencyKey });
    } catch (err) {
      // Not reached, or an error of its own: the claim stays, and the sweep after RECLAIM_MS asks
      // again with the same key (the provider answers with the first charge should the money have
      // moved). A day after the period began it fails like a decline; had the money moved after
      // all, the provider's webhook still pays the order (and the membership is active again).
      const retry = now.getTime() - card.periodStart.getTime() < UNREACHABLE_RETRY_MS;
      deps.log?.error(
        { provider: payment.provider, teamId, orderId, retry, failure: adapter.errorSummary?.(err) ?? { message: String(err) } },
        'a saved card could not be charged',
      );
      if (retry) return 'pending';
      outcome = { status: 'declined', reason: 'provider_unavailable' };
    }
  }
  await recordCharge(deps, payment, outcome);
  return outcome.status;
}

/** Step 3: the outcome, once per key (the notice's event id is the key). */
async function recordCharge(deps: PaymentDeps, payment: PaymentRow, outcome: ChargeOutcome): Promise<void> {
  const key = payment.idempotencyKey!;
  const base = { provider: adapterOf(payment.provider)!.provider, eventId: `charge:${key}`, teamId: payment.teamId, paymentId: payment.id };
  if (outcome.status === 'succeeded') {
    await handlePaymentNotice(deps, {
      ...base,
      type: 'renewal.charge.succeeded',
      outcome: 'paid',
      externalPaymentId: outcome.externalPaymentId,
      amountMinor: outcome.amountMinor,
      currency: outcome.currency,
    });
    return;
  }
  if (outcome.status === 'pending') {
    await handlePaymentNotice(deps, {
      ...base,
      type: 'renewal.charge.pending',
      outcome: 'processing',
      externalPaymentId: outcome.externalPaymentId,
    });
    return;
  }
  await handlePaymentNotice(deps, {
    ...base,
    type: 'renewal.charge.declined',
    outcome: 'declined',
    externalPaymentId: outcome.externalPaymentId ?? null,
    reason: outcome.reason,
  });
}
