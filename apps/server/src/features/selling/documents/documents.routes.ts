import { publicOrderQuerySchema } from '@bookla/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error.ts';
import { fileReply, idParam } from '../../../lib/http.ts';
import { currentTeam, requirePermission } from '../../../plugins/auth.ts';
import { limitPerIp } from '../../../plugins/rate-limit.ts';
import { documentErrorHandler, rememberErrorContext } from './document-error-page.ts';
import { orderDocument, publicOrderDocument, type DocumentDeps, type DocumentKind, type RenderedDocument } from './documents.service.ts';
import { securityHeaders } from '../../../plugins/security.ts';

/**
 * The order's PDFs: tickets (one page per participant with its QR code), the invoice (orders
 * paid by invoice, with the Swiss QR-bill while open), the receipt (paid orders) and a credit
 * note per refund (`credit-notes/{n}.pdf`, the order's n-th refund).
 *
 * - Customer: `GET /api/public/orders/{id}/{tickets|invoice|receipt}.pdf?token=…`, no login,
 *   no cookies, no CSRF; a wrong or missing token answers the same 404 as an unknown order.
 * - Staff (`nav.orders`, the team from the session): `GET /api/orders/{id}/{…}.pdf`; another
 *   team's order: 404.
 *
 * 409 (JSON, with `code` TICKET_UNPAID / TICKET_CANCELLED for tickets) when the order has no such
 * document now. 429 past `documentDownloadsPerIp` (both routes, counted first); 503 with
 * Retry-After when every PDF worker is busy and the queue is full, or the render failed.
 * Never cached (`private, no-store`): the tickets carry the check-in codes.
 *
 * A browser (a request that prefers `text/html`, as a link opened from a mail or the order page)
 * gets these refusals as a small HTML page with the same status, in the order's or the request's
 * language and with a link to the order (document-error-page.ts); API clients get the JSON.
 */
type FileKind = Exclude<DocumentKind, 'credit_note'>;
const FILES: Record<string, FileKind> = { 'tickets.pdf': 'tickets', 'invoice.pdf': 'invoice', 'receipt.pdf': 'receipt' };

const SUMMARIES: Record<FileKind, string> = {
  tickets: 'The tickets as PDF, one page per participant with its QR code; 409 until paid',
  invoice: 'The invoice as PDF (orders paid by invoice; with the Swiss QR-bill while open); 409 for other orders',
  receipt: 'The receipt as PDF (paid orders); 409 when nothing was paid',
};

/** Said on every document route: what a browser gets instead of the JSON error. */
const BROWSER_ERRORS =
  'Errors answer the shared JSON error body; a request that prefers text/html (a browser opening the link) gets the same status as a ' +
  'small HTML page instead, in the order’s (or the request’s `lang`/`language`) language, with a link to the order where known.';

/** A PDF opens in the browser's viewer, as a document: the document set of security headers, as before the API's own (decision 036). */
function sendPdf(reply: FastifyReply, doc: RenderedDocument) {
  return reply
    .headers(securityHeaders(reply.server.deps.config.secure))
    .header('content-disposition', `inline; filename="${doc.filename}"`)
    .header('x-content-type-options', 'nosniff')
    .type('application/pdf')
    .send(doc.content);
}

export async function documentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: DocumentDeps = { db: app.deps.db, config: app.deps.config, pdf: app.deps.pdf, log: app.log };
  const limit = limitPerIp('documentDownloadsPerIp');
  const staffOnly = requirePermission('nav.orders');
  const params = z.object({ id: idParam });
  // The order's public id (a malformed one is an unknown order: 404).
  const publicParams = z.object({ id: z.string().max(100) });
  const noStore = async (_request: unknown, reply: FastifyReply) => {
    reply.header('cache-control', 'private, no-store');
  };
  const publicErrors = documentErrorHandler(false);
  const staffErrors = documentErrorHandler(true);
  /** Staff's document; a refusal of an order of the team leads a browser back to the order's page. */
  const staffDocument = async (teamId: number, orderId: number, kind: DocumentKind, creditNote = 0) => {
    try {
      return await orderDocument(deps, teamId, orderId, kind, creditNote);
    } catch (err) {
      if (!(err instanceof AppError) || err.status !== 404)
        rememberErrorContext(err, { orderUrl: (pageLang) => `${deps.config.appUrl}/${pageLang}/backend/orders/edit/${orderId}` });
      throw err;
    }
  };

  for (const [file, kind] of Object.entries(FILES)) {
    app.get(
      `/api/public/orders/:id/${file}`,
      {
        // Also on the 404 and 429 replies: nothing about this URL is kept anywhere.
        onRequest: noStore,
        errorHandler: publicErrors,
        // Counted before the order is read or anything rendered (the public order link's own
        // limit, publicOrdersPerIp, is far too wide for renders).
        preHandler: limit,
        schema: {
          tags: ['public'],
          summary: `${SUMMARIES[kind]} (the order's public id and its link's token; wrong token: 404)`,
          description: BROWSER_ERRORS,
          params: publicParams,
          querystring: publicOrderQuerySchema,
          produces: ['application/pdf'],
          response: { 200: fileReply },
        },
      },
      async (request, reply) => sendPdf(reply, await publicOrderDocument(deps, request.params.id, request.query.token, kind)),
    );

    app.get(
      `/api/orders/:id/${file}`,
      {
        onRequest: noStore,
        errorHandler: staffErrors,
        preValidation: staffOnly,
        preHandler: limit,
        schema: {
          tags: ['orders'],
          summary: SUMMARIES[kind],
          description: BROWSER_ERRORS,
          params,
          produces: ['application/pdf'],
          response: { 200: fileReply },
        },
      },
      async (request, reply) => sendPdf(reply, await staffDocument(currentTeam(request).id, request.params.id, kind)),
    );
  }

  // The credit notes: one per refund, by its place among the order's refunds (1, 2, …; the
  // Order's `credit_notes[].index`); an index the order has no refund for: 404.
  const creditNoteSummary = 'A credit note as PDF: the n-th refund of the order (1 for the first), full or partial; 404 past its refunds';
  const index = z.coerce.number().int().positive().max(10_000);
  app.get(
    '/api/public/orders/:id/credit-notes/:index.pdf',
    {
      onRequest: noStore,
      errorHandler: publicErrors,
      preHandler: limit,
      schema: {
        tags: ['public'],
        summary: `${creditNoteSummary} (the order's public id and its link's token; wrong token: 404)`,
        description: BROWSER_ERRORS,
        params: publicParams.extend({ index }),
        querystring: publicOrderQuerySchema,
        produces: ['application/pdf'],
        response: { 200: fileReply },
      },
    },
    async (request, reply) =>
      sendPdf(reply, await publicOrderDocument(deps, request.params.id, request.query.token, 'credit_note', request.params.index)),
  );
  app.get(
    '/api/orders/:id/credit-notes/:index.pdf',
    {
      onRequest: noStore,
      errorHandler: staffErrors,
      preValidation: staffOnly,
      preHandler: limit,
      schema: {
        tags: ['orders'],
        summary: creditNoteSummary,
        description: BROWSER_ERRORS,
        params: params.extend({ index }),
        produces: ['application/pdf'],
        response: { 200: fileReply },
      },
    },
    async (request, reply) =>
      sendPdf(reply, await staffDocument(currentTeam(request).id, request.params.id, 'credit_note', request.params.index)),
  );
}
