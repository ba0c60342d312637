import type { ClientErrorCode } from '@bookla/shared/errors';
import type { z } from 'zod';

/**
 * The one way the web app talks to the server (CONTRACT §2): cookie session, XSRF header on
 * writes, the UI language on every call, typed errors, and a global reaction to 401.
 *
 * Replies are typed from the shared reply schemas: `api.get(path, { reply: activityDetailReplySchema })`
 * resolves to `z.output<typeof activityDetailReplySchema>`. Where the schema must not be loaded (the
 * boot path and the public pages carry no zod), the schema's type alone keys the call:
 * `api.get<typeof appStateSchema>(path)`. A call without either resolves to `unknown`.
 *
 * Request bodies are typed the same way from the shared request schemas:
 * `api.post(path, body, { body: activityStoreSchema, reply: … })` accepts only what the schema
 * takes (`z.input`), and in development and tests the body is checked before it is sent.
 *
 * Either schema may also be given as a function that loads it (`SchemaSource`): production
 * checks neither, so code that must stay small (the back office's first screen, issue 21 item 6)
 * keeps zod and the shared schemas in a chunk that only development and tests load.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    /** The server's message (in the request language), or '' when it sent none: never invented. */
    message: string,
    readonly body: unknown,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }

  /** The `code` a client branches on (`ErrorCodes` of @bookla/shared/errors), when the body has one. */
  get code(): ClientErrorCode | undefined {
    const code = (this.body as { code?: unknown } | null | undefined)?.code;
    return typeof code === 'string' ? (code as ClientErrorCode) : undefined;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/**
 * What a screen may show of a failed call: a 4xx's first field message or its message (already
 * in the UI language). Undefined for anything else (5xx, network, a reply without a message),
 * where the caller shows its own translated general message.
 */
export function apiErrorMessage(error: unknown): string | undefined {
  if (!isApiError(error) || error.status >= 500) return undefined;
  return Object.values(error.errors ?? {}).flat()[0] || error.message || undefined;
}

/**
 * A reply that does not match its shared schema (only while `checkReplies` is on): the server
 * and the client (or a test's fake reply) disagree about the contract.
 */
export class ReplyShapeError extends Error {
  override readonly name = 'ReplyShapeError';
  constructor(
    readonly path: string,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    super(`Reply of ${path} does not match its schema: ${JSON.stringify(issues.slice(0, 5))}`);
  }
}

type QueryValue = string | number | boolean | null | undefined | QueryValue[] | { [key: string]: QueryValue };
export type QueryParams = Record<string, QueryValue>;

/**
 * A body the server reads against its shared request schema (`checkReplies` on), rejected before
 * it is sent: the client (or a test) builds a body the server would refuse with a 422.
 */
export class RequestShapeError extends Error {
  override readonly name = 'RequestShapeError';
  constructor(
    readonly path: string,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    super(`Body of ${path} does not match its schema: ${JSON.stringify(issues.slice(0, 5))}`);
  }
}

/** A shared schema, or a function that loads it only when it is used for a check (see `lazySchemas`). */
export type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>);

/**
 * The schemas of a module that loads only when one of them is used for a check:
 * `const schema = lazySchemas(() => import('./statistics-schemas'))`, then
 * `api.get(path, { reply: schema('salesReply') })` (typed by that schema, as with the schema itself).
 */
export function lazySchemas<M>(load: () => Promise<M>) {
  return <K extends keyof M>(name: K) =>
    async (): Promise<M[K]> =>
      (await load())[name];
}

const loadSchema = async <S extends z.ZodType>(source: SchemaSource<S>): Promise<S> => (typeof source === 'function' ? source() : source);

export interface RequestOptions<S extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType> {
  /** The shared schema of the reply: types the result, and is checked in development and tests. */
  reply?: SchemaSource<S>;
  /** The shared schema of the request body: types the body, and is checked in development and tests. */
  body?: SchemaSource<B>;
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
  /**
   * Check each reply against its shared schema (a `ReplyShapeError` when it does not match).
   * On in Vite's dev server, where the real server answers: a drift between server and client
   * shows at once. Off in production (the server's serializer already guarantees the shape, and
   * parsing every list costs CPU). The web tests turn it on for every file (src/test/setup.ts),
   * so each fake reply is parsed by the shared schema of its route.
   */
  checkReplies: boolean;
  /** Told of every shape error before it is thrown (the tests fail on it even when a screen catches it). */
  onShapeError?: (error: ReplyShapeError | RequestShapeError) => void;
}

let config: ApiClientConfig = {
  getLanguage: () => document.documentElement.lang || 'de',
  onUnauthorized: () => {},
  checkReplies: import.meta.env.DEV && import.meta.env.MODE !== 'test',
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
  const message = typeof b.message === 'string' ? b.message : '';
  const errors = b.errors && typeof b.errors === 'object' && !Array.isArray(b.errors) ? (b.errors as Record<string, string[]>) : undefined;
  return new ApiError(status, message, body, errors);
}

function shapeError<E extends ReplyShapeError | RequestShapeError>(error: E): E {
  config.onShapeError?.(error);
  return error;
}

export type Reply<S extends z.ZodType> = z.output<S>;

/** What a call may send as its body: the request schema's input, or form data (uploads). */
export type Body<B extends z.ZodType> = z.input<B> | FormData;

export async function apiRequest<S extends z.ZodType = z.ZodUnknown, B extends z.ZodType = z.ZodType>(
  method: string,
  path: string,
  body?: Body<B>,
  options: RequestOptions<S, B> = {},
): Promise<Reply<S>> {
  const writes = !SAFE_METHODS.has(method);
  if (config.checkReplies && options.body && body !== undefined && !(typeof FormData !== 'undefined' && body instanceof FormData)) {
    const checked = (await loadSchema(options.body)).safeParse(body);
    if (!checked.success) throw shapeError(new RequestShapeError(path, checked.error.issues));
  }
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
  if (res.ok) {
    if (config.checkReplies && options.reply) {
      const checked = (await loadSchema(options.reply)).safeParse(data);
      if (!checked.success) throw shapeError(new ReplyShapeError(path, checked.error.issues));
    }
    // The data as sent (not the parse result), so development and production behave alike.
    return data as Reply<S>;
  }
  if (res.status === 401) config.onUnauthorized();
  throw toApiError(res.status, data);
}

export const api = {
  get: <S extends z.ZodType = z.ZodUnknown>(path: string, options?: RequestOptions<S>) => apiRequest<S>('GET', path, undefined, options),
  post: <S extends z.ZodType = z.ZodUnknown, B extends z.ZodType = z.ZodType>(
    path: string,
    body?: Body<B>,
    options?: RequestOptions<S, B>,
  ) => apiRequest<S, B>('POST', path, body, options),
  put: <S extends z.ZodType = z.ZodUnknown, B extends z.ZodType = z.ZodType>(
    path: string,
    body?: Body<B>,
    options?: RequestOptions<S, B>,
  ) => apiRequest<S, B>('PUT', path, body, options),
  patch: <S extends z.ZodType = z.ZodUnknown, B extends z.ZodType = z.ZodType>(
    path: string,
    body?: Body<B>,
    options?: RequestOptions<S, B>,
  ) => apiRequest<S, B>('PATCH', path, body, options),
  delete: <S extends z.ZodType = z.ZodUnknown, B extends z.ZodType = z.ZodType>(
    path: string,
    body?: Body<B>,
    options?: RequestOptions<S, B>,
  ) => apiRequest<S, B>('DELETE', path, body, options),
};
