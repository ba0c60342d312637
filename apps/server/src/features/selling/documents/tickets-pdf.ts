import type { Config } from '../../../config/env.ts';
import { translate } from '../../../lib/i18n.ts';
import type { DocumentContext } from './document-model.ts';
import { dateLocaleOf, sessionLines } from './format.ts';
import { FONT, pdfText } from './pdf-fonts.ts';
import { createPdf, drawQrCode } from './pdf.ts';

/** What the ticket's QR code holds: the check-in page of the ticket (checkin feature). */
export function checkinUrl(config: Pick<Config, 'appUrl'>, ticketCode: string): string {
  return `${config.appUrl}/ticket/${ticketCode}/checkin`;
}

/**
 * The tickets of an order as a PDF: A6 portrait, one page per participant, in the order's
 * language: the team's logo and name, activity and ticket, the date(s) in the team's time zone,
 * the location, the participant, and the QR code of `{APP_URL}/ticket/{code}/checkin` with the
 * code written below it (for manual entry), and the order number.
 *
 * Every text block has a fixed maximum height (long names end in "…"), so a page never spills
 * onto a second one: page count = participant count.
 */

const W = 297.64;
const H = 419.53;
const M = 20;
const QR = 118;
const INK = '#111111';
const MUTED = '#555555';

export function ticketsFileName(number: number): string {
  return `tickets-${number}.pdf`;
}

export async function renderTicketsPdf(
  ctx: DocumentContext,
  config: Pick<Config, 'appUrl' | 'appName'>,
  opts: { logo?: Buffer; compress?: boolean } = {},
): Promise<Buffer> {
  const { order, team } = ctx;
  const lang = order.language;
  const dates = dateLocaleOf(lang, team.billingCountry);
  const t = (key: string, params?: Record<string, unknown>) => pdfText(translate(lang, `documents:${key}`, params));
  const { doc, finish } = createPdf({
    size: 'A6',
    title: (order.payment_type === 'test' ? 'TEST – ' : '') + t('tickets.title', { number: order.number, team: team.name }),
    author: pdfText(team.name),
    creator: config.appName,
    lang,
    compress: opts.compress,
  });

  /** Writes `text` at the cursor within `maxLines` lines; returns the new cursor. */
  const block = (text: string, y: number, font: string, size: number, maxLines: number, color = INK, width = W - 2 * M, x = M): number => {
    if (!text.trim()) return y;
    doc.font(font).fontSize(size).fillColor(color);
    const lineHeight = doc.currentLineHeight(true);
    const height = Math.min(doc.heightOfString(pdfText(text), { width }), lineHeight * maxLines);
    doc.text(pdfText(text), x, y, { width, height: height + 0.5, ellipsis: true, lineBreak: true });
    return y + height;
  };

  const items = order.order_items.filter((i) => i.participants.length > 0);
  for (const item of items) {
    const schedule = ctx.schedules.get(item.id);
    for (const person of item.participants) {
      doc.addPage({ size: 'A6', margin: 0 });

      // Header: logo and team name.
      let y = M;
      let nameX = M;
      if (opts.logo) {
        try {
          doc.image(opts.logo, M, y, { fit: [96, 34] });
          nameX = M + 104;
        } catch {
          nameX = M;
        }
      }
      block(team.name, y + (opts.logo ? 10 : 0), FONT.bold, 10, 2, INK, W - M - nameX, nameX);
      // A test-mode order (issue 20): every ticket says so, and the door refuses it.
      if (order.payment_type === 'test') block(t('test_mark'), y + 26, FONT.bold, 9, 1, '#c92a2a', W - 2 * M, M);
      y += 42;
      doc
        .moveTo(M, y)
        .lineTo(W - M, y)
        .lineWidth(0.5)
        .strokeColor('#bbbbbb')
        .stroke();
      y += 9;

      // What and when.
      y = block(item.activity_name, y, FONT.bold, 14, 2);
      y = block(item.ticket_name, y + 1, FONT.regular, 9.5, 1, MUTED) + 7;
      const sessions = schedule?.sessions ?? [];
      if (sessions.length) {
        y = block(sessions.length > 1 ? t('tickets.dates') : t('tickets.date'), y, FONT.regular, 7.5, 1, MUTED);
        const lines = sessionLines(
          sessions,
          dates,
          team.timeZone,
          (first, last, count) => t('tickets.dates_summary', { first, last, count }),
          3,
        );
        y = block(lines.join('\n'), y + 1, FONT.regular, 9, 3) + 6;
      }
      if (schedule?.location?.length) {
        y = block(t('tickets.location'), y, FONT.regular, 7.5, 1, MUTED);
        y = block(schedule.location.join('\n'), y + 1, FONT.regular, 9, 3) + 6;
      }

      // Who, and the code to scan.
      const bottom = H - M - QR - 14;
      const left = W - 2 * M - QR - 10;
      let by = Math.max(y, bottom);
      by = block(t('tickets.participant'), by, FONT.regular, 7.5, 1, MUTED, left);
      by = block(`${person.firstname} ${person.lastname}`, by + 1, FONT.bold, 12, 3, INK, left) + 8;
      by = block(t('tickets.order'), by, FONT.regular, 7.5, 1, MUTED, left);
      block(t('tickets.order_number', { number: order.number }), by + 1, FONT.bold, 10, 1, INK, left);

      const qx = W - M - QR;
      const qy = H - M - QR - 12;
      drawQrCode(doc, checkinUrl(config, person.ticket_code), qx, qy, QR);
      doc
        .font(FONT.mono)
        .fontSize(6.5)
        .fillColor(INK)
        .text(pdfText(person.ticket_code), qx - 10, qy + QR + 1, { width: QR + 20, align: 'center', height: 10, lineBreak: false });
    }
  }
  if (!items.length) doc.addPage({ size: 'A6', margin: 0 });
  return finish();
}
