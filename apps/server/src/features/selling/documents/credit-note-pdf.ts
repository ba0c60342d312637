import { bpToPercent } from '@bookla/shared';
import type { Config } from '../../../config/env.ts';
import { translate } from '../../../lib/i18n.ts';
import type { DocumentContext, DocumentOrder } from './document-model.ts';
import { dateLocaleOf, formatDate, formatMoney, formatRate } from './format.ts';
import { createPdf, drawIssuer, LETTER, pageWriters } from './pdf.ts';
import { FONT, pdfText } from './pdf-fonts.ts';

/**
 * The credit note of one refund (A4), in the order's language (issue 22 item 4): every refund,
 * full or partial, has one — the order's n-th refund is credit note "{order number}-{n}". The team
 * issues it like the invoice (name, billing address, its VAT number when it charges VAT); it names
 * the order it refers to, the amount credited and, when the order's prices included VAT (the
 * order's own taxes, as its invoice and receipt show them), the VAT that amount contains, split
 * over the order's rates in proportion. Then where the order stands: total, paid, refunded so far,
 * remaining, and how the money comes back (to the means of payment, or from the team).
 */

const { W, ML, MR, TOP, INK, MUTED, RULE } = LETTER;

export function creditNoteFileName(number: string): string {
  return `credit-note-${number}.pdf`;
}

/** The VAT an amount refunded contains, per rate of the order (in proportion to what each rate's lines cost). */
export function refundedVat(order: Pick<DocumentOrder, 'taxes' | 'total_minor'>, amountMinor: number) {
  if (order.total_minor <= 0) return [];
  const share = (minor: number) => Math.round((minor * amountMinor) / order.total_minor);
  return order.taxes
    .map((tax) => ({ rate_bp: tax.rate_bp, tax_minor: share(tax.tax_minor), gross_minor: share(tax.gross_minor) }))
    .filter((tax) => tax.tax_minor > 0);
}

