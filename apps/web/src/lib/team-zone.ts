import type { Language } from '@bookla/shared/i18n';
import { useAppState } from './app-state';
import { formatDate, formatDateTime, formatTime } from './format';

/*
 * Dates and times in the team's zone (spec §9), for every feature: the timetable's own helpers
 * re-export them (features/catalogue/timetable/zoned.ts). Living here, they let a feature show a
 * session's time without importing the timetable feature (no import cycle, issue 21 item 1).
 */

/** The zone every date of the back office is shown and entered in (the team's, spec §9). */
export const FALLBACK_ZONE = 'Europe/Zurich';

export function useTeamZone(): string {
  return useAppState().team?.time_zone || FALLBACK_ZONE;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    partsFormatters.set(zone, formatter);
  }
  return formatter;
}

/**
 * `2026-03-29T17:00:00Z` in Europe/Zurich → `2026-03-29T19:00`: the wall time in the team's
 * zone, whatever the browser's own zone is. The form inputs and the API's local inputs use it.
 */
export function wallTime(iso: string | null | undefined, zone: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const parts: Record<string, string> = {};
  for (const part of partsFormatter(zone).formatToParts(date)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** Date and time split for `<input type="date">` and `<input type="time">`. */
export function wallParts(iso: string | null | undefined, zone: string): { date: string; time: string } {
  const wall = wallTime(iso, zone);
  return { date: wall.slice(0, 10), time: wall.slice(11, 16) };
}

export const showDateTime = (iso: string | null | undefined, zone: string, lang: Language) => formatDateTime(wallTime(iso, zone), lang);
export const showDate = (iso: string | null | undefined, zone: string, lang: Language) => formatDate(wallTime(iso, zone), lang);
export const showTime = (iso: string | null | undefined, zone: string, lang: Language) => formatTime(wallTime(iso, zone), lang);

/** "Mon 02.03.2026 19:00–20:30" style, the end's date only when it differs. */
export function showRange(startsAt: string, endsAt: string, zone: string, lang: Language): string {
  const sameDay = wallTime(startsAt, zone).slice(0, 10) === wallTime(endsAt, zone).slice(0, 10);
  return `${showDateTime(startsAt, zone, lang)} – ${sameDay ? showTime(endsAt, zone, lang) : showDateTime(endsAt, zone, lang)}`;
}
