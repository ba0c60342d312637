import { PassThrough } from 'node:stream';
import {
  BEXIO_STATUSES,
  minorToDecimal,
  PLATFORM_INVOICE_STATUSES,
  PLATFORM_TIME_ZONE,
  type Language,
  type PlatformInvoice,
  type PlatformStatistics,
  type TeamPlatformInvoice,
} from '@bookla/shared';
import { toZonedIso, toZonedIsoOrNull } from '@bookla/shared/zoned-time';
import type { Config } from '../../../config/env.ts';
import type { Db } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { translate } from '../../../lib/i18n.ts';
import { createSheetWriter, type ExportColumn } from '../../operations/exports/index.ts';
import { platformInvoiceFileName, type DocumentRenderer } from '../../selling/documents/index.ts';
import { invoiceDocument, renderInvoicePdf } from './invoice-mail.ts';
import * as repo from './invoices.repo.ts';
import { monthWindow, platformMonth, previousMonth } from './statement.ts';

/** The platform invoices for internal staff and for the teams' Billing tab (CONTRACT §6). */

const tz = PLATFORM_TIME_ZONE;
const iso = (v: Date | string) => toZonedIso(typeof v === 'string' ? new Date(v) : v, tz);

export function toStaffItem(r: repo.InvoiceListRow): PlatformInvoice {
  return {
    id: r.id,
    team: { id: r.team_id, name: r.team_name },
    month: r.month,
    number: r.number,
    total: minorToDecimal(r.total_minor, r.currency),
    currency: r.currency,
    status: r.status,
    bexio_status: r.bexio_status,
    ...(r.bexio_id !== null ? { bexio_id: r.bexio_id } : {}),
    ...(r.bexio_error ? { bexio_error: r.bexio_error } : {}),
    created_at: iso(r.created_at),
    pdf_url: `/api/platform/invoices/${r.id}/pdf`,
  };
}

export function toTeamItem(r: repo.InvoiceListRow): TeamPlatformInvoice {
  return {
    id: r.id,
    month: r.month,
    number: r.number,
    subtotal: minorToDecimal(r.subtotal_minor, r.currency),
    vat: minorToDecimal(r.vat_minor, r.currency),
    total: minorToDecimal(r.total_minor, r.currency),
    currency: r.currency,
    status: r.status,
    due_at: r.due_at,
    paid_at: toZonedIsoOrNull(r.paid_at === null ? null : new Date(r.paid_at), tz),
    created_at: iso(r.created_at),
    pdf_url: `/api/team/platform-invoices/${r.id}/pdf`,
  };
}

/** A comma-separated filter → its allowed values (only unknown ones: matches nothing). */
function oneOf(raw: string | undefined, allowed: readonly string[]): string[] | undefined {
  if (!raw?.trim()) return undefined;
  return raw
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => allowed.includes(s));
}

/** `columnFilters` of the staff list: team (name part or id), month, bexio_status, status. */
export function filtersOf(columnFilters: Record<string, string>): repo.InvoiceFilters {
  const month = columnFilters.month?.trim();
  return {
    team: columnFilters.team?.trim() || undefined,
    month: month && /^\d{4}-\d{2}$/.test(month) ? month : month ? '0000-00' : undefined,
    bexioStatus: oneOf(columnFilters.bexio_status, BEXIO_STATUSES),
    status: oneOf(columnFilters.status, PLATFORM_INVOICE_STATUSES),
  };
}

export interface ListInput {
  page: number;
  perPage: number;
  sort: { field: repo.InvoiceSortField; type: 'asc' | 'desc' };
  columnFilters: Record<string, string>;
}

export async function listStaffInvoices(db: Db, q: ListInput): Promise<{ rows: PlatformInvoice[]; total: number }> {
  const { rows, total } = await repo.listInvoices(db, filtersOf(q.columnFilters), q);
  return { rows: rows.map(toStaffItem), total };
}

export async function listTeamInvoices(db: Db, teamId: number, q: ListInput): Promise<{ rows: TeamPlatformInvoice[]; total: number }> {
  const { rows, total } = await repo.listInvoices(db, { ...filtersOf(q.columnFilters), teamId }, q);
  return { rows: rows.map(toTeamItem), total };
}

