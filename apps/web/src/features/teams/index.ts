/** What other features may use of teams (the session's team state and the team's access errors). */
import { lazyNamed } from '../../lib/lazy-named';
export { isNoCompany, isTwoFactorRequired, logout, refreshAppState, switchTeam } from './session-state';
export { teamKeys } from './api/team-keys';
export { CompanyCheck } from './components/company-check';
export { TeamMenu } from './components/team-menu';
export { useTeamAccessErrors } from './use-team-access-errors';

// Screens load with the first one shown (lib/lazy-named.ts).
const screens = () => import('./screens');
export const CompanyCreateForm = lazyNamed(screens, 'CompanyCreateForm');
export const BillingTab = lazyNamed(screens, 'BillingTab');
export const GeneralTab = lazyNamed(screens, 'GeneralTab');
export const SecurityTab = lazyNamed(screens, 'SecurityTab');
export const StaffTab = lazyNamed(screens, 'StaffTab');
export const FeaturesForm = lazyNamed(screens, 'FeaturesForm');
