import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

/**
 * A local fake of bexio's REST API (https://docs.bexio.com), for the tests of the bexio sync
 * (features/platform/bexio) and, standalone, for the end-to-end tests:
 *
 *   node --import tsx apps/server/src/test/fake-bexio.ts --port 4590 [--token fake-bexio-token]
 *
 * It answers exactly the calls the sync makes, with bexio's shapes, from memory: contact search
 * and creation (2.0), invoice search and creation (2.0 kb_invoice), the taxes, currencies and the
 * current user (3.0). Every call needs `Authorization: Bearer <token>` (401 otherwise). Errors are
 * bexio's JSON `{error_code, message}`. Switches for the failure cases: `refuseNext` (422),
 * `outage` (503, or the connection reset), `loseNextReply` (the record is created, then the socket
 * is destroyed before the answer). Standalone, the switches and the state are under `/_fake/…`
 * (no token): POST /_fake/refuse-next {message, path?}, POST /_fake/outage {on, mode?},
 * POST /_fake/lose-next-reply {path?}, GET /_fake/state, POST /_fake/reset.
 */

export interface FakeContact {
  id: number;
  nr: string | null;
  contact_type_id: number;
  name_1: string;
  name_2: string | null;
  address: string | null;
  postcode: string | null;
  city: string | null;
  mail: string | null;
  user_id: number;
  owner_id: number;
  updated_at: string;
}

export interface FakePosition {
  id: number;
  type: 'KbPositionCustom';
  amount: string;
  unit_price: string;
  tax_id: number;
  tax_value: string;
  text: string;
  position_total: string;
}

export interface FakeInvoice {
  id: number;
  document_nr: string;
  title: string | null;
  contact_id: number;
  user_id: number;
  currency_id: number;
  mwst_type: number;
  mwst_is_net: boolean;
  api_reference: string | null;
  is_valid_from: string;
  is_valid_to: string;
  kb_item_status_id: number;
  total_net: string;
  total_taxes: string;
  total_gross: string;
  total: string;
  positions: FakePosition[];
  updated_at: string;
}

export interface FakeTax {
  id: number;
  uuid: string;
  name: string;
  code: string;
  digit: string | null;
  type: string;
  account_id: number | null;
  tax_settlement_type: string;
  value: number;
  net_tax_value: number | null;
  start_year: number | null;
  end_year: number | null;
  is_active: boolean;
  display_name: string;
}

export const FAKE_BEXIO_TOKEN = 'fake-bexio-token-0123456789abcdef';

/** The account's taxes: a pre-tax of 8.1 % first (it must not be picked), the old 7.7 % inactive. */
const TAXES: FakeTax[] = [
  tax(11, 'VM81', 'pre_tax_material', 8.1, true),
  tax(14, 'UN77', 'sales_tax', 7.7, false),
  tax(16, 'UN00', 'sales_tax', 0, true),
  tax(17, 'UN81', 'sales_tax', 8.1, true),
];
const CURRENCIES = [
  { id: 1, name: 'CHF', round_factor: 0.05 },
  { id: 2, name: 'EUR', round_factor: 0.01 },
];
const ME = {
  id: 1,
  salutation_type: 'female',
  firstname: 'Petra',
  lastname: 'Plattform',
  email: 'buchhaltung@bookla.example',
  is_superadmin: true,
  is_accountant: true,
};

function tax(id: number, code: string, type: string, value: number, active: boolean): FakeTax {
  return {
    id,
    uuid: `00000000-0000-4000-8000-0000000000${id}`,
    name: `lang.tax.${code}`,
    code,
    digit: type === 'sales_tax' ? '303' : '400',
    type,
    account_id: null,
    tax_settlement_type: 'effective',
    value,
    net_tax_value: null,
    start_year: active ? 2024 : 2018,
    end_year: active ? null : 2023,
    is_active: active,
    display_name: `${code} - ${value.toFixed(2)}%`,
  };
}

type Switch = { path?: string };

export interface FakeBexio {
  url: string;
  port: number;
  token: string;
  contacts: FakeContact[];
  invoices: FakeInvoice[];
  /** Every call that reached the fake (method and path), switches included. */
  calls: { method: string; path: string }[];
  /** The next call (or the next call to exactly `path`) answers 422 `{error_code: 422, message}`. */
  refuseNext(message: string, path?: string): void;
  /** While on, every call answers 503 (or, with `reset`, the connection is destroyed unanswered). */
  outage(on: boolean, mode?: '503' | 'reset'): void;
  /** The next invoice creation (or the next write to `path`) is stored, then its socket destroyed before the answer. */
  loseNextReply(path?: string): void;
  reset(): void;
  close(): Promise<void>;
}

interface Criterion {
  field: string;
  value: unknown;
  criteria?: string;
}

