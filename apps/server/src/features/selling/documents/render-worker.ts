import { threadId } from 'node:worker_threads';
import type { Language } from '@bookla/shared';
import type { Config } from '../../../config/env.ts';
import type { DocumentContext } from './document-model.ts';
import { renderCreditNotePdf } from './credit-note-pdf.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { renderPlatformInvoicePdf, type PlatformInvoiceDocument } from './platform-invoice-pdf.ts';
import { renderTicketsPdf } from './tickets-pdf.ts';

/**
 * What a PDF worker renders (worker-pool.ts loads this module in each worker): plain data the
 * server's thread read from the database (the order's document context, the team's logo as PNG
 * bytes), so the worker needs no database, no files and no secrets. Rendering itself — PDFKit,
 * QR codes, the Swiss QR-bill — happens here, through the render functions of tickets-pdf.ts and
 * invoice-pdf.ts. A new document (e.g. the platform's invoice to a team) adds a kind (with its own
 * context member, making `RenderInput` a union by `kind`) and a case below.
 */

export type DocumentRenderInput = RenderInput | PlatformInvoiceRenderInput;

/** The platform's invoice to a team (features/platform/invoices), in the reader's language. */
export interface PlatformInvoiceRenderInput {
  kind: 'platform_invoice';
  invoice: PlatformInvoiceDocument;
  language: Language;
  config: Pick<Config, 'appName'>;
  compress?: boolean;
  ctx?: undefined;
}

export interface RenderInput {
  kind: 'tickets' | 'invoice' | 'receipt' | 'credit_note';
  ctx: DocumentContext;
  /** Which credit note (kind `credit_note`): 1 for the order's first refund. */
  creditNote?: number;
  config: Pick<Config, 'appUrl' | 'appName'>;
  /** The team's logo as PNG (pdf.ts `loadLogoPng`). */
  logo?: Uint8Array;
  /** Uncompressed content streams (tests read the text). */
  compress?: boolean;
}

export interface RenderOutput {
  pdf: Uint8Array;
  /** The thread that rendered it (tests: never the server's thread). */
  threadId: number;
}

/** A structured clone turns a Buffer into a Uint8Array: PDFKit wants a Buffer. */
const asBuffer = (bytes: Uint8Array | undefined) =>
  bytes === undefined ? undefined : Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Renders one document where it is called (in a worker, or in the jobs thread). */
export async function renderDocumentPdf(input: DocumentRenderInput): Promise<Buffer> {
  if (input.kind === 'platform_invoice')
    return renderPlatformInvoicePdf(input.invoice, input.language, input.config, { compress: input.compress });
  const opts = { logo: asBuffer(input.logo), compress: input.compress };
  if (input.kind === 'tickets') return renderTicketsPdf(input.ctx, input.config, opts);
  if (input.kind === 'credit_note') return renderCreditNotePdf(input.ctx, input.creditNote ?? 0, input.config, opts);
  return renderInvoicePdf(input.ctx, input.kind, input.config, opts);
}

/** The worker's task: the PDF in a buffer of its own, handed over without a copy. */
export async function handle(input: DocumentRenderInput): Promise<{ output: RenderOutput; transfer: ArrayBuffer[] }> {
  const pdf = await renderDocumentPdf(input);
  const own = new Uint8Array(pdf.byteLength);
  own.set(pdf);
  return { output: { pdf: own, threadId }, transfer: [own.buffer] };
}
