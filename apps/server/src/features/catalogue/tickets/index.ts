/** What other areas and the app may use of tickets and reservations. */
export { ticketsRoutes } from './tickets.routes.ts';
export { parsePrice, parseTaxRate, type TeamContext } from './tickets.service.ts';
export { availableSql, defaultTaxRateBp, findActivity } from './tickets.repo.ts';
export {
  purgeExpiredReservations,
  releaseReservations,
  ReservationError,
  reserveSeats,
  scheduleReservationPurge,
} from './reservations.service.ts';
