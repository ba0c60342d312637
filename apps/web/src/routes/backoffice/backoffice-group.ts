/**
 * The back-office route group: one chunk, loaded only after the login guard let the user in.
 * It brings the full Mantine styles, toasts and modals that the public pages do without.
 */
import { addNamespace } from '../../lib/i18n';
import deSellingSettings from '../../locales/de/selling-settings.json';
import enSellingSettings from '../../locales/en/selling-settings.json';
import frSellingSettings from '../../locales/fr/selling-settings.json';
import deSetup from '../../locales/de/setup.json';
import enSetup from '../../locales/en/setup.json';
import frSetup from '../../locales/fr/setup.json';
import deActivities from '../../locales/de/activities.json';
import enActivities from '../../locales/en/activities.json';
import frActivities from '../../locales/fr/activities.json';
import deBackend from '../../locales/de/backend.json';
import deProfile from '../../locales/de/profile.json';
import deSettings from '../../locales/de/settings.json';
import enBackend from '../../locales/en/backend.json';
import enProfile from '../../locales/en/profile.json';
import enSettings from '../../locales/en/settings.json';
import frBackend from '../../locales/fr/backend.json';
import frProfile from '../../locales/fr/profile.json';
import frSettings from '../../locales/fr/settings.json';
import deTimetable from '../../locales/de/timetable.json';
import enTimetable from '../../locales/en/timetable.json';
import frTimetable from '../../locales/fr/timetable.json';
import deTickets from '../../locales/de/tickets.json';
import enTickets from '../../locales/en/tickets.json';
import frTickets from '../../locales/fr/tickets.json';
import deResources from '../../locales/de/resources.json';
import enResources from '../../locales/en/resources.json';
import frResources from '../../locales/fr/resources.json';
import deDiscounts from '../../locales/de/discounts.json';
import enDiscounts from '../../locales/en/discounts.json';
import frDiscounts from '../../locales/fr/discounts.json';
import deCheckin from '../../locales/de/checkin.json';
import enCheckin from '../../locales/en/checkin.json';
import frCheckin from '../../locales/fr/checkin.json';
import { registerAuthTexts } from '../public/auth-texts';

addNamespace('backend', { de: deBackend, en: enBackend, fr: frBackend });
addNamespace('setup', { de: deSetup, en: enSetup, fr: frSetup });
addNamespace('activities', { de: deActivities, en: enActivities, fr: frActivities });
addNamespace('settings', { de: deSettings, en: enSettings, fr: frSettings });
addNamespace('sellingSettings', { de: deSellingSettings, en: enSellingSettings, fr: frSellingSettings });
addNamespace('profile', { de: deProfile, en: enProfile, fr: frProfile });
addNamespace('timetable', { de: deTimetable, en: enTimetable, fr: frTimetable });
addNamespace('tickets', { de: deTickets, en: enTickets, fr: frTickets });
addNamespace('resources', { de: deResources, en: enResources, fr: frResources });
addNamespace('discounts', { de: deDiscounts, en: enDiscounts, fr: frDiscounts });
addNamespace('checkin', { de: deCheckin, en: enCheckin, fr: frCheckin });
// The messages of the shared password rules (`auth:password_mismatch`, …) of the profile.
registerAuthTexts();

export { BackendLayout } from '../../app/layouts/backend-layout';
export { BackendNotFoundPage } from './backend-not-found-page';
export { AttributePage, AttributesPage } from './attributes-pages';
export { ActivityDefaultsPage } from './activity-defaults-page';
export { FieldPage, FieldsPage } from './fields-pages';
export { LocationPage, LocationsPage } from './locations-pages';
export { DiscountPage, DiscountsPage } from './discounts-pages';
export { ProductPage, ProductsPage } from './products-pages';
export { ResourcePage, ResourcesPage } from './resources-pages';
export { TypeSetPage, TypeSetsPage } from './type-sets-pages';
export { CalendarPage } from './calendar-page';
export { CompanyCreatePage } from './company-create-page';
export { CompanySettingsPage } from './company-settings-page';
export { IntegrationSettingsPage, TaxSettingsPage } from './selling-settings-pages';
export { ActivityEditPage } from './activity-edit-page';
export { ActivitiesPage } from './activities-page';
export { DashboardPage } from './dashboard-page';
export { FeaturesPage } from './features-page';
export { PlannedPage } from './planned-page';
export { ProfilePage } from './profile-page';
export { TicketCheckinPage, TicketLinkCheckinPage } from './ticket-checkin-pages';
