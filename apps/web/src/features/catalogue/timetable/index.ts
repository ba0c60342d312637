/** What other features may use of the timetable area (sessions, the generator, the calendar). */
export { useAfterSessionsChange, useSessions } from './api/sessions-api';
export type { SessionItem, TextValue } from './types';
export { FALLBACK_ZONE, showDate, showDateTime, showRange, showTime, textOf, useTeamZone, wallParts, wallTime } from './zoned';
