import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../../../../lib/app-error.ts';
import { constantTimeEqual } from '../../../../../lib/tokens.ts';
import { datatransCredentials, datatransReady, getSellingSettings, type DatatransCredentials } from '../../../settings/index.ts';
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
 * Datatrans (Zurich): its hosted payment page ("Redirect" integration) for cards, TWINT and
 * PostFinance, with the team's own merchant account. Everything here follows Datatrans' documented
 * JSON API (`/v1`):
 * - start: `POST /v1/transactions` with HTTP Basic auth `merchantId:password` (amount in minor
 *   units, `refno` = our reference, `paymentMethods`, redirect and webhook URLs, `autoSettle`) →
 *   `201 {transactionId}`; the buyer goes to `<pay host>/v1/start/{transactionId}`.
 * - webhook: Datatrans posts the transaction as JSON with `Datatrans-Signature: t=<ms>,s0=<hex>`,
 *   where `s0` is HMAC-SHA256 over `t` followed by the exact body, keyed with the hex-decoded key
 *   of the merchant's "sign webhooks" setting. A timestamp older than 5 minutes is refused (a
 *   replayed old delivery), the same transaction state twice changes nothing (event id).
 * - refund: `POST /v1/transactions/{transactionId}/credit` with the amount and a new `refno`,
 *   sent with an `Idempotency-Key` header; the answer's `transactionId` is the credit's.
 * - card renewals (issue 24, decision 027): a first payment that keeps the card asks for an alias
 *   (`option.createAlias`); the settled transaction's webhook carries `card.alias` with the
 *   card's expiry and masked number, kept sealed (saved-cards.ts). A renewal is a
 *   merchant-initiated `POST /v1/transactions/authorize` with that alias and `autoSettle`, sent
 *   with the renewal order's `Idempotency-Key` (Datatrans answers a repeated key with the first
 *   answer, and a repeat while the first is still running with 409).
 */

const TIMEOUT_MS = 10_000;
/** How old a signed delivery may be (Datatrans signs at sending time; retries are signed anew). */
export const SIGNATURE_TOLERANCE_MS = 5 * 60_000;
/** The payment methods offered on the page (Datatrans codes): Visa, Mastercard, TWINT, PostFinance Card. */
export const DATATRANS_METHODS = ['VIS', 'ECA', 'TWI', 'PFC'] as const;

const API = { sandbox: 'https://api.sandbox.datatrans.com', production: 'https://api.datatrans.com' };
const PAY = { sandbox: 'https://pay.sandbox.datatrans.com', production: 'https://pay.datatrans.com' };

const apiBase = (deps: PaymentDeps, c: DatatransCredentials) => deps.config.datatransApi ?? API[c.sandbox ? 'sandbox' : 'production'];
const payBase = (deps: PaymentDeps, c: DatatransCredentials) => deps.config.datatransApi ?? PAY[c.sandbox ? 'sandbox' : 'production'];

/** Our reference of a payment attempt (`refno`), and of a refund of it; both name the attempt. */
export const paymentRefno = (paymentId: number) => `bk${paymentId}`;
export const refundRefno = (paymentId: number, refundId: number) => `bk${paymentId}r${refundId}`;
const REFNO = /^bk([1-9]\d{0,9})(?:r[1-9]\d{0,9})?$/;

/** The team's credentials; `null` when Datatrans is not set up or the stored secrets cannot be opened (logged). */
async function credentialsOf(deps: PaymentDeps, teamId: number): Promise<DatatransCredentials | null> {
  try {
    return datatransCredentials(deps.config, await getSellingSettings(deps.db, teamId));
  } catch {
    deps.log?.error({ teamId }, "the team's Datatrans secrets cannot be opened (SESSION_SECRET changed?)");
    return null;
  }
}

/** Datatrans' error, reduced to what may be logged (never the credentials or the request). */
export class DatatransError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    /** The transaction Datatrans made of a refused authorization, when its answer names one. */
    readonly transactionId: string | null = null,
  ) {
    super(`Datatrans answered ${status}${code ? ` (${code})` : ''}`);
  }
}

const errorReply = z.object({
  error: z.object({ code: z.string().max(100) }),
  transactionId: z.string().min(1).max(100).optional(),
});

