import { creditNoteNumber, ErrorCodes, PAID_STATUSES, type MailAttachmentSpec, type OrderAttachmentSpec } from '@bookla/shared';
import type { Config } from '../../../config/env.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { appStorage } from '../../../lib/storage.ts';
import type { AttachmentRenderers, RenderedAttachment } from '../../../lib/mailer.ts';
import { orderByLink, orderPageUrl } from '../orders/index.ts';
import { createDocumentCache, documentCacheStorage, documentVersion, type DocumentCache } from './document-cache.ts';
import { loadDocumentContext, loadDocumentHead, memoizedDocumentContext } from './document-context.ts';
import type { DocumentContext, DocumentOrder } from './document-model.ts';
import { rememberErrorContext } from './document-error-page.ts';
import type { DocumentRenderer } from './document-renderer.ts';
import { creditNoteFileName } from './credit-note-pdf.ts';
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
 * - credit note `n`: one per refund, full or partial (the order's n-th `refunded` history entry,
 *   numbered "{order number}-{n}"); an order without that many refunds: 404.
 *
 * PDFs are rendered on request (and when a mail is sent), from the order as it is then: the
 * order is read here (the database), the PDF is rendered by `deps.pdf` — on the server a pool of
 * worker threads (document-renderer.ts), never the server's thread — and kept per order version
 * in the document cache (document-cache.ts), so the next fetch of an unchanged order is one read of the storage.
 */

export type DocumentKind = Exclude<OrderAttachmentSpec['kind'], 'calendar'>;

export interface DocumentDeps {
  db: DbOrTx;
  config: Pick<Config, 'appUrl' | 'appName' | 'dataDir' | 'storage' | 'sessionSecret' | 'pdfCache'>;
  /** Where PDFs are rendered: the server's worker pool, or the jobs thread itself. */
  pdf: DocumentRenderer;
  /** Tests: their own cache; default the one in the app's storage (when `config.pdfCache`). */
  cache?: DocumentCache;
  log?: { warn(obj: object, msg: string): void };
}

export interface RenderedDocument {
  filename: string;
  content: Buffer;
}

const ENDED_UNPAID = ['declined', 'cancelled', 'expired', 'error'];

export interface DocumentRefusal {
  key: string;
  code?: string;
  /** No such document at all (a credit note past the order's refunds): 404 instead of 409. */
  missing?: boolean;
}

/**
 * Why the order has no such document now (the translation key and client code), or undefined when
 * it has one. A credit note: `creditNote` is the one asked for, `creditNotes` how many the order has.
 */
