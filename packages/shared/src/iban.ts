/**
 * IBANs for invoices (selling settings): the ISO 13616 check (country length and mod-97 check
 * digits), the Swiss/Liechtenstein QR-IBAN (institution id 30000–31999, which a QR-bill with a
 * QR reference needs) and the grouped display form. Both sides use it: the server decides, the
 * back office formats and checks as the user types.
 */

/** IBAN length per country (SWIFT IBAN registry), as `CCnn`. */
const IBAN_LENGTHS: ReadonlyMap<string, number> = new Map(
  (
    'AD24 AE23 AL28 AT20 AZ28 BA20 BE16 BG22 BH22 BR29 BY28 CH21 CR22 CY28 CZ24 DE22 DK18 DO28 EE20 EG29 ES24 FI18 ' +
    'FO18 FR27 GB22 GE22 GI23 GL18 GR27 GT28 HR21 HU28 IE22 IL23 IQ23 IS26 IT27 JO30 KW30 KZ20 LB28 LC32 LI21 LT20 ' +
    'LU20 LV21 MC27 MD24 ME22 MK19 MR27 MT31 MU30 NL18 NO15 PK24 PL28 PS29 PT25 QA29 RO24 RS22 SA24 SC31 SE24 SI19 ' +
    'SK24 SM27 ST25 SV28 TL23 TN24 TR26 UA29 VA22 VG24 XK20'
  )
    .split(' ')
    .map((e): [string, number] => [e.slice(0, 2), Number(e.slice(2))]),
);

/** As typed → compact: white space removed, upper case ("ch93 0076 …" → "CH930076…"). */
export function compactIban(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

/** Groups of four, as printed on invoices ("CH93 0076 2011 6238 5295 7"). */
export function formatIban(input: string): string {
  return compactIban(input).replace(/(.{4})(?=.)/g, '$1 ');
}

/** ISO 7064 mod 97-10 over the rearranged IBAN (letters as 10–35), in chunks: no big integers. */
function mod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const value = code >= 65 ? String(code - 55) : ch;
    for (const digit of value) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest;
}

export type IbanProblem = 'format' | 'checksum';

/** Why an IBAN is not valid (`format`: characters, country or length; `checksum`), or null. */
export function ibanProblem(input: string): IbanProblem | null {
  const iban = compactIban(input);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(iban)) return 'format';
  const length = IBAN_LENGTHS.get(iban.slice(0, 2));
  if (!length || iban.length !== length) return 'format';
  // CH/LI: five-digit institution id, then twelve characters of account.
  if ((iban.startsWith('CH') || iban.startsWith('LI')) && !/^(CH|LI)\d{7}[A-Z0-9]{12}$/.test(iban)) return 'format';
  return mod97(iban) === 1 ? null : 'checksum';
}

export function isValidIban(input: string): boolean {
  return ibanProblem(input) === null;
}

/** A valid Swiss or Liechtenstein IBAN (what a Swiss QR-bill accepts as account). */
export function isSwissIban(input: string): boolean {
  const iban = compactIban(input);
  return (iban.startsWith('CH') || iban.startsWith('LI')) && isValidIban(iban);
}

/** A valid QR-IBAN: Swiss/Liechtenstein with an institution id (QR-IID) from 30000 to 31999. */
export function isQrIban(input: string): boolean {
  const iban = compactIban(input);
  if (!isSwissIban(iban)) return false;
  const iid = Number(iban.slice(4, 9));
  return iid >= 30000 && iid <= 31999;
}
