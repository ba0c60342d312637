/** What other areas may use of the timetable: resource conflicts and bookings (resources area). */
export { checkConflicts, overbooking } from './conflicts.service.ts';
export { groupBookings } from './calendar.service.ts';
