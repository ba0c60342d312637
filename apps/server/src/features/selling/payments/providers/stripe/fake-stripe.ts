import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { StripeApiTarget } from './stripe.adapter.ts';

/**
 * Tests only: a local stand-in for the Stripe API, so the real SDK runs end to end without any
 * network. It records every request (method, path, headers, the form body decoded into objects)
 * and answers `POST /v1/checkout/sessions` with a session shaped like Stripe's. `failNext`
 * makes the next calls answer an error (to see retries and failures). Plus helpers for signed
 * webhook events (`stripe.webhooks.generateTestHeaderString`).
 */

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

type Nested = Record<string, unknown>;

/** `a[b][0][c]=1` → `{a: {b: [{c: '1'}]}}` (Stripe's form encoding). */
export function decodeStripeForm(text: string): Nested {
  const root: Nested = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Nested = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Nested;
    });
  }
  const arrays = (v: unknown): unknown => {
    if (!v || typeof v !== 'object') return v;
    const o = v as Nested;
    const keys = Object.keys(o);
    const mapped = Object.fromEntries(keys.map((k) => [k, arrays(o[k])]));
    return keys.length && keys.every((k, i) => k === String(i)) ? keys.map((k) => mapped[k]) : mapped;
  };
  return arrays(root) as Nested;
}

