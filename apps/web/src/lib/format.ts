import type { DateStyle, Language } from '@bookla/shared/i18n';
import dayjs, { type ConfigType } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import 'dayjs/locale/de';
import 'dayjs/locale/fr';
import { englishDateStyle } from './date-style';

dayjs.extend(customParseFormat);

type DateKind = 'date' | 'time' | 'dateTime';
type DateFormatSet = Record<DateKind, string> & { placeholder: Record<DateKind, string>; parse: string[] };

/**
 * English has two ways (decision 021): the spec's US one, and day-first with 24-hour times for
 * teams outside the US (en-GB). `DATE_FORMATS.en` is the one of the current style (date-style.ts).
 */
export const ENGLISH_DATE_FORMATS: Record<DateStyle, DateFormatSet> = {
  us: {
    date: 'MM/DD/YYYY',
    time: 'h:mm A',
    dateTime: 'MM/DD/YYYY h:mm A',
    placeholder: { date: 'MM/DD/YYYY', time: 'H:MM AM', dateTime: 'MM/DD/YYYY H:MM AM' },
    parse: ['MM/DD/YYYY', 'M/D/YYYY'],
  },
  day_first: {
    date: 'DD/MM/YYYY',
    time: 'HH:mm',
    dateTime: 'DD/MM/YYYY HH:mm',
    placeholder: { date: 'DD/MM/YYYY', time: 'HH:MM', dateTime: 'DD/MM/YYYY HH:MM' },
    parse: ['DD/MM/YYYY', 'D/M/YYYY'],
  },
};

/**
 * Date formats of spec §9 (German is the default); French follows the Swiss/French habit, English
 * the current style. The one table for showing dates and for the date inputs: `placeholder` is the
 * hint an empty input shows, `parse` what a date input accepts besides its display format (without
 * leading zeros).
 */
export const DATE_FORMATS: Record<Language, DateFormatSet> = {
  de: {
    date: 'DD.MM.YYYY',
    time: 'HH:mm',
    dateTime: 'DD.MM.YYYY HH:mm',
    placeholder: { date: 'TT.MM.JJJJ', time: 'HH:MM', dateTime: 'TT.MM.JJJJ HH:MM' },
    parse: ['DD.MM.YYYY', 'D.M.YYYY'],
  },
  get en() {
    return ENGLISH_DATE_FORMATS[englishDateStyle()];
  },
  fr: {
    date: 'DD/MM/YYYY',
    time: 'HH:mm',
    dateTime: 'DD/MM/YYYY HH:mm',
    placeholder: { date: 'JJ/MM/AAAA', time: 'HH:MM', dateTime: 'JJ/MM/AAAA HH:MM' },
    parse: ['DD/MM/YYYY', 'D/M/YYYY'],
  },
};

/** Whether times are written with AM/PM in the language now (English in the US style). */
export const usesTwelveHours = (lang: Language): boolean => lang === 'en' && englishDateStyle() === 'us';

function formatWith(value: ConfigType, lang: Language, kind: DateKind): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  // The locale is passed per call so a format never depends on global dayjs state.
  return d.isValid() ? d.locale(lang).format(DATE_FORMATS[lang][kind]) : '';
}

export const formatDate = (value: ConfigType, lang: Language) => formatWith(value, lang, 'date');
export const formatTime = (value: ConfigType, lang: Language) => formatWith(value, lang, 'time');
export const formatDateTime = (value: ConfigType, lang: Language) => formatWith(value, lang, 'dateTime');

/** `HH:mm` as the time inputs send it, shown in the language's format (`18:30`, `6:30 PM`). */
export function formatTimeOfDay(value: string, lang: Language): string {
  const m = /^(\d{2}):(\d{2})/.exec(value);
  return m ? dayjs().hour(Number(m[1])).minute(Number(m[2])).locale(lang).format(DATE_FORMATS[lang].time) : '';
}

/**
 * A typed date in the language's format (or ISO `YYYY-MM-DD`, as pasted or sent) → `YYYY-MM-DD`,
 * or null when it is no real day (`31.02.2026`). Strict, so `3.4.20` is not the year 20.
 */
export function parseDateInput(text: string, lang: Language): string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const d = dayjs(trimmed, [...DATE_FORMATS[lang].parse, 'YYYY-MM-DD'], lang, true);
  return d.isValid() ? d.format('YYYY-MM-DD') : null;
}

/**
 * A typed time → `HH:mm`, in any of the habits a user of the three languages has: `18:30`,
 * `18.30`, `18h30`, `1830`, `6:30 pm`, `6pm`. Null when it is no time of day.
 */
export function parseTimeInput(text: string): string | null {
  const m = /^(\d{1,2})(?:[:.h]?(\d{2}))?\s*(?:([ap])\.?\s*m\.?)?$/i.exec(text.trim());
  if (!m) return null;
  let hours = Number(m[1]);
  const minutes = m[2] === undefined ? 0 : Number(m[2]);
  const half = m[3]?.toLowerCase();
  if (half) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (half === 'p' ? 12 : 0);
  }
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** A typed date and time (`31.12.2026 18:30`, or ISO `2026-12-31T18:30`) → `YYYY-MM-DDTHH:mm`. */
export function parseDateTimeInput(text: string, lang: Language): string | null {
  const m = /^(\S+?)(?:[T\s,]+)(\S.*)$/.exec(text.trim());
  if (!m) return null;
  const date = parseDateInput(m[1] ?? '', lang);
  const time = parseTimeInput(m[2] ?? '');
  return date && time ? `${date}T${time}` : null;
}

/**
 * Numbers use the Swiss variant of each language (`CHF 1'234.50`), the product's home market
 * and the way the spec writes its prices ("CHF 0.49").
 */
function numberLocale(lang: Language): string {
  return `${lang}-CH`;
}

export interface MoneyOptions {
  /** Up to 5, for rates and fee calculations (DESIGN §4); screens use the currency's own digits. */
  minimumFractionDigits?: number;
}

/** `amount` is a decimal number as the API replies carry it (not minor units). */
export function formatMoney(amount: number, currency: string, lang: Language, options: MoneyOptions = {}): string {
  const base = new Intl.NumberFormat(numberLocale(lang), { style: 'currency', currency });
  if (options.minimumFractionDigits === undefined) return base.format(amount);
  const min = Math.min(5, Math.max(0, Math.trunc(options.minimumFractionDigits)));
  const own = base.resolvedOptions().maximumFractionDigits ?? 2;
  return new Intl.NumberFormat(numberLocale(lang), {
    style: 'currency',
    currency,
    minimumFractionDigits: min,
    maximumFractionDigits: Math.max(min, own),
  }).format(amount);
}

/** `0.079` → `7.9%`. */
export function formatPercent(fraction: number, lang: Language, maximumFractionDigits = 2): string {
  return new Intl.NumberFormat(numberLocale(lang), { style: 'percent', maximumFractionDigits }).format(fraction);
}

/** Cuts `text` to at most `max` characters, the last one being "…" when something was cut. */
export function shorten(text: string, max: number): string {
  const chars = Array.from(text); // code points, so an emoji is never split in half
  if (chars.length <= max) return text;
  if (max <= 1) return '…';
  return `${chars
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}
