/** What the pages and other features may use of the discount codes (back office). */
export { discountKeys } from './api/discounts-api';
export { DiscountForm } from './components/discount-form';
export { DiscountsList } from './components/discounts-list';
