/** What other areas and the app may use of tickets and reservations. */
export { ticketsRoutes } from './tickets.routes.ts';
export { parsePrice, parseTaxRate, type TeamContext } from './tickets.service.ts';
export { availableSql, availableWithinCapacitySql, findActivity } from './tickets.repo.ts';
export { holderEmail, holderKey, holderOf, type Holder } from './holder.ts';
export { firstSessionSql } from './reservations.repo.ts';
export {
  heldSeats,
  holdLimitError,
  RESERVATION_ROUNDS_PER_HOUR,
  loadSaleItems,
  lockTicketsSql,
  mergeItems,
  purgeExpiredReservations,
  releaseReservations,
  reservationExpired,
  ReservationError,
  reserveItems,
  reserveSeats,
  scheduleReservationPurge,
  soldOutError,
  takeHeldSeats,
  takeSeats,
  takeSeatsAtOnceSql,
  takeSeatsSql,
  type CheckoutReservation,
  type SaleItem,
  type SaleTicketRow,
  type HoldLocks,
} from './reservations.service.ts';
