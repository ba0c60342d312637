import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { Language } from '@bookla/shared';
import PDFDocument from 'pdfkit';
import QRCode, { type QRCode as QrCodeData } from 'qrcode';
import { decodeImage } from '../../../lib/images.ts';

/**
 * PDFKit plumbing shared by tickets, invoices and receipts: a document collected into a Buffer,
 * the team logo as a PNG, and QR codes drawn as vectors (sharp at any print size, and the drawn
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
 * The team's logo (stored under DATA_DIR/uploads, see features/teams/logo.service.ts) as a PNG
 * PDFKit can embed (it reads PNG and JPEG, not the WebP a logo may be), at most 600 px wide.
 * No logo, a path outside the uploads folder or an unreadable file: undefined (the name stands alone).
 */
export async function loadLogoPng(dataDir: string, logoPath: string | null): Promise<Buffer | undefined> {
  if (!logoPath) return undefined;
  const root = resolve(dataDir, 'uploads');
  const file = resolve(dataDir, logoPath);
  if (!file.startsWith(root + sep)) return undefined;
  const bytes = await readFile(file).catch(() => undefined);
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
