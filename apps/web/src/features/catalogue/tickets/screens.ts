/** The screens of this feature, loaded together when the first one shows (index.ts exports them lazily). */
export { ProductsTab } from './components/products-tab';
export { TicketsTab } from './components/tickets-tab';
