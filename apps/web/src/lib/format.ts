import type { Language } from '@bookla/shared/i18n';
import dayjs, { type ConfigType } from 'dayjs';
import 'dayjs/locale/de';
import 'dayjs/locale/fr';

/** Date formats of spec §9 (German is the default); French follows the Swiss/French habit. */
export const DATE_FORMATS: Record<Language, { date: string; time: string; dateTime: string }> = {
  de: { date: 'DD.MM.YYYY', time: 'HH:mm', dateTime: 'DD.MM.YYYY HH:mm' },
  en: { date: 'MM/DD/YYYY', time: 'h:mm A', dateTime: 'MM/DD/YYYY h:mm A' },
  fr: { date: 'DD/MM/YYYY', time: 'HH:mm', dateTime: 'DD/MM/YYYY HH:mm' },
};

function formatWith(value: ConfigType, lang: Language, kind: keyof (typeof DATE_FORMATS)['de']): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  // The locale is passed per call so a format never depends on global dayjs state.
  return d.isValid() ? d.locale(lang).format(DATE_FORMATS[lang][kind]) : '';
}

export const formatDate = (value: ConfigType, lang: Language) => formatWith(value, lang, 'date');
export const formatTime = (value: ConfigType, lang: Language) => formatWith(value, lang, 'time');
export const formatDateTime = (value: ConfigType, lang: Language) => formatWith(value, lang, 'dateTime');

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
