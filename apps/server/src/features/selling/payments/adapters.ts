import type { Language } from '@bookla/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config/env.ts';
import type { payments } from '../../../db/schema/index.ts';
import type { OrderRow, SellingDeps } from '../orders/index.ts';
import type { SellingSettings } from '../settings/index.ts';

/**
 * Online payments behind one interface. A provider adapter (one folder under `providers/`) knows
 * one provider and nothing else knows it:
 * - `capabilities`: what it can do (refunds, partial refunds, recurring, methods such as TWINT);
 * - `ready(settings)`: whether the team's stored credentials let it take money;
 * - `start`: opens the hosted payment page for a pending payment attempt;
 * - `handleWebhook`: checks a delivery's authenticity (signature, timestamp) and turns it into a
 *   provider-neutral `PaymentNotice` that one handler (`payments.service.ts`) applies;
 * - `refund`: moves money back, with an idempotency key (called by `refunds.ts` only, never while
 *   a database transaction is open);
 * - `chargeSaved`: charges a card kept for renewals, with an idempotency key (`recurring.ts` only,
 *   never while a database transaction is open).
 * The registry (`registry.ts`) maps a provider name to its adapter; order code asks it only.
 */

/** The providers that take money online; `test` is the clearly labelled test-mode page. */
export type OnlineProvider = 'stripe' | 'datatrans' | 'test';
export const ONLINE_PROVIDERS: readonly OnlineProvider[] = ['stripe', 'datatrans', 'test'];
export const isOnlineProvider = (p: string): p is OnlineProvider => (ONLINE_PROVIDERS as readonly string[]).includes(p);
export type PaymentRow = typeof payments.$inferSelect;

/** How a buyer can pay on a provider's page (what the integration page and checkout may show). */
export type PaymentMethodKind = 'card' | 'twint' | 'postfinance' | 'apple_pay' | 'google_pay' | 'test';

export interface ProviderCapabilities {
  refunds: boolean;
  partialRefunds: boolean;
  recurring: boolean;
  methods: readonly PaymentMethodKind[];
}

export interface PaymentDeps extends SellingDeps {
  /** Beside what orders need, whatever a provider reads of the configuration (its platform secrets, its test API target). */
  config: SellingDeps['config'] & Partial<Omit<Config, keyof SellingDeps['config']>>;
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
  /**
   * Keep the card for renewals (an order of a monthly or yearly tier, or a renewal paid with a new
   * card): the provider saves it (Stripe: a Customer and `setup_future_usage`; Datatrans: an
   * alias) and its paid notice carries `savedCard`.
   */
  saveCard?: boolean;
}

/** A card the provider kept for renewals, as its paid notice reports it. */
export interface SavedCard {
  /** The provider's reference (Stripe: `{"customer","payment_method"}` as JSON; an alias; a test card): sealed at rest. */
  reference: string;
  /** What the provider says of it (brand, last four digits), or null. */
  label?: string | null;
}

/** A charge of a saved card (a membership's renewal), without the buyer present. */
export interface ChargeSavedRequest {
  deps: PaymentDeps;
  order: OrderRow;
  /** The renewal order's attempt: its id and amount go to the provider (metadata, reference). */
  payment: PaymentRow;
  /** The saved card's reference, opened. */
  saved: string;
  /** One per renewal order: the same key again (two sweeps, a retry after a crash) never charges twice. */
  idempotencyKey: string;
}

/**
 * What the provider answered: `succeeded` (the money is there), `pending` (it follows; the
 * provider's webhook settles it), or `declined` with the provider's reason (a card error, an
 * authentication the customer must give). A provider that cannot be reached throws instead.
 */
export type ChargeOutcome =
  | { status: 'succeeded'; externalPaymentId: string; amountMinor: number; currency: string }
  | { status: 'pending'; externalPaymentId: string }
  | { status: 'declined'; reason: string; externalPaymentId?: string | null };

export interface StartedPayment {
  /** The provider's id of the attempt (its hosted session or transaction id, `test_<paymentId>`). */
  externalId: string;
  /** The hosted page the buyer is sent to. */
  checkoutUrl: string;
}

/** A webhook delivery as it arrived: the exact bytes (signatures cover them), headers, the team the URL names. */
export interface WebhookDelivery {
  raw: Buffer;
  headers: Record<string, string | string[] | undefined>;
  /** `?team={id}` of the endpoint's URL, when given. Nothing in the body ever chooses the team. */
  urlTeamId?: number;
}

export interface ProviderRefundRequest {
  teamId: number;
  orderId: number;
  /** The paid attempt the money goes back through (its `externalPaymentId`, `externalId`). */
  payment: PaymentRow;
  amountMinor: number;
  currency: string;
  /** The same key again (a retry after a lost reply) returns the same refund instead of a second one. */
  idempotencyKey: string;
  /** Our id of this refund (`payment_refunds.id`), for providers that want a reference number per refund. */
  reference: number;
}

export interface ProviderRefund {
  /** Unique per refund step and the same key the provider's refund webhook reports, so it counts once. */
  refundKey: string;
  refundId: string;
}

export interface PaymentAdapter {
  readonly provider: OnlineProvider;
  readonly capabilities: ProviderCapabilities;
  /** Whether the team's settings hold what `start` needs (enabled, credentials stored). */
  ready(settings: SellingSettings): boolean;
  /** Opens the hosted payment page for a pending attempt. Throws when the provider cannot. */
  start(ctx: StartContext): Promise<StartedPayment>;
  /** What the OpenAPI document says of its webhook endpoint `POST /api/webhooks/{provider}`. */
  readonly webhookSummary?: string;
  /** Verifies a delivery and normalises it; throws `AppError` 400 (`payments:webhook_*`) when it is not authentic. */
  handleWebhook?(deps: PaymentDeps, delivery: WebhookDelivery): Promise<PaymentNotice>;
  /** Moves money back at the provider. Throws `AppError` (409 not set up, 502 refused). Never inside a transaction. */
  refund?(deps: PaymentDeps, request: ProviderRefundRequest): Promise<ProviderRefund>;
  /** The provider's error reduced to what may be logged (never keys or request bodies). */
  errorSummary?(err: unknown): Record<string, unknown>;
  /**
   * Charges a saved card (`capabilities.recurring`): called by `recurring.ts` only, never inside a
   * database transaction, always with the renewal order's idempotency key.
   */
  chargeSaved?(request: ChargeSavedRequest): Promise<ChargeOutcome>;
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
  /** Our payment attempt id, as the provider echoes it back (metadata, reference number; test mode: the page's id). */
  paymentId?: number | null;
  /** The provider's id of the attempt (its hosted session or transaction). */
  externalId?: string | null;
  /** The provider's id of the money (payment intent, transaction): kept for refunds, and how a refund finds its order. */
  externalPaymentId?: string | null;
  amountMinor?: number | null;
  currency?: string | null;
  /** A `paid` notice of a payment that kept the card for renewals. */
  savedCard?: SavedCard | null;
  /** A `declined` notice's reason, as the provider says it. */
  reason?: string | null;
  refund?: {
    /** Everything refunded so far on the charge (for providers that report the cumulative amount); or use `stepMinor`. */
    totalRefundedMinor?: number | null;
    /** This refund step's own amount, for providers that report each refund by itself (Datatrans credits). */
    stepMinor?: number | null;
    /** The same before this event (`previous_attributes`), when the provider says. */
    previousRefundedMinor?: number | null;
    /** Unique per refund step, so the same step is never counted twice. */
    refundKey: string;
  };
}
