/**
 * Offline VAT ID validation (no VIES / UID-register look-up): syntax per country and,
 * where the issuing country publishes one, the check digit. A `valid` result means
 * "well-formed", not "registered".
 *
 * Covered: Switzerland/Liechtenstein (CHE UID with optional MWST/TVA/IVA suffix), the
 * 27 EU member states (Greece as EL, GR accepted as an alias), Northern Ireland (XI) and
 * the UK (GB).
 *
 * Check digits are verified for CHE, AT, BE, DE, DK, ES, FI, FR (numeric key), HR, IT,
 * LU, NL, PL, PT, SE; the other countries are checked for format only.
 */

export type VatIdReason = 'format' | 'checksum' | 'country_mismatch';

export interface VatIdResult {
  valid: boolean;
  /** Canonical form, only when valid: prefix + compact number (`DE136695976`, `EL094259216`), Swiss `CHE-123.456.788 MWST`. */
  normalized?: string;
  /** ISO 3166-1 alpha-2 country of the VAT ID (EL → GR, XI → GB, CHE → CH), when the prefix is known. */
  country?: string;
  reason?: VatIdReason;
}

type Check = 'ok' | 'format' | 'checksum';
interface Scheme {
  /** ISO country of the ID. */
  country: string;
  /** Validates the part after the prefix; may return a canonical body. */
  check(body: string): { result: Check; body?: string };
}

// ---------------------------------------------------------------- check-digit helpers

const digitsOf = (s: string): number[] => [...s].map((c) => c.charCodeAt(0) - 48);

function weightedSum(digits: number[], weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (digits[i] ?? 0) * (weights[i] ?? 0);
  return sum;
}

/** Luhn: true when the whole digit string (check digit last) is valid. */
function luhnValid(s: string): boolean {
  const d = digitsOf(s);
  let sum = 0;
  for (let i = d.length - 1, double = false; i >= 0; i--, double = !double) {
    let v = d[i] ?? 0;
    if (double) {
      v *= 2;
      if (v > 9) v -= 9;
    }
    sum += v;
  }
  return sum % 10 === 0;
}

/** Luhn check digit to append to `s`. */
function luhnCheckDigit(s: string): number {
  for (let c = 0; c <= 9; c++) if (luhnValid(s + String(c))) return c;
  return -1; // unreachable
}

