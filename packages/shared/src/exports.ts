import { z } from 'zod';
import { safeRecordSchema } from './safe-keys.ts';

/**
 * Exports (operations): orders, participants and additional sales as CSV or XLSX, with the
 * filters of the screen they come from.
 *
 * `POST /api/exports` with {@link exportBodySchema}: up to {@link DIRECT_EXPORT_MAX_ROWS} rows the
 * reply is the file itself (200, `content-disposition: attachment`); more rows start a job and
 * the reply is `202 {data: ExportJob}`. The client polls `GET /api/exports/{id}` for the
 * progress and downloads `GET /api/exports/{id}/download` when it is done. A job's file is kept
 * for {@link EXPORT_KEEP_HOURS} hours and only its creator (same user, same company) may fetch it.
 */

export const EXPORT_TYPES = ['orders', 'participants', 'additional_sales', 'waiting_list', 'subscription_members'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** More rows than this run as a job with progress; up to this many come back at once. */
export const DIRECT_EXPORT_MAX_ROWS = 2000;
/** The most rows one export may have (narrow the filters for more). */
export const EXPORT_MAX_ROWS = 200_000;
export const EXPORT_KEEP_HOURS = 24;

const filterValue = z.string().max(200);

export const exportBodySchema = z.strictObject({
  type: z.enum(EXPORT_TYPES),
  format: z.enum(EXPORT_FORMATS),
  /** The list's `columnFilters`, as the screen sends them to its list call. */
  columnFilters: safeRecordSchema(filterValue).optional(),
  /** Orders only: exactly these orders (the list's selection); filters still apply. */
  ids: z.array(z.number().int().positive().max(2_147_483_647)).max(1000).optional(),
  /** Column headers and texts in this language (default: the request's). */
  language: z.enum(['de', 'en', 'fr']).optional(),
});
export type ExportBody = z.infer<typeof exportBodySchema>;

export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed', 'expired'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export const exportJobSchema = z.object({
  id: z.number(),
  type: z.enum(EXPORT_TYPES),
  format: z.enum(EXPORT_FORMATS),
  status: z.enum(EXPORT_STATUSES),
  rows_done: z.number(),
  rows_total: z.number(),
  file_name: z.string(),
  /** Set once the file is ready (status `done`). */
  download_url: z.string().nullable(),
  created_at: z.string(),
  /** When the file is removed (status `done`); null before. */
  expires_at: z.string().nullable(),
});
export type ExportJob = z.infer<typeof exportJobSchema>;
