import type { Language, StatisticsReport, StatisticsTable } from '@bookla/shared';
import { csvField } from '../../../lib/csv.ts';
import { translate } from '../../../lib/i18n.ts';

/**
 * One table of the statistics page as CSV: RFC 4180 (comma, CRLF, quotes doubled), UTF-8 with a
 * byte-order mark so spreadsheet programs read umlauts right, headers in the request's language,
 * amounts as decimal numbers with a dot. Text that a spreadsheet would run as a formula (`=`, `+`,
 * `-`, `@`, tab, carriage return first) gets a leading `'` (OWASP "CSV injection"): activity
 * names and discount codes are typed by staff, but a formula must stay text.
 */

type Row = (string | number)[];

/** Columns holding amounts: their header names the currency. */
const MONEY = new Set(['sales_all', 'sales', 'refunds', 'discounts', 'platform_fees', 'discount_total']);

function table(report: StatisticsReport, name: StatisticsTable, h: (key: string) => string): { header: string[]; rows: Row[] } {
  switch (name) {
    case 'series':
      return {
        header: [
          h('period'),
          h('orders'),
          h('participants'),
          h('products_sold'),
          h('sales_all'),
          h('sales'),
          h('refunds'),
          h('discounts'),
          h('platform_fees'),
        ],
        rows: report.series.map((p) => [
          p.period,
          p.orders,
          p.participants,
          p.products_sold,
          p.sales_all,
          p.sales,
          p.refunds,
          p.discounts,
          p.platform_fees,
        ]),
      };
    case 'activities':
      return {
        header: [h('activity_id'), h('activity'), h('orders'), h('participants'), h('participants_booked'), h('sales')],
        rows: report.activities.map((a) => [a.activity_id ?? '', a.name, a.orders, a.participants, a.participants_booked, a.sales]),
      };
    case 'tickets':
      return {
        header: [h('ticket_id'), h('ticket'), h('activity'), h('participants'), h('sales')],
        rows: report.tickets.map((t) => [t.ticket_id ?? '', t.name, t.activity_name, t.participants, t.sales]),
      };
    case 'payment_types':
      return {
        header: [h('payment_type'), h('orders'), h('sales')],
        rows: report.payment_types.map((p) => [h(`payment_types.${p.payment_type}`), p.orders, p.sales]),
      };
    case 'discounts':
      return {
        header: [h('code'), h('orders'), h('discount_total'), h('sales')],
        rows: report.discounts.map((d) => [d.code, d.orders, d.discount_total, d.sales]),
      };
  }
}

export function statisticsCsv(report: StatisticsReport, name: StatisticsTable, lang: Language): { filename: string; body: string } {
  const h = (key: string) => {
    const full = `statistics:csv.${key}`;
    const text = translate(lang, full);
    // An unknown payment type has no label: show it as stored.
    return text === full ? key.replace(/^payment_types\./, '') : text;
  };
  const { header, rows } = table(report, name, (key) => (MONEY.has(key) ? `${h(key)} (${report.currency})` : h(key)));
  const lines = [header, ...rows].map((r) => r.map((v) => csvField(v)).join(','));
  return {
    filename: `statistics-${name}-${report.from}-${report.to}.csv`,
    body: `\uFEFF${lines.join('\r\n')}\r\n`,
  };
}
