import { bpToPercent } from '@bookla/shared';
import { compactIban, formatIban, isQrIban, isSwissIban } from '@bookla/shared/iban';
import { SwissQRBill } from 'swissqrbill/pdf';
import type { Config } from '../../../config/env.ts';
import { translate } from '../../../lib/i18n.ts';
import type { DocumentContext } from './document-model.ts';
import { dateLocaleOf, formatDate, formatMoney, formatRate, sessionLines } from './format.ts';
import { formatReference, orderCreditorReference, qrReference } from './payment-reference.ts';
import { createPdf, drawIssuer, LETTER, pageWriters } from './pdf.ts';
import { FONT, pdfText } from './pdf-fonts.ts';
import { createQrBill, qrBillData } from './qr-bill.ts';

/**
 * Invoice and receipt of an order (A4), in the order's language. The team issues it (name,
 * billing address, VAT number when it charges VAT); the invoice number is the order number.
 * Lines: tickets (with their participants and dates), products, the discount, the total, and the
 * VAT each rate contains (Swiss prices include VAT: "inkl. 8.1 % MWST CHF 3.75").
 *
 * An open invoice of a team billing from CH/LI in CHF/EUR with an IBAN or a QR-IBAN ends with a
 * Swiss QR-bill payment part (at the bottom of the last page, or on a page of its own): with a
 * QR-IBAN a QR reference, with an ordinary IBAN a creditor reference (ISO 11649), both from the
 * order number, and "Rechnung 42" as message (qr-bill.ts: the data as the guidelines want it).
 * The customer's postal address is not asked at checkout, so the "payable by" field stays empty
 * for the payer to fill in, as the standard allows.
 * Without a usable account the invoice says how to pay instead. The receipt has no payment part.
 */

export type InvoiceKind = 'invoice' | 'receipt';

const { W, H, ML, MR, TOP, BOTTOM, INK, MUTED, RULE } = LETTER;

export function invoiceFileName(kind: InvoiceKind, number: number): string {
  return `${kind}-${number}.pdf`;
}

/** The payment details the invoice offers, or why there is no QR-bill. */
export interface PaymentPart {
  /** The account shown (QR-IBAN or IBAN, compact). */
  account: string;
  /** QR reference (with a QR-IBAN) or creditor reference (with an IBAN); undefined: none. */
  reference?: string;
  /** Whether a Swiss QR-bill can carry it (team in CH/LI, CHF/EUR, a Swiss account). */
  qrBill: boolean;
}

/** What an open invoice of the order asks the customer to pay to. */
export function paymentPart(ctx: DocumentContext): PaymentPart | undefined {
  const { team, payment, order } = ctx;
  const swissTeam = ['CH', 'LI'].includes(team.billingCountry.toUpperCase());
  const qrCurrency = order.currency === 'CHF' || order.currency === 'EUR';
  if (payment.qrIban && isQrIban(payment.qrIban)) {
    return { account: compactIban(payment.qrIban), reference: qrReference(order.number), qrBill: swissTeam && qrCurrency };
  }
  if (payment.iban) {
    const iban = compactIban(payment.iban);
    // An ordinary Swiss IBAN (not a QR-IBAN) may carry a creditor reference on a QR-bill.
    const swissAccount = isSwissIban(iban) && !isQrIban(iban);
    return { account: iban, reference: orderCreditorReference(order.number), qrBill: swissTeam && qrCurrency && swissAccount };
  }
  return undefined;
}

