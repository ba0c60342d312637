/**
 * Every back-office page in one module. The app does not load it (each page is a chunk of its
 * own, app/backoffice-routes.tsx); tests import it once up front so that the first screen they
 * render does not wait for the transform of the whole back office.
 */

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
export { IntegrationSettingsPage, NotificationSettingsPage, TaxSettingsPage } from './selling-settings-pages';
export { ActivityEditPage } from './activity-edit-page';
export { ActivitiesPage } from './activities-page';
export { DashboardPage } from './dashboard-page';
export { FeaturesPage } from './features-page';
export { ProfilePage } from './profile-page';
export { TicketCheckinPage, TicketLinkCheckinPage } from './ticket-checkin-pages';
export { OrderCustomersPage, ParticipantsPage } from './customers-pages';
export { WaitingListPage } from './waiting-list-page';
export { AdditionalSalesPage } from './additional-sales-page';
export { OrderEditPage, OrdersPage } from './orders-pages';
export { EmailArchivePage } from './email-archive-page';
export { StatisticsPage } from './statistics-page';
export { BexioPage } from './bexio-page';