const today = () => new Date().toISOString().slice(0, 19).replace('T', ' ');
const money = (n: number) => n.toFixed(2);

function matches(record: Record<string, unknown>, c: Criterion): boolean {
  const actual = record[c.field];
  const criteria = c.criteria ?? 'like';
  if (criteria === '=' || criteria === 'equal') return String(actual) === String(c.value);
  if (criteria === '!=' || criteria === 'not_equal') return String(actual) !== String(c.value);
  if (criteria === 'like')
    return String(actual ?? '')
      .toLowerCase()
      .includes(String(c.value).toLowerCase());
  if (criteria === 'is_null') return actual === null || actual === undefined;
  if (criteria === 'not_null') return actual !== null && actual !== undefined;
  return false;
}

export async function startFakeBexio(opts: { port?: number; token?: string; host?: string } = {}): Promise<FakeBexio> {
  const token = opts.token ?? FAKE_BEXIO_TOKEN;
  const contacts: FakeContact[] = [];
  const invoices: FakeInvoice[] = [];
  const calls: { method: string; path: string }[] = [];
  let refusal: (Switch & { message: string }) | null = null;
  let lose: Switch | null = null;
  let down: '503' | 'reset' | null = null;
  let ids = { contact: 100, invoice: 500, position: 9000 };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, message: string) => send(res, status, { error_code: status, message });
  const takes = (s: Switch | null, path: string) => !!s && (!s.path || path === s.path);

  const readJson = async (req: IncomingMessage): Promise<unknown> => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    if (!text) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      return Symbol.for('invalid');
    }
  };

  /** Answers a create, or loses the answer when told to (the record stays created). */
  const created = (req: IncomingMessage, res: ServerResponse, path: string, body: unknown) => {
    if (takes(lose, path)) {
      lose = null;
      req.socket.destroy();
      return;
    }
    send(res, 201, body);
  };

  const control = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    const body = ((await readJson(req)) ?? {}) as Record<string, unknown>;
    if (path === '/_fake/state') return send(res, 200, { contacts, invoices, calls: calls.length });
    if (path === '/_fake/reset') return send(res, 200, (fake.reset(), { ok: true }));
    if (path === '/_fake/refuse-next')
      return send(res, 200, (fake.refuseNext(String(body.message ?? 'Refused'), body.path as string), { ok: true }));
    if (path === '/_fake/outage') return send(res, 200, (fake.outage(!!body.on, body.mode === 'reset' ? 'reset' : '503'), { ok: true }));
    if (path === '/_fake/lose-next-reply') return send(res, 200, (fake.loseNextReply(body.path as string | undefined), { ok: true }));
    return error(res, 404, 'Not found');
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname.replace(/\/+$/, '');
    const method = req.method ?? 'GET';
    calls.push({ method, path });
    if (path.startsWith('/_fake/')) return control(req, res, path);
    if (down === 'reset') return req.socket.destroy();
    if (down === '503') return error(res, 503, 'Service Unavailable');
    if (req.headers.authorization !== `Bearer ${token}`) return error(res, 401, 'The access token is invalid or has expired');
    if (takes(refusal, path)) {
      const message = refusal!.message;
      refusal = null;
      return error(res, 422, message);
    }
    const body = await readJson(req);
    if (body === Symbol.for('invalid')) return error(res, 400, 'Invalid JSON');

    if (method === 'GET' && path === '/3.0/users/me') return send(res, 200, ME);
    if (method === 'GET' && path === '/3.0/currencies') return send(res, 200, CURRENCIES);
    if (method === 'GET' && path === '/3.0/taxes') {
      const scope = url.searchParams.get('scope');
      const types = url.searchParams.get('types');
      return send(
        res,
        200,
        TAXES.filter(
          (t) =>
            (scope === 'active' ? t.is_active : scope === 'inactive' ? !t.is_active : true) &&
            (!types || types.split(',').includes(t.type)),
        ),
      );
    }
    if (method === 'POST' && (path === '/2.0/contact/search' || path === '/2.0/kb_invoice/search')) {
      if (!Array.isArray(body)) return error(res, 422, 'The search body must be an array of criteria');
      const rows = (path === '/2.0/contact/search' ? contacts : invoices) as unknown as Record<string, unknown>[];
      return send(
        res,
        200,
        rows.filter((r) => (body as Criterion[]).every((c) => matches(r, c))),
      );
    }
    if (method === 'POST' && path === '/2.0/contact') {
      const b = (body ?? {}) as Record<string, unknown>;
      if (![1, 2].includes(Number(b.contact_type_id))) return error(res, 422, 'contact_type_id: This value is not valid.');
      if (typeof b.name_1 !== 'string' || !b.name_1) return error(res, 422, 'name_1: This value should not be blank.');
      if (b.user_id !== ME.id || b.owner_id !== ME.id) return error(res, 422, 'user_id: This value is not valid.');
      if (b.nr !== undefined && b.nr !== null && contacts.some((c) => c.nr === b.nr))
        return error(res, 422, 'nr: This value is already used.');
      const contact: FakeContact = {
        id: ++ids.contact,
        nr: (b.nr as string | undefined) ?? String(ids.contact),
        contact_type_id: Number(b.contact_type_id),
        name_1: b.name_1,
        name_2: (b.name_2 as string | undefined) ?? null,
        address: (b.address as string | undefined) ?? null,
        postcode: b.postcode === undefined ? null : String(b.postcode),
        city: (b.city as string | undefined) ?? null,
        mail: (b.mail as string | undefined) ?? null,
        user_id: Number(b.user_id),
        owner_id: Number(b.owner_id),
        updated_at: today(),
      };
      contacts.push(contact);
      return created(req, res, path, contact);
    }
    if (method === 'POST' && path === '/2.0/kb_invoice') {
      const b = (body ?? {}) as Record<string, unknown>;
      if (!contacts.some((c) => c.id === b.contact_id)) return error(res, 422, 'contact_id: The contact does not exist.');
      if (b.user_id !== ME.id) return error(res, 422, 'user_id: This value is not valid.');
      const currency = CURRENCIES.find((c) => c.id === b.currency_id);
      if (!currency) return error(res, 422, 'currency_id: This value is not valid.');
      if (![0, 1, 2].includes(Number(b.mwst_type))) return error(res, 422, 'mwst_type: This value is not valid.');
      const positions: FakePosition[] = [];
      for (const p of Array.isArray(b.positions) ? (b.positions as Record<string, unknown>[]) : []) {
        if (p.type !== 'KbPositionCustom') return error(res, 422, 'positions: Unknown position type.');
        const t = TAXES.find((x) => x.id === p.tax_id && x.type === 'sales_tax' && x.is_active);
        if (!t) return error(res, 422, 'tax_id: Only active sales taxes can be used.');
        if (typeof p.unit_price !== 'string' || !/^-?\d+(\.\d+)?$/.test(p.unit_price))
          return error(res, 422, 'unit_price: This value is not valid.');
        const amount = Number(p.amount ?? 1);
        const total = amount * Number(p.unit_price);
        positions.push({
          id: ++ids.position,
          type: 'KbPositionCustom',
          amount: String(amount),
          unit_price: p.unit_price,
          tax_id: t.id,
          tax_value: String(t.value),
          text: String(p.text ?? ''),
          position_total: money(total),
        });
      }
      const net = positions.reduce((s, p) => s + Number(p.position_total), 0);
      const taxes = positions.reduce((s, p) => s + Math.round(Number(p.position_total) * Number(p.tax_value)) / 100, 0);
      const gross = b.mwst_is_net ? net + taxes : net;
      const invoice: FakeInvoice = {
        id: ++ids.invoice,
        document_nr: `RE-${String(ids.invoice).padStart(5, '0')}`,
        title: (b.title as string | undefined) ?? null,
        contact_id: Number(b.contact_id),
        user_id: Number(b.user_id),
        currency_id: currency.id,
        mwst_type: Number(b.mwst_type),
        mwst_is_net: !!b.mwst_is_net,
        api_reference: (b.api_reference as string | undefined) ?? null,
        is_valid_from: String(b.is_valid_from ?? today().slice(0, 10)),
        is_valid_to: String(b.is_valid_to ?? today().slice(0, 10)),
        kb_item_status_id: 7,
        total_net: money(net),
        total_taxes: money(taxes),
        total_gross: money(gross),
        total: money(gross),
        positions,
        updated_at: today(),
      };
      invoices.push(invoice);
      return created(req, res, path, invoice);
    }
    return error(res, 404, 'Not found');
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => error(res, 500, (err as Error).message));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  const fake: FakeBexio = {
    url: `http://127.0.0.1:${port}`,
    port,
    token,
    contacts,
    invoices,
    calls,
    refuseNext: (message, path) => void (refusal = { message, path }),
    outage: (on, mode = '503') => void (down = on ? mode : null),
    loseNextReply: (path = '/2.0/kb_invoice') => void (lose = { path }),
    reset() {
      contacts.length = 0;
      invoices.length = 0;
      calls.length = 0;
      refusal = lose = down = null;
      ids = { contact: 100, invoice: 500, position: 9000 };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}

// Standalone: `node --import tsx apps/server/src/test/fake-bexio.ts --port 4590 [--token …]`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const fake = await startFakeBexio({ port: Number(arg('port') ?? 4590), token: arg('token') ?? process.env.FAKE_BEXIO_TOKEN });
  process.stdout.write(`${fake.url}\n`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
