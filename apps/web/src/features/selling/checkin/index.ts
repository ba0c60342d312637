/** What other parts of the app may use of ticket check-in (the scanner and the QR link's page). */
export { checkInTicket, extractTicketCode, type CheckinOutcome } from './api/checkin-api';
export { CheckinFromLink } from './components/checkin-from-link';
export { CheckinResult } from './components/checkin-result';
export { CheckinScanner } from './components/checkin-scanner';
