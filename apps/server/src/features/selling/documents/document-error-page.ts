import { isLanguage, type Language } from '@bookla/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/app-error.ts';
import { databaseUnavailable, isConnectionError } from '../../../lib/db-errors.ts';
import { translate } from '../../../lib/i18n.ts';
import { securityHeaders } from '../../../plugins/security.ts';

/**
 * A document link a person opened in a browser that cannot serve its PDF (issue 22 item 9): the
 * order was cancelled (409), the link is wrong (404), too many downloads (429), every PDF worker
 * busy (503)… A browser asks for HTML (`Accept: text/html`, as every navigation does), so it gets
 * a small page in the order's or the request's language — with the same status, and a link to
 * the order where one is known — never the raw JSON. API clients (`Accept: application/json`,
 * any type, or no Accept at all) keep the JSON error bodies of the contract: the route's error
 * handler hands their errors on to the app's (plugins/error-handler.ts).
 */

/** Whether the request prefers HTML: `text/html` named (q > 0) and ranked at least as high as `application/json`. */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  let html = 0;
  let json = 0;
  for (const part of accept.split(',')) {
    const [type = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) || 0 : 1;
    if (type.trim() === 'text/html') html = Math.max(html, weight);
    if (type.trim() === 'application/json') json = Math.max(json, weight);
  }
  return html > 0 && html >= json;
}

/** What a refused request knows of its order: its language, and where the person can see the order. */
export interface DocumentErrorContext {
  language?: Language;
  orderUrl?: (lang: Language) => string;
}

const contexts = new WeakMap<object, DocumentErrorContext>();

/** Notes what the request knew of the order when the document was refused (the page names the order's way back). */
export function rememberErrorContext(err: unknown, ctx: DocumentErrorContext): void {
  if (typeof err === 'object' && err !== null) contexts.set(err, ctx);
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The page: a title, the reason, the way to the order. */
export function documentErrorHtml(lang: Language, status: number, message: string, orderUrl?: string, staff = false): string {
  const t = (key: string) => translate(lang, `documents:page.${key}`);
  const title = status === 404 || status === 422 ? t('not_found') : status === 429 || status >= 500 ? t('later') : t('unavailable');
  const link = orderUrl ? `\n<p><a href="${escapeHtml(orderUrl)}">${escapeHtml(t(staff ? 'to_order_staff' : 'to_order'))}</a></p>` : '';
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>body{margin:0;padding:2rem 1rem;font:16px/1.5 system-ui,sans-serif;color:#1a1b1e;background:#f1f3f5}main{max-width:32rem;margin:0 auto;padding:1.5rem;background:#fff;border:1px solid #dee2e6;border-radius:8px}h1{margin:0 0 .75rem;font-size:1.25rem}a{color:#1864ab}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>${link}
</main>
</body>
</html>
`;
}

/**
 * The document routes' error handler: a page for browsers, the app's JSON for everyone else.
 * `staff`: the back office's routes (the page links to the order's edit page).
 */
export function documentErrorHandler(staff: boolean) {
  return function handler(caught: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
    if (!prefersHtml(request.headers.accept)) throw caught;
    // The database went away under the call: the page says so (503), as the JSON does.
    const error = !(caught instanceof AppError) && isConnectionError(caught) ? databaseUnavailable() : caught;
    const ctx = contexts.get(caught) ?? {};
    const query = (request.query ?? {}) as Record<string, unknown>;
    const lang: Language = isLanguage(query.lang)
      ? query.lang
      : isLanguage(query.language)
        ? query.language
        : (ctx.language ?? request.lang);
    let status: number;
    let message: string;
    if (error instanceof AppError) {
      status = error.status;
      if ((error.code === 'RATE_LIMITED' || error.code === 'SERVICE_UNAVAILABLE') && error.params.seconds)
        reply.header('Retry-After', String(error.params.seconds));
      message =
        error.messageKey === 'errors:not_found'
          ? translate(lang, 'documents:page.not_found_text')
          : translate(lang, error.messageKey, error.params);
    } else if (error.validation) {
      // A malformed document URL (an index that is no number): the JSON says 422; for a person it does not exist.
      status = 422;
      message = translate(lang, 'documents:page.not_found_text');
    } else {
      status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) request.log.error({ err: error }, 'unhandled error');
      message = translate(lang, status >= 500 ? 'errors:internal' : 'errors:bad_request');
    }
    return (
      reply
        .status(status)
        // A page, though under /api/: the document set of security headers (its inline style), not the API's.
        .headers(securityHeaders(request.server.deps.config.secure))
        .type('text/html; charset=utf-8')
        .send(documentErrorHtml(lang, status, message, ctx.orderUrl?.(lang), staff))
    );
  };
}
