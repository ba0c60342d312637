/**
 * Money and dates the way the team's customers read them: the page's language with the team's
 * country (`de-CH` writes "CHF 25.00"), dates in the team's time zone. English dates follow the
 * team's country as the back office, PDFs and mails do (decision 021): a US team's in the US way
 * ("Sat, March 14, 2026 at 6:00 PM"), every other team's day-first with 24-hour times (en-GB).
 * Intl formatters are costly to build, so they are kept.
 */
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let f = cache.get(key) as F | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

export interface Formats {
  locale: string;
  money(amount: number, currency: string): string;
  percent(rate: number): string;
  /** "Sa., 14. März 2026, 18:00" */
  dateTime(iso: string): string;
  /** "Sa., 14. März 2026" */
  date(iso: string): string;
  time(iso: string): string;
  /** "März 2026" for a month of a calendar (UTC date of its first day). */
  month(year: number, month: number): string;
  weekdayShort(dayIndexMondayFirst: number): string;
}

export function createFormats(lang: string, country: string, timeZone: string): Formats {
  let locale = `${lang}-${country}`;
  try {
    new Intl.NumberFormat(locale);
  } catch {
    locale = lang;
  }
  let zone: string | undefined = timeZone;
  try {
    new Intl.DateTimeFormat(locale, { timeZone: zone });
  } catch {
    zone = undefined;
  }
  // The rule of `dateStyleOf` (@bookla/shared/i18n, not loaded here: the shop stays small).
  const twelveHours = lang === 'en' && country.trim().toUpperCase() === 'US';
  const dateLocale = lang === 'en' ? (twelveHours ? 'en-US' : 'en-GB') : locale;
  const hour = twelveHours ? 'numeric' : '2-digit';
  const dt = (name: string, options: Intl.DateTimeFormatOptions) =>
    cached(`${dateLocale}|${zone}|${name}`, () => new Intl.DateTimeFormat(dateLocale, { timeZone: zone, ...options }));
  return {
    locale,
    money: (amount, currency) => {
      try {
        return cached(`${locale}|${currency}`, () => new Intl.NumberFormat(locale, { style: 'currency', currency })).format(amount);
      } catch {
        return `${currency} ${amount.toFixed(2)}`;
      }
    },
    percent: (rate) => `${cached(`${locale}|pct`, () => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 })).format(rate)} %`,
    dateTime: (iso) =>
      dt('dt', { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', hour, minute: '2-digit' }).format(new Date(iso)),
    date: (iso) => dt('d', { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso)),
    time: (iso) => dt('t', { hour, minute: '2-digit' }).format(new Date(iso)),
    month: (year, month) =>
      cached(`${dateLocale}|month`, () => new Intl.DateTimeFormat(dateLocale, { month: 'long', year: 'numeric', timeZone: 'UTC' })).format(
        new Date(Date.UTC(year, month - 1, 1)),
      ),
    // 2024-01-01 was a Monday.
    weekdayShort: (i) =>
      cached(`${dateLocale}|wd`, () => new Intl.DateTimeFormat(dateLocale, { weekday: 'short', timeZone: 'UTC' })).format(
        new Date(Date.UTC(2024, 0, 1 + i)),
      ),
  };
}

/** The calendar day of an ISO instant with offset, as written in it: the team's local day. */
export const localDay = (iso: string) => iso.slice(0, 10);

/** Today's date `YYYY-MM-DD` in a time zone. */
export function today(timeZone: string, now = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}
