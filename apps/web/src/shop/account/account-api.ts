import type {
  CancellationBody,
  CancellationQuote,
  CancellationReply,
  CustomerLoginReply,
  CustomerMe,
  CustomerMeReply,
  CustomerPasswordInput,
  MyBooking,
} from '@bookla/shared/customer-accounts';
import type { ListResponse } from '@bookla/shared/pagination';
import type { OrderBody, PlaceOrderReply } from '@bookla/shared/selling';
import type { MemberQuoteBody, MemberQuoteReply, MyMembership } from '@bookla/shared/subscriptions';
import { ApiError, request } from '../api';

/**
 * The customer account's calls (docs/decisions/013-customer-accounts.md): unlike the public API
 * they carry the customer cookie (`credentials: 'same-origin'`; its path is the team's customer
 * API) and, on every write, the XSRF token of CONTRACT §2, fetched once from
 * `/sanctum/csrf-cookie` and fetched again when the server answers 419.
 *
 * The order page's cancellation uses the order link's token instead (no cookie), like the rest of
 * the public API.
 */

type Success = { success: true; message: string };

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

async function xsrfToken(renew: boolean): Promise<string> {
  let token = renew ? null : readCookie('XSRF-TOKEN');
  if (!token) {
    await fetch('/sanctum/csrf-cookie', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    token = readCookie('XSRF-TOKEN');
  }
  try {
    return decodeURIComponent(token ?? '');
  } catch {
    return token ?? '';
  }
}

async function call<T>(
  lang: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  signal?: AbortSignal,
  retried = false,
  extraHeaders?: Record<string, string>,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': lang, ...extraHeaders };
  if (method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    headers['X-XSRF-TOKEN'] = await xsrfToken(retried);
  }
  const res = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
    signal,
  });
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  // An expired or missing XSRF token: once more with a fresh one.
  if (res.status === 419 && !retried) return call<T>(lang, method, path, body, signal, true, extraHeaders);
  if (!res.ok) throw new ApiError(res.status, data);
  return data as T;
}

/** The customer API of one team's shop, answering in `lang`. */
export function accountApi(teamId: number, lang: string) {
  const base = `/api/customer/teams/${teamId}`;
  const get = <T>(path: string, signal?: AbortSignal) => call<T>(lang, 'GET', `${base}${path}`, undefined, signal);
  const post = <T>(path: string, body?: unknown) => call<T>(lang, 'POST', `${base}${path}`, body);
  return {
    me: (signal?: AbortSignal) => get<CustomerMeReply>('/me', signal).then((r) => r.customer),
    login: (email: string, password: string) => post<CustomerLoginReply>('/login', { email, password }),
    register: (body: { email: string; password: string; firstname?: string; lastname?: string }) =>
      post<Success>('/register', { ...body, language: lang }),
    magicLink: (email: string) => post<Success>('/magic-link', { email, language: lang }),
    land: (token: string) => post<CustomerLoginReply>('/link', { token }),
    logout: () => post<{ success: true }>('/logout'),
    resendVerification: () => post<Success>('/verification/resend'),
    setPassword: (body: CustomerPasswordInput) => post<Success>('/password', body),
    forgot: (email: string) => call<Success>(lang, 'POST', '/api/customer/password/reset/mail', { email, team_id: teamId }),
    bookings: (page: number, signal?: AbortSignal) => get<ListResponse<MyBooking>>(`/bookings?page=${page}`, signal),
    quote: (orderId: number, signal?: AbortSignal) =>
      get<{ data: CancellationQuote }>(`/orders/${orderId}/cancellation`, signal).then((r) => r.data),
    cancel: (orderId: number, body: CancellationBody) => post<CancellationReply>(`/orders/${orderId}/cancellation`, body),
    /** The customer's memberships and passes (CONTRACT §5), newest first. */
    memberships: (signal?: AbortSignal) => get<{ data: MyMembership[] }>('/memberships', signal).then((r) => r.data),
    /** "Update card": the provider's page that pays the past-due renewal with a new card (it replaces the saved one). */
    updateCard: (membershipId: number) => post<{ payment_url: string }>(`/memberships/${membershipId}/update-card`),
    /** The public quote's twin: the total the order call below will charge, member seats at 0. */
    orderQuote: (body: MemberQuoteBody, signal?: AbortSignal) => call<MemberQuoteReply>(lang, 'POST', `${base}/quote`, body, signal),
    /** The public order call's twin for the logged-in customer: participants may name `membership_id`. */
    placeOrder: (body: OrderBody, idempotencyKey: string) =>
      call<PlaceOrderReply>(lang, 'POST', `${base}/orders`, body, undefined, false, { 'Idempotency-Key': idempotencyKey }),
  };
}
export type AccountApi = ReturnType<typeof accountApi>;
export type { CustomerMe };

/** The order page's cancellation: the order link's token is the key (no cookie, no XSRF token). */
export const orderCancellationApi = {
  quote: (orderId: string, token: string, signal?: AbortSignal) =>
    request<{ data: CancellationQuote }>(`/api/public/orders/${orderId}/cancellation?token=${encodeURIComponent(token)}`, { signal }).then(
      (r) => r.data,
    ),
  cancel: (orderId: string, token: string, body: CancellationBody) =>
    request<CancellationReply>(`/api/public/orders/${orderId}/cancellation?token=${encodeURIComponent(token)}`, { method: 'POST', body }),
};
