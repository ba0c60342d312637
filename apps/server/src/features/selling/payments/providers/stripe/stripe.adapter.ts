import Stripe from 'stripe';
import { z } from 'zod';
import { AppError } from '../../../../../lib/app-error.ts';
import { translate } from '../../../../../lib/i18n.ts';
import { getSellingSettings, hasStripeSecret, stripeCredentials, type StripeCredentials } from '../../../settings/index.ts';
import * as repo from '../../payments.repo.ts';
import { teamOfStripeAccount } from './stripe.repo.ts';
import type {
  ChargeOutcome,
  ChargeSavedRequest,
  NoticeOutcome,
  PaymentAdapter,
  PaymentDeps,
  PaymentNotice,
  ProviderRefund,
  ProviderRefundRequest,
  SavedCard,
  StartContext,
  StartedPayment,
  WebhookDelivery,
} from '../../adapters.ts';

/**
 * Stripe Checkout (hosted payment page: PCI SAQ A, no card field ever in our pages) with the
 * team's own keys. With Stripe Connect (the team's `stripe_account_id` set) the session is made on
 * the connected account and the platform fee goes as `application_fee_amount`.
 *
 * Hold and session lifetime: Stripe wants a session to stay open 30 min to 24 h. The session
 * closes when the order's hold ends; a hold shorter than 30 min (+1 min margin for clocks) is
 * lengthened to the session's end, so the seats are never released while the buyer can still pay.
 * A hold longer than 24 h is left as it is and the session closes after 24 h (its `expired`
 * event then ends the order).
 */

const MIN_SESSION_MS = 31 * 60_000;
const MAX_SESSION_MS = 24 * 3600_000 - 60_000;

// ─── Clients ────────────────────────────────────────────────────────────────

/** Where the Stripe SDK sends its calls; tests point it at a local fake (never set from the environment). */
export interface StripeApiTarget {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

const clients = new Map<string, Stripe>();
const MAX_CLIENTS = 200;

/** One SDK client per secret key (and API target), reused: keep-alive connections, no set-up per call. */
export function stripeClient(secretKey: string, target?: StripeApiTarget): Stripe {
  const id = target ? `${secretKey}\0${target.protocol}://${target.host}:${target.port}` : secretKey;
  let client = clients.get(id);
  if (!client) {
    client = new Stripe(secretKey, {
      maxNetworkRetries: 2,
      timeout: 10_000,
      appInfo: { name: 'Bookla' },
      ...(target ? { host: target.host, port: target.port, protocol: target.protocol } : {}),
    });
    if (clients.size >= MAX_CLIENTS) clients.delete(clients.keys().next().value!);
    clients.set(id, client);
  }
  return client;
}

/** The session's end: the order's hold, but within what Stripe accepts. */
export function sessionExpiry(holdUntil: Date | null, now = Date.now()): { expiresAt: Date; extendHold: boolean } {
  const min = now + MIN_SESSION_MS;
  const hold = holdUntil?.getTime() ?? 0;
  if (hold < min) return { expiresAt: new Date(Math.ceil(min / 1000) * 1000), extendHold: true };
  return { expiresAt: new Date(Math.min(hold, now + MAX_SESSION_MS)), extendHold: false };
}

async function start(ctx: StartContext): Promise<StartedPayment> {
  const { deps, order, payment } = ctx;
  const settings = await getSellingSettings(deps.db, order.teamId);
  const credentials = settings.stripeEnabled ? stripeCredentials(deps.config, settings) : null;
  if (!credentials) throw new Error(`Stripe is not set up for team ${order.teamId}`);
  const stripe = stripeClient(credentials.secretKey, deps.config.stripeApi);
  const metadata = {
    team_id: String(order.teamId),
    order_id: String(order.id),
    payment_id: String(payment.id),
    ...(ctx.saveCard ? { save_card: '1' } : {}),
  };
  // The platform fee can never be more than the charge (Stripe refuses that).
  const fee = Math.min(order.platformFeeMinor, payment.amountMinor);
  const { expiresAt, extendHold } = sessionExpiry(order.holdUntil);
  // Before Stripe is asked: the seats must not be released while the page can still take money.
  if (extendHold) await repo.extendHold(deps.db, order.teamId, order.id, expiresAt);
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: payment.currency.toLowerCase(),
            unit_amount: payment.amountMinor,
            product_data: { name: translate(ctx.language, 'payments:line_item', { number: order.number, team: ctx.teamName }) },
          },
        },
      ],
      customer_email: order.email,
      client_reference_id: String(order.id),
      metadata,
      // A renewing tier: a Customer keeps the card, charged later without the buyer (off session).
      ...(ctx.saveCard ? { customer_creation: 'always' as const } : {}),
      payment_intent_data: {
        metadata,
        ...(ctx.saveCard ? { setup_future_usage: 'off_session' as const } : {}),
        ...(credentials.accountId && fee > 0 ? { application_fee_amount: fee } : {}),
      },
      success_url: ctx.returnUrl,
      cancel_url: ctx.returnUrl,
      expires_at: Math.floor(expiresAt.getTime() / 1000),
      locale: ctx.language,
    },
    credentials.accountId ? { stripeAccount: credentials.accountId } : undefined,
  );
  if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
  return { externalId: session.id, checkoutUrl: session.url };
}

