import type { EmailFailureReason } from '@bookla/shared';

/**
 * Secrets in archived mails. A mail's links are keys (password reset, invitation, verification,
 * the customer's order page, a ticket's check-in): whoever reads them in the archive could use
 * them. The archive shows every link with its secret parts masked — the recipient got the real
 * one — and error texts without the addresses of our mail servers.
 */

export const MASK = '•••';

/** Query parameters that are never secret (everything else in a query is masked). */
const PLAIN_QUERY_KEYS: ReadonlySet<string> = new Set(['lang', 'language', 'page']);

/**
 * Path segments that are keys by position: the segment after the named ones. Each rule is the
 * segments before the secret (`*` matches any segment).
 */
const SECRET_AFTER: readonly (readonly string[])[] = [
  ['reset', 'password'],
  ['accept-invite', '*', '*'],
  ['invite', '*', 'validate'],
  ['invite', '*', 'accept'],
  ['email', 'verify', '*'],
  ['ticket'],
  ['tickets'],
];

/**
 * A segment that looks like a random key: 20+ URL-safe characters mixing digits, lower and upper
 * case (base64url tokens), or 32+ hex digits. Slugs (`yoga-kurs-2026`) are lower case and stay.
 */
function looksRandom(segment: string): boolean {
  if (/^[0-9a-f]{32,}$/i.test(segment)) return true;
  return segment.length >= 20 && /^[A-Za-z0-9_-]+$/.test(segment) && /\d/.test(segment) && /[a-z]/.test(segment) && /[A-Z]/.test(segment);
}

function secretByPosition(segments: readonly string[], i: number): boolean {
  return SECRET_AFTER.some((rule) => {
    const start = i - rule.length;
    if (start < 0) return false;
    return rule.every((want, k) => want === '*' || segments[start + k]!.toLowerCase() === want);
  });
}

/** One URL with its secret parts masked: key-like path segments, query values, the fragment. */
export function maskUrl(url: string): string {
  const m = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/i.exec(url);
  if (!m) return url;
  const [, origin, path = '', query, fragment] = m;
  const segments = path.split('/');
  const maskedPath = segments
    .map((segment, i) => {
      if (segment === '') return segment;
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // A malformed escape is judged as written.
      }
      if (secretByPosition(segments, i) || looksRandom(decoded)) return MASK;
      return segment;
    })
    .join('/');
  const maskedQuery = query
    ? '?' +
      query
        .slice(1)
        .split('&')
        .map((pair) => {
          const eq = pair.indexOf('=');
          if (eq < 0) return pair;
          const key = pair.slice(0, eq);
          return PLAIN_QUERY_KEYS.has(key.toLowerCase()) ? pair : `${key}=${MASK}`;
        })
        .join('&')
    : '';
  const maskedFragment = fragment && fragment.length > 1 ? `#${MASK}` : (fragment ?? '');
  return `${origin}${maskedPath}${maskedQuery}${maskedFragment}`;
}

/** URLs in running text; trailing punctuation belongs to the sentence, not the link. */
const URL_IN_TEXT = /\b(?:https?|ftp):\/\/[^\s<>"'`]+/gi;

/** Every URL in a text, masked (`maskUrl`). */
export function maskSecrets(text: string): string {
  return text.replace(URL_IN_TEXT, (found) => {
    const trail = /[.,;:!?)\]}]+$/.exec(found)?.[0] ?? '';
    const url = trail ? found.slice(0, -trail.length) : found;
    return maskUrl(url) + trail;
  });
}

const IPV4 = /\b(?:\d{1,3}\.){3}\d{1,3}(?::\d{1,5})?\b/g;
const IPV6 =
  /\[?\b(?:[0-9a-f]{1,4}:){3,7}[0-9a-f]{1,4}\b\]?(?::\d{1,5})?|\[?(?:[0-9a-f]{1,4}(?::[0-9a-f]{1,4})*)?::(?:[0-9a-f]{1,4}(?::[0-9a-f]{1,4})*)?\]?(?::\d{1,5})?/gi;
const HOST_PORT = /\b[a-z0-9-]+(?:\.[a-z0-9-]+)+:\d{2,5}\b/gi;
const LOOKUP_HOST = /\b(ENOTFOUND|EAI_AGAIN)\s+\S+/g;

/**
 * The last error as staff may read it: without the addresses of our mail servers (IPs, host:port,
 * the host a lookup failed for), secrets in any URL masked; at most 500 characters.
 */
export function redactError(error: string): string {
  return maskSecrets(error)
    .replace(LOOKUP_HOST, '$1 [server]')
    .replace(IPV4, '[server]')
    .replace(IPV6, '[server]')
    .replace(HOST_PORT, '[server]')
    .slice(0, 500);
}

/** The kind of failure behind an error text (nodemailer's codes and the SMTP replies). */
export function failureReason(error: string | null): EmailFailureReason | null {
  if (!error) return null;
  if (/attachment|renderer|\bpdf\b/i.test(error)) return 'attachment';
  if (/EAUTH|authenticat|invalid login|\b53[05]\b/i.test(error)) return 'server';
  if (/EENVELOPE|recipient|mailbox|user unknown|no such user|\b55[0-3]\b|\b5\.1\.\d\b/i.test(error)) return 'recipient_rejected';
  if (/ECONNREFUSED|ECONNRESET|ETIMEDOUT|ESOCKET|ECONNECTION|ENOTFOUND|EAI_AGAIN|timeout|timed out|greeting|connect/i.test(error))
    return 'connection';
  if (/\b[45]\d\d\b/.test(error)) return 'server';
  return 'other';
}
