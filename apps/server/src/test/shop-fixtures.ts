/** A shop with an activity and a ticket, and an order body for it (the checkout's own fixtures), for tests outside the orders feature. */
export { makeShop, orderBody } from '../features/selling/orders/checkout-fixtures.ts';
