import type { Language } from '@bookla/shared';
import PDFDocument from 'pdfkit';
import QRCode, { type QRCode as QrCodeData } from 'qrcode';
import { decodeImage } from '../../../lib/images.ts';
import type { Storage } from '../../../lib/storage.ts';
import type { DocumentTeamRow } from './document-model.ts';
import { FONT, pdfText, registerFonts } from './pdf-fonts.ts';

/**
 * PDFKit plumbing shared by tickets, invoices and receipts: a document collected into a Buffer
 * with the embedded fonts registered (pdf-fonts.ts), the team logo as a PNG, and QR codes drawn as vectors (sharp at any print size, and the drawn
 * modules are exactly those of `QRCode.create(text)`).
 */

export interface PdfOptions {
  size: 'A4' | 'A6';
  title: string;
  author: string;
  creator: string;
  lang: Language;
  /** Uncompressed content streams (tests read the text). */
  compress?: boolean;
}

export function createPdf(opts: PdfOptions): { doc: PDFKit.PDFDocument; finish: () => Promise<Buffer> } {
  const doc = new PDFDocument({
    size: opts.size,
    margin: 0,
    autoFirstPage: false,
    compress: opts.compress ?? true,
    lang: opts.lang,
    displayTitle: true,
    info: { Title: opts.title, Author: opts.author, Creator: opts.creator, Producer: opts.creator },
  });
  registerFonts(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolvePdf, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolvePdf(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return {
    doc,
    finish: () => {
      doc.end();
      return done;
    },
  };
}

/**
 * The team's logo (in the app's storage under `logos/…`, see features/teams/logo.service.ts) as a
 * PNG PDFKit can embed (it reads PNG and JPEG, not the WebP a logo may be), at most 600 px wide.
 * No logo, a key outside `logos/`, a missing or undecodable file: undefined (the name stands
 * alone). The storage failing throws (503, or the mail job retries): a document is never made
 * without the logo because the store was briefly down.
 */
export async function loadLogoPng(storage: Storage, logoPath: string | null): Promise<Buffer | undefined> {
  if (!logoPath?.startsWith('logos/')) return undefined;
  const bytes = await storage.get(logoPath);
  if (!bytes) return undefined;
  try {
    return await decodeImage(bytes).resize({ width: 600, height: 600, fit: 'inside', withoutEnlargement: true }).png().toBuffer();
  } catch {
    return undefined;
  }
}

/** The QR code of a text (error correction M, as ticket scanners expect). */
export function qrCodeOf(text: string): QrCodeData {
  return QRCode.create(text, { errorCorrectionLevel: 'M' });
}

/**
 * Draws the QR code of `text` as a square of `size` points at (x, y), with the four-module quiet
 * zone inside the square. Dark modules are filled as one rectangle per horizontal run, in module
 * units (`col row length 1 re`), so a reader can rebuild the matrix from the content stream.
 */
export function drawQrCode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): QrCodeData {
  const qr = qrCodeOf(text);
  const n = qr.modules.size;
  const quiet = 4;
  const unit = size / (n + 2 * quiet);
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  doc.translate(x + quiet * unit, y + quiet * unit).scale(unit);
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!qr.modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && qr.modules.get(row, col)) col++;
      doc.rect(start, row, col - start, 1);
    }
  }
  doc.fill('#000000');
  doc.restore();
  return qr;
}

/** The letters' A4 page (points), margins and colours: invoice, receipt, credit note, platform invoice. */
export const LETTER = {
  W: 595.28,
  H: 841.89,
  ML: 56,
  MR: 56,
  TOP: 48,
  BOTTOM: 56,
  INK: '#111111',
  MUTED: '#555555',
  RULE: '#cccccc',
} as const;

/** A page's text writer (font, size, colour, then the text at x, y); returns the y below the text. */
export type PdfTextWriter = (
  value: string,
  x: number,
  y: number,
  o: { width: number; font?: string; size?: number; color?: string; align?: 'left' | 'right' },
) => number;

/**
 * The letters' page writers (invoice, receipt, credit note, platform invoice): `text` sets font,
 * size and colour and writes at x, y, returning the y below; `rule` draws a line across the text
 * column from `left` to `right` (page width minus the right margin).
 */
export function pageWriters(
  doc: PDFKit.PDFDocument,
  page: { left: number; right: number; ink: string; rule: string },
): { text: PdfTextWriter; rule: (y: number, color?: string, width?: number) => void } {
  const text: PdfTextWriter = (value, x, y, o) => {
    doc
      .font(o.font ?? FONT.regular)
      .fontSize(o.size ?? 9.5)
      .fillColor(o.color ?? page.ink);
    const s = pdfText(value);
    const height = doc.heightOfString(s, { width: o.width });
    doc.text(s, x, y, { width: o.width, align: o.align ?? 'left' });
    return y + height;
  };
  const rule = (y: number, color = page.rule, width = 0.6) => {
    doc.moveTo(page.left, y).lineTo(page.right, y).lineWidth(width).strokeColor(color).stroke();
  };
  return { text, rule };
}

/**
 * The issuer block of the letters (invoice, receipt, credit note): the logo left (a logo that
 * cannot be drawn is left out), the team's name, billing address and VAT line right. Returns the
 * y below both.
 */
export function drawIssuer(
  doc: PDFKit.PDFDocument,
  text: PdfTextWriter,
  p: {
    team: Pick<DocumentTeamRow, 'name' | 'billingAddress' | 'billingAddressLine2' | 'billingPostalCode' | 'billingCity' | 'billingCountry'>;
    logo?: Buffer;
    /** "VAT no. CHE-…", or null when the team does not charge VAT. */
    vatLine: string | null;
    top: number;
    left: number;
    right: number;
    muted: string;
  },
): number {
  let logoBottom = p.top;
  if (p.logo) {
    try {
      doc.image(p.logo, p.left, p.top, { fit: [170, 56] });
      logoBottom = p.top + 56;
    } catch {
      logoBottom = p.top;
    }
  }
  const x = p.right - 220;
  const right = { width: 220, align: 'right' as const };
  let y = text(p.team.name, x, p.top, { ...right, font: FONT.bold, size: 10 });
  const address = [
    p.team.billingAddress,
    p.team.billingAddressLine2 ?? '',
    `${p.team.billingPostalCode} ${p.team.billingCity}`,
    p.team.billingCountry,
  ]
    .map((l) => l.trim())
    .filter(Boolean);
  y = text(address.join('\n'), x, y + 2, { ...right, size: 9, color: p.muted });
  if (p.vatLine) y = text(p.vatLine, x, y + 2, { ...right, size: 9, color: p.muted });
  return Math.max(y, logoBottom);
}
