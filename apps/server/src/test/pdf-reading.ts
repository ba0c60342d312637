/**
 * The documents' PDF readers (features/selling/documents/pdf-inspect.ts) for the tests of other
 * features that check PDFs of their own (the platform invoices): their text and their QR-bill payloads.
 */
export { pdfTextOf, swissQrPayloads } from '../features/selling/documents/pdf-inspect.ts';
