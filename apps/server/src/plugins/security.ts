/**
 * Security headers, computed once per kind of request (they never change per request; building
 * them per request with @fastify/helmet cost ~14 % of a cached API call — see bench/).
 *
 * The CSP allows no inline script (the server passes state to the SPA in a JSON data block,
 * which is not executed); inline styles are allowed because Mantine sets style attributes.
 * Framing is refused everywhere but on the embed pages (`/{lang}/embed/…`, CONTRACT §4), which
 * providers' websites frame; `embed.js` may be loaded by any site.
 */
export function securityHeaders(secure: boolean, kind: RequestKind = 'default'): Record<string, string> {
  if (kind === 'api') return apiSecurityHeaders(secure);
  const embedPage = kind === 'embedPage';
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // The check-in scanner's QR decoder (qr-scanner) runs as a worker from a blob: URL.
    "worker-src 'self' blob:",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    embedPage ? 'frame-ancestors *' : "frame-ancestors 'none'",
    ...(secure ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
  return {
    'content-security-policy': csp,
    'cross-origin-opener-policy': 'same-origin',
    // A provider's page loads embed.js as a cross-origin script; everything else stays ours.
    'cross-origin-resource-policy': kind === 'embedScript' ? 'cross-origin' : 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    // Superseded by frame-ancestors where browsers know it; old ones would refuse the embed with it.
    ...(embedPage ? {} : { 'x-frame-options': 'DENY' }),
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    ...(secure ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/**
 * The answers of the API (`/api/…`: JSON, PDFs, CSV, calendars): the headers that mean something on
 * an answer that is no page, as OWASP's REST security sheet lists them. A CSP that allows nothing
 * (no page of ours is served from there; one that was would load nothing rather than too much), no
 * framing, no sniffing, and same-origin reads only. The document-only ones (COOP, origin-agent
 * cluster, referrer policy, DNS prefetch, cross-domain policies, the XSS filter's switch) are left
 * off: each header costs every answer (decision 036). The few HTML pages under `/api/` (a document's
 * error page) set the document set themselves (`securityHeaders(secure)`).
 */
function apiSecurityHeaders(secure: boolean): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(secure ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

type RequestKind = 'default' | 'api' | 'embedPage' | 'embedScript';

/** The embed pages, as the server serves them with shop.html (plugins/web.ts). */
const EMBED_PAGE = /^\/(de|en|fr)\/embed\/[^/?#]/;

export function requestKind(url: string): RequestKind {
  const path = url.split('?')[0] ?? '';
  if (path.startsWith('/api/')) return 'api';
  if (path === '/embed.js') return 'embedScript';
  return EMBED_PAGE.test(path) ? 'embedPage' : 'default';
}

/** The header sets of every kind of request, built once (plugins/request-basics.ts sets them). */
export function securityHeaderSets(secure: boolean): Record<RequestKind, Record<string, string>> {
  return {
    default: securityHeaders(secure),
    api: securityHeaders(secure, 'api'),
    embedPage: securityHeaders(secure, 'embedPage'),
    embedScript: securityHeaders(secure, 'embedScript'),
  };
}
