/**
 * One CSV field (RFC 4180), for every CSV the app writes: text a spreadsheet would run as a
 * formula (`=`, `+`, `-`, `@`, tab or carriage return first; OWASP "CSV injection") gets a leading
 * `'`, then the field is quoted when it holds a comma, quote or line break. Numbers are written
 * as they are (a negative amount is a number, not a formula).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}
