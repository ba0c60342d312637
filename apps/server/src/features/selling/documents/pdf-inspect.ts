import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import { getDocument, OPS, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Reading the PDFs we write, for tests. The text and the fonts are read by PDF.js, a reader we
 * did not write: text is what a viewer shows (decoded through each font's ToUnicode map, as
 * copying from the PDF would give it), fonts are what `pdffonts` lists. Drawn shapes (QR codes,
 * the corner marks of the QR-bill's boxes) are read from the content streams, which PDFKit writes
 * as plain objects (no object streams), Flate-compressed.
 */

/** Number of pages: `/Type /Page` dictionaries (not `/Pages`). */
export function pageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type \/Page(?![s\w])/g) ?? []).length;
}

/** The decoded streams, in file order (content streams, fonts and images alike). */
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

/** The content streams only: those that draw (`re`, `m`/`l` paths or text). */
const contentStreams = (pdf: Buffer) => streams(pdf).filter((s) => /(?:^|\n)(?:BT|q)\n/.test(s));

async function withPdf<T>(pdf: Buffer, read: (doc: PDFDocumentProxy) => Promise<T>): Promise<T> {
  const task = getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true, verbosity: 0 });
  try {
    return await read(await task.promise);
  } finally {
    await task.destroy();
  }
}

/**
 * All text of the PDF as PDF.js extracts it, page after page, one line per line of text (no-break
 * spaces as plain spaces).
 */
export async function pdfTextOf(pdf: Buffer): Promise<string> {
  return withPdf(pdf, async (doc) => {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      let text = '';
      for (const item of content.items) if ('str' in item) text += item.str + (item.hasEOL ? '\n' : '');
      pages.push(text);
    }
    return pages.join('\n').replace(/\u00a0/g, ' ');
  });
}

export interface PdfFont {
  /** The font's name as stored (`ABCDEF+Arimo-Regular` for an embedded subset). */
  name: string;
  /** Whether the font program is in the file (false: the viewer substitutes one, as `pdffonts` says "emb no"). */
  embedded: boolean;
}

/** The fonts the pages use, as `pdffonts` lists them (each once). */
export async function pdfFonts(pdf: Buffer): Promise<PdfFont[]> {
  return withPdf(pdf, async (doc) => {
    const fonts = new Map<string, PdfFont>();
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const ops = await page.getOperatorList();
      ops.fnArray.forEach((fn, i) => {
        if (fn !== OPS.setFont) return;
        const font = page.commonObjs.get(ops.argsArray[i][0]) as { name: string; missingFile: boolean };
        fonts.set(font.name, { name: font.name, embedded: !font.missingFile });
      });
    }
    return [...fonts.values()];
  });
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

/** Reads a module matrix as a camera would: drawn with a quiet zone, 4 px per module, decoded by jsQR. */
function decodeMatrix(matrix: number[][]): string | undefined {
  const px = 4;
  const quiet = 4;
  const side = (matrix.length + 2 * quiet) * px;
  const image = new Uint8ClampedArray(side * side * 4).fill(255);
  matrix.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (!dark) return;
      for (let y = 0; y < px; y++)
        for (let x = 0; x < px; x++) {
          const i = (((r + quiet) * px + y) * side + (c + quiet) * px + x) * 4;
          image[i] = image[i + 1] = image[i + 2] = 0;
        }
    }),
  );
  const code = jsQR(image, side, side, { inversionAttempts: 'dontInvert' });
  // The Swiss QR Code is UTF-8 (coding type 1, ECI 26): its bytes, not jsQR's guess at a text.
  return code ? new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(code.binaryData)) : undefined;
}

/**
 * The payloads of the Swiss QR Codes on the pages, decoded with jsQR: the QR-bill draws each dark
 * module as a square (`x y s s re`, the same s for all), so the squares of one size rebuild the matrix.
 */
export function swissQrPayloads(pdf: Buffer): string[] {
  const out: string[] = [];
  for (const content of contentStreams(pdf)) {
    const squares = new Map<string, [number, number][]>();
    for (const m of content.matchAll(/(?:^|\n)(-?[\d.]+) (-?[\d.]+) ([\d.]+) ([\d.]+) re(?=\n)/g)) {
      const [x, y, w, h] = m.slice(1, 5).map(Number) as [number, number, number, number];
      // Squares larger than a ticket's module runs (drawn in module units, 1 × 1).
      if (Math.abs(w - h) > 1e-3 || w <= 1.5) continue;
      const key = w.toFixed(3);
      squares.set(key, [...(squares.get(key) ?? []), [x, y]]);
    }
    for (const [key, points] of squares) {
      if (points.length < 100) continue;
      const s = Number(key);
      const cols = points.map(([x]) => Math.round(x / s));
      const rows = points.map(([, y]) => Math.round(y / s));
      const size = Math.max(...cols, ...rows) + 1;
      const matrix = Array.from({ length: size }, () => Array.from({ length: size }, () => 0));
      points.forEach((_, i) => (matrix[rows[i]!]![cols[i]!] = 1));
      const payload = decodeMatrix(matrix);
      if (payload !== undefined) out.push(payload);
    }
  }
  return out;
}

export interface Box {
  /** In points, from the page's top left corner. */
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Boxes drawn as corner marks (the QR-bill's empty "payable by" and amount fields): a stroked
 * path of four `m` and eight `l`, in page order.
 */
export function cornerBoxes(pdf: Buffer): Box[][] {
  return contentStreams(pdf).map((content) => {
    const boxes: Box[] = [];
    let path: [number, number, string][] = [];
    for (const line of content.split('\n')) {
      const point = /^(-?[\d.]+) (-?[\d.]+) ([ml])$/.exec(line);
      if (point) path.push([Number(point[1]), Number(point[2]), point[3]!]);
      else if (/^[SsfFBbn]\*?$/.test(line)) {
        const moves = path.filter((p) => p[2] === 'm').length;
        if (line === 'S' && moves === 4 && path.length === 12) {
          const xs = path.map((p) => p[0]);
          const ys = path.map((p) => p[1]);
          const x = Math.min(...xs);
          const y = Math.min(...ys);
          boxes.push({ x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y });
        }
        path = [];
      }
    }
    return boxes;
  });
}
