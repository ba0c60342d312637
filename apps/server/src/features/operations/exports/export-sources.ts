import {
  ownValue,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUS_VALUES,
  paymentStatusLabelKey,
  type ExportType,
  type Language,
  type PaymentProvider,
  type PaymentStatus,
  type Permission,
  type Role,
} from '@bookla/shared';
import type { DbOrTx } from '../../../db/client.ts';
import { translate } from '../../../lib/i18n.ts';
import {
  additionalSalesFilters,
  additionalSalesRows,
  additionalSalesTotals,
  answeredFieldIdsOf,
  answerFields,
  answerText,
  countParticipants,
  fieldLabel,
  participantBatch,
  participantFilters,
  readFilters,
  type AnswerField,
} from '../customers/index.ts';
import { membersExportSource } from '../../selling/subscriptions/index.ts';
import { waitingListExportSource } from '../../selling/waitinglist/index.ts';
import { countOrders, orderBatch, type OrderExportFilters } from './orders-export.repo.ts';
import type { Cell, ExportColumn } from './sheet-writers.ts';

/**
 * What each export reads: its permission, columns (headers in the export's language), row count
 * and rows in batches. The filters are those of the screen the export comes from; malformed ones
 * answer 422 when the export is asked for, before anything runs.
 */

/** Who asks, in which company (an instructor's participants are limited to their activities). */
export interface ExportViewer {
  teamId: number;
  userId: number;
  role: Role;
  timeZone: string;
  currency: string;
}

export interface ExportQuery {
  type: ExportType;
  columnFilters: Record<string, string>;
  ids?: number[];
  lang: Language;
}

export interface ExportSource {
  columns: ExportColumn[];
  sheetName: string;
  total: number;
  /** Batches of rows, in the columns' order. */
  batches(): AsyncGenerator<Cell[][]>;
}

export const EXPORT_PERMISSIONS: Record<ExportType, Permission> = {
  orders: 'nav.orders',
  participants: 'nav.customers.participant',
  additional_sales: 'nav.orders',
  waiting_list: 'nav.customers.waitinglist',
  subscription_members: 'nav.subscriptions',
};

const BATCH = 500;

const label = (lang: Language, key: string) => translate(lang, `exports:${key}`);
const col = (lang: Language, key: string, kind: ExportColumn['kind'] = 'text', width?: number): ExportColumn => ({
  header: label(lang, `columns.${key}`),
  kind,
  width,
});
const statusLabel = (lang: Language, status: string, paidAt: Date | null) => {
  const key = paymentStatusLabelKey(status, paidAt ? paidAt.toISOString() : null);
  return key.startsWith('status.') ? label(lang, key) : status;
};

/** `a,b` → the known values among them; only unknown values: none (match nothing). */
function listFilter<T extends string>(raw: string | undefined, known: readonly T[]): T[] | undefined {
  if (!raw?.trim()) return undefined;
  const wanted = raw.split(',').map((s) => s.trim().toLowerCase());
  return known.filter((v) => wanted.includes(v));
}

/**
 * The orders screen's `columnFilters` (as `GET /api/orders` reads them): `payment_status` and
 * `payment_type` (one or several, comma separated), `search` (number, name, e-mail, company),
 * `number`, `name` (customer, company or participant), `email` (customer or participant),
 * `activity_id`, `created_from`/`created_to` (order date in the team's zone, both included).
 */