async function call(deps: PaymentDeps, c: DatatransCredentials, path: string, body: unknown, idempotencyKey?: string): Promise<unknown> {
  const res = await fetch(`${apiBase(deps, c)}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${c.merchantId}:${c.password}`).toString('base64')}`,
      'content-type': 'application/json; charset=UTF-8',
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!res.ok) {
    const error = errorReply.safeParse(json);
    throw new DatatransError(
      res.status,
      error.success ? error.data.error.code : null,
      error.success ? (error.data.transactionId ?? null) : null,
    );
  }
  return json;
}

const initReply = z.object({ transactionId: z.string().min(1).max(100) });
const creditReply = z.object({ transactionId: z.string().min(1).max(100) });

// ─── Webhook ────────────────────────────────────────────────────────────────

/** `t=<ms>,s0=<hex>` → its parts, or undefined when malformed. */
function parseSignatureHeader(header: string): { t: string; s0: string } | undefined {
  const parts = new Map<string, string>();
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at > 0) parts.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  const t = parts.get('t');
  const s0 = parts.get('s0');
  if (!t || !/^\d{10,16}$/.test(t) || !s0 || !/^[0-9a-f]{64}$/i.test(s0)) return undefined;
  return { t, s0 };
}

/** The signature Datatrans puts in `s0`: hex HMAC-SHA256 of timestamp + body with the hex-decoded key. */
export function datatransSignature(hmacKeyHex: string, timestamp: string, raw: Buffer | string): string {
  return createHmac('sha256', Buffer.from(hmacKeyHex, 'hex')).update(timestamp).update(raw).digest('hex');
}

/** Whether the header signs these bytes with this key, and recently enough. */
export function verifyDatatransSignature(raw: Buffer, header: unknown, hmacKeyHex: string, now = Date.now()): boolean {
  if (typeof header !== 'string' || header.length > 300) return false;
  const parsed = parseSignatureHeader(header);
  if (!parsed) return false;
  // Datatrans' timestamp is in milliseconds; seconds are accepted too.
  const ms = parsed.t.length <= 11 ? Number(parsed.t) * 1000 : Number(parsed.t);
  if (Math.abs(now - ms) > SIGNATURE_TOLERANCE_MS) return false;
  return constantTimeEqual(parsed.s0.toLowerCase(), datatransSignature(hmacKeyHex, parsed.t, raw));
}

const amountDetail = z.looseObject({ amount: z.number().int().nonnegative().optional() }).optional();
/** The card of a transaction, as Datatrans reports it (`alias` only when one was asked for). */
const cardSchema = z.looseObject({
  alias: z.string().min(1).max(100).optional(),
  masked: z.string().max(30).optional(),
  expiryMonth: z.union([z.string(), z.number()]).optional(),
  expiryYear: z.union([z.string(), z.number()]).optional(),
});
const transactionSchema = z.looseObject({
  transactionId: z.string().min(1).max(100),
  merchantId: z.union([z.string(), z.number()]).optional(),
  type: z.string().max(50),
  status: z.string().max(50),
  currency: z.string().max(3).optional(),
  refno: z.string().max(100).optional(),
  paymentMethod: z.string().max(10).optional(),
  card: cardSchema.optional(),
  detail: z.looseObject({ authorize: amountDetail, settle: amountDetail, credit: amountDetail }).optional(),
});

const PAYMENT_OUTCOMES: Record<string, NoticeOutcome> = {
  settled: 'paid',
  transmitted: 'paid',
  authorized: 'processing',
  canceled: 'declined',
  failed: 'declined',
};

/** A verified Datatrans transaction as a provider-neutral notice for the team it was verified for. */
/** A saved card's reference (sealed at rest): what a merchant-initiated authorization needs. */
const aliasReference = z.object({
  alias: z.string().min(1).max(100),
  expiryMonth: z.string().regex(/^(0[1-9]|1[0-2])$/),
  expiryYear: z.string().regex(/^\d{2}$/),
});
type AliasReference = z.infer<typeof aliasReference>;

const BRANDS: Record<string, string> = { VIS: 'Visa', ECA: 'Mastercard', AMX: 'Amex', PFC: 'PostFinance Card', DIN: 'Diners', JCB: 'JCB' };
const twoDigits = (v: string | number) => String(v).padStart(2, '0').slice(-2);

/** The card alias a settled payment reports (asked for with `option.createAlias`), or null. */
export function datatransSavedCard(body: z.infer<typeof transactionSchema>): SavedCard | null {
  const card = body.card;
  if (!card?.alias || card.expiryMonth === undefined || card.expiryYear === undefined) return null;
  const ref = aliasReference.safeParse({
    alias: card.alias,
    expiryMonth: twoDigits(card.expiryMonth),
    expiryYear: twoDigits(card.expiryYear),
  });
  if (!ref.success) return null;
  const last4 = card.masked ? /(\d{4})$/.exec(card.masked)?.[1] : undefined;
  const brand = body.paymentMethod ? (BRANDS[body.paymentMethod] ?? body.paymentMethod) : 'Card';
  return { reference: JSON.stringify(ref.data), label: last4 ? `${brand} •••• ${last4}` : brand };
}

export function datatransNotice(body: z.infer<typeof transactionSchema>, teamId: number): PaymentNotice {
  const base = {
    provider: 'datatrans' as const,
    eventId: `${body.transactionId}:${body.type}:${body.status}`,
    type: `${body.type}.${body.status}`,
    teamId,
  };
  const ref = body.refno ? REFNO.exec(body.refno) : null;
  const paymentId = ref ? Number(ref[1]) : null;
  if (!paymentId) return { ...base, outcome: 'ignored' };
  if (body.type === 'payment') {
    const outcome = PAYMENT_OUTCOMES[body.status] ?? 'ignored';
    const savedCard = outcome === 'paid' ? datatransSavedCard(body) : null;
    return {
      ...base,
      outcome,
      ...(savedCard ? { savedCard } : {}),
      paymentId,
      externalId: body.transactionId,
      externalPaymentId: body.transactionId,
      amountMinor: body.detail?.settle?.amount ?? body.detail?.authorize?.amount ?? null,
      currency: body.currency ?? null,
    };
  }
  if (body.type === 'credit' && (body.status === 'settled' || body.status === 'transmitted')) {
    const step = body.detail?.credit?.amount ?? body.detail?.settle?.amount ?? null;
    if (!step) return { ...base, outcome: 'ignored' };
    return {
      ...base,
      outcome: 'refunded',
      paymentId,
      currency: body.currency ?? null,
      refund: { stepMinor: step, refundKey: `datatrans:${body.transactionId}` },
    };
  }
  return { ...base, outcome: 'ignored' };
}

const badRequest = (key: string) => new AppError('BAD_REQUEST', key);

/**
 * `POST /api/webhooks/datatrans?team={id}`: the team named by the URL, its key checks the
 * signature; the verified body must be of that team's merchant account.
 */
async function handleWebhook(deps: PaymentDeps, delivery: WebhookDelivery): Promise<PaymentNotice> {
  const { raw, urlTeamId } = delivery;
  if (raw.length === 0) throw badRequest('payments:webhook_bad_payload');
  const header = delivery.headers['datatrans-signature'];
  if (typeof header !== 'string' || !header) throw badRequest('payments:webhook_bad_signature');
  if (urlTeamId === undefined) throw badRequest('payments:webhook_unknown_team');
  const settings = await getSellingSettings(deps.db, urlTeamId);
  const credentials = settings.datatransMerchantId ? await credentialsOf(deps, urlTeamId) : null;
  if (!credentials) throw badRequest('payments:webhook_unknown_team');
  if (!verifyDatatransSignature(raw, header, credentials.hmacKey)) throw badRequest('payments:webhook_bad_signature');
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    throw badRequest('payments:webhook_bad_payload');
  }
  const body = transactionSchema.safeParse(json);
  if (!body.success) throw badRequest('payments:webhook_bad_payload');
  if (body.data.merchantId !== undefined && String(body.data.merchantId) !== credentials.merchantId)
    throw badRequest('payments:webhook_unknown_team');
  return datatransNotice(body.data, urlTeamId);
}

// ─── Adapter ────────────────────────────────────────────────────────────────

const LANGUAGES = new Set(['de', 'en', 'fr', 'it']);

async function start(ctx: StartContext): Promise<StartedPayment> {
  const { deps, order, payment } = ctx;
  const credentials = await credentialsOf(deps, order.teamId);
  if (!credentials) throw new Error(`Datatrans is not set up for team ${order.teamId}`);
  const reply = initReply.safeParse(
    await call(deps, credentials, '/v1/transactions', {
      currency: payment.currency,
      refno: paymentRefno(payment.id),
      amount: payment.amountMinor,
      language: LANGUAGES.has(ctx.language) ? ctx.language : 'de',
      paymentMethods: DATATRANS_METHODS,
      autoSettle: true,
      // A monthly or yearly tier: the card is kept as an alias for the renewals (chargeSaved).
      ...(ctx.saveCard ? { option: { createAlias: true } } : {}),
      customer: { email: order.email },
      redirect: { successUrl: ctx.returnUrl, cancelUrl: ctx.returnUrl, errorUrl: ctx.returnUrl },
      webhook: { url: `${deps.config.appUrl}/api/webhooks/datatrans?team=${order.teamId}` },
    }),
  );
  if (!reply.success) throw new Error('Datatrans answered the init without a transactionId');
  const id = reply.data.transactionId;
  return { externalId: id, checkoutUrl: `${payBase(deps, credentials)}/v1/start/${encodeURIComponent(id)}` };
}

async function refund(deps: PaymentDeps, r: ProviderRefundRequest): Promise<ProviderRefund> {
  const credentials = await credentialsOf(deps, r.teamId);
  if (!credentials) throw new AppError('CONFLICT', 'payments:refund_unavailable');
  const transactionId = r.payment.externalPaymentId ?? r.payment.externalId;
  if (!transactionId) throw new AppError('CONFLICT', 'payments:refund_unavailable');
  let reply: unknown;
  try {
    reply = await call(
      deps,
      credentials,
      `/v1/transactions/${encodeURIComponent(transactionId)}/credit`,
      {
        amount: r.amountMinor,
        currency: r.currency,
        refno: refundRefno(r.payment.id, r.reference),
      },
      r.idempotencyKey,
    );
  } catch (err) {
    deps.log?.error(
      {
        teamId: r.teamId,
        orderId: r.orderId,
        failure: err instanceof DatatransError ? { status: err.status, code: err.code } : String(err),
      },
      'Datatrans refused or missed a refund',
    );
    throw new AppError('BAD_GATEWAY', 'payments:refund_failed');
  }
  const credit = creditReply.safeParse(reply);
  if (!credit.success) throw new AppError('BAD_GATEWAY', 'payments:refund_failed');
  return { refundKey: `datatrans:${credit.data.transactionId}`, refundId: credit.data.transactionId };
}

// ─── Card renewals ──────────────────────────────────────────────────────────

const authorizeReply = z.looseObject({ transactionId: z.string().min(1).max(100) });

/** Answers that are ours or Datatrans' trouble, not the card's: thrown (logged, the webhook or another sweep follows). */
const NOT_A_DECLINE = new Set([401, 403, 404, 409, 422, 429]);

/**
 * A renewal: the saved alias charged without the buyer (a merchant-initiated authorization,
 * settled at once), with the renewal order's idempotency key and our attempt's `refno` (its
 * webhook, when the merchant's account sends one, names the same attempt). Datatrans refusing the
 * card (4xx with its error code: `DECLINED`, `EXPIRED_CARD`, `BLOCKED_CARD`, …) is a decline with
 * that code; anything else (5xx, no answer, 409 while the same key is still running) throws.
 */
async function chargeSaved({ deps, order, payment, saved, idempotencyKey }: ChargeSavedRequest): Promise<ChargeOutcome> {
  const credentials = await credentialsOf(deps, order.teamId);
  if (!credentials) throw new Error(`Datatrans is not set up for team ${order.teamId}`);
  let card: AliasReference;
  try {
    const ref = aliasReference.safeParse(JSON.parse(saved));
    if (!ref.success) return { status: 'declined', reason: 'no_saved_card' };
    card = ref.data;
  } catch {
    return { status: 'declined', reason: 'no_saved_card' };
  }
  let reply: unknown;
  try {
    reply = await call(
      deps,
      credentials,
      '/v1/transactions/authorize',
      {
        currency: payment.currency,
        refno: paymentRefno(payment.id),
        amount: payment.amountMinor,
        card: { alias: card.alias, expiryMonth: card.expiryMonth, expiryYear: card.expiryYear },
        autoSettle: true,
      },
      idempotencyKey,
    );
  } catch (err) {
    if (err instanceof DatatransError && err.status >= 400 && err.status < 500 && !NOT_A_DECLINE.has(err.status))
      return { status: 'declined', reason: (err.code ?? 'declined').toLowerCase(), externalPaymentId: err.transactionId };
    throw err;
  }
  const authorized = authorizeReply.safeParse(reply);
  if (!authorized.success) throw new Error('Datatrans answered the authorization without a transactionId');
  return {
    status: 'succeeded',
    externalPaymentId: authorized.data.transactionId,
    amountMinor: payment.amountMinor,
    currency: payment.currency,
  };
}

const errorSummary = (err: unknown): Record<string, unknown> =>
  err instanceof DatatransError ? { status: err.status, code: err.code } : { message: err instanceof Error ? err.message : String(err) };

export const datatransAdapter: PaymentAdapter = {
  provider: 'datatrans',
  capabilities: { refunds: true, partialRefunds: true, recurring: true, methods: ['card', 'twint', 'postfinance'] },
  ready: datatransReady,
  start,
  webhookSummary:
    "Datatrans' signed transaction webhooks (payment settled/canceled/failed, credit settled) at ?team={id}, checked with the team's HMAC key (Datatrans-Signature, at most 5 minutes old); bad signature: 400",
  handleWebhook,
  refund,
  chargeSaved,
  errorSummary,
};
