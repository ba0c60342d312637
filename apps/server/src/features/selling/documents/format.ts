import { currencyDigits, type Language } from '@bookla/shared';
import { dateLocaleOf, plainSpaces, timeOptions, type DateLocale } from '../../../lib/date-locale.ts';

/**
 * How documents and order mails write amounts, dates and rates: in the order's language, dates
 * and times in the team's time zone (a course in Zurich starts at 18:00 wherever the server runs).
 * English dates follow the team's billing country (decision 021): a US team's customers read
 * `03/14/2026, 6:00 PM`, everyone else's `14/03/2026, 18:00`. Documents are the team's, so no staff
 * member's preference changes them.
 */

const LOCALES: Record<Language, string> = { de: 'de-CH', en: 'en-GB', fr: 'fr-CH' };

/** The locale of amounts and rates (the Swiss/British variants: `CHF 1’234.50`, `CHF 1,234.50`). */
export const localeOf = (lang: Language): string => LOCALES[lang] ?? 'de-CH';

export { dateLocaleOf, type DateLocale };

/**
 * What the date helpers take: a `DateLocale` (documents and customer mails pass
 * `dateLocaleOf(lang, team.billingCountry)`), or a bare language, written day-first in English.
 */
export type DateLocaleOrLanguage = DateLocale | Language;
const toDateLocale = (l: DateLocaleOrLanguage): DateLocale => (l.length === 2 ? dateLocaleOf(l as Language, null) : (l as DateLocale));

/**
 * Formatters are built once per locale, time zone and options: building one costs far more than
 * formatting with it, and every order's mail and PDF formats dozens of dates and amounts. A Map
 * (the time zone comes from stored data), bounded like any cache fed by data.
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => F): F {
  let f = formatters.get(key) as F | undefined;
  if (!f) {
    f = make();
    if (formatters.size >= 2_000) formatters.clear();
    formatters.set(key, f);
  }
  return f;
}

/** Decimal amount of a reply (12.5) → minor units (1250), exact for the currency's digits. */
export function toMinor(amount: number, currency: string): number {
  return Math.round(amount * 10 ** currencyDigits(currency));
}

/** "CHF 1’234.50" (de), "1 234,50 CHF" (fr), "CHF 1,234.50" (en). */
export function formatMoney(minor: number, currency: string, lang: Language): string {
  const digits = currencyDigits(currency);
  try {
    const locale = localeOf(lang);
    const format = cached(
      `money|${locale}|${currency}|${digits}`,
      () =>
        new Intl.NumberFormat(locale, {
          style: 'currency',
          currency,
          currencyDisplay: 'code',
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        }),
    );
    return format.format(minor / 10 ** digits);
  } catch {
    return `${currency} ${(minor / 10 ** digits).toFixed(digits)}`;
  }
}

/** A VAT rate as people read it: "8.1 %" (de/en), "8,1 %" (fr). */
export function formatRate(percent: number, lang: Language): string {
  const locale = localeOf(lang);
  return `${cached(`rate|${locale}`, () => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 })).format(percent)} %`;
}

const DATE: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };
const DAY: Intl.DateTimeFormatOptions = { weekday: 'short', day: '2-digit', month: '2-digit', year: 'numeric' };

function parts(date: Date, as: DateLocaleOrLanguage, timeZone: string, name: string, options: Intl.DateTimeFormatOptions): string {
  const locale = toDateLocale(as);
  const make = (zone: string) => cached(`${name}|${locale}|${zone}`, () => new Intl.DateTimeFormat(locale, { ...options, timeZone: zone }));
  let text: string;
  try {
    text = make(timeZone).format(date);
  } catch {
    // An unknown time zone in stored data: still a date, in UTC.
    text = make('UTC').format(date);
  }
  return plainSpaces(text);
}

/** "12.05.2025" (`05/12/2025` for a US team in English) */
export function formatDate(date: Date, locale: DateLocaleOrLanguage, timeZone: string): string {
  return parts(date, locale, timeZone, 'date', DATE);
}

/** "Mo., 12.05.2025" */
export function formatDay(date: Date, locale: DateLocaleOrLanguage, timeZone: string): string {
  return parts(date, locale, timeZone, 'day', DAY);
}

/** "18:00" (`6:00 PM` for a US team in English) */
export function formatTime(date: Date, locale: DateLocaleOrLanguage, timeZone: string): string {
  return parts(date, locale, timeZone, 'time', timeOptions(toDateLocale(locale)));
}

/** A session: "Mo., 12.05.2025, 18:00–19:00", or across days "Fr., 12.05.2025, 18:00 – Sa., 13.05.2025, 12:00". */
export function formatSession(startsAt: Date, endsAt: Date, locale: DateLocaleOrLanguage, timeZone: string): string {
  const startDay = formatDay(startsAt, locale, timeZone);
  const start = `${startDay}, ${formatTime(startsAt, locale, timeZone)}`;
  if (endsAt.getTime() <= startsAt.getTime()) return start;
  const endDay = formatDay(endsAt, locale, timeZone);
  if (endDay === startDay) return `${start}–${formatTime(endsAt, locale, timeZone)}`;
  return `${start} – ${endDay}, ${formatTime(endsAt, locale, timeZone)}`;
}

export interface SessionDates {
  /** The session's id, where known (the order's calendar file names its events by it). */
  id?: number;
  startsAt: Date;
  endsAt: Date;
}

/**
 * The dates of a ticket as lines: each date when there are at most `max`, else the first and
 * last date with the number of dates ("12.05.2025 – 30.06.2025 (8 dates)" as the caller words it).
 */
export function sessionLines(
  sessions: readonly SessionDates[],
  locale: DateLocaleOrLanguage,
  timeZone: string,
  summary: (first: string, last: string, count: number) => string,
  max = 4,
): string[] {
  if (sessions.length <= max) return sessions.map((s) => formatSession(s.startsAt, s.endsAt, locale, timeZone));
  const first = sessions[0]!;
  const last = sessions[sessions.length - 1]!;
  return [
    summary(
      `${formatDay(first.startsAt, locale, timeZone)}, ${formatTime(first.startsAt, locale, timeZone)}`,
      formatDay(last.startsAt, locale, timeZone),
      sessions.length,
    ),
  ];
}
