/** What pages and other features may use of exports: the export menu with its job progress. */
export { ExportButton, ExportProgress, type ExportButtonProps } from './components/export-button';
export { exportKeys, fileNameOf, saveFile, startExport, useExportJob, type ExportStart } from './api/exports-api';
