/**
 * What other features and the app may use of online payments: opening the provider's page for a
 * placed order, the Stripe webhook and the test-mode page's routes, and the adapter interface.
 */
export { startOnlinePayment, handlePaymentNotice, type NoticeResult, type StartOnlinePaymentInput } from './payments.service.ts';
export { stripeWebhookRoutes } from './webhooks.routes.ts';
export { testPaymentsRoutes } from './test-payments.routes.ts';
export { testPaymentToken, testPaymentUrl } from './test-mode.adapter.ts';
export type { OnlineProvider, PaymentAdapter, PaymentDeps, PaymentNotice } from './adapters.ts';
export { prepareStripeRefund, type StripeRefunder, type StripeRefundRequest } from './refunds.ts';
