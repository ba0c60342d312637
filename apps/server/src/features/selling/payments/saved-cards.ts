import { and, desc, eq, exists, isNotNull, sql } from 'drizzle-orm';
import type { Config } from '../../../config/env.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { orderItems, payments, subscriptionTiers } from '../../../db/schema/index.ts';
import { openSecret, sealSecret } from '../../../lib/secret-box.ts';
import { loadOrderRow, recordOrderEvent } from '../orders/index.ts';
import type { OnlineProvider, PaymentRow, SavedCard } from './adapters.ts';
import { adapterOf } from './registry.ts';

/**
 * Cards kept for renewals (issue 24, decision 027 "card renewals"). The provider keeps the card;
 * we keep only its reference (Stripe customer + payment method, a Datatrans alias, a test card),
 * sealed with the payment-secrets key and bound to its team and payment row, and the provider's
 * label (brand, last four digits). Never a card number. A membership points at the payment that
 * kept its card (`memberships.card_payment_id`).
 */

type SecretConfig = Pick<Config, 'sessionSecret'>;
const aad = (teamId: number, paymentId: number) => `payments.saved_card:${teamId}:${paymentId}`;

/** Whether an order buys a tier that renews (month or year): its online payment keeps the card. */
export async function buysRenewingTier(db: DbOrTx, teamId: number, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(orderItems)
    .where(
      and(
        eq(orderItems.teamId, teamId),
        eq(orderItems.orderId, orderId),
        exists(
          db
            .select({ one: sql`1` })
            .from(subscriptionTiers)
            .where(and(eq(subscriptionTiers.id, orderItems.subscriptionTierId), sql`${subscriptionTiers.interval} IN ('month', 'year')`)),
        ),
      ),
    )
    .limit(1);
  return !!row;
}

/** Keeps the card a paid notice reported on its payment row (sealed). */
export async function saveCard(db: DbOrTx, config: SecretConfig, teamId: number, paymentId: number, card: SavedCard): Promise<void> {
  await db
    .update(payments)
    .set({
      savedCard: sealSecret(config.sessionSecret, 'payment-secrets', card.reference, aad(teamId, paymentId)),
      cardLabel: card.label ? card.label.slice(0, 40) : null,
      updatedAt: new Date(),
    })
    .where(and(eq(payments.teamId, teamId), eq(payments.id, paymentId)));
}

/** The saved card of a payment row, opened: its provider and reference; undefined when it kept none. */
export async function openSavedCard(
  db: DbOrTx,
  config: SecretConfig,
  teamId: number,
  paymentId: number,
): Promise<{ provider: OnlineProvider; reference: string } | undefined> {
  const [row] = await db
    .select({ provider: payments.provider, savedCard: payments.savedCard })
    .from(payments)
    .where(and(eq(payments.teamId, teamId), eq(payments.id, paymentId), isNotNull(payments.savedCard)));
  const adapter = row && adapterOf(row.provider);
  if (!row?.savedCard || !adapter) return undefined;
  return {
    provider: adapter.provider,
    reference: openSecret(config.sessionSecret, 'payment-secrets', row.savedCard, aad(teamId, paymentId)),
  };
}

/**
 * The provider that renews with the card this payment kept (its adapter can charge saved cards),
 * or undefined: the renewal is then invoiced as before.
 */
export async function savedCardProvider(db: DbOrTx, teamId: number, paymentId: number): Promise<OnlineProvider | undefined> {
  const [row] = await db
    .select({ provider: payments.provider })
    .from(payments)
    .where(and(eq(payments.teamId, teamId), eq(payments.id, paymentId), isNotNull(payments.savedCard)));
  const adapter = row && adapterOf(row.provider);
  return adapter?.chargeSaved ? adapter.provider : undefined;
}

/** The newest payment of an order that kept a card (the membership's new card), or undefined. */
export async function cardPaymentOf(db: DbOrTx, teamId: number, orderId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.teamId, teamId), eq(payments.orderId, orderId), isNotNull(payments.savedCard)))
    .orderBy(desc(payments.id))
    .limit(1);
  return row?.id;
}

/**
 * A declined or expired attempt of an order a saved card renews (payments.service.ts): the attempt
 * fails with the provider's reason, the order stays open for another card (the sweep makes its
 * membership past due). True when the order is such a renewal.
 */
export async function failRenewalAttempt(
  db: DbOrTx,
  teamId: number,
  payment: PaymentRow,
  status: 'failed' | 'expired',
  reason: string | null,
): Promise<boolean> {
  const [charge] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.teamId, teamId), eq(payments.orderId, payment.orderId), isNotNull(payments.idempotencyKey)))
    .limit(1);
  if (!charge) return false;
  const changed = await db
    .update(payments)
    .set({ status, failure: reason?.slice(0, 200) ?? null, checkoutUrl: null, updatedAt: new Date() })
    .where(and(eq(payments.teamId, teamId), eq(payments.id, payment.id), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  if (!changed.length) return true;
  await recordOrderEvent(
    db,
    teamId,
    payment.orderId,
    'payment_failed',
    { actor: 'provider' },
    {
      provider: payment.provider,
      payment_id: payment.id,
      reason: reason?.slice(0, 200) ?? status,
    },
  );
  return true;
}

/**
 * "Update card": a new attempt on the open renewal order of a card membership, paid on the
 * provider's page, which keeps the new card (it replaces the saved one when the order is paid).
 * Refused (409) while the saved card's charge is still pending at the provider.
 */
export async function openRenewalAttempt(db: DbOrTx, teamId: number, orderId: number, provider: string): Promise<'opened' | 'busy'> {
  const order = await loadOrderRow(db, teamId, orderId);
  if (!order || order.paymentStatus !== 'waiting') return 'busy';
  const pending = await db
    .select()
    .from(payments)
    .where(and(eq(payments.teamId, teamId), eq(payments.orderId, orderId), eq(payments.status, 'pending')));
  if (pending.some((p) => p.idempotencyKey)) return 'busy';
  if (pending.some((p) => p.provider === provider && !p.idempotencyKey)) return 'opened';
  await db.insert(payments).values({
    teamId,
    orderId,
    provider: provider as PaymentRow['provider'],
    status: 'pending',
    amountMinor: order.totalMinor,
    currency: order.currency,
  });
  return 'opened';
}
