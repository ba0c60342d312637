/**
 * A validator of Swiss QR Code payloads (the text in the QR code of a QR-bill), written from the
 * Swiss Implementation Guidelines QR-bill (SIX, version 2.3, in force since 21 November 2025) and
 * nothing else: it shares no code with what writes our QR-bills (swissqrbill, payment-reference.ts),
 * so a test that checks a payload with it checks against the standard, not against ourselves.
 *
 * What it checks: the element separator and the number of elements (31 to 34 lines), the total
 * length, the header (SPC, 0200, coding 1), the character set of every element (extended Latin
 * of version 2.3), the account (a Swiss or Liechtenstein IBAN with its mod 97 check digits; a
 * QR-IBAN exactly when the reference is a QR reference), creditor and debtor addresses (type S or
 * K with their field rules and lengths), the empty ultimate creditor, the amount format and range,
 * the currency, the reference (QRR: 27 digits with the recursive mod 10 check digit; SCOR:
 * ISO 11649 with mod 97; NON: empty), the message and billing information lengths, the trailer and
 * the alternative schemes.
 */

export interface QrBillValidation {
  /** Empty when the payload is valid. */
  errors: string[];
  /** The payload's elements by name, for a test's further checks. */
  fields: Record<string, string>;
}

/** Element names in payload order (IG 4.3.3); the last three are optional. */
const ELEMENTS = [
  'QRType',
  'Version',
  'Coding',
  'IBAN',
  'Cdtr.AdrTp',
  'Cdtr.Name',
  'Cdtr.StrtNmOrAdrLine1',
  'Cdtr.BldgNbOrAdrLine2',
  'Cdtr.PstCd',
  'Cdtr.TwnNm',
  'Cdtr.Ctry',
  'UltmtCdtr.AdrTp',
  'UltmtCdtr.Name',
  'UltmtCdtr.StrtNmOrAdrLine1',
  'UltmtCdtr.BldgNbOrAdrLine2',
  'UltmtCdtr.PstCd',
  'UltmtCdtr.TwnNm',
  'UltmtCdtr.Ctry',
  'Amt',
  'Ccy',
  'UltmtDbtr.AdrTp',
  'UltmtDbtr.Name',
  'UltmtDbtr.StrtNmOrAdrLine1',
  'UltmtDbtr.BldgNbOrAdrLine2',
  'UltmtDbtr.PstCd',
  'UltmtDbtr.TwnNm',
  'UltmtDbtr.Ctry',
  'Tp',
  'Ref',
  'Ustrd',
  'Trailer',
  'StrdBkgInf',
  'AltPmt1',
  'AltPmt2',
] as const;

/**
 * The character set of version 2.3 ("extended Latin"): Basic Latin (printable), Latin-1
 * Supplement, Latin Extended-A, and Ș ș Ț ț and €.
 */
export function isPermittedQrBillCharacter(codePoint: number): boolean {
  return (
    (codePoint >= 0x20 && codePoint <= 0x7e) ||
    (codePoint >= 0xa0 && codePoint <= 0x17f) ||
    (codePoint >= 0x218 && codePoint <= 0x21b) ||
    codePoint === 0x20ac
  );
}

