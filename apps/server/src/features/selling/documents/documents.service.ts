import { ErrorCodes, PAID_STATUSES, type MailAttachmentSpec, type Order } from '@bookla/shared';
import type { Config } from '../../../config/env.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import type { AttachmentRenderers, RenderedAttachment } from '../../../lib/mailer.ts';
import { orderByLink } from '../orders/index.ts';
import { createDocumentCache, documentCacheStorage, documentVersion, type DocumentCache } from './document-cache.ts';
import { loadDocumentContext, memoizedDocumentContext, type DocumentContext } from './document-context.ts';
import type { DocumentRenderer } from './document-renderer.ts';
import { invoiceFileName } from './invoice-pdf.ts';
import { loadLogoPng } from './pdf.ts';
import type { RenderInput } from './render-worker.ts';
import { ticketsFileName } from './tickets-pdf.ts';

/**
 * The order's documents and when each exists:
 *
 * - tickets: once the order is paid, free or partially refunded (a ticket counts as sold when
 *   its participant is paid); before that 409 TICKET_UNPAID, after a cancellation or a full
 *   refund 409 TICKET_CANCELLED.
 * - invoice: for orders paid by invoice, unless they ended unpaid (cancelled, expired …: 409).
 *   While unpaid it carries the QR-bill; once paid it says so.
 * - receipt: for orders that were paid (paid_at set) with a total above zero; else 409.
 *
 * PDFs are rendered on request (and when a mail is sent), from the order as it is then: the
 * order is read here (the database), the PDF is rendered by `deps.pdf` — on the server a pool of
 * worker threads (document-renderer.ts), never the server's thread — and kept per order version
 * in the document cache (document-cache.ts), so the next fetch of an unchanged order is a file read.
 */

export type DocumentKind = MailAttachmentSpec['kind'];

export interface DocumentDeps {
  db: DbOrTx;
  config: Pick<Config, 'appUrl' | 'appName' | 'dataDir' | 'sessionSecret' | 'pdfCache'>;
  /** Where PDFs are rendered: the server's worker pool, or the jobs thread itself. */
  pdf: DocumentRenderer;
  /** Tests: their own cache; default the one under DATA_DIR (when `config.pdfCache`). */
  cache?: DocumentCache;
  log?: { warn(obj: object, msg: string): void };
}

export interface RenderedDocument {
  filename: string;
  content: Buffer;
}

const ENDED_UNPAID = ['declined', 'cancelled', 'expired', 'error'];

/** Why the order has no such document now (the translation key and client code), or undefined when it has one. */
export function documentRefusal(order: Order, kind: DocumentKind): { key: string; code?: string } | undefined {
  const status = order.payment_status;
  if (kind === 'tickets') {
    if (PAID_STATUSES.includes(status)) return undefined;
    if (status === 'waiting') return { key: 'documents:errors.tickets_unpaid', code: ErrorCodes.TICKET_UNPAID };
    return { key: 'documents:errors.tickets_cancelled', code: ErrorCodes.TICKET_CANCELLED };
  }
  if (kind === 'invoice') {
    if (order.payment_type !== 'invoice') return { key: 'documents:errors.no_invoice' };
    if (ENDED_UNPAID.includes(status)) return { key: 'documents:errors.invoice_cancelled' };
    return undefined;
  }
  if (!order.paid_at || order.total_minor <= 0) return { key: 'documents:errors.no_receipt' };
  return undefined;
}

const caches = new Map<string, DocumentCache>();

function cacheOf(deps: DocumentDeps): DocumentCache | undefined {
  if (!deps.config.pdfCache) return undefined;
  if (deps.cache) return deps.cache;
  let cache = caches.get(deps.config.dataDir);
  if (!cache) {
    cache = createDocumentCache(documentCacheStorage(deps.config));
    caches.set(deps.config.dataDir, cache);
  }
  return cache;
}

async function render(deps: DocumentDeps, ctx: DocumentContext, kind: DocumentKind): Promise<RenderedDocument> {
  const filename = kind === 'tickets' ? ticketsFileName(ctx.order.number) : invoiceFileName(kind, ctx.order.number);
  const input: RenderInput = { kind, ctx, config: { appUrl: deps.config.appUrl, appName: deps.config.appName } };
  const cache = cacheOf(deps);
  const version = cache ? documentVersion(input, ctx.team.logoPath) : '';
  const ids = [ctx.team.id, ctx.order.id, kind, version] as const;
  if (cache) {
    const hit = await cache.get(...ids).catch((err: unknown) => deps.log?.warn({ err }, 'document cache read failed'));
    if (hit) return { filename, content: hit };
  }
  const logo = await loadLogoPng(deps.config.dataDir, ctx.team.logoPath);
  const { content } = await deps.pdf.render({ ...input, logo });
  // Best effort: a cache that cannot be written costs the next fetch a render, nothing else.
  if (cache) await cache.put(...ids, content).catch((err: unknown) => deps.log?.warn({ err }, 'document cache write failed'));
  return { filename, content };
}

/** A document of one of the team's orders: 404 for another team's or no order, 409 when the order has no such document now. */
export async function orderDocument(deps: DocumentDeps, teamId: number, orderId: number, kind: DocumentKind): Promise<RenderedDocument> {
  const ctx = await loadDocumentContext(deps.db, teamId, orderId);
  if (!ctx) throw notFound();
  const refusal = documentRefusal(ctx.order, kind);
  if (refusal) throw new AppError('CONFLICT', refusal.key, refusal.code ? { extra: { code: refusal.code } } : {});
  return render(deps, ctx, kind);
}

/** The same for the customer's link (by the order's public id): the link's token or 404 (a wrong or revoked token tells nothing about the order). */
export async function publicOrderDocument(
  deps: DocumentDeps,
  publicId: string,
  token: unknown,
  kind: DocumentKind,
): Promise<RenderedDocument> {
  const { teamId, id: orderId } = await orderByLink(deps, publicId, token, 'view');
  return orderDocument(deps, teamId, orderId, kind);
}

/**
 * The mail job's renderers (lib/mailer.ts): each attachment spec rendered when the mail is sent,
 * from the order read once per sending (the memo; tickets and receipt show the same order).
 * A document the order no longer has (tickets of an order refunded before the mail went out)
 * is left out (null); any other failure throws, so the mail is retried rather than sent without it.
 */
export function documentAttachmentRenderers(deps: DocumentDeps): AttachmentRenderers {
  const renderer =
    (kind: DocumentKind) =>
    async (spec: MailAttachmentSpec, mail: { teamId: number | null; memo: Map<string, unknown> }): Promise<RenderedAttachment | null> => {
      if (mail.teamId === null) throw new Error(`attachment ${kind} of order ${spec.orderId}: the mail has no team`);
      const ctx = await memoizedDocumentContext(mail.memo, deps.db, mail.teamId, spec.orderId);
      if (!ctx) throw new Error(`attachment ${kind}: order ${spec.orderId} of team ${mail.teamId} not found`);
      if (documentRefusal(ctx.order, kind)) return null;
      const doc = await render(deps, ctx, kind);
      return { filename: doc.filename, content: doc.content, contentType: 'application/pdf' };
    };
  return { tickets: renderer('tickets'), invoice: renderer('invoice'), receipt: renderer('receipt') };
}
