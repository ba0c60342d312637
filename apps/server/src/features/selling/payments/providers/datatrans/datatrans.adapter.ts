import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../../../../lib/app-error.ts';
import { constantTimeEqual } from '../../../../../lib/tokens.ts';
import { datatransCredentials, datatransReady, getSellingSettings, type DatatransCredentials } from '../../../settings/index.ts';
import type {
  NoticeOutcome,
  PaymentAdapter,
  PaymentDeps,
  PaymentNotice,
  ProviderRefund,
  ProviderRefundRequest,
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
  ) {
    super(`Datatrans answered ${status}${code ? ` (${code})` : ''}`);
  }
}

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
    const code = z.object({ error: z.object({ code: z.string().max(100) }) }).safeParse(json);
    throw new DatatransError(res.status, code.success ? code.data.error.code : null);
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
const transactionSchema = z.looseObject({
  transactionId: z.string().min(1).max(100),
  merchantId: z.union([z.string(), z.number()]).optional(),
  type: z.string().max(50),
  status: z.string().max(50),
  currency: z.string().max(3).optional(),
  refno: z.string().max(100).optional(),
  paymentMethod: z.string().max(10).optional(),
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
    return {
      ...base,
      outcome,
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

export const datatransAdapter: PaymentAdapter = {
  provider: 'datatrans',
  capabilities: { refunds: true, partialRefunds: true, recurring: false, methods: ['card', 'twint', 'postfinance'] },
  ready: datatransReady,
  start,
  webhookSummary:
    "Datatrans' signed transaction webhooks (payment settled/canceled/failed, credit settled) at ?team={id}, checked with the team's HMAC key (Datatrans-Signature, at most 5 minutes old); bad signature: 400",
  handleWebhook,
  refund,
};