// ─── Webhook: which secret, then the signature ──────────────────────────────

const idText = z.string().min(1).max(200);
const positiveIdText = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
  .refine((n) => n <= 2_147_483_647);

/** Only what chooses the secret; everything here is unverified and names no team. */
const unverifiedEventSchema = z.object({
  id: idText,
  type: z.string().min(1).max(100),
  account: z.string().max(200).nullish(),
});

/**
 * Reads, from a webhook body not yet verified, only whether it is an event of a connected account
 * (`account`): such events are verified with the platform's Connect secret, all others with the
 * secret of the team named by the endpoint's URL. Nothing in the body ever chooses the team
 * (`metadata.team_id` is our own echo and anyone can write it). Undefined when the body is not a
 * Stripe event at all.
 */
export function unverifiedEventKind(raw: Buffer): { connect: boolean } | undefined {
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
  const parsed = unverifiedEventSchema.safeParse(json);
  if (!parsed.success) return undefined;
  return { connect: !!parsed.data.account };
}

/** Verifies the signature with the given webhook secret; throws Stripe's SignatureVerificationError otherwise. */
export function verifyStripeEvent(raw: Buffer, signature: string, webhookSecret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(raw, signature, webhookSecret);
}

// ─── Webhook: verified event → notice ───────────────────────────────────────

const sessionSchema = z.looseObject({
  id: idText,
  customer: z.union([z.string(), z.looseObject({ id: z.string() })]).nullish(),
  payment_status: z.string().nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  client_reference_id: z.string().nullish(),
  payment_intent: z.union([z.string(), z.looseObject({ id: z.string() })]).nullish(),
  amount_total: z.number().int().nullish(),
  currency: z.string().nullish(),
});

const chargeSchema = z.looseObject({
  id: idText,
  amount: z.number().int().nonnegative(),
  amount_refunded: z.number().int().nonnegative(),
  currency: z.string().nullish(),
  payment_intent: z.union([z.string(), z.looseObject({ id: z.string() })]).nullish(),
});

const intentSchema = z.looseObject({
  id: idText,
  amount: z.number().int().nullish(),
  amount_received: z.number().int().nullish(),
  currency: z.string().nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  last_payment_error: z.looseObject({ code: z.string().nullish(), decline_code: z.string().nullish() }).nullish(),
});

const SESSION_OUTCOMES: Record<string, NoticeOutcome> = {
  'checkout.session.async_payment_succeeded': 'paid',
  'checkout.session.async_payment_failed': 'declined',
  'checkout.session.expired': 'expired',
};

const intentId = (pi: string | { id: string } | null | undefined) => (typeof pi === 'string' ? pi : (pi?.id ?? null));