export interface FakeStripe {
  target: StripeApiTarget;
  requests: RecordedRequest[];
  /** The next `count` calls answer `status` with a Stripe error body. */
  failNext(count: number, status?: number): void;
  /** A charge Stripe holds for this PaymentIntent (what `POST /v1/refunds` refunds from). */
  addCharge(paymentIntent: string, amount: number, currency?: string): void;
  /** The refunds made, in order (a replay with the same idempotency key makes none). */
  refunds: { id: string; paymentIntent: string; amount: number; idempotencyKey: string | undefined }[];
  /**
   * Payment intents made by `POST /v1/payment_intents` (renewal charges), in order; a replay with
   * the same idempotency key makes none. `pm_card_chargeDeclined` is declined (402, as Stripe's test card).
   */
  paymentIntents: {
    id: string;
    amount: number;
    customer: string;
    paymentMethod: string;
    idempotencyKey: string | undefined;
    status: string;
  }[];
  /** The payment method (and card) `GET /v1/payment_intents/{id}` reports for an intent; default `pm_card_visa`. */
  setPaymentMethod(paymentIntent: string, paymentMethod: string): void;
  /** Holds the next call until `release()`; `arrived` resolves once it is waiting. */
  holdNext(): { arrived: Promise<void>; release(): void };
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function checkoutSession(body: Nested): Nested {
  const sessionId = id('cs_test');
  const items = (body.line_items as Nested[] | undefined) ?? [];
  const total = items.reduce((sum, item) => {
    const price = item.price_data as Nested | undefined;
    return sum + Number(price?.unit_amount ?? 0) * Number(item.quantity ?? 1);
  }, 0);
  const currency = String((items[0]?.price_data as Nested | undefined)?.currency ?? 'chf');
  return {
    id: sessionId,
    object: 'checkout.session',
    amount_subtotal: total,
    amount_total: total,
    cancel_url: body.cancel_url ?? null,
    client_reference_id: body.client_reference_id ?? null,
    created: Math.floor(Date.now() / 1000),
    currency,
    customer: null,
    customer_details: null,
    customer_email: body.customer_email ?? null,
    expires_at: Number(body.expires_at ?? Math.floor(Date.now() / 1000) + 86_400),
    livemode: false,
    locale: body.locale ?? null,
    metadata: body.metadata ?? {},
    mode: body.mode ?? 'payment',
    payment_intent: null,
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    status: 'open',
    success_url: body.success_url ?? null,
    url: `https://checkout.stripe.com/c/pay/${sessionId}#fidkdWxOYHwnPyd1blpxYHZxWjA0`,
  };
}

interface FakeCharge {
  id: string;
  amount: number;
  refunded: number;
  currency: string;
}

/** `POST /v1/refunds` as Stripe answers it: at most what is left on the charge; `expand[]=charge` inlines the charge. */
function createRefund(
  charges: Map<string, FakeCharge>,
  body: Nested,
  refunds: FakeStripe['refunds'],
  idempotencyKey: string | undefined,
): [number, unknown] {
  const pi = String(body.payment_intent ?? '');
  const charge = charges.get(pi);
  if (!charge)
    return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${pi}'` } }];
  const left = charge.amount - charge.refunded;
  const amount = body.amount === undefined ? left : Number(body.amount);
  if (left <= 0) return [400, { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Already refunded.' } }];
  if (!Number.isInteger(amount) || amount <= 0 || amount > left)
    return [
      400,
      { error: { type: 'invalid_request_error', code: 'amount_too_large', message: 'Refund amount is greater than unrefunded amount.' } },
    ];
  charge.refunded += amount;
  const refundId = id('re');
  refunds.push({ id: refundId, paymentIntent: pi, amount, idempotencyKey });
  const expand = Array.isArray(body.expand) ? body.expand : [];
  const chargeObj = { ...chargeObject(pi, charge.amount, charge.refunded, charge.currency), id: charge.id };
  return [
    200,
    {
      id: refundId,
      object: 'refund',
      amount,
      charge: expand.includes('charge') ? chargeObj : charge.id,
      currency: charge.currency,
      metadata: body.metadata ?? {},
      payment_intent: pi,
      reason: body.reason ?? null,
      status: 'succeeded',
      created: Math.floor(Date.now() / 1000),
    },
  ];
}

const CARDS: Record<string, { brand: string; last4: string }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0341' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
};

/** `POST /v1/payment_intents` confirmed off session with a saved card, as Stripe answers it. */
function createPaymentIntent(body: Nested, intents: FakeStripe['paymentIntents'], idempotencyKey: string | undefined): [number, unknown] {
  const pi = id('pi');
  const paymentMethod = String(body.payment_method ?? '');
  const declined = paymentMethod === 'pm_card_chargeDeclined';
  const status = declined ? 'requires_payment_method' : 'succeeded';
  const amount = Number(body.amount);
  intents.push({ id: pi, amount, customer: String(body.customer ?? ''), paymentMethod, idempotencyKey, status });
  const intent = {
    id: pi,
    object: 'payment_intent',
    amount,
    amount_received: declined ? 0 : amount,
    currency: String(body.currency ?? 'chf'),
    customer: body.customer ?? null,
    payment_method: paymentMethod,
    metadata: body.metadata ?? {},
    status,
    livemode: false,
  };
  if (declined)
    return [
      402,
      {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
          payment_intent: intent,
        },
      },
    ];
  return [200, intent];
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const paymentIntents: FakeStripe['paymentIntents'] = [];
  const methods = new Map<string, string>();
  const charges = new Map<string, FakeCharge>();
  const refunds: FakeStripe['refunds'] = [];
  /** Replies by idempotency key, as Stripe keeps them: the same key again gets the same reply. */
  const replayed = new Map<string, [number, unknown]>();
  let failures: { left: number; status: number } = { left: 0, status: 500 };
  let hold: { arrived: () => void; gate: Promise<void> } | null = null;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      if (hold) {
        const h = hold;
        hold = null;
        h.arrived();
        await h.gate;
      }
      const body = decodeStripeForm(Buffer.concat(chunks).toString('utf8'));
      const path = (req.url ?? '/').split('?')[0]!;
      requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(JSON.stringify(json));
      };
      if (failures.left > 0) {
        failures.left--;
        return send(failures.status, { error: { type: 'api_error', message: 'Fake Stripe is failing on purpose.' } });
      }
      if (req.method === 'POST' && path === '/v1/checkout/sessions') return send(200, checkoutSession(body));
      if (req.method === 'POST' && path === '/v1/payment_intents') {
        const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;
        const reply = (key && replayed.get(key)) || createPaymentIntent(body, paymentIntents, key);
        if (key) replayed.set(key, reply);
        return send(...reply);
      }
      const intentPath = /^\/v1\/payment_intents\/([\w]+)$/.exec(path);
      if (req.method === 'GET' && intentPath) {
        const pm = methods.get(intentPath[1]!) ?? 'pm_card_visa';
        const card = CARDS[pm] ?? CARDS.pm_card_visa!;
        return send(200, {
          id: intentPath[1],
          object: 'payment_intent',
          status: 'succeeded',
          payment_method: { id: pm, object: 'payment_method', type: 'card', card: { brand: card.brand, last4: card.last4 } },
        });
      }
      if (req.method === 'POST' && path === '/v1/refunds') {
        const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;
        const reply = (key && replayed.get(key)) || createRefund(charges, body, refunds, key);
        if (key) replayed.set(key, reply);
        return send(...reply);
      }
      return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path}).` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    target: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    failNext(count, status = 500) {
      failures = { left: count, status };
    },
    addCharge(paymentIntent, amount, currency = 'chf') {
      charges.set(paymentIntent, { id: `ch_${paymentIntent.slice(3)}`, amount, refunded: 0, currency });
    },
    refunds,
    paymentIntents,
    setPaymentMethod(paymentIntent, paymentMethod) {
      methods.set(paymentIntent, paymentMethod);
    },
    holdNext() {
      let release!: () => void;
      let arrived!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const arrivedP = new Promise<void>((r) => (arrived = r));
      hold = { arrived, gate };
      return { arrived: arrivedP, release };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

// ─── Webhook events ─────────────────────────────────────────────────────────

export function stripeEvent(
  type: string,
  object: Nested,
  extra: { id?: string; previous_attributes?: Nested; account?: string } = {},
): Nested {
  return {
    id: extra.id ?? id('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    data: { object, ...(extra.previous_attributes ? { previous_attributes: extra.previous_attributes } : {}) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    ...(extra.account ? { account: extra.account } : {}),
  };
}

/** A webhook delivery as Stripe makes it: the exact body and its `stripe-signature` header. */
export function signedDelivery(event: Nested, secret: string, timestamp?: number): { payload: string; headers: Record<string, string> } {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
  return { payload, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature } };
}

/** A Checkout session as Stripe sends it in events, for the session our code created. */
export function sessionObject(
  session: { id: string; metadata: Nested; amount_total: number; currency: string },
  over: Nested = {},
): Nested {
  return {
    id: session.id,
    object: 'checkout.session',
    amount_total: session.amount_total,
    currency: session.currency,
    client_reference_id: session.metadata.order_id,
    metadata: session.metadata,
    mode: 'payment',
    payment_intent: id('pi'),
    payment_status: 'paid',
    status: 'complete',
    livemode: false,
    ...over,
  };
}

export function chargeObject(paymentIntent: string, amount: number, amountRefunded: number, currency = 'chf'): Nested {
  return {
    id: `ch_${paymentIntent.slice(3)}`,
    object: 'charge',
    amount,
    amount_captured: amount,
    amount_refunded: amountRefunded,
    currency,
    captured: true,
    paid: true,
    payment_intent: paymentIntent,
    refunded: amountRefunded >= amount,
    status: 'succeeded',
    livemode: false,
    metadata: {},
  };
}
