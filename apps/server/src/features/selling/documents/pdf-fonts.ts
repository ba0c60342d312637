import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

/**
 * The fonts of every PDF, embedded as subsets (PDFKit writes only the glyphs a document uses):
 * the same letters on every screen and printer, and names as they were typed. The PDF standard
 * fonts (Helvetica, Courier) are not embedded and know WinAnsi only ("Łukasz" became "Lukasz").
 *
 * - Arimo, regular and bold: Helvetica's and Arial's widths, so the layouts made with Helvetica
 *   still fit; the design of Liberation Sans, which the Swiss QR-bill style guide allows for the
 *   payment part; Latin (with Extended-A/B, so every character a QR-bill may carry), Greek, Cyrillic.
 * - Roboto Mono for the ticket code typed in by hand: 0/O and 1/l/I look different, and no
 *   ligature joins two characters into one.
 *
 * A font is read and parsed once per thread, on first use: every PDF worker renders many
 * documents with the same parsed fonts (PDFKit takes a parsed font and makes each document's
 * subset from it), and a thread that renders nothing never reads them.
 */

export const FONT = { regular: 'Arimo', bold: 'Arimo-Bold', mono: 'RobotoMono' } as const;

const FILES: Record<(typeof FONT)[keyof typeof FONT], string> = {
  [FONT.regular]: '@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf',
  [FONT.bold]: '@expo-google-fonts/arimo/700Bold/Arimo_700Bold.ttf',
  [FONT.mono]: '@expo-google-fonts/roboto-mono/400Regular/RobotoMono_400Regular.ttf',
};

type Font = fontkit.Font;
let parsed: Map<string, Font> | undefined;

function fonts(): Map<string, Font> {
  if (!parsed) {
    const require = createRequire(import.meta.url);
    parsed = new Map(Object.entries(FILES).map(([name, file]) => [name, fontkit.create(readFileSync(require.resolve(file))) as Font]));
  }
  return parsed;
}

/** Makes the fonts known to a document by name (`doc.font(FONT.bold)`). */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  // PDFKit takes an already parsed font as source; its types only name files and bytes.
  for (const [name, font] of fonts()) doc.registerFont(name, font as unknown as Buffer);
}

/**
 * Emoji: pictographs with their skin tones, flags (regional indicators) and tag sequences, and
 * anything asked to look like an emoji (U+FE0F), joined into one by U+200D or not. Those the fonts
 * lack a document leaves out: "?" or an empty box in a name reads as a mistake where the emoji
 * was decoration. A few the fonts have (©, ™, ♀ on its own) stay as text.
 */
const PICTOGRAPH = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|[\u{E0020}-\u{E007F}]/u;
const EMOJI_SEQUENCE = /\ufe0f|\u200d|\p{Emoji_Modifier}|\p{Regional_Indicator}|[\u{E0020}-\u{E007F}]/u;
/** Keycaps (1️⃣, #️⃣): the key's character stays. */
const KEYCAP = /^([0-9#*])\ufe0f?\u20e3$/u;
/** Zero-width characters and variation selectors: they only shape the characters around them. */
const SHAPING = /\u200b|\u200c|\u200d|\u2060|\ufeff|[\ufe00-\ufe0f]/gu;

const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });
/** Text every font here shows as it is (Latin up to Extended-B and the usual punctuation): most text, and no segmenting needed. */
const PLAIN = /^[\n\u0020-\u007e\u00a0-\u024f\u2013\u2014\u2018-\u201e\u2022\u2026\u2039\u203a\u20ac\u2122]*$/;

/**
 * Text as the documents' fonts show it: characters the fonts have stay as they are (Łukasz
 * Wałęsa-Dvořák, Ș, €, «»); emoji go (with the space they leave doubled); a letter the fonts
 * lack loses its accents when its base letter is there, and anything else shows as "�" (a
 * replacement that can be seen, unlike a silent "?"). Spaces of any width become spaces, line
 * breaks stay, other control characters go.
 */
export function pdfText(input: string): string {
  const text = input.normalize('NFC');
  if (PLAIN.test(text)) return text;
  const font = fonts().get(FONT.regular)!;
  const has = (ch: string) => font.hasGlyphForCodePoint(ch.codePointAt(0)!);
  const char = (ch: string) => {
    if (/\s/u.test(ch) && ch !== '\u00a0') return ' ';
    if (/\p{Cc}/u.test(ch)) return '';
    if (has(ch)) return ch;
    const base = ch.normalize('NFD').replace(/\p{M}+/gu, '');
    return base && [...base].every(has) ? base : '\ufffd';
  };
  let out = '';
  let dropped = false;
  for (const { segment } of graphemes.segment(text)) {
    const keycap = KEYCAP.exec(segment);
    if (segment.includes('\n')) out += '\n';
    else if (keycap) out += keycap[1];
    else if (PICTOGRAPH.test(segment) && (EMOJI_SEQUENCE.test(segment) || ![...segment].every(has))) dropped = true;
    else for (const ch of segment.replace(SHAPING, '')) out += char(ch);
  }
  return dropped
    ? out
        .split('\n')
        .map((line) => line.replace(/ {2,}/g, ' ').trim())
        .join('\n')
    : out;
}
