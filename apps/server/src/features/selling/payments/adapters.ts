import type { Language } from '@bookla/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config/env.ts';
import type { payments } from '../../../db/schema/index.ts';
import type { OrderRow, SellingDeps } from '../orders/index.ts';

/**
 * Online payments behind one interface. An adapter knows one provider: it opens the hosted
 * payment page for a pending payment attempt (`start`), and its notifications are turned into a
 * provider-neutral `PaymentNotice` that one handler (`payments.service.ts` `handlePaymentNotice`)
 * applies — the Stripe webhook after its signature is verified, the test-mode page after its
 * token is checked. So both providers change orders through the same code path.
 */

export type OnlineProvider = 'stripe' | 'test';
export type PaymentRow = typeof payments.$inferSelect;

/** Where the Stripe SDK sends its calls; tests point it at a local fake (never set from the environment). */
export interface StripeApiTarget {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

export interface PaymentDeps extends SellingDeps {
  config: SellingDeps['config'] & Partial<Pick<Config, 'stripeApi' | 'stripeConnectWebhookSecret'>>;
  /** Provider failures are logged here (without secrets); optional for callers without a logger. */
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

export interface StartContext {
  deps: PaymentDeps;
  order: OrderRow;
  payment: PaymentRow;
  teamName: string;
  language: Language;
  /** The order page with `&payment=return`: where the buyer comes back to, paid or not. */
  returnUrl: string;
}

export interface StartedPayment {
  /** The provider's id of the attempt (Stripe Checkout session id, `test_<paymentId>`). */
  externalId: string;
  /** The hosted page the buyer is sent to. */
  checkoutUrl: string;
}

export interface PaymentAdapter {
  readonly provider: OnlineProvider;
  /** Opens the hosted payment page for a pending attempt. Throws when the provider cannot. */
  start(ctx: StartContext): Promise<StartedPayment>;
}

/**
 * What a provider told us, after its authenticity was checked (signature, token):
 * - `paid`: the money is there → the order is paid (again taking its seats if it had ended).
 * - `processing`: the buyer finished but the money follows (bank debits) → nothing changes yet.
 * - `declined` / `expired`: the attempt failed or timed out → an unpaid order ends.
 * - `refunded`: money went back; `refund` says how much.
 * - `ignored`: an event we do not act on (still recorded, so a replay is cheap).
 */
export type NoticeOutcome = 'paid' | 'processing' | 'declined' | 'expired' | 'refunded' | 'ignored';

export interface PaymentNotice {
  provider: OnlineProvider;
  /** The provider's event id: the same id twice changes nothing the second time. */
  eventId: string;
  /** The provider's event type, as recorded in `payment_events`. */
  type: string;
  /** The team the authenticity check was made for; every lookup is scoped to it. */
  teamId: number;
  outcome: NoticeOutcome;
  /** Our payment attempt id (Stripe: `metadata.payment_id`; test mode: the page's id). */
  paymentId?: number | null;
  /** The provider's id of the attempt (Stripe Checkout session id). */
  externalId?: string | null;
  /** Stripe PaymentIntent id: kept on the attempt for refunds, and how a refund finds its order. */
  externalPaymentId?: string | null;
  amountMinor?: number | null;
  currency?: string | null;
  refund?: {
    /** Everything refunded so far on the charge (Stripe's cumulative `amount_refunded`). */
    totalRefundedMinor: number;
    /** The same before this event (`previous_attributes`), when the provider says. */
    previousRefundedMinor?: number | null;
    /** Unique per refund step, so the same step is never counted twice. */
    refundKey: string;
  };
}
