import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import {
  DIRECT_EXPORT_MAX_ROWS,
  encodeMessage,
  EXPORT_FORMATS,
  EXPORT_KEEP_HOURS,
  EXPORT_MAX_ROWS,
  EXPORT_TYPES,
  isLanguage,
  roleHas,
  toZonedIso,
  zonedParts,
  type ExportBody,
  type ExportFormat,
  type ExportJob,
  type ExportType,
  type Language,
  type Role,
} from '@bookla/shared';
import type { Config } from '../../../config/env.ts';
import type { Db } from '../../../db/client.ts';
import { AppError, forbidden, notFound, validationError } from '../../../lib/app-error.ts';
import { translate } from '../../../lib/i18n.ts';
import type { JobRunner } from '../../../lib/jobs.ts';
import { appStorage, scopedStorage, type Storage } from '../../../lib/storage.ts';
import * as repo from './export-jobs.repo.ts';
import type { ExportJobRow, ExportPayload } from './export-jobs.repo.ts';
import { EXPORT_PERMISSIONS, exportSource, type ExportSource, type ExportViewer } from './export-sources.ts';
import { createSheetWriter } from './sheet-writers.ts';

/**
 * Exports of orders, participants and additional sales as CSV or XLSX.
 *
 * Up to DIRECT_EXPORT_MAX_ROWS rows the file is built at once and sent in the reply. Larger
 * exports run as a job of the job queue (`export.build`), which builds the file in a temporary
 * file of DATA_DIR/tmp, then puts it into the app's storage under `exports/{fileKey}.{format}`
 * (STORAGE_URL: with several instances an object store, so any instance serves the download),
 * and its progress (rows done / total) into the job's payload; the client polls it and downloads
 * the file when the job is done. Only the user who asked, in the same company, sees the job or
 * gets the file (anyone else: 404), and only while they still hold the export's permission. A job
 * (`export.expire`) removes the file EXPORT_KEEP_HOURS after it was written; after that moment
 * the download answers 404 even before the file is gone. The storage failing answers 503 (a
 * download), or fails the build's attempt (retried by the job runner).
 */

export interface ExportDeps {
  db: Db;
  config: Config;
}

/** At most this many exports per user wait or run at once. */
const MAX_UNFINISHED = 3;
const KEEP_MS = EXPORT_KEEP_HOURS * 3600_000;

/** Finished export files: `exports/…` of the app's storage. */
export const exportStorage = (config: Pick<Config, 'dataDir' | 'storage'>): Storage => scopedStorage(appStorage(config), 'exports');
/** An export's key in exportStorage. */
export const exportKey = (p: Pick<ExportPayload, 'fileKey' | 'format'>) => `${p.fileKey}.${p.format}`;
/** Where a file is built before it goes into the storage (local to the process that builds it). */
const buildDir = (config: Pick<Config, 'dataDir'>) => join(config.dataDir, 'tmp');

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const pad = (n: number) => String(n).padStart(2, '0');

/** `participants-2026-06-01.xlsx`: the export's name in its language and the team's date. */
export function exportFileName(type: ExportType, format: ExportFormat, lang: Language, timeZone: string, at = new Date()): string {
  const p = zonedParts(at, timeZone);
  return `${translate(lang, `exports:files.${type}`)}-${p.year}-${pad(p.month)}-${pad(p.day)}.${format}`;
}

export interface ExportFile {
  fileName: string;
  contentType: string;
  content: Buffer;
}

export type ExportResult = { kind: 'file'; file: ExportFile } | { kind: 'job'; job: ExportJob };

function check(viewer: ExportViewer, body: ExportBody) {
  if (!roleHas(viewer.role, EXPORT_PERMISSIONS[body.type])) throw forbidden();
  if (body.ids && body.type !== 'orders') throw validationError({ ids: ['exports:validation.ids_orders_only'] });
}

function tooMany(total: number): never {
  throw validationError({ type: [encodeMessage('exports:validation.too_many_rows', { total, max: EXPORT_MAX_ROWS })] });
}

async function buildInMemory(source: ExportSource, format: ExportFormat, timeZone: string): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const writer = createSheetWriter(format, out, source.columns, { timeZone, sheetName: source.sheetName });
  for await (const batch of source.batches()) await writer.addRows(batch);
  await writer.finish();
  return Buffer.concat(chunks);
}

