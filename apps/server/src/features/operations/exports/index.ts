/** What the app may use of exports: the routes and the job types (export.build, export.expire). */
export { exportsRoutes } from './exports.routes.ts';
export { queueExportJob, registerExportJobs, type ExportDeps } from './exports.service.ts';
export type { ExportViewer } from './export-sources.ts';
export { createSheetWriter, type ExportColumn } from './sheet-writers.ts';
