import type { TierInterval } from '@bookla/shared';
import { zonedParts, zonedTimeToUtc } from '@bookla/shared/zoned-time';

/**
 * Membership periods in the team's time zone (issue 24: across month ends, leap years and
 * daylight-saving changes). A period keeps the wall-clock time and the day of the month of the
 * membership's start (its anchor): a membership started on 31 January at 10:00 in Zurich renews
 * on 28 (or 29) February at 10:00, then on 31 March at 10:00 — the day comes back after a short
 * month, because every end is counted from the anchor, never from the previous end. Across a
 * DST change the wall-clock time stays (10:00 +01:00 → 10:00 +02:00), so a period is an hour
 * shorter or longer in UTC, as the member reads it on their calendar.
 */

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The anchor's wall-clock time `months` months later, the day clamped to the month's last day. */
export function addMonthsZoned(anchor: Date, months: number, timeZone: string): Date {
  const w = zonedParts(anchor, timeZone);
  const index = w.year * 12 + (w.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const day = Math.min(w.day, daysInMonth(year, month));
  return zonedTimeToUtc({ year, month, day, hour: w.hour, minute: w.minute, second: w.second }, timeZone);
}

/** The anchor's wall-clock time `days` calendar days later (a pass valid 180 days). */
export function addDaysZoned(anchor: Date, days: number, timeZone: string): Date {
  const w = zonedParts(anchor, timeZone);
  const d = new Date(Date.UTC(w.year, w.month - 1, w.day + days));
  return zonedTimeToUtc(
    { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: w.hour, minute: w.minute, second: w.second },
    timeZone,
  );
}

/** The end of period number `n` (1 = the first) of a tier started at `anchor`. */
export function periodEnd(anchor: Date, interval: TierInterval, n: number, timeZone: string, validDays: number | null): Date {
  if (interval === 'once') return addDaysZoned(anchor, validDays ?? 1, timeZone);
  return addMonthsZoned(anchor, interval === 'month' ? n : 12 * n, timeZone);
}

/**
 * The period after the one ending at `currentEnd`: its start is `currentEnd`, its end the first
 * end counted from the anchor that lies after it.
 */
export function nextPeriod(
  anchor: Date,
  interval: Exclude<TierInterval, 'once'>,
  currentEnd: Date,
  timeZone: string,
): { start: Date; end: Date } {
  const step = interval === 'month' ? 1 : 12;
  const a = zonedParts(anchor, timeZone);
  const c = zonedParts(currentEnd, timeZone);
  // Months between anchor and the current end, then one period on; past it in any case.
  let n = Math.max(1, Math.round((c.year * 12 + c.month - (a.year * 12 + a.month)) / step) + 1);
  let end = addMonthsZoned(anchor, n * step, timeZone);
  while (end <= currentEnd) end = addMonthsZoned(anchor, ++n * step, timeZone);
  return { start: currentEnd, end };
}