/** The invoice's PDF in `lang` (404: none, or not `teamId`'s when given). */
export async function invoicePdf(
  deps: { db: Db; pdf: DocumentRenderer; config: Pick<Config, 'appName'> },
  id: number,
  lang: Language,
  teamId?: number,
): Promise<{ filename: string; content: Buffer }> {
  const invoice = await invoiceDocument(deps.db, id, teamId);
  if (!invoice) throw notFound();
  return { filename: platformInvoiceFileName(invoice.number), content: await renderInvoicePdf(deps.pdf, deps.config, invoice, lang) };
}

/** Marks it paid (404 unknown, 409 already paid). */
export async function markInvoicePaid(db: Db, id: number, userId: number | null, now: Date): Promise<PlatformInvoice> {
  const result = await repo.markPaid(db, id, userId, now);
  if (result === 'missing') throw notFound();
  if (result === 'already') throw new AppError('CONFLICT', 'platform:errors.already_paid');
  return toStaffItem((await repo.invoiceById(db, id))!);
}

/** Fees per month and plan for the 12 months up to `now`'s, monthly fees invoiced, teams per plan today (CHF). */
export async function platformStatistics(db: Db, now: Date): Promise<PlatformStatistics> {
  const currency = 'CHF';
  const months: string[] = [platformMonth(now)];
  while (months.length < 12) months.unshift(previousMonth(months[0]!));
  const from = monthWindow(months[0]!).start;
  const [fees, monthly, teams] = await Promise.all([
    repo.feesPerMonthAndPlan(db, currency, from),
    repo.monthlyFeesPerMonth(db, currency, months[0]!),
    repo.teamsPerPlan(db, toZonedIso(now, tz).slice(0, 10)),
  ]);
  return {
    currency,
    months: months.map((month) => {
      const of = (plan: 'payg' | 'business') => fees.filter((f) => f.month === month && f.plan === plan).reduce((s, f) => s + f.fees, 0);
      return {
        month,
        fees: { payg: minorToDecimal(of('payg'), currency), business: minorToDecimal(of('business'), currency) },
        monthly: minorToDecimal(monthly.get(month) ?? 0, currency),
      };
    }),
    teams,
  };
}

/** The staff list (same filters) as a CSV or XLSX file, written in memory batch by batch. */
export async function exportInvoices(
  db: Db,
  columnFilters: Record<string, string>,
  format: 'csv' | 'xlsx',
  lang: Language,
): Promise<{ filename: string; content: Buffer; contentType: string }> {
  const h = (key: string) => translate(lang, `platform:export.${key}`);
  const columns: ExportColumn[] = [
    { header: h('number'), kind: 'text', width: 22 },
    { header: h('team_id'), kind: 'integer', width: 10 },
    { header: h('team'), kind: 'text', width: 30 },
    { header: h('month'), kind: 'text', width: 10 },
    { header: h('currency'), kind: 'text', width: 8 },
    { header: h('subtotal'), kind: 'money', width: 12 },
    { header: h('vat'), kind: 'money', width: 12 },
    { header: h('total'), kind: 'money', width: 12 },
    { header: h('status'), kind: 'text', width: 8 },
    { header: h('due'), kind: 'text', width: 12 },
    { header: h('paid_at'), kind: 'datetime', width: 18 },
    { header: h('bexio_status'), kind: 'text', width: 14 },
    { header: h('bexio_id'), kind: 'integer', width: 10 },
    { header: h('created_at'), kind: 'datetime', width: 18 },
  ];
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const writer = createSheetWriter(format, out, columns, { timeZone: tz, sheetName: h('sheet') });
  const filters = filtersOf(columnFilters);
  let after = 0;
  for (;;) {
    const batch = await repo.invoiceBatch(db, filters, after, 500);
    if (!batch.length) break;
    after = batch[batch.length - 1]!.id;
    await writer.addRows(
      batch.map((r) => [
        r.number,
        r.team_id,
        r.team_name,
        r.month,
        r.currency,
        { minor: r.subtotal_minor, currency: r.currency },
        { minor: r.vat_minor, currency: r.currency },
        { minor: r.total_minor, currency: r.currency },
        r.status,
        r.due_at,
        r.paid_at === null ? null : new Date(r.paid_at),
        r.bexio_status,
        r.bexio_id,
        new Date(r.created_at),
      ]),
    );
  }
  await writer.finish();
  await ended;
  return {
    filename: `platform-invoices.${format}`,
    content: Buffer.concat(chunks),
    contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  };
}
