import { creditNoteNumber, pickText, type ActivityKind, type Language, type PaymentProvider, type PaymentStatus } from '@bookla/shared';
import type { SessionDates } from './format.ts';

/**
 * What a document (tickets, invoice, receipt) or an order mail shows about an order: the
 * document's own model, built from the stored rows (document-context.ts reads them in one
 * statement), never from the API's `Order` reply. Money stays in minor units from the database
 * to the renderer, which formats it at the edge (format.ts `formatMoney`); tax rates stay in
 * basis points. Names are the ones copied at the time of sale, in the order's language.
 *
 * This module imports no feature code: the PDF worker (render-worker.ts) and the app's deps type
 * reach it, and nothing they reach may lead back into orders/ (decision 017).
 */

export interface DocumentOption {
  name: string;
  quantity: number;
  unit_price_minor: number;
  total_minor: number;
}

export interface DocumentParticipant {
  id: number;
  firstname: string;
  lastname: string;
  ticket_code: string;
}

export interface DocumentLine {
  id: number;
  activity_id: number | null;
  session_id: number | null;
  /** "Activity – Ticket" (the activity alone when the ticket has no name). */
  name: string;
  activity_name: string;
  ticket_name: string;
  quantity: number;
  unit_price_minor: number;
  total_minor: number;
  tax_rate_bp: number;
  options: DocumentOption[];
  participants: DocumentParticipant[];
}

export interface DocumentTax {
  rate_bp: number;
  tax_minor: number;
  gross_minor: number;
}

/** One refund step of the order (its `refunded` history entry), and so one credit note. */
export interface DocumentCreditNote {
  /** 1 for the order's first refund, 2 for the next…: the `{index}` of its URL. */
  index: number;
  /** "1042-1" (shared `creditNoteNumber`). */
  number: string;
  amount_minor: number;
  /** ISO timestamp of the refund. */
  created_at: string;
  /** The money went back online (to the card or TWINT, at the payment provider), not by hand. */
  online: boolean;
  /** Why, as recorded (`cancelled_by_staff`, `customer_cancellation`, staff's own words…), or null. */
  reason: string | null;
}

export interface DocumentOrder {
  id: number;
  number: number;
  /** ISO timestamps, as stored. */
  created_at: string;
  paid_at: string | null;
  hold_until: string | null;
  invoice_due_at: string | null;
  company: string | null;
  firstname: string;
  lastname: string;
  email: string;
  language: Language;
  currency: string;
  payment_type: PaymentProvider;
  payment_status: PaymentStatus;
  order_items: DocumentLine[];
  /** Products bought for the whole order (not for one line). */
  options: DocumentOption[];
  subtotal_minor: number;
  discount_code: string | null;
  discount_total_minor: number;
  tax_total_minor: number;
  /** VAT per rate above 0 over every line (tickets and products), highest rate first. */
  taxes: DocumentTax[];
  total_minor: number;
  refunded_minor: number;
  /** One per refund, oldest first. */
  credit_notes: DocumentCreditNote[];
}

export interface LineSchedule {
  kind: ActivityKind | null;
  /** One date (a drop-in or event ticket), or every scheduled date of the activity (a course ticket). */
  sessions: SessionDates[];
  /** Name and address lines ("Studio Nord", "Bahnhofstrasse 1", "8001 Zürich"). */
  location: string[] | null;
}

/** The issuing team as documents show it (billing address, logo, time zone). */
export interface DocumentTeamRow {
  id: number;
  name: string;
  logoPath: string | null;
  currency: string;
  timeZone: string;
  billingAddress: string;
  billingAddressLine2: string | null;
  billingCity: string;
  billingPostalCode: string;
  billingCountry: string;
  vatId: string | null;
}

export interface DocumentContext {
  order: DocumentOrder;
  /** What the order's links are built from (public id, link version; orders' order-links.ts). */
  link: { publicId: string; linkVersion: number };
  team: DocumentTeamRow;
  payment: { chargesVat: boolean; vatNumber: string | null; iban: string | null; qrIban: string | null };
  /** By order item id. */
  schedules: Map<number, LineSchedule>;
  /** The database's hash of everything above (see `loadDocumentHead`): the same order as stored gives the same digest. */
  digest: string;
}

/** A stored row as PostgreSQL's `to_jsonb` gives it: column names as keys, timestamps as text. */
export type JsonRow = Record<string, unknown>;

