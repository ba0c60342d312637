/** What the pages and other features may use of the orders (back office). */
export { orderKeys, useOrder } from './api/orders-api';
export { OrderEdit } from './components/order-edit';
export { OrdersList } from './components/orders-list';
export { PaymentStatusBadge } from './components/payment-status-badge';
