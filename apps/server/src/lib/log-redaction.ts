/**
 * Secrets in URLs stay out of the logs (issue 7, item 4). Mailed links carry their secret in the
 * path or the query (reset, invitation and verification links), and a log is read by more people,
 * kept longer and copied further than the database. So every URL that reaches a log line goes
 * through `redactUrl`, and every free text (messages, errors) through `redactText`:
 *
 * - path segments named secret by a link pattern below (`#`), wherever the pattern occurs;
 * - any segment or query value holding an e-mail address, or looking like a random token
 *   (20+ URL-safe characters with letters and digits), so a new kind of link is safe by default;
 * - the values of secret query keys (`token`, `signature`, `hash`, `code`, `email`, …).
 */
export const MASK = '[redacted]';

/** Link patterns (CONTRACT §3, web router): `*` any segment, `#` a secret segment. */
const SECRET_PATHS: readonly (readonly string[])[] = [
  ['reset', 'password', '#', '#'], // /{lang}/reset/password/{token}/{email}, also /{lang}/customer/reset/…
  ['accept-invite', '*', '*', '#'], // /{lang}/accept-invite/{teamid}/{invitationid}/{hash}
  ['invite', '*', 'validate', '#'], // /api/srl/team/{teamid}/invite/{invitationid}/validate/{hash}
  ['invite', '*', 'accept', '#'], // …/accept/{hash}
  ['verify', '*', '#'], // /api/srl/email/verify/{id}/{hash}
  ['reservations', '#'], // public reservation tokens
  ['api', 'tickets', '#'], // check-in: /api/tickets/{code}[/checkin] (a code may hold no digit, so TOKEN_LIKE alone misses some)
  ['ticket', '#', 'checkin'], // the QR link /ticket/{code}/checkin
  ['instructor-calendars', '#'], // an instructor's private calendar feed /api/public/instructor-calendars/{token}.ics
];

const SECRET_QUERY_KEYS = new Set([
  'token',
  'signature',
  'hash',
  'code',
  'email',
  'password',
  'secret',
  'key',
  'access_token',
  'refresh_token',
  'reservation_token',
]);

/** An API token (`bkl_…`, decision 029) anywhere in a text, also where it is no URL segment. */
const API_TOKEN = /bkl_[A-Za-z0-9_-]+/g;
const TOKEN_LIKE = /^[A-Za-z0-9_-]{20,}$/;
/** Runs of characters an e-mail address can be made of (no backtracking: linear on any input). */
const WORD = /[^\s"'<>()[\]{},;:/=?&]+/g;

function isEmailLike(word: string): boolean {
  const at = word.indexOf('@');
  return at > 0 && word.lastIndexOf('.') > at + 1;
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

function looksSecret(raw: string): boolean {
  // A file name made of a token (`{token}.ics`) is judged by the token.
  const value = decode(raw).replace(/\.[A-Za-z0-9]{1,5}$/, '');
  if (value.includes('@')) return true;
  return TOKEN_LIKE.test(value) && /\d/.test(value) && /[A-Za-z]/.test(value);
}

function redactPath(path: string): string {
  const segments = path.split('/');
  const secret = new Set<number>();
  // Positions of the non-empty segments, so `//de//reset/…` is caught as well.
  const idx = segments.flatMap((s, i) => (s ? [i] : []));
  for (const pattern of SECRET_PATHS) {
    for (let start = 0; start + pattern.length <= idx.length; start++) {
      const fits = pattern.every((p, k) => p === '*' || p === '#' || decode(segments[idx[start + k]!]!).toLowerCase() === p);
      if (fits) pattern.forEach((p, k) => p === '#' && secret.add(idx[start + k]!));
    }
  }
  return segments.map((s, i) => (s && (secret.has(i) || looksSecret(s)) ? MASK : s)).join('/');
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return looksSecret(pair) ? MASK : pair;
      const key = decode(pair.slice(0, eq)).toLowerCase().replace(/\[\]$/, '');
      const value = pair.slice(eq + 1);
      return SECRET_QUERY_KEYS.has(key) || looksSecret(value) ? `${pair.slice(0, eq)}=${MASK}` : pair;
    })
    .join('&');
}

/** A request URL (path and query, or an absolute URL) with its secrets masked. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  return q < 0 ? redactPath(path) : `${redactPath(path)}?${redactQuery(url.slice(q + 1))}`;
}

/** Free text (a log message, an error's message or stack): URLs and e-mail addresses in it masked. */
export function redactText(text: string): string {
  return text
    .replace(API_TOKEN, MASK)
    .replace(/\/[^\s"'<>`()]*/g, (url) => redactUrl(url))
    .replace(WORD, (word) => (isEmailLike(word) ? MASK : word));
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: { host?: string };
  socket?: { remoteAddress?: string; remotePort?: number };
}

/** Fastify's request serializer, with the URL redacted. */
export function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: req.url === undefined ? undefined : redactUrl(req.url),
    host: req.host ?? req.headers?.host,
    remoteAddress: req.ip ?? req.socket?.remoteAddress,
    remotePort: req.socket?.remotePort,
  };
}

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * Errors: message, stack and string fields redacted. Some callers log a message string under
 * `err`; it is redacted and kept a string (as pino's own serializer passes non-errors through).
 */
export function serializeError(err: unknown, depth = 0): SerializedError {
  if (typeof err === 'string') return redactText(err) as unknown as SerializedError;
  if (!(err instanceof Error)) return err as SerializedError;
  const out: SerializedError = {
    type: err.constructor?.name ?? err.name,
    message: redactText(err.message),
    stack: redactText(err.stack ?? ''),
  };
  for (const [key, value] of Object.entries(err)) {
    if (key in out) continue;
    out[key] = typeof value === 'string' ? redactText(value) : value instanceof Error ? serializeError(value, depth + 1) : value;
  }
  if (err.cause !== undefined && depth < 5) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

/**
 * The logger options that apply all of this: serializers for `req` and `err`, and a hook that
 * redacts every string argument (Fastify's own "Route GET:/… not found", warnings naming a URL).
 */
export const logRedaction = {
  serializers: { req: serializeRequest, err: serializeError },
  hooks: {
    logMethod(this: unknown, args: unknown[], method: (...a: unknown[]) => void) {
      method.apply(
        this,
        args.map((a) => (typeof a === 'string' ? redactText(a) : a)),
      );
    },
  },
};