export async function renderCreditNotePdf(
  ctx: DocumentContext,
  index: number,
  config: Pick<Config, 'appName'>,
  opts: { logo?: Buffer; compress?: boolean } = {},
): Promise<Buffer> {
  const { order, team, payment } = ctx;
  const note = order.credit_notes[index - 1];
  if (!note) throw new RangeError(`order ${order.id} has no credit note ${index}`);
  const lang = order.language;
  const dates = dateLocaleOf(lang, team.billingCountry);
  const tz = team.timeZone;
  const tr = (key: string, params?: Record<string, unknown>) => translate(lang, `documents:${key}`, params);
  const money = (minor: number) => formatMoney(minor, order.currency, lang);
  const title = tr('credit_note.title');
  const { doc, finish } = createPdf({
    size: 'A4',
    title: pdfText(`${title} ${note.number} – ${team.name}`),
    author: pdfText(team.name),
    creator: config.appName,
    lang,
    compress: opts.compress,
  });
  doc.addPage({ size: 'A4', margin: 0 });

  const { text, rule } = pageWriters(doc, { left: ML, right: W - MR, ink: INK, rule: RULE });

  // ── Header: logo left, the issuer right (as on the invoice). ──────────────
  const vatNumber = payment.chargesVat ? (payment.vatNumber ?? team.vatId) : null;
  const issuerBottom = drawIssuer(doc, text, {
    team,
    logo: opts.logo,
    vatLine: vatNumber ? `${tr('invoice.vat_number')} ${vatNumber}` : null,
    top: TOP,
    left: ML,
    right: W - MR,
    muted: MUTED,
  });

  // ── Customer left, the credit note's facts right. ────────────────────────
  let y = issuerBottom + 40;
  const customer = [order.company ?? '', `${order.firstname} ${order.lastname}`, order.email].map((l) => l.trim()).filter(Boolean);
  const cy = text(customer.join('\n'), ML, y, { width: 250, size: 10 });
  const facts: [string, string][] = [
    [tr('credit_note.number'), note.number],
    [tr('invoice.date'), formatDate(new Date(note.created_at), dates, tz)],
    [tr('credit_note.order'), String(order.number)],
    [tr('credit_note.order_date'), formatDate(new Date(order.created_at), dates, tz)],
    [tr('receipt.payment_type'), tr(`payment_types.${order.payment_type}`)],
  ];
  let fy = y;
  for (const [label, value] of facts) {
    text(label, W - MR - 230, fy, { width: 120, size: 9, color: MUTED });
    fy = text(value, W - MR - 110, fy, { width: 110, size: 9, align: 'right' }) + 2;
  }
  y = Math.max(cy, fy) + 30;

  y = text(`${title} ${note.number}`, ML, y, { width: W - ML - MR, font: FONT.bold, size: 17 }) + 14;
  if (order.payment_type === 'test')
    y = text(tr('test_mark'), ML, y, { width: W - ML - MR, font: FONT.bold, size: 11, color: '#c92a2a' }) + 10;

  // ── What is credited: the refund, for the order's lines. ─────────────────
  const amountX = W - MR - 110;
  text(tr('invoice.description'), ML, y, { width: 300, font: FONT.bold, size: 8.5, color: MUTED });
  y = text(tr('invoice.amount'), amountX, y, { width: 110, font: FONT.bold, size: 8.5, color: MUTED, align: 'right' }) + 3;
  rule(y, '#888888');
  y += 5;
  const lines = [
    ...order.order_items.map((item) => `${item.quantity} × ${item.name}`),
    ...order.options.map((o) => `${o.quantity} × ${o.name}`),
  ];
  // What the order's refunds up to this one gave back: all of it makes this the full refund's note.
  const refundedSoFar = order.credit_notes.slice(0, index).reduce((sum, n) => sum + n.amount_minor, 0);
  const full = refundedSoFar >= order.total_minor;
  const top = y;
  y = text(tr(full ? 'credit_note.line_full' : 'credit_note.line_part', { number: order.number }), ML, y, { width: 330 });
  if (lines.length) y = text(lines.join('\n'), ML, y + 1, { width: 330, size: 8, color: MUTED });
  text(money(note.amount_minor), amountX, top, { width: 110, align: 'right' });
  y += 8;
  rule(y, '#888888');
  y += 6;
  const sumRow = (label: string, amount: string, bold = false) => {
    text(label, ML + 200, y, { width: 180, font: bold ? FONT.bold : FONT.regular, size: bold ? 10.5 : 9.5 });
    y = text(amount, amountX, y, { width: 110, font: bold ? FONT.bold : FONT.regular, size: bold ? 10.5 : 9.5, align: 'right' }) + 4;
  };
  sumRow(tr('credit_note.credited'), money(note.amount_minor), true);
  // VAT only where the order's prices included it (a team not registered for VAT sold without).
  for (const tax of refundedVat(order, note.amount_minor))
    y =
      text(
        tr('invoice.vat_included', {
          rate: formatRate(bpToPercent(tax.rate_bp), lang),
          vat: tr('vat'),
          tax: money(tax.tax_minor),
          gross: money(tax.gross_minor),
        }),
        ML + 200,
        y,
        { width: W - MR - ML - 200, size: 8.5, color: MUTED },
      ) + 2;
  y += 20;

  // ── Where the order stands after this credit note. ───────────────────────
  const paidMinor = order.paid_at ? order.total_minor : 0;
  y = text(tr('credit_note.standing', { number: order.number }), ML, y, { width: W - ML - MR, font: FONT.bold, size: 9.5 }) + 4;
  const standing: [string, string][] = [
    [tr('invoice.total'), money(order.total_minor)],
    [tr('credit_note.paid'), money(paidMinor)],
    [tr('credit_note.refunded'), `−${money(refundedSoFar)}`],
    [tr('credit_note.remaining'), money(Math.max(0, paidMinor - refundedSoFar))],
  ];
  for (const [label, value] of standing) {
    text(label, ML, y, { width: 200, size: 9.5 });
    y = text(value, ML + 200, y, { width: 110, size: 9.5, align: 'right' }) + 2;
  }
  y += 16;
  if (order.payment_type !== 'test')
    text(note.online ? tr('credit_note.back_online') : tr('credit_note.back_by_team', { team: team.name }), ML, y, {
      width: W - ML - MR,
      size: 9.5,
    });
  return finish();
}