export function documentRefusal(
  order: Pick<DocumentOrder, 'payment_status' | 'payment_type' | 'paid_at' | 'total_minor'>,
  kind: DocumentKind,
  creditNote = 0,
  creditNotes = 0,
): DocumentRefusal | undefined {
  const status = order.payment_status;
  if (kind === 'credit_note')
    return creditNote >= 1 && creditNote <= creditNotes ? undefined : { key: 'documents:errors.no_credit_note', missing: true };
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

/** One cache per storage (its hourly sweep is per process). */
const caches = new WeakMap<object, DocumentCache>();

function cacheOf(deps: DocumentDeps): DocumentCache | undefined {
  if (!deps.config.pdfCache) return undefined;
  if (deps.cache) return deps.cache;
  const storage = appStorage(deps.config);
  let cache = caches.get(storage);
  if (!cache) {
    cache = createDocumentCache(documentCacheStorage(deps.config));
    caches.set(storage, cache);
  }
  return cache;
}

const fileNameOf = (kind: DocumentKind, orderNumber: number, creditNote: number) =>
  kind === 'tickets'
    ? ticketsFileName(orderNumber)
    : kind === 'credit_note'
      ? creditNoteFileName(creditNoteNumber(orderNumber, creditNote))
      : invoiceFileName(kind, orderNumber);

/** The document's name in the cache: its kind, and which credit note. */
const cacheKind = (kind: DocumentKind, creditNote: number) => (kind === 'credit_note' ? `${kind}-${creditNote}` : kind);

const versionOf = (deps: DocumentDeps, kind: string, digest: string) =>
  documentVersion({ kind, digest, appUrl: deps.config.appUrl, appName: deps.config.appName });

async function render(deps: DocumentDeps, ctx: DocumentContext, kind: DocumentKind, creditNote = 0): Promise<RenderedDocument> {
  const filename = fileNameOf(kind, ctx.order.number, creditNote);
  const input: RenderInput = { kind, ctx, creditNote, config: { appUrl: deps.config.appUrl, appName: deps.config.appName } };
  const cache = cacheOf(deps);
  const ids = [ctx.team.id, ctx.order.id, cacheKind(kind, creditNote), versionOf(deps, cacheKind(kind, creditNote), ctx.digest)] as const;
  if (cache) {
    const hit = await cache.get(...ids).catch((err: unknown) => deps.log?.warn({ err }, 'document cache read failed'));
    if (hit) return { filename, content: hit };
  }
  const logo = await loadLogoPng(appStorage(deps.config), ctx.team.logoPath);
  const { content } = await deps.pdf.render({ ...input, logo });
  // Best effort: a cache that cannot be written costs the next fetch a render, nothing else.
  if (cache) await cache.put(...ids, content).catch((err: unknown) => deps.log?.warn({ err }, 'document cache write failed'));
  return { filename, content };
}

const refuse = (refusal: DocumentRefusal) =>
  new AppError(refusal.missing ? 'NOT_FOUND' : 'CONFLICT', refusal.key, refusal.code ? { extra: { code: refusal.code } } : {});

/**
 * A document of one of the team's orders: 404 for another team's or no order, 409 when the order
 * has no such document now. With the cache, the order's head comes first (its digest, computed by
 * the database): a cached version is sent without reading the rest of the order into this process.
 * `creditNote`: which credit note (kind `credit_note`), 1 for the order's first refund.
 */
export async function orderDocument(
  deps: DocumentDeps,
  teamId: number,
  orderId: number,
  kind: DocumentKind,
  creditNote = 0,
): Promise<RenderedDocument> {
  const cache = cacheOf(deps);
  if (cache) {
    const head = await loadDocumentHead(deps.db, teamId, orderId);
    if (!head) throw notFound();
    const refusal = documentRefusal(head, kind, creditNote, head.credit_notes);
    if (refusal) throw refuse(refusal);
    const hit = await cache
      .get(teamId, orderId, cacheKind(kind, creditNote), versionOf(deps, cacheKind(kind, creditNote), head.digest))
      .catch((err: unknown) => deps.log?.warn({ err }, 'document cache read failed'));
    if (hit) return { filename: fileNameOf(kind, head.number, creditNote), content: hit };
  }
  const ctx = await loadDocumentContext(deps.db, teamId, orderId);
  if (!ctx) throw notFound();
  const refusal = documentRefusal(ctx.order, kind, creditNote, ctx.order.credit_notes.length);
  if (refusal) throw refuse(refusal);
  return render(deps, ctx, kind, creditNote);
}

/** The same for the customer's link (by the order's public id): the link's token or 404 (a wrong or revoked token tells nothing about the order). */
export async function publicOrderDocument(
  deps: DocumentDeps,
  publicId: string,
  token: unknown,
  kind: DocumentKind,
  creditNote = 0,
): Promise<RenderedDocument> {
  const order = await orderByLink(deps, publicId, token, 'view');
  try {
    return await orderDocument(deps, order.teamId, order.id, kind, creditNote);
  } catch (err) {
    // The link is the order's: a browser's page of the refusal is in its language and leads to it.
    rememberErrorContext(err, {
      language: order.language,
      orderUrl: (lang) => orderPageUrl(deps.config, lang, order.teamId, order, String(token)),
    });
    throw err;
  }
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
      if (spec.orderId === undefined) throw new Error(`attachment ${kind}: no order`);
      if (mail.teamId === null) throw new Error(`attachment ${kind} of order ${spec.orderId}: the mail has no team`);
      const ctx = await memoizedDocumentContext(mail.memo, deps.db, mail.teamId, spec.orderId);
      if (!ctx) throw new Error(`attachment ${kind}: order ${spec.orderId} of team ${mail.teamId} not found`);
      const creditNote = spec.kind === 'credit_note' ? spec.creditNote : 0;
      if (documentRefusal(ctx.order, kind, creditNote, ctx.order.credit_notes.length)) return null;
      const doc = await render(deps, ctx, kind, creditNote);
      return { filename: doc.filename, content: doc.content, contentType: 'application/pdf' };
    };
  return {
    tickets: renderer('tickets'),
    invoice: renderer('invoice'),
    receipt: renderer('receipt'),
    credit_note: renderer('credit_note'),
  };
}
