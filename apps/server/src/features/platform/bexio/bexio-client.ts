/**
 * The calls to bexio's REST API (https://docs.bexio.com) the platform invoices need, and nothing
 * else: contacts (2.0), invoices (2.0 `kb_invoice`), taxes, currencies and the current user (3.0).
 * Every call sends the token as `Authorization: Bearer …` and gives up after 10 s.
 *
 * bexio answers errors as JSON `{error_code, message}`. They become one `BexioError`:
 * `refused` for a 4xx other than 408/429 (bexio read the call and said no: a retry of the same
 * call will not help before someone changes something), `outage` for the rest (5xx, 408, 429,
 * no answer, a reset connection, a timeout, an unreadable reply). Its message is bexio's own (or
 * what went wrong on the way), never the token or the request's headers.
 */

export interface BexioConfig {
  token: string;
  /** Base URL without a trailing slash (BEXIO_API_URL). */
  url: string;
}

export type BexioErrorKind = 'refused' | 'outage';

export class BexioError extends Error {
  override readonly name = 'BexioError';
  constructor(
    readonly kind: BexioErrorKind,
    message: string,
    /** bexio's HTTP status; null when no answer came. */
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/** The part of a contact the sync reads. */
export interface BexioContact {
  id: number;
  nr: string | null;
  name_1: string;
}

/** What the sync writes of a contact (contact_type_id 1: a company). */
export interface BexioContactInput {
  contact_type_id: 1 | 2;
  nr: string;
  name_1: string;
  address?: string;
  postcode?: string;
  city?: string;
  mail?: string;
  user_id: number;
  owner_id: number;
}

export interface BexioTax {
  id: number;
  code: string;
  type: string;
  value: number;
  is_active: boolean;
  display_name?: string;
}

export interface BexioCurrency {
  id: number;
  name: string;
}

export interface BexioUser {
  id: number;
  email?: string;
}

/** A free-text position: `amount` × `unit_price` (decimal strings), taxed with `tax_id`. */
export interface BexioPositionInput {
  type: 'KbPositionCustom';
  amount: string;
  unit_price: string;
  tax_id: number;
  text: string;
}

export interface BexioInvoiceInput {
  contact_id: number;
  user_id: number;
  title: string;
  api_reference: string;
  currency_id: number;
  /** 0: taxes are calculated (see `mwst_is_net`); 1: excluded; 2: exempt. */
  mwst_type: 0 | 1 | 2;
  /** With `mwst_type` 0: the unit prices are net and the taxes are added on top. */
  mwst_is_net: boolean;
  /** YYYY-MM-DD */
  is_valid_from: string;
  is_valid_to: string;
  positions: BexioPositionInput[];
}

export interface BexioInvoice {
  id: number;
  document_nr?: string;
  api_reference: string | null;
  total?: string;
}

interface SearchCriterion {
  field: string;
  value: string | number;
  criteria: '=';
}

export const BEXIO_TIMEOUT_MS = 10_000;

/** bexio's message from an error body, or a short description of the status. */
function messageOf(status: number, text: string): string {
  try {
    const body = JSON.parse(text) as { message?: unknown; error_code?: unknown };
    if (typeof body.message === 'string' && body.message.trim()) return body.message.trim();
  } catch {
    // not JSON: a proxy's page, an empty body
  }
  return `bexio answered HTTP ${status}`;
}

/** Why a fetch failed, in words (the cause of undici's "fetch failed": ECONNRESET, ECONNREFUSED, …). */
function networkMessage(err: unknown): string {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError') return `bexio did not answer within ${BEXIO_TIMEOUT_MS / 1000} s`;
  const cause = e?.cause?.message ?? e?.cause?.code;
  return `bexio could not be reached${cause ? ` (${cause})` : e?.message ? ` (${e.message})` : ''}`;
}

export interface BexioClient {
  findContactByNr(nr: string): Promise<BexioContact | null>;
  createContact(input: BexioContactInput): Promise<BexioContact>;
  /** Active sales taxes. */
  salesTaxes(): Promise<BexioTax[]>;
  currencies(): Promise<BexioCurrency[]>;
  me(): Promise<BexioUser>;
  findInvoiceByApiReference(reference: string): Promise<BexioInvoice | null>;
  createInvoice(input: BexioInvoiceInput): Promise<BexioInvoice>;
}

export function createBexioClient(config: BexioConfig, opts: { timeoutMs?: number } = {}): BexioClient {
  const timeoutMs = opts.timeoutMs ?? BEXIO_TIMEOUT_MS;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${config.url}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${config.token}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new BexioError('outage', networkMessage(err));
    }
    let text: string;
    try {
      text = await res.text();
    } catch (err) {
      throw new BexioError('outage', networkMessage(err), res.status);
    }
    if (!res.ok) {
      const refused = res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429;
      throw new BexioError(refused ? 'refused' : 'outage', messageOf(res.status, text), res.status);
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new BexioError('outage', `bexio answered HTTP ${res.status} with a body that is not JSON`, res.status);
    }
  }

  const search = <T>(resource: string, criteria: SearchCriterion[]) => call<T[]>('POST', `/2.0/${resource}/search`, criteria);
  const list = <T>(value: unknown, what: string): T[] => {
    if (!Array.isArray(value)) throw new BexioError('outage', `bexio answered ${what} with something that is not a list`);
    return value as T[];
  };

  return {
    async findContactByNr(nr) {
      const found = list<BexioContact>(
        await search<BexioContact>('contact', [{ field: 'nr', value: nr, criteria: '=' }]),
        'the contact search',
      );
      // The lowest id when there are several (one made by hand besides ours): the same one every time.
      return found.filter((c) => c.nr === nr).sort((a, b) => a.id - b.id)[0] ?? null;
    },
    createContact: (input) => call<BexioContact>('POST', '/2.0/contact', input),
    async salesTaxes() {
      const taxes = list<BexioTax>(await call('GET', '/3.0/taxes?types=sales_tax&scope=active'), 'the taxes');
      return taxes.filter((t) => t.type === 'sales_tax' && t.is_active !== false);
    },
    currencies: async () => list<BexioCurrency>(await call('GET', '/3.0/currencies'), 'the currencies'),
    me: () => call<BexioUser>('GET', '/3.0/users/me'),
    async findInvoiceByApiReference(reference) {
      const found = list<BexioInvoice>(
        await search<BexioInvoice>('kb_invoice', [{ field: 'api_reference', value: reference, criteria: '=' }]),
        'the invoice search',
      );
      return found.filter((i) => i.api_reference === reference).sort((a, b) => a.id - b.id)[0] ?? null;
    },
    createInvoice: (input) => call<BexioInvoice>('POST', '/2.0/kb_invoice', input),
  };
}