/** A verified Stripe event as a provider-neutral notice for the team it was verified for. */
export function stripeNotice(event: Stripe.Event, teamId: number): PaymentNotice {
  const base = { provider: 'stripe' as const, eventId: event.id, type: event.type, teamId };
  const object: unknown = event.data.object;
  if (event.type.startsWith('checkout.session.')) {
    const session = sessionSchema.safeParse(object);
    if (!session.success) return { ...base, outcome: 'ignored' };
    const s = session.data;
    let outcome: NoticeOutcome = SESSION_OUTCOMES[event.type] ?? 'ignored';
    if (event.type === 'checkout.session.completed')
      outcome = s.payment_status === 'paid' || s.payment_status === 'no_payment_required' ? 'paid' : 'processing';
    const paymentId = positiveIdText.safeParse(s.metadata?.payment_id);
    return {
      ...base,
      outcome,
      paymentId: paymentId.success ? paymentId.data : null,
      externalId: s.id,
      externalPaymentId: intentId(s.payment_intent),
      amountMinor: s.amount_total ?? null,
      currency: s.currency ?? null,
    };
  }
  if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
    // Only our renewal charges (a saved card charged off session); Checkout's own intents are told by their session.
    const intent = intentSchema.safeParse(object);
    if (!intent.success || intent.data.metadata?.renewal !== '1') return { ...base, outcome: 'ignored' };
    const i = intent.data;
    const paymentId = positiveIdText.safeParse(i.metadata?.payment_id);
    const failed = event.type === 'payment_intent.payment_failed';
    return {
      ...base,
      outcome: failed ? 'declined' : 'paid',
      paymentId: paymentId.success ? paymentId.data : null,
      externalPaymentId: i.id,
      amountMinor: i.amount_received ?? i.amount ?? null,
      currency: i.currency ?? null,
      reason: failed ? (i.last_payment_error?.decline_code ?? i.last_payment_error?.code ?? 'card_declined') : null,
    };
  }
  if (event.type === 'charge.refunded') {
    const charge = chargeSchema.safeParse(object);
    const pi = charge.success ? intentId(charge.data.payment_intent) : null;
    if (!charge.success || !pi) return { ...base, outcome: 'ignored' };
    const previous = z.object({ amount_refunded: z.number().int().nonnegative() }).safeParse(event.data.previous_attributes);
    return {
      ...base,
      outcome: 'refunded',
      externalPaymentId: pi,
      currency: charge.data.currency ?? null,
      refund: {
        totalRefundedMinor: charge.data.amount_refunded,
        previousRefundedMinor: previous.success ? previous.data.amount_refunded : null,
        refundKey: `${charge.data.id}:${charge.data.amount_refunded}`,
      },
    };
  }
  return { ...base, outcome: 'ignored' };
}

/** Stripe's error, reduced to what may be logged (no keys, no request bodies). */
export function stripeErrorSummary(err: unknown): Record<string, unknown> {
  if (err instanceof Stripe.errors.StripeError)
    return { type: err.type, code: err.code, statusCode: err.statusCode, requestId: err.requestId, message: err.message };
  return { message: err instanceof Error ? err.message : String(err) };
}

// ─── Webhook: the delivery → a verified notice ──────────────────────────────

const badRequest = (key: string) => new AppError('BAD_REQUEST', key);

/**
 * `POST /api/webhooks/stripe[?team={id}]`. Which secret checks the signature never depends on
 * what the body claims about its team:
 * - an event of a connected account (`account` set) is verified with the platform's Connect
 *   secret (`STRIPE_CONNECT_WEBHOOK_SECRET`); its team is the one whose connected account the
 *   verified `event.account` is (and, when the URL names a team, it must be that one);
 * - any other event (a team's own Stripe account, direct keys) is verified with the webhook
 *   secret of the team the URL names (`?team=`), and that team must not use Connect.
 * A bad or missing signature, a body that is no Stripe event, an unknown account or team: 400.
 */