export async function renderInvoicePdf(
  ctx: DocumentContext,
  kind: InvoiceKind,
  config: Pick<Config, 'appName'>,
  opts: { logo?: Buffer; compress?: boolean } = {},
): Promise<Buffer> {
  const { order, team, payment } = ctx;
  const lang = order.language;
  const dates = dateLocaleOf(lang, team.billingCountry);
  const tz = team.timeZone;
  const cur = order.currency;
  const tr = (key: string, params?: Record<string, unknown>) => translate(lang, `documents:${key}`, params);
  const t = (key: string, params?: Record<string, unknown>) => pdfText(tr(key, params));
  const money = (minor: number) => formatMoney(minor, cur, lang);
  const title = kind === 'invoice' ? t('invoice.title') : t('receipt.title');
  const { doc, finish } = createPdf({
    size: 'A4',
    title: `${title} ${order.number} – ${pdfText(team.name)}`,
    author: pdfText(team.name),
    creator: config.appName,
    lang,
    compress: opts.compress,
  });
  doc.addPage({ size: 'A4', margin: 0 });

  const { text, rule } = pageWriters(doc, { left: ML, right: W - MR, ink: INK, rule: RULE });

  // ── Header: logo left, the issuer right. ─────────────────────────────────
  const vatNumber = payment.chargesVat ? (payment.vatNumber ?? team.vatId) : null;
  const issuerBottom = drawIssuer(doc, text, {
    team,
    logo: opts.logo,
    vatLine: vatNumber ? `${t('invoice.vat_number')} ${vatNumber}` : null,
    top: TOP,
    left: ML,
    right: W - MR,
    muted: MUTED,
  });

  // ── Customer left, document facts right. ─────────────────────────────────
  let y = issuerBottom + 40;
  const customer = [order.company ?? '', `${order.firstname} ${order.lastname}`, order.email].map((l) => l.trim()).filter(Boolean);
  const cy = text(customer.join('\n'), ML, y, { width: 250, size: 10 });
  const facts: [string, string][] = [
    [kind === 'invoice' ? t('invoice.number') : t('receipt.number'), String(order.number)],
    [t('invoice.date'), formatDate(new Date(order.created_at), dates, tz)],
  ];
  const due = order.invoice_due_at ?? order.hold_until;
  if (kind === 'invoice' && due && order.payment_status === 'waiting') facts.push([t('invoice.due'), formatDate(new Date(due), dates, tz)]);
  if (order.paid_at) facts.push([t('receipt.paid_on'), formatDate(new Date(order.paid_at), dates, tz)]);
  if (kind === 'receipt') facts.push([t('receipt.payment_type'), t(`payment_types.${order.payment_type}`)]);
  let fy = y;
  for (const [label, value] of facts) {
    text(label, W - MR - 230, fy, { width: 120, size: 9, color: MUTED });
    fy = text(value, W - MR - 110, fy, { width: 110, size: 9, align: 'right' }) + 2;
  }
  y = Math.max(cy, fy) + 30;

  y = text(`${title} ${order.number}`, ML, y, { width: W - ML - MR, font: FONT.bold, size: 17 }) + 14;
  // A test-mode order (issue 20): no real money moved, and the document says so.
  if (order.payment_type === 'test')
    y = text(t('test_mark'), ML, y, { width: W - ML - MR, font: FONT.bold, size: 11, color: '#c92a2a' }) + 10;

  // ── Lines. ───────────────────────────────────────────────────────────────
  const cols = { desc: ML, descW: 270, qty: ML + 275, qtyW: 40, unit: ML + 320, unitW: 80, amount: W - MR - 90, amountW: 90 };
  const header = () => {
    text(t('invoice.description'), cols.desc, y, { width: cols.descW, font: FONT.bold, size: 8.5, color: MUTED });
    text(t('invoice.quantity'), cols.qty, y, { width: cols.qtyW, font: FONT.bold, size: 8.5, color: MUTED, align: 'right' });
    text(t('invoice.unit_price'), cols.unit, y, { width: cols.unitW, font: FONT.bold, size: 8.5, color: MUTED, align: 'right' });
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
  const row = (desc: string, details: string[], quantity: number, unitMinor: number, indent = 0) => {
    const width = cols.descW - indent;
    doc.font(FONT.regular).fontSize(9.5);
    const descHeight = doc.heightOfString(pdfText(desc), { width });
    doc.fontSize(8);
    const detailText = pdfText(details.join('\n'));
    const detailHeight = details.length ? doc.heightOfString(detailText, { width }) + 1 : 0;
    ensure(descHeight + detailHeight + 8);
    const top = y;
    let dy = text(desc, cols.desc + indent, top, { width, size: 9.5 });
    if (details.length) dy = text(details.join('\n'), cols.desc + indent, dy + 1, { width, size: 8, color: MUTED });
    text(String(quantity), cols.qty, top, { width: cols.qtyW, align: 'right' });
    text(money(unitMinor), cols.unit, top, { width: cols.unitW, align: 'right' });
    text(money(unitMinor * quantity), cols.amount, top, { width: cols.amountW, align: 'right' });
    y = dy + 6;
  };

  header();
  for (const item of order.order_items) {
    const schedule = ctx.schedules.get(item.id);
    const details: string[] = [];
    if (schedule?.sessions.length)
      details.push(
        ...sessionLines(schedule.sessions, dates, tz, (first, last, count) => tr('tickets.dates_summary', { first, last, count }), 2),
      );
    if (item.participants.length)
      details.push(tr('invoice.participants', { names: item.participants.map((p) => `${p.firstname} ${p.lastname}`).join(', ') }));
    row(item.name, details, item.quantity, item.unit_price_minor);
    for (const option of item.options) row(`+ ${option.name}`, [], option.quantity, option.unit_price_minor, 10);
  }
  for (const option of order.options) row(option.name, [], option.quantity, option.unit_price_minor);

  // ── Totals and VAT. ──────────────────────────────────────────────────────
  const sumRow = (label: string, amount: string, bold = false) => {
    ensure(16);
    text(label, cols.unit - 150, y, { width: 230, font: bold ? FONT.bold : FONT.regular, size: bold ? 10.5 : 9.5, align: 'left' });
    y =
      text(amount, cols.amount, y, {
        width: cols.amountW,
        font: bold ? FONT.bold : FONT.regular,
        size: bold ? 10.5 : 9.5,
        align: 'right',
      }) + 4;
  };
  ensure(20);
  rule(y, '#888888');
  y += 6;
  const discount = order.discount_total_minor;
  if (discount > 0) {
    sumRow(t('invoice.subtotal'), money(order.subtotal_minor));
    sumRow(order.discount_code ? t('invoice.discount_code', { code: order.discount_code }) : t('invoice.discount'), `−${money(discount)}`);
  }
  sumRow(t('invoice.total'), money(order.total_minor), true);
  for (const tax of order.taxes) {
    ensure(14);
    y =
      text(
        t('invoice.vat_included', {
          rate: formatRate(bpToPercent(tax.rate_bp), lang),
          vat: t('vat'),
          tax: money(tax.tax_minor),
          gross: money(tax.gross_minor),
        }),
        cols.unit - 150,
        y,
        {
          width: cols.amount + cols.amountW - (cols.unit - 150),
          size: 8.5,
          color: MUTED,
        },
      ) + 2;
  }
  y += 18;

  // ── How to pay / paid. ───────────────────────────────────────────────────
  const total = money(order.total_minor);
  const note = (value: string) => {
    doc.font(FONT.regular).fontSize(9.5);
    ensure(doc.heightOfString(pdfText(value), { width: W - ML - MR }) + 6);
    y = text(value, ML, y, { width: W - ML - MR, size: 9.5 }) + 6;
  };
  const dueText = due ? formatDate(new Date(due), dates, tz) : '';
  let qrBill: SwissQRBill | undefined;
  if (kind === 'receipt') {
    note(order.paid_at ? t('receipt.paid_note', { total, date: formatDate(new Date(order.paid_at), dates, tz) }) : t('receipt.thanks'));
  } else if (order.paid_at) {
    note(t('invoice.paid_note', { date: formatDate(new Date(order.paid_at), dates, tz) }));
  } else if (order.total_minor > 0) {
    const part = paymentPart(ctx);
    const message = tr('invoice.message', { number: order.number });
    if (part?.qrBill) {
      try {
        qrBill = createQrBill(qrBillData(ctx, part.account, part.reference, message), lang);
      } catch {
        // Data the QR-bill refuses (an odd address): the invoice still names the account below.
        qrBill = undefined;
      }
    }
    if (qrBill) note(dueText ? t('invoice.pay_qr', { total, due: dueText }) : t('invoice.pay_qr_nodue', { total }));
    else if (part) {
      note(dueText ? t('invoice.pay_transfer', { total, due: dueText }) : t('invoice.pay_transfer_nodue', { total }));
      note(
        [
          `${t('invoice.account_holder')}: ${team.name}`,
          `IBAN: ${formatIban(part.account)}`,
          part.reference ? `${t('invoice.reference')}: ${formatReference(part.reference)}` : `${t('invoice.reference')}: ${message}`,
        ].join('\n'),
      );
    } else
      note(
        dueText
          ? t('invoice.pay_contact', { total, due: dueText, team: team.name })
          : t('invoice.pay_contact_nodue', { total, team: team.name }),
      );
  }

  if (qrBill) {
    const top = H - SwissQRBill.height;
    doc.y = y;
    if (y + 12 > top) {
      doc.addPage({ size: 'A4', margin: 0 });
      text(t('invoice.payment_part_for', { number: order.number, team: team.name }), ML, TOP, {
        width: W - ML - MR,
        font: FONT.bold,
        size: 11,
      });
      doc.y = TOP + 30;
    }
    qrBill.attachTo(doc, 0, top);
  }
  return finish();
}
