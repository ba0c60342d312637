import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { datatransSignature } from './datatrans.adapter.ts';

/**
 * Tests only: a local stand-in for Datatrans' JSON API (`/v1`), so the adapter's real HTTP calls
 * run end to end without any network. It checks HTTP Basic auth against the merchants it was told
 * about, answers `POST /v1/transactions` (init) with a `transactionId`, and
 * `POST /v1/transactions/{id}/credit` (refund) at most up to what is left on a settled
 * transaction, replaying the same answer for the same `Idempotency-Key`. It records every request.
 * Card renewals: an init with `option.createAlias` makes an alias when the buyer pays (`settle`);
 * `POST /v1/transactions/authorize` charges a known alias of the merchant (settled at once with
 * `autoSettle`), refused with Datatrans' error body while `declineCharges` is set; `loseNextReply`
 * handles the next call and then drops the connection without an answer.
 * Plus a helper that signs webhook deliveries as Datatrans does (`Datatrans-Signature: t=..,s0=..`).
 */

export interface DatatransRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

interface FakeTransaction {
  id: string;
  merchantId: string;
  refno: string;
  amount: number;
  currency: string;
  settled: boolean;
  credited: number;
  /** The init asked for an alias (`option.createAlias`): `settle` gives the card one. */
  createAlias: boolean;
  /** The card the buyer paid with (cards only), its alias once made. */
  card: { alias?: string; masked: string; expiryMonth: string; expiryYear: string } | null;
  /** Made by `POST /v1/transactions/authorize` (a merchant-initiated charge of an alias). */
  merchantInitiated: boolean;
}

/** A merchant-initiated charge the fake accepted (`POST /v1/transactions/authorize`). */
export interface FakeAliasCharge {
  transactionId: string;
  alias: string;
  amount: number;
  currency: string;
  refno: string;
  idempotencyKey: string | undefined;
}

export interface FakeDatatrans {
  /** The base URL (config `datatransApi`). */
  url: string;
  requests: DatatransRequest[];
  /** The credits (refunds) made, in order; a replay with the same idempotency key makes none. */
  credits: { id: string; transactionId: string; amount: number; idempotencyKey: string | undefined }[];
  /** The alias charges made, in order; a replay with the same idempotency key makes none. */
  aliasCharges: FakeAliasCharge[];
  addMerchant(merchantId: string, password: string): void;
  /**
   * The buyer paid on the page: the transaction is settled (credits may follow). With
   * `option.createAlias` on its init, the card (default a Visa ending 4242) gets an alias.
   */
  settle(transactionId: string, card?: { masked?: string; expiryMonth?: string; expiryYear?: string }): FakeTransaction;
  transaction(transactionId: string): FakeTransaction | undefined;
  /** The next `count` calls answer `status` with an error body. */
  failNext(count: number, status?: number): void;
  /** While set, alias charges are refused with this Datatrans error code (e.g. `DECLINED`); null accepts them again. */
  declineCharges(code: string | null): void;
  /** The next call is handled, then its connection is dropped without an answer (a reply lost on the way). */
  loseNextReply(): void;
  /** Holds the next call until `release()`; `arrived` resolves once it is waiting. */
  holdNext(): { arrived: Promise<void>; release(): void };
  close(): Promise<void>;
}

const newId = () => String(BigInt(`0x${randomBytes(6).toString('hex')}`) + 200_000_000_000n);

