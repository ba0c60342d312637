/**
 * What other features and the app may use of the selling settings: the settings checkout reads
 * (payment methods, Stripe keys, tier, default tax rate) and the routes. The public team call is
 * registered by the app from `public-team.routes.ts` (it reads the teams feature).
 */
export {
  defaultSellingSettings,
  defaultTaxRateBp,
  enabledPaymentMethods,
  findShopTeam,
  getCheckoutTeam,
  getSellingSettings,
  getTeamTier,
  hasStripeSecret,
  stripeCredentials,
  type CheckoutTeam,
  type SellingSettings,
  type StripeCredentials,
} from './settings.service.ts';
export { sellingSettingsRoutes } from './settings.routes.ts';
