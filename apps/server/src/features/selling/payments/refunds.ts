import type Stripe from 'stripe';
import { AppError } from '../../../lib/app-error.ts';
import { getSellingSettings, stripeCredentials, type StripeCredentials } from '../settings/index.ts';
import type { PaymentDeps } from './adapters.ts';
import { stripeClient, stripeErrorSummary } from './stripe.adapter.ts';

/**
 * Refunds through Stripe (staff refund an order that was paid by Stripe Checkout), with the
 * team's own keys and the SDK's refunds API; on a connected account (Stripe Connect) the refund
 * is made there. Split in two so the order can stay locked while the money moves:
 *
 * 1. `prepareStripeRefund` (before the order's transaction): reads the team's keys.
 * 2. the returned `move` (inside it): one call to Stripe, no database.
 *
 * The key of a refund step is the one the `charge.refunded` webhook reports for the same step
 * (`<charge id>:<amount refunded on the charge>`), so the webhook that follows counts nothing twice.
 */

export interface StripeRefundRequest {
  teamId: number;
  orderId: number;
  paymentIntentId: string;
  amountMinor: number;
  /** The same key again (a retry after a lost reply) returns the same refund instead of a second one. */
  idempotencyKey: string;
}

export interface StripeRefunder {
  move(request: StripeRefundRequest): Promise<{ refundKey: string; refundId: string }>;
}

/** The team's Stripe keys for a refund; 409 when Stripe is no longer set up (refund in Stripe's dashboard then). */
export async function prepareStripeRefund(deps: PaymentDeps, teamId: number): Promise<StripeRefunder> {
  let credentials: StripeCredentials | null = null;
  try {
    credentials = stripeCredentials(deps.config, await getSellingSettings(deps.db, teamId));
  } catch {
    deps.log?.error({ teamId }, "the team's Stripe secrets cannot be opened (SESSION_SECRET changed?)");
  }
  if (!credentials) throw new AppError('CONFLICT', 'payments:refund_unavailable');
  const { secretKey, accountId } = credentials;
  const stripe = stripeClient(secretKey, deps.config.stripeApi);
  return {
    async move(r) {
      let refund: Stripe.Refund;
      try {
        refund = await stripe.refunds.create(
          {
            payment_intent: r.paymentIntentId,
            amount: r.amountMinor,
            reason: 'requested_by_customer',
            metadata: { team_id: String(r.teamId), order_id: String(r.orderId) },
            expand: ['charge'],
          },
          { idempotencyKey: r.idempotencyKey, ...(accountId ? { stripeAccount: accountId } : {}) },
        );
      } catch (err) {
        deps.log?.error({ teamId: r.teamId, orderId: r.orderId, failure: stripeErrorSummary(err) }, 'Stripe refused or missed a refund');
        throw new AppError('BAD_GATEWAY', 'payments:refund_failed');
      }
      if (refund.status === 'failed' || refund.status === 'canceled') throw new AppError('BAD_GATEWAY', 'payments:refund_failed');
      const charge = refund.charge;
      const refundKey = charge && typeof charge === 'object' ? `${charge.id}:${charge.amount_refunded}` : `refund:${refund.id}`;
      return { refundKey, refundId: refund.id };
    },
  };
}