function payloadOf(viewer: ExportViewer, body: ExportBody, lang: Language, total: number): ExportPayload {
  return {
    teamId: viewer.teamId,
    userId: viewer.userId,
    role: viewer.role,
    timeZone: viewer.timeZone,
    currency: viewer.currency,
    type: body.type,
    format: body.format,
    lang,
    columnFilters: { ...body.columnFilters },
    ...(body.ids ? { ids: [...body.ids] } : {}),
    rowsTotal: total,
    rowsDone: 0,
    fileName: exportFileName(body.type, body.format, lang, viewer.timeZone),
    fileKey: randomBytes(24).toString('base64url'),
  };
}

/** Starts the export as a job whatever its size (the route does this above DIRECT_EXPORT_MAX_ROWS). */
export async function queueExportJob(deps: ExportDeps, viewer: ExportViewer, body: ExportBody, requestLang: Language): Promise<ExportJob> {
  check(viewer, body);
  const lang = body.language ?? requestLang;
  const source = await exportSource(deps.db, viewer, { type: body.type, columnFilters: body.columnFilters ?? {}, ids: body.ids, lang });
  if (source.total > EXPORT_MAX_ROWS) tooMany(source.total);
  return startJob(deps, viewer, body, lang, source.total);
}

async function startJob(deps: ExportDeps, viewer: ExportViewer, body: ExportBody, lang: Language, total: number): Promise<ExportJob> {
  if ((await repo.unfinishedCount(deps.db, viewer.teamId, viewer.userId)) >= MAX_UNFINISHED)
    throw new AppError('RATE_LIMITED', 'exports:too_many_running', { params: { max: MAX_UNFINISHED } });
  const payload = payloadOf(viewer, body, lang, total);
  const id = await repo.insertExportJob(deps.db, payload);
  return toExportJob({ id, status: 'queued', payload, createdAt: new Date() }, viewer.timeZone);
}

/** The file at once (small), or a job to poll (large). 422 for malformed filters or too many rows. */
export async function requestExport(
  deps: ExportDeps,
  viewer: ExportViewer,
  body: ExportBody,
  requestLang: Language,
): Promise<ExportResult> {
  check(viewer, body);
  const lang = body.language ?? requestLang;
  const source = await exportSource(deps.db, viewer, { type: body.type, columnFilters: body.columnFilters ?? {}, ids: body.ids, lang });
  if (source.total > EXPORT_MAX_ROWS) tooMany(source.total);
  if (source.total > DIRECT_EXPORT_MAX_ROWS) return { kind: 'job', job: await startJob(deps, viewer, body, lang, source.total) };
  return {
    kind: 'file',
    file: {
      fileName: exportFileName(body.type, body.format, lang, viewer.timeZone),
      contentType: CONTENT_TYPES[body.format],
      content: await buildInMemory(source, body.format, viewer.timeZone),
    },
  };
}

function expiresAt(p: ExportPayload): Date | null {
  return p.finishedAt ? new Date(Date.parse(p.finishedAt) + KEEP_MS) : null;
}

function statusOf(row: ExportJobRow, now = Date.now()): ExportJob['status'] {
  if (row.payload.failed || row.status === 'failed') return 'failed';
  if (row.status === 'done') {
    const until = expiresAt(row.payload);
    return row.payload.expired || !until || until.getTime() <= now ? 'expired' : 'done';
  }
  return row.status === 'running' ? 'running' : 'queued';
}

export function toExportJob(row: ExportJobRow, timeZone: string): ExportJob {
  const p = row.payload;
  const status = statusOf(row);
  const until = expiresAt(p);
  return {
    id: row.id,
    type: p.type as ExportType,
    format: p.format as ExportFormat,
    status,
    rows_done: Number(p.rowsDone) || 0,
    rows_total: Number(p.rowsTotal) || 0,
    file_name: p.fileName,
    download_url: status === 'done' ? `/api/exports/${row.id}/download` : null,
    created_at: toZonedIso(row.createdAt, timeZone),
    expires_at: until && status !== 'failed' ? toZonedIso(until, timeZone) : null,
  };
}

/** The viewer's own export job, while they may still see exports of its kind; 404 otherwise. */
async function ownJob(deps: ExportDeps, viewer: ExportViewer, id: number): Promise<ExportJobRow> {
  const row = await repo.findExportJob(deps.db, viewer.teamId, viewer.userId, id);
  const type = row?.payload.type as ExportType | undefined;
  if (!row || !type || !EXPORT_TYPES.includes(type) || !roleHas(viewer.role, EXPORT_PERMISSIONS[type])) throw notFound();
  return row;
}

export async function getExportJob(deps: ExportDeps, viewer: ExportViewer, id: number): Promise<ExportJob> {
  return toExportJob(await ownJob(deps, viewer, id), viewer.timeZone);
}

