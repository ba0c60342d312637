import { publicOrderQuerySchema } from '@bookla/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../lib/http.ts';
import { currentTeam, requirePermission } from '../../../plugins/auth.ts';
import { limitPerIp } from '../../../plugins/rate-limit.ts';
import { orderDocument, publicOrderDocument, type DocumentDeps, type DocumentKind, type RenderedDocument } from './documents.service.ts';

/**
 * The order's PDFs: tickets (one page per participant with its QR code), the invoice (orders
 * paid by invoice, with the Swiss QR-bill while open) and the receipt (paid orders).
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
 */
const FILES: Record<string, DocumentKind> = { 'tickets.pdf': 'tickets', 'invoice.pdf': 'invoice', 'receipt.pdf': 'receipt' };

const SUMMARIES: Record<DocumentKind, string> = {
  tickets: 'The tickets as PDF, one page per participant with its QR code; 409 until paid',
  invoice: 'The invoice as PDF (orders paid by invoice; with the Swiss QR-bill while open); 409 for other orders',
  receipt: 'The receipt as PDF (paid orders); 409 when nothing was paid',
};

function sendPdf(reply: FastifyReply, doc: RenderedDocument) {
  return reply
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

  for (const [file, kind] of Object.entries(FILES)) {
    app.get(
      `/api/public/orders/:id/${file}`,
      {
        // Also on the 404 and 429 replies: nothing about this URL is kept anywhere.
        onRequest: noStore,
        // Counted before the order is read or anything rendered (the public order link's own
        // limit, publicOrdersPerIp, is far too wide for renders).
        preHandler: limit,
        schema: {
          tags: ['public'],
          summary: `${SUMMARIES[kind]} (the order's public id and its link's token; wrong token: 404)`,
          params: publicParams,
          querystring: publicOrderQuerySchema,
          produces: ['application/pdf'],
        },
      },
      async (request, reply) => sendPdf(reply, await publicOrderDocument(deps, request.params.id, request.query.token, kind)),
    );

    app.get(
      `/api/orders/:id/${file}`,
      {
        onRequest: noStore,
        preValidation: staffOnly,
        preHandler: limit,
        schema: { tags: ['orders'], summary: SUMMARIES[kind], params, produces: ['application/pdf'] },
      },
      async (request, reply) => sendPdf(reply, await orderDocument(deps, currentTeam(request).id, request.params.id, kind)),
    );
  }
}
