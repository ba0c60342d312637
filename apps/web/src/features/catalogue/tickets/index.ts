/** What other features may use of the tickets area (an activity's tickets and products). */
import { lazyNamed } from '../../../lib/lazy-named';
export { ticketKeys } from './api/tickets-api';

// Screens load with the first one shown (lib/lazy-named.ts).
const screens = () => import('./screens');
export const ProductsTab = lazyNamed(screens, 'ProductsTab');
export const TicketsTab = lazyNamed(screens, 'TicketsTab');