async function handleWebhook(deps: PaymentDeps, delivery: WebhookDelivery): Promise<PaymentNotice> {
  const { raw, urlTeamId } = delivery;
  const signature = delivery.headers['stripe-signature'];
  if (raw.length === 0) throw badRequest('payments:webhook_bad_payload');
  if (typeof signature !== 'string' || !signature) throw badRequest('payments:webhook_bad_signature');
  const kind = unverifiedEventKind(raw);
  if (!kind) throw badRequest('payments:webhook_bad_payload');
  const verify = (secret: string) => {
    try {
      return verifyStripeEvent(raw, signature, secret);
    } catch {
      throw badRequest('payments:webhook_bad_signature');
    }
  };

  if (kind.connect) {
    const secret = deps.config.stripeConnectWebhookSecret;
    if (!secret) throw badRequest('payments:webhook_unknown_team');
    const event = verify(secret);
    const teamId = event.account ? await teamOfStripeAccount(deps.db, event.account) : undefined;
    if (!teamId || (urlTeamId !== undefined && urlTeamId !== teamId)) throw badRequest('payments:webhook_unknown_team');
    return withSavedCard(deps, event, stripeNotice(event, teamId));
  }

  if (urlTeamId === undefined) throw badRequest('payments:webhook_unknown_team');
  let secret: string | null = null;
  try {
    const settings = await getSellingSettings(deps.db, urlTeamId);
    // A Connect team's events come from its connected account: its own stored secret verifies nothing.
    if (!settings.stripeAccountId) secret = stripeCredentials(deps.config, settings)?.webhookSecret ?? null;
  } catch {
    deps.log?.error({ teamId: urlTeamId }, "the team's Stripe secrets cannot be opened (SESSION_SECRET changed?)");
  }
  if (!secret) throw badRequest('payments:webhook_unknown_team');
  const event = verify(secret);
  if (event.account) throw badRequest('payments:webhook_unknown_team');
  return withSavedCard(deps, event, stripeNotice(event, urlTeamId));
}

// ─── Saved cards (renewals) ─────────────────────────────────────────────────

/** The team's Stripe keys, or null when they are not set up or cannot be opened. */
async function credentialsOf(deps: PaymentDeps, teamId: number): Promise<StripeCredentials | null> {
  try {
    return stripeCredentials(deps.config, await getSellingSettings(deps.db, teamId));
  } catch {
    deps.log?.error({ teamId }, "the team's Stripe secrets cannot be opened (SESSION_SECRET changed?)");
    return null;
  }
}

/**
 * A paid Checkout session that was told to keep the card (`metadata.save_card`): the card is the
 * PaymentIntent's payment method, attached to the session's Customer. One read of the intent
 * (its card's brand and last four digits come with it); when it fails, the order is still paid
 * and the renewal falls back to an invoice.
 */
async function withSavedCard(deps: PaymentDeps, event: Stripe.Event, notice: PaymentNotice): Promise<PaymentNotice> {
  if (notice.outcome !== 'paid' || !event.type.startsWith('checkout.session.')) return notice;
  const session = sessionSchema.safeParse(event.data.object);
  if (!session.success || session.data.metadata?.save_card !== '1' || !notice.externalPaymentId) return notice;
  const customer = intentId(session.data.customer);
  const credentials = customer ? await credentialsOf(deps, notice.teamId) : null;
  if (!customer || !credentials) return notice;
  try {
    const intent = await stripeClient(credentials.secretKey, deps.config.stripeApi).paymentIntents.retrieve(
      notice.externalPaymentId,
      { expand: ['payment_method'] },
      credentials.accountId ? { stripeAccount: credentials.accountId } : undefined,
    );
    const pm = intent.payment_method;
    const pmId = typeof pm === 'string' ? pm : pm?.id;
    if (!pmId) return notice;
    const card = typeof pm === 'object' && pm?.card ? pm.card : null;
    const savedCard: SavedCard = {
      reference: JSON.stringify({ customer, payment_method: pmId }),
      label: card ? `${card.brand} •••• ${card.last4}` : null,
    };
    return { ...notice, savedCard };
  } catch (err) {
    deps.log?.warn({ teamId: notice.teamId, failure: stripeErrorSummary(err) }, 'the card kept for renewals could not be read');
    return notice;
  }
}

/**
 * A renewal: the saved card charged off session (a PaymentIntent confirmed at once) with the
 * renewal order's idempotency key, on the connected account with Connect (the platform fee as
 * `application_fee_amount`). A card error is a decline with Stripe's reason; an intent that needs
 * the customer (authentication) is declined too — the member pays it with "update card".
 */
