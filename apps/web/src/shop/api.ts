import type { PublicActivity } from '@bookla/shared/catalogue-tickets';
import type {
  PublicOrder,
  OrderBody,
  PlaceOrderReply,
  PublicFilters,
  PublicTeam,
  QuoteReply,
  ReservationReply,
  TestPayment,
  TestPaymentReply,
} from '@bookla/shared/selling';
import { preloadKey, SHOP_PRELOAD_ELEMENT } from '@bookla/shared/shop-preload';
import type { ActivityPage } from './types';

/**
 * The public API (CONTRACT §4): no cookies, no CSRF token, so it works in an iframe whose cookies
 * the browser blocks. Only types come from @bookla/shared: the shop carries no zod.
 */

export class ApiError extends Error {
  readonly status: number;
  readonly body: { message?: string; code?: string; available?: number; errors?: Record<string, string[]> };
  constructor(status: number, body: unknown) {
    const b = (body && typeof body === 'object' ? body : {}) as ApiError['body'];
    super(typeof b.message === 'string' ? b.message : `HTTP ${status}`);
    this.status = status;
    this.body = b;
  }
}

let language = 'de';
/** The language the server answers messages in (its `Accept-Language`). */
export function setApiLanguage(lang: string): void {
  language = lang;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  keepalive?: boolean;
  /** CONTRACT §7: a repeat with the same key and body gets the first reply instead of a second order. */
  idempotencyKey?: string;
}

/** The answers the page's HTML brought along (the server's read of the same address), each taken once. */
let preloaded: Record<string, unknown> | undefined;
function takePreloaded(path: string): unknown {
  try {
    preloaded ??= JSON.parse(document.getElementById(SHOP_PRELOAD_ELEMENT)?.textContent || '{}') as Record<string, unknown>;
  } catch {
    preloaded = {};
  }
  // Keys are addresses (`/api/…`): never a prototype's name. Taken once: asking again (a retry,
  // a new visit of the page) gets a fresh answer.
  const key = preloadKey(path);
  const body = Object.hasOwn(preloaded, key) ? preloaded[key] : undefined;
  delete preloaded[key];
  return body;
}

/** For tests: read the page's preloaded answers afresh. */
export function resetPreloaded(): void {
  preloaded = undefined;
}

export async function request<T>(
  path: string,
  { method = 'GET', body, signal, keepalive, idempotencyKey }: RequestOptions = {},
): Promise<T> {
  if (method === 'GET' && body === undefined) {
    const kept = takePreloaded(path);
    if (kept !== undefined) return kept as T;
  }
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': language };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  const res = await fetch(path, {
    method,
    headers,
    credentials: 'omit',
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
    keepalive,
  });
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) throw new ApiError(res.status, data);
  return data as T;
}

/** 128 random bits as hex: a new order attempt's Idempotency-Key (works on http too, unlike randomUUID). */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

const qs = (params: Record<string, string | number | undefined | null>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
};
const enc = encodeURIComponent;
const teamPath = (teamId: number) => `/api/public/teams/${teamId}`;

export const shopApi = {
  team: (team: string, signal?: AbortSignal) =>
    request<{ data: PublicTeam }>(`/api/public/teams/${enc(team)}`, { signal }).then((r) => r.data),
  filters: (teamId: number, lang: string, signal?: AbortSignal) =>
    request<{ data: PublicFilters }>(`${teamPath(teamId)}/filters${qs({ lang })}`, { signal }).then((r) => r.data),
  activities: (teamId: number, { attr, ...query }: ActivityQuery, signal?: AbortSignal) =>
    request<ActivityPage>(
      `${teamPath(teamId)}/activities${qs({ ...query, ...Object.fromEntries(Object.entries(attr ?? {}).map(([id, v]) => [`attr[${id}]`, v])) })}`,
      {
        signal,
      },
    ),
  activity: (teamId: number, id: number, lang: string, signal?: AbortSignal) =>
    request<{ data: PublicActivity }>(`${teamPath(teamId)}/activities/${id}${qs({ lang })}`, { signal }).then((r) => r.data),
  reserve: (teamId: number, items: { ticket_id: number; quantity: number }[]) =>
    request<ReservationReply>(`${teamPath(teamId)}/reservations`, { method: 'POST', body: { items } }),
  /** Best effort: `keepalive` lets it finish while the page goes away. */
  release: (token: string) =>
    request<unknown>(`/api/public/reservations/${enc(token)}`, { method: 'DELETE', keepalive: true }).catch(() => undefined),
  quote: (
    teamId: number,
    body: { items: { ticket_id: number; quantity: number }[]; products?: OrderBody['products']; discount_code?: string | null },
    signal?: AbortSignal,
  ) => request<QuoteReply>(`${teamPath(teamId)}/quote`, { method: 'POST', body, signal }),
  placeOrder: (teamId: number, body: OrderBody, idempotencyKey: string) =>
    request<PlaceOrderReply>(`${teamPath(teamId)}/orders`, { method: 'POST', body, idempotencyKey }),
  order: (id: string, token: string, signal?: AbortSignal) =>
    request<{ data: PublicOrder }>(`/api/public/orders/${enc(id)}${qs({ token })}`, { signal }).then((r) => r.data),
  /** The customer cancels an unpaid order (its seats are released at once). */
  cancelOrder: (id: string, token: string) =>
    request<{ data: PublicOrder }>(`/api/public/orders/${enc(id)}/cancel${qs({ token })}`, { method: 'POST', body: {} }).then(
      (r) => r.data,
    ),
  /** Mails a fresh link (may change the order for a day) to the order's address; the answer says nothing more. */
  freshOrderLink: (id: string, token: string) =>
    request<{ success: true; message: string }>(`/api/public/orders/${enc(id)}/fresh-link${qs({ token })}`, { method: 'POST', body: {} }),
  testPayment: (id: string, token: string, signal?: AbortSignal) =>
    request<{ data: TestPayment }>(`/api/public/test-payments/${enc(id)}${qs({ token })}`, { signal }).then((r) => r.data),
  completeTestPayment: (id: string, token: string, outcome: 'pay' | 'decline') =>
    request<TestPaymentReply>(`/api/public/test-payments/${enc(id)}${qs({ token })}`, { method: 'POST', body: { outcome } }),
};

/** `orderId`: the order's public id. */
export const orderDocumentUrl = (orderId: string, token: string, file: 'tickets.pdf' | 'invoice.pdf' | `credit-notes/${number}.pdf`) =>
  `/api/public/orders/${enc(orderId)}/${file}${qs({ token })}`;

export interface ActivityQuery {
  page?: number;
  perPage?: number;
  type_set_id?: number;
  location_id?: number;
  from?: string;
  to?: string;
  lang?: string;
  /** Filterable attributes: attribute id → value (`attr[<id>]=<value>`). */
  attr?: Record<string, string>;
}
