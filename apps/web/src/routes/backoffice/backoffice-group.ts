/**
 * The back-office route group: one chunk, loaded only after the login guard let the user in.
 * It brings the full Mantine styles, toasts and modals that the public pages do without.
 */
import { addNamespace } from '../../lib/i18n';
import deBackend from '../../locales/de/backend.json';
import deProfile from '../../locales/de/profile.json';
import deSettings from '../../locales/de/settings.json';
import enBackend from '../../locales/en/backend.json';
import enProfile from '../../locales/en/profile.json';
import enSettings from '../../locales/en/settings.json';
import frBackend from '../../locales/fr/backend.json';
import frProfile from '../../locales/fr/profile.json';
import frSettings from '../../locales/fr/settings.json';
import { registerAuthTexts } from '../public/auth-texts';

addNamespace('backend', { de: deBackend, en: enBackend, fr: frBackend });
addNamespace('settings', { de: deSettings, en: enSettings, fr: frSettings });
addNamespace('profile', { de: deProfile, en: enProfile, fr: frProfile });
// The messages of the shared password rules (`auth:password_mismatch`, …) of the profile.
registerAuthTexts();

export { BackendLayout } from '../../app/layouts/backend-layout';
export { BackendNotFoundPage } from './backend-not-found-page';
export { CompanyCreatePage } from './company-create-page';
export { CompanySettingsPage } from './company-settings-page';
export { DashboardPage } from './dashboard-page';
export { FeaturesPage } from './features-page';
export { PlannedPage } from './planned-page';
export { ProfilePage } from './profile-page';
