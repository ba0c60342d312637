/** What other features may use of the profile. */
import { lazyNamed } from '../../lib/lazy-named';
export { profileKeys } from './api/profile-api';

// Screens load with the first one shown (lib/lazy-named.ts).
const screens = () => import('./screens');
export const PasswordForm = lazyNamed(screens, 'PasswordForm');
export const ProfileForm = lazyNamed(screens, 'ProfileForm');
export const SessionsList = lazyNamed(screens, 'SessionsList');
export const TwoFactorSection = lazyNamed(screens, 'TwoFactorSection');