/** The finished file of the viewer's export job; 404 before it is done, after it expired, or for anyone else. */
export async function downloadExport(
  deps: ExportDeps,
  viewer: ExportViewer,
  id: number,
): Promise<{ stream: Readable; fileName: string; contentType: string; size: number }> {
  const row = await ownJob(deps, viewer, id);
  if (statusOf(row) !== 'done') throw new AppError('NOT_FOUND', 'exports:not_ready');
  const p = row.payload;
  const format = p.format as ExportFormat;
  if (!EXPORT_FORMATS.includes(format) || !/^[A-Za-z0-9_-]{16,64}$/.test(p.fileKey)) throw notFound();
  const file = await exportStorage(deps.config).open(exportKey(p));
  if (!file) throw new AppError('NOT_FOUND', 'exports:not_ready');
  return { stream: file.stream, fileName: p.fileName, contentType: CONTENT_TYPES[format], size: file.size };
}

// ─── Jobs ───────────────────────────────────────────────────────────────────

function viewerOf(p: ExportPayload, role: Role): ExportViewer {
  return { teamId: p.teamId, userId: p.userId, role, timeZone: p.timeZone, currency: p.currency };
}

/** Writes the export's file, reporting progress after every batch; the file appears in the storage complete or not at all. */
async function buildJob(deps: ExportDeps, jobId: number, p: ExportPayload): Promise<void> {
  const type = p.type as ExportType;
  const format = p.format as ExportFormat;
  const lang = isLanguage(p.lang) ? p.lang : 'de';
  // The role as it is now: a user demoted to instructor since gets an instructor's export, one who
  // left the company (or lost the permission) none.
  const role = await repo.memberRole(deps.db, p.teamId, p.userId);
  if (!EXPORT_TYPES.includes(type) || !EXPORT_FORMATS.includes(format) || !role || !roleHas(role, EXPORT_PERMISSIONS[type])) {
    await repo.updatePayload(deps.db, jobId, { failed: true });
    return;
  }
  const source = await exportSource(deps.db, viewerOf(p, role), { type, columnFilters: { ...p.columnFilters }, ids: p.ids, lang });
  await repo.updatePayload(deps.db, jobId, { rowsTotal: source.total, rowsDone: 0 });
  await mkdir(buildDir(deps.config), { recursive: true });
  const tmp = join(buildDir(deps.config), `export-${randomBytes(9).toString('hex')}.${format}`);
  const out = createWriteStream(tmp, { mode: 0o640 });
  let done = 0;
  try {
    const writer = createSheetWriter(format, out, source.columns, { timeZone: p.timeZone, sheetName: source.sheetName });
    for await (const batch of source.batches()) {
      await writer.addRows(batch);
      done += batch.length;
      await repo.updatePayload(deps.db, jobId, { rowsDone: done, rowsTotal: Math.max(source.total, done) });
    }
    await writer.finish();
    await exportStorage(deps.config).putFile(exportKey(p), tmp);
  } finally {
    out.destroy();
    await rm(tmp, { force: true });
  }
  const finishedAt = new Date();
  await repo.updatePayload(deps.db, jobId, { rowsDone: done, rowsTotal: done, finishedAt: finishedAt.toISOString() });
  await repo.scheduleExpiry(deps.db, jobId, new Date(finishedAt.getTime() + KEEP_MS));
}

/** Removes an export's file once its time is up (the storage failing: the job is retried). */
async function expireJob(deps: ExportDeps, jobId: number): Promise<void> {
  const p = await repo.exportPayload(deps.db, jobId);
  if (!p) return;
  if (EXPORT_FORMATS.includes(p.format as ExportFormat) && /^[A-Za-z0-9_-]{16,64}$/.test(p.fileKey))
    await exportStorage(deps.config).delete(exportKey(p));
  await repo.updatePayload(deps.db, jobId, { expired: true });
}

/** Registers the export jobs with the app's job runner (app.ts). */
export function registerExportJobs(runner: JobRunner, deps: ExportDeps): void {
  runner.register(
    repo.EXPORT_JOB,
    // A failure is logged and retried by the runner (a few times, then `failed`).
    async (payload, ctx) => buildJob(deps, ctx.jobId, payload as unknown as ExportPayload),
    // A large XLSX may take a while; another instance takes over only after this.
    { lockMs: 15 * 60_000 },
  );
  runner.register(repo.EXPORT_EXPIRE_JOB, async (payload) => {
    const jobId = Number(payload.jobId);
    if (Number.isSafeInteger(jobId)) await expireJob(deps, jobId);
  });
}