/** ISO 7064 MOD 11,10 (pure system, one check digit at the end). */
function iso7064Mod11_10Valid(s: string): boolean {
  const d = digitsOf(s);
  let product = 10;
  for (let i = 0; i < d.length - 1; i++) {
    let sum = ((d[i] ?? 0) + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  return (11 - product) % 10 === d[d.length - 1];
}

/** ISO 7064 MOD 97-10 over an alphanumeric string (A=10 … Z=35): valid when the remainder is 1. */
function iso7064Mod97_10Valid(s: string): boolean {
  let rem = 0;
  for (const ch of s) {
    const v = /\d/.test(ch) ? ch.charCodeAt(0) - 48 : ch.charCodeAt(0) - 55;
    rem = v >= 10 ? (rem * 100 + v) % 97 : (rem * 10 + v) % 97;
  }
  return rem === 1;
}

/** Remainder of a (long) decimal string modulo m. */
function mod(s: string, m: number): number {
  let rem = 0;
  for (const d of digitsOf(s)) rem = (rem * 10 + d) % m;
  return rem;
}

const fmt = (re: RegExp, extra?: (body: string) => boolean) => (body: string) => ({
  result: (re.test(body) ? (extra ? (extra(body) ? 'ok' : 'checksum') : 'ok') : 'format') as Check,
});

// ---------------------------------------------------------------- per-country rules

/** Swiss UID (also used by Liechtenstein): 9 digits, check digit mod 11 with weights 5,4,3,2,7,6,5,4. */
function checkChe(body: string): { result: Check; body?: string } {
  const m = /^(\d{9})(MWST|TVA|IVA)?$/.exec(body);
  if (!m) return { result: 'format' };
  const digits = m[1] ?? '';
  const d = digitsOf(digits);
  const rest = 11 - (weightedSum(d, [5, 4, 3, 2, 7, 6, 5, 4]) % 11);
  const check = rest === 11 ? 0 : rest; // 10 can never be issued
  if (rest === 10 || check !== d[8]) return { result: 'checksum' };
  const formatted = `-${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}`;
  return { result: 'ok', body: m[2] ? `${formatted} ${m[2]}` : formatted };
}

/** Austria: U + 8 digits; Luhn-like weights 1,2,1,2,… with cross sums, check = (10 − (S + 4) mod 10) mod 10. */
function checkAt(body: string): boolean {
  const d = digitsOf(body.slice(1));
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const v = (d[i] ?? 0) * (i % 2 === 0 ? 1 : 2);
    sum += v > 9 ? v - 9 : v;
  }
  return (10 - ((sum + 4) % 10)) % 10 === d[7];
}

/** Belgium: 10 digits (old 9-digit form gets a leading 0); last two = 97 − (first eight mod 97). */
function checkBe(body: string): { result: Check; body?: string } {
  const b = /^\d{9}$/.test(body) ? `0${body}` : body;
  if (!/^[01]\d{9}$/.test(b)) return { result: 'format' };
  const ok = 97 - (Number(b.slice(0, 8)) % 97) === Number(b.slice(8));
  return ok ? { result: 'ok', body: b } : { result: 'checksum' };
}

/** Denmark: 8 digits, weights 2,7,6,5,4,3,2,1, sum divisible by 11. */
const checkDk = (b: string) => weightedSum(digitsOf(b), [2, 7, 6, 5, 4, 3, 2, 1]) % 11 === 0;

/** Finland: 8 digits, weights 7,9,10,5,8,4,2,1, sum divisible by 11. */
const checkFi = (b: string) => weightedSum(digitsOf(b), [7, 9, 10, 5, 8, 4, 2, 1]) % 11 === 0;

/** France: 2-char key + 9-digit SIREN. Numeric key = (12 + 3 × (SIREN mod 97)) mod 97; letter keys: format only. */
function checkFr(body: string): boolean {
  const key = body.slice(0, 2);
  if (!/^\d\d$/.test(key)) return true;
  return (12 + 3 * mod(body.slice(2), 97)) % 97 === Number(key);
}

/** Italy: 11 digits, company part not all zero, Luhn over all 11. */
const checkIt = (b: string) => !b.startsWith('0000000') && luhnValid(b);

/** Luxembourg: 8 digits, last two = first six mod 89. */
const checkLu = (b: string) => Number(b.slice(0, 6)) % 89 === Number(b.slice(6));

/**
 * Netherlands: 9 digits + B + 2 digits. Either the RSIN/BSN "11-proof" (weights 9…2, −1)
 * or, for sole proprietors since 2020, ISO 7064 MOD 97-10 over "NL" + the whole number.
 */
function checkNl(body: string): boolean {
  const nine = body.slice(0, 9);
  if (/^0+$/.test(nine) || body.slice(10) === '00') return false;
  const d = digitsOf(nine);
  const elevenProof = (weightedSum(d, [9, 8, 7, 6, 5, 4, 3, 2]) - (d[8] ?? 0)) % 11 === 0;
  return elevenProof || iso7064Mod97_10Valid(`NL${body}`);
}

/** Poland: 10 digits, weights 6,5,7,2,3,4,5,6,7; sum mod 11 = last digit (10 is never issued). */
function checkPl(body: string): boolean {
  const d = digitsOf(body);
  return weightedSum(d, [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11 === d[9];
}

/** Portugal: 9 digits, weights 9…2; check = 11 − (sum mod 11), 10 and 11 → 0. */
function checkPt(body: string): boolean {
  const d = digitsOf(body);
  const rest = weightedSum(d, [9, 8, 7, 6, 5, 4, 3, 2]) % 11;
  return (rest < 2 ? 0 : 11 - rest) === d[8];
}

/** Sweden: 10-digit organisation number (Luhn) + "01". */
const checkSe = (b: string) => luhnValid(b.slice(0, 10));

/** Spain: DNI (8 digits + letter), NIE (X/Y/Z), K/L/M persons, or CIF (entity letter + 7 digits + digit/letter). */
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
function checkEs(body: string): Check {
  if (!/^[A-Z0-9]\d{7}[A-Z0-9]$/.test(body)) return 'format';
  const first = body.charAt(0);
  const last = body.charAt(8);
  const middle = body.slice(1, 8);
  if (/\d/.test(first)) {
    if (!/[A-Z]/.test(last)) return 'format';
    return DNI_LETTERS.charAt(Number(body.slice(0, 8)) % 23) === last ? 'ok' : 'checksum';
  }
  if ('XYZ'.includes(first)) {
    if (!/[A-Z]/.test(last)) return 'format';
    const n = Number(String('XYZ'.indexOf(first)) + middle);
    return DNI_LETTERS.charAt(n % 23) === last ? 'ok' : 'checksum';
  }
  if ('KLM'.includes(first)) {
    if (!/[A-Z]/.test(last)) return 'format';
    return DNI_LETTERS.charAt(Number(middle) % 23) === last ? 'ok' : 'checksum';
  }
  if ('ABCDEFGHJNPQRSUVW'.includes(first)) {
    // Sources disagree on which entity types use a digit or a letter, so accept either.
    const c = luhnCheckDigit(middle);
    return last === String(c) || last === 'JABCDEFGHI'.charAt(c) ? 'ok' : 'checksum';
  }
  return 'format';
}

const SCHEMES: Record<string, Scheme> = {
  CHE: { country: 'CH', check: checkChe },
  AT: { country: 'AT', check: fmt(/^U\d{8}$/, checkAt) },
  BE: { country: 'BE', check: checkBe },
  BG: { country: 'BG', check: fmt(/^\d{9,10}$/) },
  CY: { country: 'CY', check: fmt(/^\d{8}[A-Z]$/) },
  CZ: { country: 'CZ', check: fmt(/^\d{8,10}$/) },
  DE: { country: 'DE', check: fmt(/^[1-9]\d{8}$/, iso7064Mod11_10Valid) },
  DK: { country: 'DK', check: fmt(/^[1-9]\d{7}$/, checkDk) },
  EE: { country: 'EE', check: fmt(/^\d{9}$/) },
  EL: { country: 'GR', check: fmt(/^\d{9}$/) },
  ES: { country: 'ES', check: (b) => ({ result: checkEs(b) }) },
  FI: { country: 'FI', check: fmt(/^\d{8}$/, checkFi) },
  FR: { country: 'FR', check: fmt(/^[0-9A-HJ-NP-Z]{2}\d{9}$/, checkFr) },
  HR: { country: 'HR', check: fmt(/^\d{11}$/, iso7064Mod11_10Valid) },
  HU: { country: 'HU', check: fmt(/^\d{8}$/) },
  IE: { country: 'IE', check: fmt(/^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/) },
  IT: { country: 'IT', check: fmt(/^\d{11}$/, checkIt) },
  LT: { country: 'LT', check: fmt(/^(\d{9}|\d{12})$/) },
  LU: { country: 'LU', check: fmt(/^\d{8}$/, checkLu) },
  LV: { country: 'LV', check: fmt(/^\d{11}$/) },
  MT: { country: 'MT', check: fmt(/^\d{8}$/) },
  NL: { country: 'NL', check: fmt(/^\d{9}B\d{2}$/, checkNl) },
  PL: { country: 'PL', check: fmt(/^\d{10}$/, checkPl) },
  PT: { country: 'PT', check: fmt(/^[1-9]\d{8}$/, checkPt) },
  RO: { country: 'RO', check: fmt(/^[1-9]\d{1,9}$/) },
  SE: { country: 'SE', check: fmt(/^\d{10}01$/, checkSe) },
  SI: { country: 'SI', check: fmt(/^[1-9]\d{7}$/) },
  SK: { country: 'SK', check: fmt(/^[1-9]\d{9}$/) },
  // UK: 9 digits, 12 digits (branch), government departments GD000–GD499, health authorities HA500–HA999.
  GB: { country: 'GB', check: fmt(/^(\d{9}|\d{12}|GD[0-4]\d\d|HA[5-9]\d\d)$/) },
  XI: { country: 'GB', check: fmt(/^(\d{9}|\d{12}|GD[0-4]\d\d|HA[5-9]\d\d)$/) },
};

/** Prefix aliases found in the wild. */
const PREFIX_ALIASES: Record<string, string> = { GR: 'EL' };

/** VAT prefixes a billing country may legitimately carry; the first is used for bare numbers. */
const PREFIXES_FOR_COUNTRY: Record<string, readonly string[]> = {
  CH: ['CHE'],
  LI: ['CHE'], // Liechtenstein is part of the Swiss VAT area
  GR: ['EL'],
  EL: ['EL'],
  GB: ['GB', 'XI'],
  XI: ['XI', 'GB'],
  IM: ['GB'], // Isle of Man uses UK VAT numbers
  MC: ['FR'], // Monaco uses French VAT numbers
};

function prefixesFor(country: string): readonly string[] {
  return PREFIXES_FOR_COUNTRY[country] ?? (SCHEMES[country] && country !== 'CHE' ? [country] : []);
}

function run(prefix: string, body: string): VatIdResult {
  const scheme = SCHEMES[prefix];
  if (!scheme) return { valid: false, reason: 'format' };
  const { result, body: canonical } = scheme.check(body);
  if (result !== 'ok') return { valid: false, country: scheme.country, reason: result };
  return { valid: true, normalized: prefix + (canonical ?? body), country: scheme.country };
}

/** Spaces (any white space), dots and dashes (ASCII and Unicode) are ignored. */
const SEPARATORS = /[\s.\u002D\u2010-\u2015\u2212]/g;

/**
 * Validates a VAT ID offline.
 *
 * @param input   as typed by the user: case, spaces, dots and dashes don't matter.
 * @param country ISO 3166-1 alpha-2 of the billing country. A bare number (no prefix) gets
 *                that country's prefix; an ID from another country gives `country_mismatch`
 *                (CH/LI ↔ CHE, GR ↔ EL, GB ↔ GB/XI, IM ↔ GB and MC ↔ FR count as the same).
 */
export function validateVatId(input: string, country?: string): VatIdResult {
  const compact = input.normalize('NFKC').toUpperCase().replace(SEPARATORS, '');
  const billing = country?.trim().toUpperCase() || undefined;
  if (!compact) return { valid: false, reason: 'format' };

  let prefix: string | undefined;
  if (compact.startsWith('CHE')) prefix = 'CHE';
  else {
    const two = compact.slice(0, 2);
    const p = PREFIX_ALIASES[two] ?? two;
    if (p !== 'CHE' && SCHEMES[p]) prefix = p;
  }
  const body = prefix ? compact.slice(prefix === 'CHE' ? 3 : 2) : compact;

  if (!billing) return prefix ? run(prefix, body) : { valid: false, reason: 'format' };

  const allowed = prefixesFor(billing);
  const own = allowed[0];
  if (!prefix) return own ? run(own, compact) : { valid: false, reason: 'format' };
  if (allowed.includes(prefix)) return run(prefix, body);

  // A national number that merely starts with two letters that look like a prefix
  // (e.g. a French letter key) is still fine for its own country.
  if (own) {
    const asBare = run(own, compact);
    if (asBare.valid) return asBare;
  }
  return { valid: false, country: SCHEMES[prefix]?.country, reason: 'country_mismatch' };
}
