/**
 * Money is integer minor units everywhere. These helpers convert between the decimal
 * strings people type (`12,50`, `12.5`) and minor units, without floating point.
 */
export const CURRENCY_DIGITS: Record<string, number> = { CHF: 2, EUR: 2, USD: 2, GBP: 2, JPY: 0 };

export function currencyDigits(currency: string): number {
  return CURRENCY_DIGITS[currency.toUpperCase()] ?? 2;
}

/**
 * The largest amount any money input takes, in major units (1,000,000.00): prices, refunds,
 * discount amounts. In minor units that is at most 10^8 for two-digit currencies, so every
 * stored amount stays far inside PostgreSQL's int4 (an overflow was a 500); order totals are
 * checked against `MAX_MINOR` when priced.
 */
export const MAX_MONEY_MAJOR = 1_000_000;
/** int4's maximum: no minor-unit amount, count or id the API takes may exceed it. */
export const MAX_MINOR = 2_147_483_647;

/** The largest amount in minor units of this currency. */
export function maxMoneyMinor(currency: string): number {
  return MAX_MONEY_MAJOR * 10 ** currencyDigits(currency);
}

/** Parses "12.50" / "12,5" / "12" into minor units; returns null when not a valid amount. */
export function parseMoney(input: string | number, currency = 'CHF'): number | null {
  const digits = currencyDigits(currency);
  const text = String(input).trim().replace(',', '.');
  const match = /^(-)?(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > digits) return null;
  const minor = Number(whole) * 10 ** digits + Number((fraction + '0'.repeat(digits)).slice(0, digits) || '0');
  if (!Number.isSafeInteger(minor)) return null;
  return sign ? -minor : minor;
}

/** Minor units → decimal number as the API replies carry it (exact for 2-digit currencies). */
export function minorToDecimal(minor: number, currency = 'CHF'): number {
  const digits = currencyDigits(currency);
  return Number((minor / 10 ** digits).toFixed(digits));
}

/** Minor units → "12.50" (dot, fixed digits). */
export function minorToString(minor: number, currency = 'CHF'): string {
  const digits = currencyDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  if (digits === 0) return `${sign}${abs}`;
  const whole = Math.floor(abs / 10 ** digits);
  const frac = String(abs % 10 ** digits).padStart(digits, '0');
  return `${sign}${whole}.${frac}`;
}
