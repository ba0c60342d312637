/** What the app and other features may use of the calendar feeds: their routes and the order's calendar file (the mails attach it). */
export { calendarRoutes } from './calendar.routes.ts';
export { orderCalendarFile, type OrderFileDate } from './order-file.ts';
