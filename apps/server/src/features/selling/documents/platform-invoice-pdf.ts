import { bpToPercent, minorToDecimal, PLATFORM_TIME_ZONE, type Language, type Plan, type PlatformInvoiceLine } from '@bookla/shared';
import { compactIban, formatIban, isQrIban, isSwissIban } from '@bookla/shared/iban';
import { SwissQRBill } from 'swissqrbill/pdf';
import type { Data as QrBillData } from 'swissqrbill/types';
import type { Config } from '../../../config/env.ts';
import { translate } from '../../../lib/i18n.ts';
import { dateLocaleOf, formatDate, formatMoney, formatRate } from './format.ts';
import { formatReference, qrReference } from './payment-reference.ts';
import { createPdf, LETTER, pageWriters } from './pdf.ts';
import { FONT, pdfText } from './pdf-fonts.ts';
import { createQrBill, fitField, qrText, splitStreet } from './qr-bill.ts';

/**
 * The platform's monthly invoice to a team (CONTRACT §6, features/platform/invoices), A4, in the
 * reader's language. The platform issues it (PLATFORM_NAME, PLATFORM_ADDRESS, PLATFORM_VAT_ID);
 * the team is the recipient, both as they were when it was issued. Lines are data
 * (platformInvoiceLineSchema) worded here: the monthly fee, the fees per day of sales, the fee
 * credits per day of refunds; amounts are net, VAT is added on the subtotal when the platform
 * has a VAT id. An open invoice in CHF or EUR to a Swiss IBAN ends with a QR-bill paying
 * PLATFORM_IBAN with the invoice number as its (unstructured) message; with a QR-IBAN it carries a
 * QR reference made of the number's digits instead. Other currencies: the account is written out.
 */

export interface PlatformInvoiceParty {
  name: string;
  address: string[];
  vat_id?: string | null;
  iban?: string | null;
}

export interface PlatformInvoiceDocument {
  number: string;
  month: string;
  currency: string;
  /** When it was issued (ISO). */
  issuedAt: string;
  /** YYYY-MM-DD */
  dueAt: string;
  paidAt: string | null;
  lines: PlatformInvoiceLine[];
  subtotalMinor: number;
  vatRateBp: number;
  vatMinor: number;
  totalMinor: number;
  issuer: PlatformInvoiceParty;
  recipient: PlatformInvoiceParty;
  /** The team's id (customer number). */
  teamId: number;
}

const { W, H, ML, MR, TOP, BOTTOM, INK, MUTED, RULE } = LETTER;

export const platformInvoiceFileName = (number: string) => `invoice-${number}.pdf`;

/** A country code as the last address line ("CH"), else none. */
const countryLine = (line: string | undefined) => (line && /^[A-Za-z]{2}$/.test(line.trim()) ? line.trim().toUpperCase() : undefined);

/** The structured address of a party's printed lines: street, "8001 Zürich", country code. */
export function structuredAddress(
  lines: string[],
): { street: string; building?: string; zip: string; city: string; country: string } | undefined {
  const rest = [...lines];
  const country = countryLine(rest[rest.length - 1]) ?? 'CH';
  if (countryLine(rest[rest.length - 1])) rest.pop();
  const townAt = rest.findIndex((l) => /^(?:[A-Z]{1,2}-)?\d{4,5}\s+\S/.test(l.trim()));
  if (townAt < 1) return undefined;
  const m = /^(?:[A-Z]{1,2}-)?(\d{4,5})\s+(.+)$/.exec(rest[townAt]!.trim())!;
  const { street, building } = splitStreet(qrText(rest[townAt - 1]!));
  return { street, ...(building && building.length <= 16 ? { building } : {}), zip: m[1]!, city: m[2]!, country };
}

/** The QR-bill data of an open platform invoice, or undefined when it cannot carry one. */
export function platformQrBillData(doc: PlatformInvoiceDocument, message: string): QrBillData | undefined {
  const iban = doc.issuer.iban ? compactIban(doc.issuer.iban) : undefined;
  if (!iban || !isSwissIban(iban)) return undefined;
  if (doc.currency !== 'CHF' && doc.currency !== 'EUR') return undefined;
  if (doc.totalMinor <= 0) return undefined;
  const address = structuredAddress(doc.issuer.address);
  if (!address) return undefined;
  const digits = Number(doc.number.replace(/\D/g, ''));
  return {
    currency: doc.currency,
    amount: minorToDecimal(doc.totalMinor, doc.currency),
    creditor: {
      account: iban,
      name: fitField(qrText(doc.issuer.name), 70),
      address: fitField(qrText(address.street), 70),
      ...(address.building ? { buildingNumber: address.building } : {}),
      zip: fitField(qrText(address.zip), 16),
      city: fitField(qrText(address.city), 35),
      country: address.country,
    },
    ...(isQrIban(iban) ? { reference: qrReference(digits) } : {}),
    message: fitField(qrText(message), 140),
  };
}

