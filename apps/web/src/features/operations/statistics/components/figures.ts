import type { Language } from '@bookla/shared/i18n';
import type { StatisticsInterval } from '@bookla/shared/statistics';
import dayjs from 'dayjs';
import { englishDateStyle } from '../../../../lib/date-style';

/** Counts in the Swiss variant of the language, like the app's money (`1'234`). */
export function formatCount(n: number, lang: Language): string {
  return new Intl.NumberFormat(`${lang}-CH`).format(n);
}

/** Day and month as the language writes dates (English: as the date style says, decision 021). */
const shortDay = (lang: Language): string =>
  lang === 'de' ? 'DD.MM.' : lang === 'fr' || englishDateStyle() === 'day_first' ? 'DD/MM' : 'MM/DD';

/** A chart's x-axis label of a bucket (`YYYY-MM-DD`, its first day): day and week short, month by name. */
export function periodLabel(period: string, interval: StatisticsInterval, lang: Language): string {
  const d = dayjs(period).locale(lang);
  return interval === 'month' ? d.format('MMM YYYY') : d.format(shortDay(lang));
}

/** Today (`YYYY-MM-DD`) in the company's time zone. */
export function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}
