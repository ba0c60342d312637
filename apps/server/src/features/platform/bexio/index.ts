/** bexio: pushing platform invoices to the platform's own bookkeeping (CONTRACT §6). */
export { bexioRoutes, platformInvoiceRow } from './bexio.routes.ts';
export {
  bexioBackoffMs,
  bexioContactNr,
  requeueFailed,
  runBexioSweep,
  scheduleBexioSync,
  syncInvoiceNow,
  type BexioDeps,
  type BexioSweepResult,
} from './bexio-sync.ts';
export { BexioError, createBexioClient, type BexioConfig } from './bexio-client.ts';
