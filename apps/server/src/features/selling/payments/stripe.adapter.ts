import Stripe from 'stripe';
import { z } from 'zod';
import { translate } from '../../../lib/i18n.ts';
import { getSellingSettings, stripeCredentials } from '../settings/index.ts';
import * as repo from './payments.repo.ts';
import type { NoticeOutcome, PaymentAdapter, PaymentNotice, StartContext, StartedPayment, StripeApiTarget } from './adapters.ts';

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

export const stripeAdapter: PaymentAdapter = {
  provider: 'stripe',
  async start(ctx: StartContext): Promise<StartedPayment> {
    const { deps, order, payment } = ctx;
    const settings = await getSellingSettings(deps.db, order.teamId);
    const credentials = settings.stripeEnabled ? stripeCredentials(deps.config, settings) : null;
    if (!credentials) throw new Error(`Stripe is not set up for team ${order.teamId}`);
    const stripe = stripeClient(credentials.secretKey, deps.config.stripeApi);
    const metadata = { team_id: String(order.teamId), order_id: String(order.id), payment_id: String(payment.id) };
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
        payment_intent_data: {
          metadata,
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
  },
};

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
