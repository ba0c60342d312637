import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers, computed once (they never change per request; building them per request
 * with @fastify/helmet cost ~14 % of a cached API call — see bench/).
 *
 * The CSP allows no inline script (the server passes state to the SPA in a JSON data block,
 * which is not executed); inline styles are allowed because Mantine sets style attributes.
 * Framing is refused everywhere; embed routes override frame-ancestors on their replies.
 */
export function securityHeaders(secure: boolean): Record<string, string> {
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
    "frame-ancestors 'none'",
    ...(secure ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
  return {
    'content-security-policy': csp,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    ...(secure ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

export const securityPlugin = fp(async (app: FastifyInstance) => {
  const headers = securityHeaders(app.deps.config.secure);
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
});
