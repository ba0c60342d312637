import { inflateSync } from 'node:zlib';

/**
 * Reading the PDFs we write, for tests (no PDF library needed): PDFKit writes plain objects (no
 * object streams), content streams Flate-compressed, and text of the standard fonts as hex
 * strings in `[…] TJ` arrays (WinAnsi codes, kerning numbers between the pieces).
 */

/** Number of pages: `/Type /Page` dictionaries (not `/Pages`). */
export function pageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type \/Page(?![s\w])/g) ?? []).length;
}

/** The decoded streams, in file order (content streams and images alike). */
export function streams(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  const re = /<<((?:(?!>>\s*stream)[\s\S])*)>>\s*stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(raw))) {
    const start = m.index + m[0].length;
    const length = /\/Length (\d+)/.exec(m[1]!);
    const end = length ? start + Number(length[1]) : raw.indexOf('endstream', start);
    const bytes = pdf.subarray(start, end);
    if (/\/FlateDecode/.test(m[1]!)) {
      try {
        out.push(inflateSync(bytes).toString('latin1'));
      } catch {
        out.push('');
      }
    } else out.push(bytes.toString('latin1'));
    re.lastIndex = end;
  }
  return out;
}

/** WinAnsi 0x80–0x9F (the rest is Latin-1); Node's TextDecoder without full ICU reads them as C1 controls. */
const WIN_ANSI_80 = '€\ufffd‚ƒ„…†‡ˆ‰Š‹Œ\ufffdŽ\ufffd\ufffd‘’“”•–—˜™š›œ\ufffdžŸ';
const winAnsi = (bytes: Buffer) =>
  [...bytes].map((b) => (b >= 0x80 && b < 0xa0 ? WIN_ANSI_80[b - 0x80]! : String.fromCharCode(b))).join('');

/** The text shown by one content stream: one line per text operation. */
export function streamText(content: string): string {
  const lines: string[] = [];
  for (const op of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[^\]])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
    const hexes = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!) : [op[2]!];
    lines.push(hexes.map((h) => winAnsi(Buffer.from(h, 'hex'))).join(''));
  }
  return lines.join('\n');
}

/** All text of the PDF, page after page (no-break spaces as plain spaces). */
export function pdfTextOf(pdf: Buffer): string {
  return streams(pdf)
    .map(streamText)
    .filter((s) => s.length > 0)
    .join('\n')
    .replace(/\u00a0/g, ' ');
}

/**
 * The QR codes drawn by `drawQrCode`, rebuilt from their `col row length 1 re` runs: one
 * module matrix (rows of 0/1) per content stream that has any, in page order.
 */
export function drawnQrMatrices(pdf: Buffer): number[][][] {
  const out: number[][][] = [];
  for (const content of streams(pdf)) {
    const runs = [...content.matchAll(/(?:^|\n)(\d+) (\d+) (\d+) 1 re(?=\n)/g)].map(
      (m) => m.slice(1, 4).map(Number) as [number, number, number],
    );
    if (!runs.length) continue;
    const size = Math.max(...runs.map(([col, , len]) => col + len), ...runs.map(([, row]) => row + 1));
    const matrix = Array.from({ length: size }, () => Array.from({ length: size }, () => 0));
    for (const [col, row, len] of runs) for (let c = col; c < col + len; c++) matrix[row]![c] = 1;
    out.push(matrix);
  }
  return out;
}
