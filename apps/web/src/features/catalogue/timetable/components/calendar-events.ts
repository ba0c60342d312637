import type { CalendarSession, HolidayItem } from '@bookla/shared/catalogue-timetable';
import type { EventInput } from '@fullcalendar/react';
import dayjs from 'dayjs';

/** Where week and day views open when nothing starts earlier. */
export const BUSINESS_HOURS_START = '07:00';

/**
 * The time week and day views scroll to: business hours, or the first date of the visible range
 * when one starts earlier (a 06:00 class must not be hidden above the fold). Times are read
 * from the feed's zoned ISO texts, so they are wall times in the team's zone.
 */
export function scrollTimeFor(sessions: readonly Pick<CalendarSession, 'starts_at'>[], start = BUSINESS_HOURS_START): string {
  let first = start;
  for (const s of sessions) {
    const time = s.starts_at.slice(11, 16);
    if (/^\d{2}:\d{2}$/.test(time) && time < first) first = time;
  }
  return `${first}:00`;
}

/** Holidays as background bands over whole days (`ends_on` inclusive; the end sent is exclusive). */
export function holidayEvents(holidays: readonly HolidayItem[], title: (name: string) => string, className: string): EventInput[] {
  return holidays.map((h) => ({
    id: `holiday-${h.id}`,
    title: title(h.name_text),
    // All-day background events show in month view and over the time slots of week and day.
    start: h.starts_on,
    end: dayjs(h.ends_on).add(1, 'day').format('YYYY-MM-DD'),
    allDay: true,
    display: 'background',
    editable: false,
    className,
    extendedProps: { holiday: true },
  }));
}
