/** What other features and the app may use of the order documents: the PDFs, their routes, the mail renderers and the order mails. */
export { documentsRoutes } from './documents.routes.ts';
export { documentAttachmentRenderers, orderDocument, type DocumentDeps, type DocumentKind } from './documents.service.ts';
export { inThreadRenderer, pdfPoolFromConfig, type DocumentRenderer } from './document-renderer.ts';
export { orderMails, queueOrderMail, writeOrderMailOnce, type OrderMailOccasion, type OrderMailWrite } from './order-mails.ts';
export { registerOrderMailJob } from './order-mail-job.ts';
export { formatMoney } from './format.ts';
export { calendarAttachmentRenderers } from './calendar-attachment.ts';
export {
  platformInvoiceFileName,
  platformQrBillData,
  monthName,
  type PlatformInvoiceDocument,
  type PlatformInvoiceParty,
} from './platform-invoice-pdf.ts';
