/** Platform invoices (CONTRACT §6): what the platform feature's index and the app's job handlers use. */
export { platformInvoicesRoutes } from './invoices.routes.ts';
export { platformInvoiceAttachmentRenderers, mailUnmailedInvoices, PLATFORM_INVOICE_MAIL_KIND } from './invoice-mail.ts';
export { schedulePlatformStatements, sweepPlatformStatements } from './sweep.ts';
export { runStatement, teamStatement, invoiceNumber, monthWindow, type StatementDeps } from './statement.ts';
export { platformNow, setPlatformClock } from './clock.ts';
