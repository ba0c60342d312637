/** What the pages and other features may use of the customer lists (back office). */
export { customerKeys } from './api/customers-api';
export { AdditionalSalesList } from './components/additional-sales-list';
export { OrderCustomersList } from './components/order-customers-list';
export { ParticipantsList } from './components/participants-list';
