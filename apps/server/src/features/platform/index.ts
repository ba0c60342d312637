/** What other features and the app may use of the platform's own business with the teams (CONTRACT §6, decision 031). */
export { changeTeamPlan, getTeamPlan, platformPlanRoutes, startTeamPlan } from './plans/index.ts';
export { bexioRoutes, requeueFailed, runBexioSweep, scheduleBexioSync, syncInvoiceNow } from './bexio/index.ts';
export {
  platformInvoiceAttachmentRenderers,
  platformInvoicesRoutes,
  platformNow,
  schedulePlatformStatements,
  sweepPlatformStatements,
} from './invoices/index.ts';
