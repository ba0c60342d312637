/**
 * What other features and the app may use of the selling settings: the settings checkout reads
 * (payment methods, provider credentials, the platform plan of the sale's day, default tax rate, invoice terms) and the routes. The public team call is
 * registered by the app from `public-team.routes.ts` (it reads the teams feature).
 */
export {
  defaultSellingSettings,
  defaultTaxRateBp,
  enabledPaymentMethods,
  findShopTeam,
  getCheckoutTeam,
  getSellingSettings,
  hasStripeSecret,
  paymentMethodsFor,
  startVatRegistration,
  takesPayments,
  stripeCredentials,
  datatransCredentials,
  datatransReady,
  type CheckoutTeam,
  type DatatransCredentials,
  type SellingSettings,
  type StripeCredentials,
} from './settings.service.ts';
export { invoiceDueAt, invoicePossible } from './invoice-terms.ts';
export { sellingSettingsRoutes } from './settings.routes.ts';
