/** What the pages may use of the waiting list (back office). */
export { waitingListKeys } from './api/waiting-list-api';
export { WaitingList } from './components/waiting-list';
