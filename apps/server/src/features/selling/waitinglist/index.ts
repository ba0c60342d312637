/** What the app and other features may use of the waiting list. */
export { publicWaitingListRoutes } from './public-waitinglist.routes.ts';
export { waitingListRoutes } from './waitinglist.routes.ts';
export {
  queueLineCheck,
  registerWaitingListJob,
  runLine,
  scheduleWaitingListSweep,
  sweepWaitingLists,
  WAITING_LIST_JOB,
  type WaitingListDeps,
} from './offer-engine.ts';
export { bookOffer, isOfferHolder } from './offer-booking.ts';
export { waitingListExportSource } from './waitinglist-export.ts';
