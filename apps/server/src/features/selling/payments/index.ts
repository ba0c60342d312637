/**
 * What other features and the app may use of online payments: opening the provider's page for a
 * placed order, the providers' webhooks and the test-mode page's routes, the one refund service,
 * and the provider interface (adapters.ts; providers/ holds one folder per provider).
 */
export { startOnlinePayment, handlePaymentNotice, type NoticeResult, type StartOnlinePaymentInput } from './payments.service.ts';
export { providerWebhookRoutes } from './webhooks.routes.ts';
export { testPaymentsRoutes } from './test-payments.routes.ts';
export { testPaymentToken, testPaymentUrl } from './providers/test-mode/test-mode.adapter.ts';
export { isOnlineProvider, ONLINE_PROVIDERS } from './adapters.ts';
export type { OnlineProvider, PaymentAdapter, PaymentDeps, PaymentNotice, ProviderCapabilities } from './adapters.ts';
export { paymentAdapter, adapterOf } from './registry.ts';
export { onlineRefundOrders, refundMethodOf, refundsOnline, refundThroughProvider, type RefundThroughProviderInput } from './refunds.ts';
export { chargeRenewals, prepareRenewalCharge, renewalChargeKey, RECLAIM_MS, type ChargeRenewalsResult } from './recurring.ts';
export { cardPaymentOf, openRenewalAttempt, savedCardProvider } from './saved-cards.ts';
