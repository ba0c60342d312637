import { lazy } from 'react';
/** What other features may use of the timetable area (sessions, the generator, the calendar). */
import { lazyNamed } from '../../../lib/lazy-named';
export { useAfterSessionsChange, useSessions } from './api/sessions-api';
export type { SessionItem, TextValue } from './types';
export { FALLBACK_ZONE, showDate, showDateTime, showRange, showTime, textOf, useTeamZone, wallParts, wallTime } from './zoned';
export { FILTER_KEYS, type CalendarFilters as CalendarFilterValues } from './api/calendar-api';
/** FullCalendar is big: it comes in its own chunk, only with the calendar screen. */
export const CalendarView = lazy(() => import('./components/calendar-view'));

// Screens load with the first one shown (lib/lazy-named.ts).
const screens = () => import('./screens');
export const DatesTab = lazyNamed(screens, 'DatesTab');
export const CalendarFilters = lazyNamed(screens, 'CalendarFilters');