async function chargeSaved({ deps, order, payment, saved, idempotencyKey }: ChargeSavedRequest): Promise<ChargeOutcome> {
  const credentials = await credentialsOf(deps, order.teamId);
  if (!credentials) throw new AppError('CONFLICT', 'payments:refund_unavailable');
  const ref = z.object({ customer: idText, payment_method: idText }).safeParse(JSON.parse(saved));
  if (!ref.success) return { status: 'declined', reason: 'no_saved_card' };
  const fee = Math.min(order.platformFeeMinor, payment.amountMinor);
  const stripe = stripeClient(credentials.secretKey, deps.config.stripeApi);
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount: payment.amountMinor,
        currency: payment.currency.toLowerCase(),
        customer: ref.data.customer,
        payment_method: ref.data.payment_method,
        off_session: true,
        confirm: true,
        metadata: { team_id: String(order.teamId), order_id: String(order.id), payment_id: String(payment.id), renewal: '1' },
        ...(credentials.accountId && fee > 0 ? { application_fee_amount: fee } : {}),
      },
      { idempotencyKey, ...(credentials.accountId ? { stripeAccount: credentials.accountId } : {}) },
    );
    if (intent.status === 'succeeded')
      return {
        status: 'succeeded',
        externalPaymentId: intent.id,
        amountMinor: intent.amount_received ?? intent.amount,
        currency: intent.currency,
      };
    if (intent.status === 'processing') return { status: 'pending', externalPaymentId: intent.id };
    return {
      status: 'declined',
      reason: intent.status === 'requires_action' ? 'authentication_required' : intent.status,
      externalPaymentId: intent.id,
    };
  } catch (err) {
    if (err instanceof Stripe.errors.StripeCardError)
      return {
        status: 'declined',
        reason: err.decline_code ?? err.code ?? 'card_declined',
        externalPaymentId: err.payment_intent?.id ?? null,
      };
    throw err;
  }
}

// ─── Refunds ────────────────────────────────────────────────────────────────

/**
 * A refund at Stripe with the team's own keys (on the connected account with Connect), sent with
 * the refund service's idempotency key. Its key is the one the `charge.refunded` webhook reports
 * for the same step (`<charge id>:<amount refunded on the charge>`), so that webhook counts nothing twice.
 */
async function refund(deps: PaymentDeps, r: ProviderRefundRequest): Promise<ProviderRefund> {
  let credentials: StripeCredentials | null = null;
  try {
    credentials = stripeCredentials(deps.config, await getSellingSettings(deps.db, r.teamId));
  } catch {
    deps.log?.error({ teamId: r.teamId }, "the team's Stripe secrets cannot be opened (SESSION_SECRET changed?)");
  }
  const paymentIntentId = r.payment.externalPaymentId;
  if (!credentials || !paymentIntentId) throw new AppError('CONFLICT', 'payments:refund_unavailable');
  const stripe = stripeClient(credentials.secretKey, deps.config.stripeApi);
  let created: Stripe.Refund;
  try {
    created = await stripe.refunds.create(
      {
        payment_intent: paymentIntentId,
        amount: r.amountMinor,
        reason: 'requested_by_customer',
        metadata: { team_id: String(r.teamId), order_id: String(r.orderId) },
        expand: ['charge'],
      },
      { idempotencyKey: r.idempotencyKey, ...(credentials.accountId ? { stripeAccount: credentials.accountId } : {}) },
    );
  } catch (err) {
    deps.log?.error({ teamId: r.teamId, orderId: r.orderId, failure: stripeErrorSummary(err) }, 'Stripe refused or missed a refund');
    throw new AppError('BAD_GATEWAY', 'payments:refund_failed');
  }
  if (created.status === 'failed' || created.status === 'canceled') throw new AppError('BAD_GATEWAY', 'payments:refund_failed');
  const charge = created.charge;
  const refundKey = charge && typeof charge === 'object' ? `${charge.id}:${charge.amount_refunded}` : `refund:${created.id}`;
  return { refundKey, refundId: created.id };
}

export const stripeAdapter: PaymentAdapter = {
  provider: 'stripe',
  capabilities: { refunds: true, partialRefunds: true, recurring: true, methods: ['card', 'twint', 'apple_pay', 'google_pay'] },
  ready: (settings) => settings.stripeEnabled && hasStripeSecret(settings),
  start,
  webhookSummary:
    "Stripe's signed events (Checkout completed/expired/async succeeded/failed, renewal charges' payment intents succeeded/failed, charge refunded): connected accounts' events with the platform's Connect secret, a team's own account's at ?team={id} with its secret; bad signature: 400",
  handleWebhook,
  refund,
  chargeSaved,
  errorSummary: stripeErrorSummary,
};
