import { minorToDecimal, type Language } from '@bookla/shared';
import { SwissQRBill } from 'swissqrbill/pdf';
import type { Data as QrBillData, PDFOptions } from 'swissqrbill/types';
import type { DocumentContext } from './document-model.ts';
import { FONT, pdfText } from './pdf-fonts.ts';

/**
 * The Swiss QR-bill of an open invoice: its data as the Swiss Implementation Guidelines QR-bill
 * (SIX, version 2.3) want it, and its payment slip drawn by swissqrbill.
 *
 * - Characters: only extended Latin may appear in the QR code (Basic Latin, Latin-1 Supplement,
 *   Latin Extended-A, Ș ș Ț ț, €). Dashes, typographic quotes and the ellipsis become their ASCII
 *   forms, other letters lose their accents, emoji go, anything else becomes "."; a bank
 *   rejects a code with a character outside the set ("Yoga–Studio" did that with its dash).
 * - Fields: a structured address (type S, the only one allowed since November 2025): name 70,
 *   street 70, building number 16, postal code 16, town 35 characters. A longer value ends after
 *   its last whole word that fits; the billing address is split into street and building number.
 * - Layout: every box stays inside its section (`keepBoxesInSections`).
 */

/** The extended Latin of the guidelines (version 2.3). */
const permitted = (code: number) =>
  (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0x17f) || (code >= 0x218 && code <= 0x21b) || code === 0x20ac;

const ASCII_FORMS: Record<string, string> = {
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '–': '-',
  '—': '-',
  '―': '-',
  '−': '-',
  '‘': "'",
  '’': "'",
  '‚': "'",
  '‛': "'",
  '′': "'",
  '‹': "'",
  '›': "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '‟': '"',
  '″': '"',
  '…': '...',
  '•': '-',
  '™': 'TM',
  ẞ: 'SS',
};

/** Text in the QR-bill's character set, on one line, without doubled or outer spaces. */
export function qrText(input: string): string {
  let out = '';
  // pdfText: the payment slip prints it with the documents' fonts, and it already drops emoji.
  for (const ch of pdfText(input)) {
    const code = ch.codePointAt(0)!;
    if (ch === '\n') out += ' ';
    else if (permitted(code)) out += ch;
    else if (ASCII_FORMS[ch]) out += ASCII_FORMS[ch];
    else {
      const base = ch.normalize('NFD').replace(/\p{M}+/gu, '');
      out += base && [...base].every((c) => permitted(c.codePointAt(0)!)) ? base : '.';
    }
  }
  return out.replace(/\s+/g, ' ').trim();
}

/** At most `max` characters: a longer text ends after the last whole word that fits (a single word longer than half the field is cut). */
export function fitField(value: string, max: number): string {
  if (value.length <= max) return value;
  const head = value.slice(0, max + 1);
  const space = head.lastIndexOf(' ');
  const fitted = space >= max / 2 ? head.slice(0, space) : value.slice(0, max);
  return fitted.replace(/[\s,;:-]+$/, '');
}

const PO_BOX = /^(postfach|case postale|casella postale|p\.?\s?o\.?\s?box)$/i;
const NUMBER = String.raw`\d+[a-zA-Z]?(?:\s?[-/]\s?\d+[a-zA-Z]?)?`;

/**
 * The structured address wants the street and the building number apart: "Seestrasse 12a" →
 * "Seestrasse" and "12a", "5 Rue de l'Église" → "Rue de l'Église" and "5". A P.O. box
 * ("Postfach 12") or an address without a number stays the street.
 */
export function splitStreet(address: string): { street: string; building?: string } {
  const trailing = new RegExp(String.raw`^(.*\p{L}.*?),?\s+(${NUMBER})$`, 'u').exec(address);
  if (trailing && !PO_BOX.test(trailing[1]!)) return { street: trailing[1]!, building: trailing[2]! };
  const leading = new RegExp(String.raw`^(${NUMBER}),?\s+(\p{L}.*)$`, 'u').exec(address);
  if (leading) return { street: leading[2]!, building: leading[1]! };
  return { street: address };
}

/** The QR-bill data of an open invoice (swissqrbill throws its ValidationError on data it cannot use). */
export function qrBillData(ctx: DocumentContext, account: string, reference: string | undefined, message: string): QrBillData {
  const { team, order } = ctx;
  const { street, building } = splitStreet(qrText(team.billingAddress));
  const buildingFits = building !== undefined && building.length <= 16;
  return {
    currency: order.currency as 'CHF' | 'EUR',
    amount: minorToDecimal(order.total_minor, order.currency),
    creditor: {
      account,
      name: fitField(qrText(team.name), 70),
      address: fitField(buildingFits ? street : qrText(team.billingAddress), 70),
      ...(buildingFits ? { buildingNumber: building } : {}),
      zip: fitField(qrText(team.billingPostalCode), 16),
      city: fitField(qrText(team.billingCity), 35),
      country: team.billingCountry.toUpperCase(),
    },
    ...(reference ? { reference } : {}),
    message: fitField(qrText(message), 140),
  };
}

/** The sections of the slip, in mm from its top: the receipt's information section ends where its amount section begins. */
const RECEIPT_INFO_BOTTOM = 68;
const PAYMENT_INFO_BOTTOM = 100;
/** A box lower than this is no place to write an address by hand. */
const MIN_BOX_HEIGHT = 10;

type DrawBox = (doc: PDFKit.PDFDocument, x: number, y: number, width: number, height: number) => void;

/**
 * swissqrbill draws the empty "payable by" box (receipt 52 × 20 mm, payment part 65 × 25 mm)
 * wherever the creditor's address and the reference ended, so a long address pushed the
 * receipt's box into the amount section below it. Each box keeps its place and width and ends
 * where its section ends: 1 mm above the receipt's amount headings, at the payment part's
 * margin. swissqrbill offers no option for it, so its box drawing (mm from the slip's top left)
 * is wrapped; the documents tests measure the drawn boxes.
 */
function keepBoxesInSections(bill: SwissQRBill): SwissQRBill {
  const target = bill as unknown as { addRectangle: DrawBox };
  const draw = target.addRectangle.bind(bill);
  target.addRectangle = (doc, x, y, width, height) => {
    const bottom = x === 5 && width === 52 ? RECEIPT_INFO_BOTTOM - 1 : x === 118 && width === 65 ? PAYMENT_INFO_BOTTOM : undefined;
    draw(doc, x, y, width, bottom === undefined ? height : Math.max(MIN_BOX_HEIGHT, Math.min(height, bottom - y)));
  };
  return bill;
}

/** The payment slip (receipt and payment part) of the data, in the order's language. */
export function createQrBill(data: QrBillData, lang: Language): SwissQRBill {
  return keepBoxesInSections(
    new SwissQRBill(data, {
      language: lang === 'fr' ? 'FR' : lang === 'en' ? 'EN' : 'DE',
      scissors: true,
      // Arimo has Liberation Sans' design (one of the fonts the library's type names); the bold is `${fontName}-Bold`.
      fontName: FONT.regular as PDFOptions['fontName'],
    }),
  );
}
