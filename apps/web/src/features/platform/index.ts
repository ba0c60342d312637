/** What the pages may use of the platform's billing (CONTRACT §6): screens that load when shown. */
import { lazyNamed } from '../../lib/lazy-named';
import { currentLanguage } from '../../lib/language';
import { loadPlatformTexts } from './texts';

// The screens and their texts (one language) load together with the first one shown.
const screens = () => Promise.all([import('./screens'), loadPlatformTexts(currentLanguage())]).then(([module]) => module);

/** `/backend/bexio` (internal staff): statistics, statements, the invoice list and bexio's state. */
export const BexioScreen = lazyNamed(screens, 'BexioScreen');
/** Company settings → billing: the platform's invoices to the company. */
export const TeamPlatformInvoices = lazyNamed(screens, 'TeamPlatformInvoices');
/** Company settings → plan (CONTRACT §6): its own chunk with its own texts (namespace `plan`), loaded when the tab shows. */
export const PlanTab = lazyNamed(() => import('./plan/plan-screen').then((m) => m.planScreen()), 'PlanTab');
