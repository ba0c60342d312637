/** What other features and the app may use of orders: the checkout, state changes, the Order view and its links. */
export { publicCheckoutRoutes } from './public-checkout.routes.ts';
export { publicOrdersRoutes } from './public-orders.routes.ts';
export { orderLinksRoutes } from './order-links.routes.ts';
export { ordersRoutes } from './orders.routes.ts';
export { scheduleOrderExpiry } from './expiry.ts';
export { awaitsHoldConfirm, holdConfirmToken, withHoldConfirm } from './hold-confirm.ts';
export { ORDER_MAIL_JOB } from './order-mail-job.ts';
export { PROVIDER_NOTICE_JOB, type ProviderNotice, type ProviderNoticeKind } from './provider-notice-job.ts';
export { wireOrderPayments, type OrderPaymentDeps, type OrderPayments } from './order-payments-port.ts';
export { wireOrderMemberships, type OrderMemberships } from './order-memberships-port.ts';
export { placeTierOrder, saleTier, writeRenewalOrder, type RenewalOrderInput } from './tier-order.service.ts';
export {
  ORDER_MAIL_OCCASIONS,
  wireOrderMails,
  type OrderEndedBy,
  type OrderMailConfig,
  type OrderMailOccasion,
  type OrderMailOptions,
  type OrderMails,
} from './order-mails-port.ts';
export {
  placedReply,
  placeOrder,
  quoteOrder,
  reserveCheckout,
  type PlaceOrderDeps,
  type PlacedOrder,
  type Quote,
} from './place-order.service.ts';
export { memberQuoteReply, quoteMemberOrder, type MemberQuote } from './member-quote.ts';
export { priceOrder, type PriceLine, type PricedLine, type Pricing, type TaxPerRate } from './pricing.ts';
export {
  endUnpaidOrder,
  expireDueOrders,
  markOrderPaid,
  recordOrderEvent,
  recordRefund,
  type EndOrderInput,
  type MarkPaidInput,
  type OrderActor,
  type RefundInput,
  type SellingDeps,
  type StateChange,
} from './order-state.service.ts';
export { loadOrder, loadOrderRow, loadOrders, toOrder, toPublicOrder, type OrderRow } from './order-view.ts';
export { cancelFreeOrder, cancelPaidOrderKeepingPayment, refundOrder, type StaffRefundResult } from './order-state.service.ts';
export { refundByStaff } from './order-actions.service.ts';
export {
  freshOrderToken,
  isPublicOrderId,
  orderByLink,
  orderDocumentUrl,
  orderPageUrl,
  orderToken,
  LINK_CHANGE_DAYS,
  type LinkedOrder,
} from './order-links.ts';