const num = (v: unknown): number => Number(v);
const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const strOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(String(v)).toISOString());
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const text = (v: unknown, lang: Language): string => pickText((v ?? {}) as Record<string, string>, lang);

/** Payment means a refund goes back to at the provider; anything else (`record`) is recorded or transferred by hand. */
const OFFLINE_REFUNDS = new Set(['record', 'invoice', 'manual', 'test', 'free']);

/**
 * The document model of an order from its stored rows (`to_jsonb` of `orders`, `order_items`,
 * `order_participants`, `order_products`), lines and participants in the given order, and its
 * refund steps (`refunded` history entries: amount, time, method, actor) oldest first.
 */
export function buildDocumentOrder(
  order: JsonRow,
  items: JsonRow[],
  participants: JsonRow[],
  products: JsonRow[],
  refunds: JsonRow[] = [],
): DocumentOrder {
  const lang = str(order.language) as Language;
  const option = (p: JsonRow): DocumentOption => ({
    name: text(p.name, lang),
    quantity: num(p.quantity),
    unit_price_minor: num(p.unit_price_minor),
    total_minor: num(p.total_minor),
  });
  const perRate = new Map<number, { tax: number; gross: number }>();
  for (const line of [...items, ...products]) {
    const rate = num(line.tax_rate_bp);
    const sum = perRate.get(rate) ?? { tax: 0, gross: 0 };
    sum.tax += num(line.tax_minor);
    sum.gross += num(line.total_minor);
    perRate.set(rate, sum);
  }
  return {
    id: num(order.id),
    number: num(order.number),
    created_at: new Date(str(order.created_at)).toISOString(),
    paid_at: isoOrNull(order.paid_at),
    hold_until: isoOrNull(order.hold_until),
    invoice_due_at: isoOrNull(order.invoice_due_at),
    company: strOrNull(order.company),
    firstname: str(order.firstname),
    lastname: str(order.lastname),
    email: str(order.email),
    language: lang,
    currency: str(order.currency),
    payment_type: str(order.payment_type) as PaymentProvider,
    payment_status: str(order.payment_status) as PaymentStatus,
    order_items: items.map((i) => {
      const activityName = text(i.activity_name, lang);
      const ticketName = text(i.ticket_name, lang);
      const id = num(i.id);
      return {
        id,
        activity_id: numOrNull(i.activity_id),
        session_id: numOrNull(i.session_id),
        name: ticketName ? `${activityName} – ${ticketName}` : activityName,
        activity_name: activityName,
        ticket_name: ticketName,
        quantity: num(i.quantity),
        unit_price_minor: num(i.unit_price_minor),
        total_minor: num(i.total_minor),
        tax_rate_bp: num(i.tax_rate_bp),
        options: products.filter((p) => numOrNull(p.order_item_id) === id).map(option),
        participants: participants
          .filter((p) => numOrNull(p.order_item_id) === id)
          .map((p) => ({ id: num(p.id), firstname: str(p.firstname), lastname: str(p.lastname), ticket_code: str(p.ticket_code) })),
      };
    }),
    options: products.filter((p) => p.order_item_id === null || p.order_item_id === undefined).map(option),
    subtotal_minor: num(order.subtotal_minor),
    discount_code: strOrNull(order.discount_code),
    discount_total_minor: num(order.discount_total_minor),
    tax_total_minor: num(order.tax_total_minor),
    taxes: [...perRate.entries()]
      .filter(([rate]) => rate > 0)
      .sort((a, b) => b[0] - a[0])
      .map(([rate, s]) => ({ rate_bp: rate, tax_minor: s.tax, gross_minor: s.gross })),
    total_minor: num(order.total_minor),
    refunded_minor: num(order.refunded_minor ?? 0),
    credit_notes: refunds.map((r, i) => ({
      index: i + 1,
      number: creditNoteNumber(num(order.number), i + 1),
      amount_minor: num(r.amount_minor ?? 0),
      created_at: new Date(str(r.created_at)).toISOString(),
      // A provider's webhook, or staff/customer refunds through the provider (`method` its name).
      online: r.actor === 'provider' || (typeof r.method === 'string' && !OFFLINE_REFUNDS.has(r.method)),
      reason: strOrNull(r.reason),
    })),
  };
}
