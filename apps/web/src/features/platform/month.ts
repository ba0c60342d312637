import type { Language } from '@bookla/shared/i18n';
import { PLATFORM_TIME_ZONE } from '@bookla/shared/platform';

/** `2026-10` as the language writes it: "October 2026", "Oktober 2026", "octobre 2026". */
export function formatMonth(month: string, lang: Language): string {
  const [year, mon] = month.split('-').map(Number);
  if (!year || !mon) return month;
  return new Intl.DateTimeFormat(`${lang}-CH`, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, mon - 1, 1));
}

/** The month before `now`'s in the platform's zone (`YYYY-MM`): the month a statement run bills. */
export function previousMonth(now: Date = new Date()): string {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: PLATFORM_TIME_ZONE, year: 'numeric', month: '2-digit' })
    .format(now)
    .split('-')
    .map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}