export async function startFakeDatatrans(): Promise<FakeDatatrans> {
  const requests: DatatransRequest[] = [];
  const credits: FakeDatatrans['credits'] = [];
  const aliasCharges: FakeAliasCharge[] = [];
  const aliases = new Map<string, { merchantId: string; expiryMonth: string; expiryYear: string }>();
  let declineCode: string | null = null;
  let loseReply = false;
  const merchants = new Map<string, string>();
  const transactions = new Map<string, FakeTransaction>();
  const replayed = new Map<string, [number, unknown]>();
  let failures = { left: 0, status: 500 };
  let hold: { arrived: () => void; gate: Promise<void> } | null = null;

  function handle(method: string, path: string, headers: IncomingHttpHeaders, body: Record<string, unknown>): [number, unknown] {
    const auth = /^Basic (.+)$/.exec(String(headers.authorization ?? ''));
    const [merchantId, password] = auth ? Buffer.from(auth[1]!, 'base64').toString('utf8').split(':') : [];
    if (!merchantId || merchants.get(merchantId) !== password)
      return [401, { error: { code: 'UNAUTHORIZED', message: 'Invalid merchantId or password' } }];
    if (method === 'POST' && path === '/v1/transactions') {
      const amount = body.amount;
      if (
        typeof amount !== 'number' ||
        !Number.isInteger(amount) ||
        amount <= 0 ||
        typeof body.refno !== 'string' ||
        typeof body.currency !== 'string'
      )
        return [400, { error: { code: 'INVALID_PROPERTY', message: 'amount, currency and refno are required' } }];
      const id = newId();
      const option = body.option as { createAlias?: unknown } | undefined;
      transactions.set(id, {
        id,
        merchantId,
        refno: body.refno,
        amount,
        currency: body.currency,
        settled: false,
        credited: 0,
        createAlias: option?.createAlias === true,
        card: null,
        merchantInitiated: false,
      });
      return [201, { transactionId: id }];
    }
    if (method === 'POST' && path === '/v1/transactions/authorize') {
      const amount = body.amount;
      const card = body.card as { alias?: unknown; expiryMonth?: unknown; expiryYear?: unknown } | undefined;
      if (
        typeof amount !== 'number' ||
        !Number.isInteger(amount) ||
        amount <= 0 ||
        typeof body.refno !== 'string' ||
        typeof body.currency !== 'string' ||
        typeof card?.alias !== 'string'
      )
        return [400, { error: { code: 'INVALID_PROPERTY', message: 'amount, currency, refno and card.alias are required' } }];
      const known = aliases.get(card.alias);
      if (!known || known.merchantId !== merchantId) return [400, { error: { code: 'INVALID_ALIAS', message: 'Unknown alias' } }];
      if (card.expiryMonth !== known.expiryMonth || card.expiryYear !== known.expiryYear)
        return [400, { error: { code: 'INVALID_CARD', message: 'Expiry date does not match' } }];
      const id = newId();
      const tx: FakeTransaction = {
        id,
        merchantId,
        refno: body.refno,
        amount,
        currency: body.currency,
        settled: false,
        credited: 0,
        createAlias: false,
        card: { alias: card.alias, masked: '424242xxxxxx4242', expiryMonth: known.expiryMonth, expiryYear: known.expiryYear },
        merchantInitiated: true,
      };
      transactions.set(id, tx);
      if (declineCode) return [400, { error: { code: declineCode, message: 'The card was declined' }, transactionId: id }];
      tx.settled = body.autoSettle === true;
      const key = typeof headers['idempotency-key'] === 'string' ? headers['idempotency-key'] : undefined;
      aliasCharges.push({ transactionId: id, alias: card.alias, amount, currency: body.currency, refno: body.refno, idempotencyKey: key });
      return [201, { transactionId: id, acquirerAuthorizationCode: '100000', card: { masked: tx.card!.masked } }];
    }
    const credit = /^\/v1\/transactions\/(\d+)\/credit$/.exec(path);
    if (method === 'POST' && credit) {
      const tx = transactions.get(credit[1]!);
      if (!tx || tx.merchantId !== merchantId) return [404, { error: { code: 'TRANSACTION_NOT_FOUND', message: 'No such transaction' } }];
      const amount = Number(body.amount);
      if (!tx.settled) return [400, { error: { code: 'INVALID_TRANSACTION_STATUS', message: 'Not settled' } }];
      if (!Number.isInteger(amount) || amount <= 0 || amount > tx.amount - tx.credited)
        return [400, { error: { code: 'INVALID_PROPERTY', message: 'credit amount exceeds the settled amount' } }];
      tx.credited += amount;
      const id = newId();
      const key = typeof headers['idempotency-key'] === 'string' ? headers['idempotency-key'] : undefined;
      credits.push({ id, transactionId: tx.id, amount, idempotencyKey: key });
      return [200, { transactionId: id, acquirerAuthorizationCode: '100000' }];
    }
    return [404, { error: { code: 'NOT_FOUND', message: `${method} ${path}` } }];
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        let body: Record<string, unknown> = {};
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
        } catch {
          body = {};
        }
        const path = (req.url ?? '/').split('?')[0]!;
        const method = req.method ?? 'GET';
        requests.push({ method, path, headers: req.headers, body });
        const send = (status: number, json: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(json));
        };
        if (hold) {
          const h = hold;
          hold = null;
          h.arrived();
          await h.gate;
        }
        if (failures.left > 0) {
          failures.left--;
          return send(failures.status, { error: { code: 'UNKNOWN_ERROR', message: 'Fake Datatrans is failing on purpose.' } });
        }
        const key = typeof req.headers['idempotency-key'] === 'string' ? `${path}\0${req.headers['idempotency-key']}` : undefined;
        const reply = (key && replayed.get(key)) || handle(method, path, req.headers, body);
        if (key && reply[0] < 500) replayed.set(key, reply);
        if (loseReply) {
          loseReply = false;
          req.socket.destroy();
          return;
        }
        send(...reply);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    credits,
    aliasCharges,
    addMerchant: (merchantId, password) => void merchants.set(merchantId, password),
    settle(transactionId, card = {}) {
      const tx = transactions.get(transactionId);
      if (!tx) throw new Error(`fake Datatrans has no transaction ${transactionId}`);
      tx.settled = true;
      if (tx.createAlias && !tx.card) {
        tx.card = {
          alias: `70${newId()}`,
          masked: card.masked ?? '424242xxxxxx4242',
          expiryMonth: card.expiryMonth ?? '12',
          expiryYear: card.expiryYear ?? '30',
        };
        aliases.set(tx.card.alias!, { merchantId: tx.merchantId, expiryMonth: tx.card.expiryMonth, expiryYear: tx.card.expiryYear });
      }
      return tx;
    },
    transaction: (id) => transactions.get(id),
    failNext(count, status = 500) {
      failures = { left: count, status };
    },
    declineCharges(code) {
      declineCode = code;
    },
    loseNextReply() {
      loseReply = true;
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

// ─── Webhook deliveries ─────────────────────────────────────────────────────

/** A transaction as Datatrans posts it to the webhook URL. */
export function datatransTransaction(
  tx: { id: string; merchantId: string; refno: string; currency: string; card?: FakeTransaction['card'] },
  over: { type?: 'payment' | 'credit'; status?: string; amount?: number; paymentMethod?: string } = {},
): Record<string, unknown> {
  const type = over.type ?? 'payment';
  const amount = over.amount ?? 0;
  return {
    transactionId: tx.id,
    merchantId: tx.merchantId,
    type,
    status: over.status ?? 'settled',
    currency: tx.currency,
    refno: tx.refno,
    paymentMethod: over.paymentMethod ?? (tx.card ? 'VIS' : 'TWI'),
    ...(tx.card ? { card: tx.card } : {}),
    detail: type === 'credit' ? { credit: { amount } } : { authorize: { amount }, settle: { amount } },
    history: [{ action: 'init', date: new Date().toISOString(), success: true }],
  };
}

/** The exact body and its `Datatrans-Signature` header, signed with the merchant's hex key (at `timestampMs`, default now). */
export function signedDatatransDelivery(
  body: Record<string, unknown>,
  hmacKeyHex: string,
  timestampMs = Date.now(),
): { payload: string; headers: Record<string, string> } {
  const payload = JSON.stringify(body);
  const t = String(timestampMs);
  return {
    payload,
    headers: { 'content-type': 'application/json', 'datatrans-signature': `t=${t},s0=${datatransSignature(hmacKeyHex, t, payload)}` },
  };
}