/** `YYYY-MM-DD` (a day of the platform's calendar) → a Date at its noon, for the date formatters. */
const dayDate = (day: string) => new Date(`${day}T12:00:00Z`);

export function planName(lang: Language, plan: Plan): string {
  return translate(lang, `platform:plans.${plan}`);
}

/** "May 2026" in the language. */
export function monthName(lang: Language, month: string): string {
  const locale = lang === 'fr' ? 'fr-CH' : lang === 'en' ? 'en-GB' : 'de-CH';
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T12:00:00Z`));
}

export async function renderPlatformInvoicePdf(
  inv: PlatformInvoiceDocument,
  lang: Language,
  config: Pick<Config, 'appName'>,
  opts: { compress?: boolean } = {},
): Promise<Buffer> {
  const dates = dateLocaleOf(lang, 'CH');
  const tz = PLATFORM_TIME_ZONE;
  const cur = inv.currency;
  const tr = (key: string, params?: Record<string, unknown>) => translate(lang, `platform:${key}`, params);
  const t = (key: string, params?: Record<string, unknown>) => pdfText(tr(key, params));
  const money = (minor: number) => (minor < 0 ? `−${formatMoney(-minor, cur, lang)}` : formatMoney(minor, cur, lang));
  const day = (d: string) => formatDate(dayDate(d), dates, tz);
  const title = t('invoice.title');
  const { doc, finish } = createPdf({
    size: 'A4',
    title: `${title} ${inv.number} – ${pdfText(inv.issuer.name)}`,
    author: pdfText(inv.issuer.name),
    creator: config.appName,
    lang,
    compress: opts.compress,
  });
  doc.addPage({ size: 'A4', margin: 0 });

  const { text, rule } = pageWriters(doc, { left: ML, right: W - MR, ink: INK, rule: RULE });

  // ── Issuer right, recipient left, facts. ─────────────────────────────────
  const right = { width: 220, align: 'right' as const };
  let iy = text(inv.issuer.name, W - MR - 220, TOP, { ...right, font: FONT.bold, size: 11 });
  iy = text(inv.issuer.address.join('\n'), W - MR - 220, iy + 2, { ...right, size: 9, color: MUTED });
  if (inv.issuer.vat_id)
    iy = text(`${t('invoice.vat_number')} ${inv.issuer.vat_id}`, W - MR - 220, iy + 2, { ...right, size: 9, color: MUTED });
  let y = Math.max(iy, TOP + 40) + 36;
  const cy = text([inv.recipient.name, ...inv.recipient.address].join('\n'), ML, y, { width: 250, size: 10 });
  const facts: [string, string][] = [
    [t('invoice.number'), inv.number],
    [t('invoice.date'), formatDate(new Date(inv.issuedAt), dates, tz)],
    [t('invoice.period'), monthName(lang, inv.month)],
    [t('invoice.customer_no'), String(inv.teamId)],
  ];
  if (inv.totalMinor > 0) facts.push([t('invoice.due'), day(inv.dueAt)]);
  let fy = y;
  for (const [label, value] of facts) {
    text(label, W - MR - 230, fy, { width: 110, size: 9, color: MUTED });
    fy = text(value, W - MR - 120, fy, { width: 120, size: 9, align: 'right' }) + 2;
  }
  y = Math.max(cy, fy) + 30;
  y = text(`${title} ${inv.number}`, ML, y, { width: W - ML - MR, font: FONT.bold, size: 17 }) + 14;

  // ── Lines. ───────────────────────────────────────────────────────────────
  const cols = { desc: ML, descW: 340, amount: W - MR - 110, amountW: 110 };
  const header = () => {
    text(t('invoice.description'), cols.desc, y, { width: cols.descW, font: FONT.bold, size: 8.5, color: MUTED });
    text(t('invoice.amount'), cols.amount, y, { width: cols.amountW, font: FONT.bold, size: 8.5, color: MUTED, align: 'right' });
    y += 14;
    rule(y - 3, '#888888');
  };
  const ensure = (height: number) => {
    if (y + height <= H - BOTTOM) return;
    doc.addPage({ size: 'A4', margin: 0 });
    y = TOP;
    header();
  };
  const row = (desc: string, detail: string | undefined, amountMinor: number) => {
    ensure(detail ? 28 : 18);
    const top = y;
    let dy = text(desc, cols.desc, top, { width: cols.descW, size: 9.5 });
    if (detail) dy = text(detail, cols.desc, dy + 1, { width: cols.descW, size: 8, color: MUTED });
    text(money(amountMinor), cols.amount, top, { width: cols.amountW, align: 'right' });
    y = dy + 6;
  };
  header();
  for (const line of inv.lines) {
    if (line.kind === 'monthly_fee')
      row(
        t('invoice.monthly_fee', { plan: planName(lang, line.plan), days: line.days, days_in_month: line.days_in_month }),
        undefined,
        line.amount_minor,
      );
    else if (line.kind === 'sale_fees')
      row(
        t('invoice.sale_fees', { date: day(line.date) }),
        t('invoice.sale_fees_detail', { count: line.sales, volume: formatMoney(line.volume_minor, cur, lang) }),
        line.amount_minor,
      );
    else
      row(
        t('invoice.refund_credit', { date: day(line.date) }),
        t('invoice.refund_credit_detail', { count: line.refunds }),
        line.amount_minor,
      );
  }

  // ── Totals. ──────────────────────────────────────────────────────────────
  const sumRow = (label: string, amount: string, bold = false) => {
    ensure(16);
    const o = { font: bold ? FONT.bold : FONT.regular, size: bold ? 10.5 : 9.5 };
    text(label, cols.amount - 200, y, { width: 200, ...o });
    y = text(amount, cols.amount, y, { width: cols.amountW, align: 'right', ...o }) + 4;
  };
  ensure(20);
  rule(y, '#888888');
  y += 6;
  sumRow(t('invoice.subtotal'), money(inv.subtotalMinor));
  if (inv.vatRateBp > 0) sumRow(t('invoice.vat', { rate: formatRate(bpToPercent(inv.vatRateBp), lang) }), money(inv.vatMinor));
  sumRow(t('invoice.total'), money(inv.totalMinor), true);
  if (inv.vatRateBp === 0) y = text(t('invoice.no_vat'), cols.amount - 200, y, { width: 310, size: 8.5, color: MUTED }) + 2;
  y += 18;

  // ── How to pay. ──────────────────────────────────────────────────────────
  const note = (value: string) => {
    doc.font(FONT.regular).fontSize(9.5);
    ensure(doc.heightOfString(pdfText(value), { width: W - ML - MR }) + 6);
    y = text(value, ML, y, { width: W - ML - MR, size: 9.5 }) + 6;
  };
  const total = money(inv.totalMinor);
  let qrBill: SwissQRBill | undefined;
  if (inv.paidAt) note(t('invoice.paid_note', { date: formatDate(new Date(inv.paidAt), dates, tz) }));
  else if (inv.totalMinor < 0) note(t('invoice.credit_note', { total: money(-inv.totalMinor) }));
  else if (inv.totalMinor > 0) {
    const message = tr('invoice.message', { number: inv.number });
    const data = platformQrBillData(inv, message);
    if (data) {
      try {
        qrBill = createQrBill(data, lang);
      } catch {
        qrBill = undefined;
      }
    }
    if (qrBill) note(t('invoice.pay_qr', { total, due: day(inv.dueAt) }));
    else if (inv.issuer.iban) {
      note(t('invoice.pay_transfer', { total, due: day(inv.dueAt) }));
      const reference = data?.reference;
      note(
        [
          `${t('invoice.account_holder')}: ${inv.issuer.name}`,
          `IBAN: ${formatIban(inv.issuer.iban)}`,
          `${t('invoice.reference')}: ${reference ? formatReference(reference) : message}`,
        ].join('\n'),
      );
    }
  }
  if (qrBill) {
    const top = H - SwissQRBill.height;
    doc.y = y;
    if (y + 12 > top) {
      doc.addPage({ size: 'A4', margin: 0 });
      text(t('invoice.payment_part_for', { number: inv.number }), ML, TOP, { width: W - ML - MR, font: FONT.bold, size: 11 });
      doc.y = TOP + 30;
    }
    qrBill.attachTo(doc, 0, top);
  }
  return finish();
}