export function orderFilters(columnFilters: Record<string, string>, ids: number[] | undefined, timeZone: string): OrderExportFilters {
  const read = readFilters(columnFilters);
  const range = read.dateRange(timeZone, 'created_from', 'created_to');
  const number = read.search('number')?.replace(/^#\s*/, '');
  if (number && !/^\d{1,9}$/.test(number)) read.fail('number', 'number');
  const filters = {
    statuses: listFilter<PaymentStatus>(columnFilters.payment_status, PAYMENT_STATUS_VALUES),
    paymentTypes: listFilter<PaymentProvider>(columnFilters.payment_type, PAYMENT_PROVIDERS),
    search: read.search(),
    number: number && /^\d{1,9}$/.test(number) ? Number(number) : undefined,
    name: read.search('name'),
    email: read.search('email'),
    activityId: read.id('activity_id'),
    from: range.from,
    until: range.until,
    ids: ids ? [...new Set(ids)] : undefined,
  };
  read.done();
  return filters;
}

async function ordersSource(db: DbOrTx, viewer: ExportViewer, q: ExportQuery): Promise<ExportSource> {
  const f = orderFilters(q.columnFilters, q.ids, viewer.timeZone);
  const { lang } = q;
  const columns = [
    col(lang, 'number', 'integer', 10),
    col(lang, 'created_at', 'datetime'),
    col(lang, 'paid_at', 'datetime'),
    col(lang, 'payment_status', 'text', 18),
    col(lang, 'payment_type', 'text', 16),
    col(lang, 'company'),
    col(lang, 'firstname', 'text', 16),
    col(lang, 'lastname', 'text', 16),
    col(lang, 'email', 'text', 28),
    col(lang, 'phone', 'text', 16),
    col(lang, 'language', 'text', 8),
    col(lang, 'tickets', 'text', 40),
    col(lang, 'products', 'text', 30),
    col(lang, 'discount_code', 'text', 14),
    col(lang, 'subtotal', 'money'),
    col(lang, 'discount_total', 'money'),
    col(lang, 'tax_total', 'money'),
    col(lang, 'total', 'money'),
    col(lang, 'refunded', 'money'),
    col(lang, 'currency', 'text', 8),
  ];
  return {
    columns,
    sheetName: label(lang, 'sheets.orders'),
    total: await countOrders(db, viewer.teamId, f),
    async *batches() {
      let before: number | null = null;
      for (;;) {
        const rows = await orderBatch(db, viewer.teamId, f, before, BATCH, lang);
        if (!rows.length) return;
        before = rows.at(-1)!.id;
        yield rows.map((o) => {
          const money = (minor: number) => ({ minor, currency: o.currency });
          return [
            o.number,
            o.createdAt,
            o.paidAt,
            statusLabel(lang, o.paymentStatus, o.paidAt),
            label(lang, `payment_types.${o.paymentType}`),
            o.company,
            o.firstname,
            o.lastname,
            o.email,
            o.phone,
            o.language,
            o.tickets,
            o.products,
            o.discountCode,
            money(o.subtotalMinor),
            money(o.discountTotalMinor),
            money(o.taxTotalMinor),
            money(o.totalMinor),
            money(o.refundedMinor),
            o.currency,
          ];
        });
        if (rows.length < BATCH) return;
      }
    },
  };
}

async function participantsSource(db: DbOrTx, viewer: ExportViewer, q: ExportQuery): Promise<ExportSource> {
  const f = participantFilters(q.columnFilters, viewer);
  const { lang } = q;
  const [total, fieldIds] = await Promise.all([countParticipants(db, viewer.teamId, f), answeredFieldIdsOf(db, viewer.teamId, f)]);
  const fields = await answerFields(db, viewer.teamId, fieldIds);
  // Answer columns in the fields' order; fields deleted since come last.
  const answerIds = [...fieldIds].sort((a, b) => (fields.get(a)?.sort ?? 1e9) - (fields.get(b)?.sort ?? 1e9) || a - b);
  const columns = [
    col(lang, 'activity', 'text', 30),
    col(lang, 'session', 'datetime'),
    col(lang, 'ticket', 'text', 20),
    col(lang, 'lastname', 'text', 16),
    col(lang, 'firstname', 'text', 16),
    col(lang, 'email', 'text', 28),
    col(lang, 'buyer', 'text', 22),
    col(lang, 'buyer_email', 'text', 28),
    col(lang, 'order_number', 'integer', 10),
    col(lang, 'payment_status', 'text', 18),
    col(lang, 'paid_at', 'datetime'),
    col(lang, 'checked_in_at', 'datetime'),
    ...answerIds.map((id): ExportColumn => ({ header: fieldLabel(fields.get(id), id, lang), kind: 'text', width: 20 })),
  ];
  const answer = (field: AnswerField | undefined, own: Record<string, unknown>, ofOrder: Record<string, unknown>, id: number) => {
    const value = ownValue(own, String(id)) ?? ownValue(ofOrder, String(id));
    return answerText(field, value, lang) || null;
  };
  return {
    columns,
    sheetName: label(lang, 'sheets.participants'),
    total,
    async *batches() {
      let before: number | null = null;
      for (;;) {
        const rows = await participantBatch(db, viewer.teamId, f, before, BATCH, lang);
        if (!rows.length) return;
        before = rows.at(-1)!.id;
        yield rows.map((p) => [
          p.activityName,
          p.sessionStartsAt,
          p.ticketName,
          p.lastname,
          p.firstname,
          p.email,
          `${p.buyerFirstname} ${p.buyerLastname}`.trim(),
          p.buyerEmail,
          p.orderNumber,
          statusLabel(lang, p.paymentStatus, p.paidAt),
          p.paidAt,
          p.checkedInAt,
          ...answerIds.map((id) => answer(fields.get(id), p.answers, p.orderAnswers, id)),
        ]);
        if (rows.length < BATCH) return;
      }
    },
  };
}

async function additionalSalesSource(db: DbOrTx, viewer: ExportViewer, q: ExportQuery): Promise<ExportSource> {
  const f = additionalSalesFilters(q.columnFilters, viewer.timeZone);
  const { lang } = q;
  const sums = await additionalSalesTotals(db, viewer.teamId, f, lang);
  const columns = [
    col(lang, 'product', 'text', 30),
    col(lang, 'activity', 'text', 30),
    col(lang, 'quantity', 'integer'),
    col(lang, 'order_count', 'integer'),
    col(lang, 'revenue', 'money'),
    col(lang, 'tax', 'money'),
    col(lang, 'currency', 'text', 8),
  ];
  return {
    columns,
    sheetName: label(lang, 'sheets.additional_sales'),
    // The rows and one totals row per currency.
    total: sums.rows + sums.totals.length,
    async *batches() {
      for (let offset = 0; offset < sums.rows; offset += BATCH) {
        const rows = await additionalSalesRows(
          db,
          viewer.teamId,
          f,
          { sort: { field: 'revenue', type: 'desc' }, limit: BATCH, offset },
          lang,
        );
        if (!rows.length) break;
        yield rows.map((r) => [
          r.productName,
          r.activityName,
          r.quantity,
          r.orderCount,
          { minor: r.revenueMinor, currency: r.currency },
          { minor: r.taxMinor, currency: r.currency },
          r.currency,
        ]);
      }
      yield sums.totals.map((t) => [
        label(lang, 'columns.total_row'),
        null,
        t.quantity,
        null,
        { minor: t.revenueMinor, currency: t.currency },
        { minor: t.taxMinor, currency: t.currency },
        t.currency,
      ]);
    },
  };
}

const SOURCES: Record<ExportType, (db: DbOrTx, viewer: ExportViewer, q: ExportQuery) => Promise<ExportSource>> = {
  orders: ordersSource,
  participants: participantsSource,
  additional_sales: additionalSalesSource,
  waiting_list: (db, viewer, q) => waitingListExportSource(db, viewer.teamId, q.columnFilters, q.lang),
  subscription_members: (db, viewer, q) => membersExportSource(db, viewer.teamId, q.columnFilters, q.lang),
};

export function exportSource(db: DbOrTx, viewer: ExportViewer, q: ExportQuery): Promise<ExportSource> {
  return SOURCES[q.type](db, viewer, q);
}
