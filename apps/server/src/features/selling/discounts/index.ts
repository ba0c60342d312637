/** What other features and the app may use of discount codes (the order placement counts uses here). */
export { discountsRoutes } from './discounts.routes.ts';
export { withDiscountGuessLimit } from './discount-guard.ts';
export {
  discountCodeRefused,
  discountProblem,
  discountUseSql,
  eligibleForDiscount,
  resolveDiscountForCheckout,
  returnDiscountUse,
  takeDiscountUse,
  type DiscountRow,
} from './discount-checkout.ts';
