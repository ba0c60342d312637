/**
 * Payment references of the Swiss QR-bill, built from the order number (the invoice number), so a
 * bank statement line leads straight back to the order:
 *
 * - QR reference (QRR, only with a QR-IBAN): 27 digits, the last one a check digit computed with
 *   the recursive modulo 10 of the Swiss implementation guidelines (the old ESR/BESR algorithm).
 * - Creditor reference (SCOR, ISO 11649, with an ordinary IBAN): `RF`, two check digits
 *   (ISO 7064 mod 97-10), then the reference itself (here: the order number).
 */

/** The carry table of the recursive modulo 10 (SIX, Swiss Implementation Guidelines QR-bill, annex B). */
const MOD10_TABLE = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5] as const;

/** The check digit of a string of digits by the recursive modulo 10. */
export function mod10RecursiveCheckDigit(digits: string): number {
  if (!/^\d*$/.test(digits)) throw new RangeError('only digits have a modulo 10 check digit');
  let carry = 0;
  for (const ch of digits) carry = MOD10_TABLE[(carry + Number(ch)) % 10]!;
  return (10 - carry) % 10;
}

/** The QR reference of an order number: 26 digits (zero-padded number) + the check digit. */
export function qrReference(orderNumber: number): string {
  if (!Number.isSafeInteger(orderNumber) || orderNumber <= 0) throw new RangeError('an order number is a positive integer');
  const body = String(orderNumber).padStart(26, '0');
  if (body.length > 26) throw new RangeError('order number too long for a QR reference');
  return body + String(mod10RecursiveCheckDigit(body));
}

/** Whether a QR reference (spaces allowed) is 27 digits, not all zero, with a valid check digit. */
export function isValidQrReference(reference: string): boolean {
  const ref = reference.replace(/\s+/g, '');
  if (!/^\d{27}$/.test(ref) || /^0+$/.test(ref)) return false;
  return mod10RecursiveCheckDigit(ref.slice(0, 26)) === Number(ref[26]);
}

/** ISO 7064 mod 97 of an alphanumeric string, letters as 10–35, in steps (no big integers). */
function mod97(text: string): number {
  let rest = 0;
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    const value = code >= 65 ? String(code - 55) : ch;
    for (const digit of value) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest;
}

/** The ISO 11649 creditor reference of a reference text (1–21 letters/digits): `RF` + check + text. */
export function creditorReference(reference: string): string {
  const ref = reference.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z0-9]{1,21}$/.test(ref)) throw new RangeError('a creditor reference holds 1 to 21 letters or digits');
  const check = 98 - mod97(`${ref}RF00`);
  return `RF${String(check).padStart(2, '0')}${ref}`;
}

/** The creditor reference of an order number. */
export function orderCreditorReference(orderNumber: number): string {
  if (!Number.isSafeInteger(orderNumber) || orderNumber <= 0) throw new RangeError('an order number is a positive integer');
  return creditorReference(String(orderNumber));
}

/** Whether a creditor reference (spaces allowed, any case) has valid ISO 11649 check digits. */
export function isValidCreditorReference(reference: string): boolean {
  const ref = reference.replace(/\s+/g, '').toUpperCase();
  if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(ref)) return false;
  return mod97(ref.slice(4) + ref.slice(0, 4)) === 1;
}

/** In groups as printed: QR reference `21 00000 00003 13947 14300 09017`, creditor reference `RF18 5390 0754 7034`. */
export function formatReference(reference: string): string {
  const ref = reference.replace(/\s+/g, '');
  if (/^\d{27}$/.test(ref)) return `${ref.slice(0, 2)} ${ref.slice(2).replace(/(.{5})(?=.)/g, '$1 ')}`;
  return ref.replace(/(.{4})(?=.)/g, '$1 ');
}