/** ISO 7064 MOD 97-10 of an alphanumeric string (letters count 10 to 35), digit by digit. */
function mod97(text: string): number {
  let rest = 0;
  for (const ch of text) {
    const digits = /[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest;
}

/** The recursive modulo 10 check of a QR reference (IG annex, the ISR algorithm): valid when the carry ends at 0. */
function qrReferenceValid(reference: string): boolean {
  const table = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5];
  let carry = 0;
  for (const ch of reference) carry = table[(carry + Number(ch)) % 10]!;
  return carry === 0;
}

export function validateSwissQrPayload(payload: string): QrBillValidation {
  const errors: string[] = [];
  const fields: Record<string, string> = {};

  // Separator: CR LF or LF throughout; the last element may end with one or not.
  const crlf = payload.includes('\r\n');
  if (crlf && payload.replace(/\r\n/g, '').includes('\n')) errors.push('separator: CR LF and LF mixed');
  if (payload.replace(/\r\n/g, '').includes('\r')) errors.push('separator: a CR without LF');
  const body = payload.replace(/\r?\n$/, '');
  const lines = body.split(crlf ? '\r\n' : '\n');
  if (lines.length < 31 || lines.length > 34) errors.push(`elements: ${lines.length}, expected 31 to 34`);
  if ([...payload].length > 997) errors.push(`length: ${[...payload].length} characters, at most 997`);
  lines.forEach((line, i) => {
    const name = ELEMENTS[i] ?? `element ${i + 1}`;
    fields[name] = line;
    for (const ch of line)
      if (!isPermittedQrBillCharacter(ch.codePointAt(0)!))
        errors.push(`${name}: character U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} "${ch}" is not permitted`);
  });
  const get = (name: (typeof ELEMENTS)[number]) => fields[name] ?? '';
  const maxLength = (name: (typeof ELEMENTS)[number], max: number) => {
    if ([...get(name)].length > max) errors.push(`${name}: ${[...get(name)].length} characters, at most ${max}`);
  };

  // Header.
  if (get('QRType') !== 'SPC') errors.push(`QRType: "${get('QRType')}", expected SPC`);
  if (get('Version') !== '0200') errors.push(`Version: "${get('Version')}", expected 0200`);
  if (get('Coding') !== '1') errors.push(`Coding: "${get('Coding')}", expected 1`);

  // Account: IBAN of CH or LI, 21 characters, mod 97 = 1.
  const iban = get('IBAN');
  const qrIban = /^(CH|LI)\d{2}3[01]\d{3}/.test(iban);
  if (!/^(CH|LI)\d{2}\d{5}[A-Z0-9]{12}$/.test(iban)) errors.push(`IBAN: "${iban}" is not a CH/LI IBAN of 21 characters`);
  else if (mod97(iban.slice(4) + iban.slice(0, 4)) !== 1) errors.push(`IBAN: "${iban}" has wrong check digits`);

  // Addresses.
  const address = (party: 'Cdtr' | 'UltmtDbtr', required: boolean) => {
    const f = (name: string) => fields[`${party}.${name}`] ?? '';
    const all = ['AdrTp', 'Name', 'StrtNmOrAdrLine1', 'BldgNbOrAdrLine2', 'PstCd', 'TwnNm', 'Ctry'].map(f);
    if (!required && all.every((v) => v === '')) return;
    const type = f('AdrTp');
    if (type !== 'S' && type !== 'K') return void errors.push(`${party}.AdrTp: "${type}", expected S or K`);
    if (!f('Name')) errors.push(`${party}.Name: empty`);
    if ([...f('Name')].length > 70) errors.push(`${party}.Name: ${[...f('Name')].length} characters, at most 70`);
    if ([...f('StrtNmOrAdrLine1')].length > 70) errors.push(`${party}.StrtNmOrAdrLine1: more than 70 characters`);
    if (type === 'S') {
      if ([...f('BldgNbOrAdrLine2')].length > 16)
        errors.push(`${party}.BldgNb: ${[...f('BldgNbOrAdrLine2')].length} characters, at most 16`);
      if (!f('PstCd')) errors.push(`${party}.PstCd: empty`);
      if ([...f('PstCd')].length > 16) errors.push(`${party}.PstCd: ${[...f('PstCd')].length} characters, at most 16`);
      if (!f('TwnNm')) errors.push(`${party}.TwnNm: empty`);
      if ([...f('TwnNm')].length > 35) errors.push(`${party}.TwnNm: ${[...f('TwnNm')].length} characters, at most 35`);
    } else {
      if (!f('BldgNbOrAdrLine2')) errors.push(`${party}.AdrLine2: empty (address type K)`);
      if ([...f('BldgNbOrAdrLine2')].length > 70) errors.push(`${party}.AdrLine2: more than 70 characters`);
      if (f('PstCd') || f('TwnNm')) errors.push(`${party}: postal code and town stay empty with address type K`);
    }
    if (!/^[A-Z]{2}$/.test(f('Ctry'))) errors.push(`${party}.Ctry: "${f('Ctry')}" is not a two-letter country code`);
  };
  address('Cdtr', true);
  address('UltmtDbtr', false);
  for (const name of ELEMENTS.filter((e) => e.startsWith('UltmtCdtr.')))
    if (get(name) !== '') errors.push(`${name}: must stay empty (reserved for future use)`);

  // Amount and currency.
  const amount = get('Amt');
  if (amount !== '') {
    if (!/^(0|[1-9]\d{0,8})\.\d{2}$/.test(amount)) errors.push(`Amt: "${amount}" is not digits, a point and two decimals`);
    else if (Number(amount) < 0.01) errors.push(`Amt: ${amount} is below 0.01`);
  }
  if (get('Ccy') !== 'CHF' && get('Ccy') !== 'EUR') errors.push(`Ccy: "${get('Ccy')}", expected CHF or EUR`);

  // Reference.
  const type = get('Tp');
  const ref = get('Ref');
  if (type === 'QRR') {
    if (!/^\d{27}$/.test(ref)) errors.push(`Ref: "${ref}" is not 27 digits`);
    else if (!qrReferenceValid(ref)) errors.push(`Ref: "${ref}" fails the recursive mod 10 check`);
    if (!qrIban) errors.push('Tp: a QR reference needs a QR-IBAN');
  } else if (type === 'SCOR') {
    if (!/^RF\d{2}[A-Za-z0-9]{1,21}$/.test(ref))
      errors.push(`Ref: "${ref}" is not a creditor reference (RF, 2 digits, 1 to 21 letters or digits)`);
    else if (mod97(ref.slice(4).toUpperCase() + ref.slice(0, 4)) !== 1) errors.push(`Ref: "${ref}" fails the mod 97 check`);
    if (qrIban) errors.push('Tp: a QR-IBAN needs a QR reference');
  } else if (type === 'NON') {
    if (ref !== '') errors.push('Ref: must be empty with NON');
    if (qrIban) errors.push('Tp: a QR-IBAN needs a QR reference');
  } else errors.push(`Tp: "${type}", expected QRR, SCOR or NON`);

  // Additional information and the trailer.
  maxLength('Ustrd', 140);
  if (get('Trailer') !== 'EPD') errors.push(`Trailer: "${get('Trailer')}", expected EPD`);
  maxLength('StrdBkgInf', 140);
  if ([...get('Ustrd')].length + [...get('StrdBkgInf')].length > 140)
    errors.push('Ustrd and StrdBkgInf: more than 140 characters together');
  maxLength('AltPmt1', 100);
  maxLength('AltPmt2', 100);
  return { errors, fields };
}
