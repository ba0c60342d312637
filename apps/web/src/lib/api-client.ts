/**
 * The one way the web app talks to the server (CONTRACT §2): cookie session, XSRF header on
 * writes, the UI language on every call, typed errors, and a global reaction to 401.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

type QueryValue = string | number | boolean | null | undefined | QueryValue[] | { [key: string]: QueryValue };
export type QueryParams = Record<string, QueryValue>;

export interface RequestOptions {
  query?: QueryParams;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * `false` sends neither the `language` parameter nor our `Accept-Language`, e.g. when asking
   * the server for *its* choice (session, then the browser's own Accept-Language).
   */
  language?: boolean;
}

interface ApiClientConfig {
  getLanguage: () => string;
  onUnauthorized: () => void;
}

let config: ApiClientConfig = {
  getLanguage: () => document.documentElement.lang || 'de',
  onUnauthorized: () => {},
};

/** The app registers the UI language and the 401 handler (logout + login/expired) at start. */
export function configureApiClient(partial: Partial<ApiClientConfig>): void {
  config = { ...config, ...partial };
}

/** Laravel-style brackets, as the list endpoints read them: `sort[field]=id`, `ids[]=1`. */
export function toQueryString(params: QueryParams): string {
  const parts: string[] = [];
  const add = (key: string, value: QueryValue): void => {
    if (value === undefined || value === null || value === '') return;
    if (Array.isArray(value)) value.forEach((v) => add(`${key}[]`, v));
    else if (typeof value === 'object') Object.entries(value).forEach(([k, v]) => add(`${key}[${k}]`, v));
    else parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  };
  Object.entries(params).forEach(([k, v]) => add(k, v));
  return parts.join('&');
}

export function readXsrfToken(): string | null {
  const match = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(document.cookie);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

let csrfRequest: Promise<void> | null = null;

/** Fetches a fresh `XSRF-TOKEN` cookie; concurrent callers share one request. */
export function refreshCsrfCookie(): Promise<void> {
  csrfRequest ??= fetch('/sanctum/csrf-cookie', { credentials: 'include', headers: { Accept: 'application/json' } })
    .then(() => undefined)
    .finally(() => {
      csrfRequest = null;
    });
  return csrfRequest;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function buildUrl(path: string, options: RequestOptions): string {
  const query: QueryParams = { ...options.query };
  if (options.language !== false && query.language === undefined) query.language = config.getLanguage();
  const qs = toQueryString(query);
  if (!qs) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${qs}`;
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toApiError(status: number, body: unknown): ApiError {
  const b = (body && typeof body === 'object' ? body : {}) as { message?: unknown; errors?: unknown };
  const message = typeof b.message === 'string' && b.message ? b.message : `HTTP ${status}`;
  const errors = b.errors && typeof b.errors === 'object' && !Array.isArray(b.errors) ? (b.errors as Record<string, string[]>) : undefined;
  return new ApiError(status, message, body, errors);
}

export async function apiRequest<T>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const writes = !SAFE_METHODS.has(method);
  const send = async (): Promise<Response> => {
    if (writes && !readXsrfToken()) await refreshCsrfCookie();
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (options.language !== false) headers['Accept-Language'] = config.getLanguage();
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
    if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
    const token = writes ? readXsrfToken() : null;
    if (token) headers['X-XSRF-TOKEN'] = token;
    return fetch(buildUrl(path, options), {
      method,
      credentials: 'include',
      headers: { ...headers, ...options.headers },
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      signal: options.signal,
    });
  };

  let res = await send();
  if (res.status === 419 && writes) {
    // The token rotated (e.g. after login) or expired: fetch a new one and try exactly once more.
    await refreshCsrfCookie();
    res = await send();
  }
  const data = await readBody(res);
  if (res.ok) return data as T;
  if (res.status === 401) config.onUnauthorized();
  throw toApiError(res.status, data);
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PATCH', path, body, options),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('DELETE', path, body, options),
};

/** A reply agreed as the bare record; a `{data}` wrapper (the usual reply shape) is read too. */
export function unwrapData<T extends object>(reply: { data: T } | T): T {
  return 'data' in reply && !Array.isArray(reply) ? (reply as { data: T }).data : (reply as T);
}
