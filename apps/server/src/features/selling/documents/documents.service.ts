import { ErrorCodes, PAID_STATUSES, type MailAttachmentSpec, type Order } from '@bookla/shared';
import type { Config } from '../../../config/env.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import type { AttachmentRenderers, RenderedAttachment } from '../../../lib/mailer.ts';
import { isOrderToken } from '../orders/index.ts';
import { loadDocumentContext, memoizedDocumentContext, type DocumentContext } from './document-context.ts';
import * as repo from './documents.repo.ts';
import { invoiceFileName, renderInvoicePdf } from './invoice-pdf.ts';
import { loadLogoPng } from './pdf.ts';
import { renderTicketsPdf, ticketsFileName } from './tickets-pdf.ts';

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
 * PDFs are rendered on request (and when a mail is sent), from the order as it is then.
 */

export type DocumentKind = MailAttachmentSpec['kind'];

export interface DocumentDeps {
  db: DbOrTx;
  config: Pick<Config, 'appUrl' | 'appName' | 'dataDir' | 'sessionSecret'>;
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

async function render(deps: DocumentDeps, ctx: DocumentContext, kind: DocumentKind): Promise<RenderedDocument> {
  const logo = await loadLogoPng(deps.config.dataDir, ctx.team.logoPath);
  if (kind === 'tickets')
    return { filename: ticketsFileName(ctx.order.number), content: await renderTicketsPdf(ctx, deps.config, { logo }) };
  return { filename: invoiceFileName(kind, ctx.order.number), content: await renderInvoicePdf(ctx, kind, deps.config, { logo }) };
}

/** A document of one of the team's orders: 404 for another team's or no order, 409 when the order has no such document now. */
export async function orderDocument(deps: DocumentDeps, teamId: number, orderId: number, kind: DocumentKind): Promise<RenderedDocument> {
  const ctx = await loadDocumentContext(deps.db, teamId, orderId);
  if (!ctx) throw notFound();
  const refusal = documentRefusal(ctx.order, kind);
  if (refusal) throw new AppError('CONFLICT', refusal.key, refusal.code ? { extra: { code: refusal.code } } : {});
  return render(deps, ctx, kind);
}

/** The same for the customer's link: the order's token or 404 (a wrong token tells nothing about the order). */
export async function publicOrderDocument(
  deps: DocumentDeps,
  orderId: number,
  token: unknown,
  kind: DocumentKind,
): Promise<RenderedDocument> {
  if (!isOrderToken(deps.config, orderId, token)) throw notFound();
  const teamId = await repo.findOrderTeamId(deps.db, orderId);
  if (teamId === undefined) throw notFound();
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
