import { csvField } from '../../../lib/csv.ts';
import { currencyDigits, minorToString, paymentStatusLabelKey, type Language, type Order } from '@bookla/shared';
import type { DbOrTx } from '../../../db/client.ts';
import { translate } from '../../../lib/i18n.ts';
import * as repo from './order-admin.repo.ts';
import { loadOrders } from './order-view.ts';

/**
 * The selected orders as CSV (`GET /api/orders/export?ids=…&format=csv`): one row per order,
 * headers and status labels in the request's language, times in the company's time zone,
 * amounts with a dot and the currency beside them. UTF-8 with a byte order mark, so spreadsheet
 * programs read umlauts right. Another team's ids are simply left out.
 */

/** `2026-03-01 10:00` in the time zone (sortable, what spreadsheets read as a date and time). */
function localTime(iso: string | null, timeZone: string): string | null {
  if (!iso) return null;
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

const COLUMNS = [
  'number',
  'created_at',
  'paid_at',
  'payment_status',
  'payment_type',
  'company',
  'firstname',
  'lastname',
  'email',
  'phone',
  'items',
  'participants',
  'discount_code',
  'discount',
  'tax',
  'total',
  'refunded',
  'currency',
] as const;

function row(o: Order, refundedMinor: number, lang: Language, timeZone: string): (string | number | null)[] {
  const amount = (n: number) => n.toFixed(currencyDigits(o.currency));
  const statusKey = paymentStatusLabelKey(o.payment_status, o.paid_at);
  const participants = o.order_items.flatMap((i) => i.participants.map((p) => `${p.firstname} ${p.lastname}`.trim()));
  const values: Record<(typeof COLUMNS)[number], string | number | null> = {
    number: o.number,
    created_at: localTime(o.created_at, timeZone),
    paid_at: localTime(o.paid_at, timeZone),
    payment_status: statusKey.startsWith('status.') ? translate(lang, `orders:${statusKey}`) : statusKey,
    payment_type: translate(lang, `orders:payment_type.${o.payment_type}`),
    company: o.company,
    firstname: o.firstname,
    lastname: o.lastname,
    email: o.email,
    phone: o.phone,
    items: o.order_items.map((i) => `${i.quantity} × ${i.name}`).join('; '),
    participants: participants.join('; '),
    discount_code: o.discount_code,
    discount: amount(o.discount_total),
    tax: amount(o.tax_total),
    total: amount(o.total),
    refunded: minorToString(refundedMinor, o.currency),
    currency: o.currency,
  };
  return COLUMNS.map((c) => values[c]);
}

export async function exportOrdersCsv(
  db: DbOrTx,
  team: { id: number; timeZone: string },
  ids: readonly number[],
  lang: Language,
): Promise<string> {
  const unique = [...new Set(ids)].sort((a, b) => b - a);
  const [orders, refunded] = await Promise.all([loadOrders(db, team.id, unique, lang), repo.refundedOf(db, team.id, unique)]);
  const lines = [COLUMNS.map((c) => csvField(translate(lang, `orders:export.${c}`)))];
  for (const o of orders) lines.push(row(o, refunded.get(o.id) ?? 0, lang, team.timeZone).map((v) => csvField(v)));
  return `\uFEFF${lines.map((l) => l.join(',')).join('\r\n')}\r\n`;
}
