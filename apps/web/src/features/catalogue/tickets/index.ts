/** What other features may use of the tickets area (an activity's tickets and products). */
export { ticketKeys } from './api/tickets-api';
