import { lazy, Suspense, type ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { currentLanguage } from '../lib/language';
import { requireAuthLoader, requireAuthReturnLoader, userLanguageLoader } from './route-guards';

// Each back-office page is a chunk of its own (issue 21 item 6): the first screen loads the
// layout and the dashboard only; charts, the calendar, the scanner and the editors come with the
// screens that use them. The back-office texts (one language) come with the layout, those of the
// other pages with the first of them (routes/backoffice/texts.ts).
const pages = {
  // The layout shows once the back office's texts in the UI language are there too.
  BackendLayout: async () => {
    const [layout] = await Promise.all([
      import('./layouts/backend-layout'),
      import('../routes/backoffice/texts').then((texts) => texts.loadBackofficeTexts(currentLanguage())),
    ]);
    return layout;
  },
  BackendNotFoundPage: () => import('../routes/backoffice/backend-not-found-page'),
  AttributePage: () => import('../routes/backoffice/attributes-pages'),
  AttributesPage: () => import('../routes/backoffice/attributes-pages'),
  ActivityDefaultsPage: () => import('../routes/backoffice/activity-defaults-page'),
  FieldPage: () => import('../routes/backoffice/fields-pages'),
  FieldsPage: () => import('../routes/backoffice/fields-pages'),
  LocationPage: () => import('../routes/backoffice/locations-pages'),
  LocationsPage: () => import('../routes/backoffice/locations-pages'),
  SubscriptionPage: () => import('../routes/backoffice/subscriptions-pages'),
  SubscriptionsPage: () => import('../routes/backoffice/subscriptions-pages'),
  TierPage: () => import('../routes/backoffice/subscriptions-pages'),
  DiscountPage: () => import('../routes/backoffice/discounts-pages'),
  DiscountsPage: () => import('../routes/backoffice/discounts-pages'),
  ProductPage: () => import('../routes/backoffice/products-pages'),
  ProductsPage: () => import('../routes/backoffice/products-pages'),
  ResourcePage: () => import('../routes/backoffice/resources-pages'),
  ResourcesPage: () => import('../routes/backoffice/resources-pages'),
  TypeSetPage: () => import('../routes/backoffice/type-sets-pages'),
  TypeSetsPage: () => import('../routes/backoffice/type-sets-pages'),
  CalendarPage: () => import('../routes/backoffice/calendar-page'),
  CompanyCreatePage: () => import('../routes/backoffice/company-create-page'),
  CompanySettingsPage: () => import('../routes/backoffice/company-settings-page'),
  IntegrationSettingsPage: () => import('../routes/backoffice/selling-settings-pages'),
  TaxSettingsPage: () => import('../routes/backoffice/selling-settings-pages'),
  NotificationSettingsPage: () => import('../routes/backoffice/selling-settings-pages'),
  ActivityEditPage: () => import('../routes/backoffice/activity-edit-page'),
  ActivitiesPage: () => import('../routes/backoffice/activities-page'),
  DashboardPage: () => import('../routes/backoffice/dashboard-page'),
  FeaturesPage: () => import('../routes/backoffice/features-page'),
  ProfilePage: () => import('../routes/backoffice/profile-page'),
  TicketCheckinPage: () => import('../routes/backoffice/ticket-checkin-pages'),
  TicketLinkCheckinPage: () => import('../routes/backoffice/ticket-checkin-pages'),
  OrderCustomersPage: () => import('../routes/backoffice/customers-pages'),
  ParticipantsPage: () => import('../routes/backoffice/customers-pages'),
  WaitingListPage: () => import('../routes/backoffice/waiting-list-page'),
  AdditionalSalesPage: () => import('../routes/backoffice/additional-sales-page'),
  OrderEditPage: () => import('../routes/backoffice/orders-pages'),
  OrdersPage: () => import('../routes/backoffice/orders-pages'),
  EmailArchivePage: () => import('../routes/backoffice/email-archive-page'),
  StatisticsPage: () => import('../routes/backoffice/statistics-page'),
  BexioPage: () => import('../routes/backoffice/bexio-page'),
};
type PageName = keyof typeof pages;
// Each loader's module exports the component of its name (checked here, read below).
const checkedPages: { [N in PageName]: () => Promise<Record<N, ComponentType>> } = pages;

/**
 * The back office is not a router `lazy` route on purpose: the router starts loading every
 * matched route's `lazy` at once, before loaders run, so a logged-out visitor would download
 * back-office chunks only to be redirected. With React.lazy they load after the guard passed.
 */
function backofficeComponent(name: PageName): ComponentType {
  const load = checkedPages[name] as () => Promise<Record<PageName, ComponentType>>;
  // The layout and the dashboard show the first screen's texts; every other page needs the rest.
  const withPageTexts = name !== 'BackendLayout' && name !== 'DashboardPage';
  const Lazy = lazy(async () => {
    const [page] = await Promise.all([
      load(),
      withPageTexts && import('../routes/backoffice/texts').then((texts) => texts.loadPageTexts(currentLanguage())),
    ]);
    return { default: page[name] };
  });
  return function BackofficeRoute() {
    return (
      <Suspense fallback={<PageLoader />}>
        <Lazy />
      </Suspense>
    );
  };
}

const Layout = backofficeComponent('BackendLayout');
const RedirectOnly = () => null;

/** Routes below `/:lang`: the back office (spec §2), all behind the login guard. */
export const backofficeRoutes: RouteObject[] = [
  {
    path: 'backend',
    loader: requireAuthLoader,
    Component: Layout,
    children: [
      { index: true, Component: backofficeComponent('DashboardPage') },
      { path: 'statistics', Component: backofficeComponent('StatisticsPage') },
      { path: 'subscriptions', Component: backofficeComponent('SubscriptionsPage') },
      // `:id` is `create` for a new one (subscriptions-pages.tsx).
      { path: 'subscription/:id', Component: backofficeComponent('SubscriptionPage') },
      { path: 'subscription/:sid/tier/:id', Component: backofficeComponent('TierPage') },
      { path: 'courses', Component: backofficeComponent('ActivitiesPage') },
      {
        path: 'courses/edit/:id',
        loader: ({ params }) => redirect(`/${params.lang}/backend/courses/edit/${params.id}/basic`),
        Component: RedirectOnly,
      },
      { path: 'courses/edit/:id/:tab', Component: backofficeComponent('ActivityEditPage') },
      { path: 'courses/calendar', Component: backofficeComponent('CalendarPage') },
      { path: 'sa/resources', Component: backofficeComponent('ResourcesPage') },
      { path: 'sa/resource/create', Component: backofficeComponent('ResourcePage') },
      { path: 'sa/resource/:id', Component: backofficeComponent('ResourcePage') },
      { path: 'discounts', Component: backofficeComponent('DiscountsPage') },
      { path: 'discount/create', Component: backofficeComponent('DiscountPage') },
      { path: 'discount/edit/:id', Component: backofficeComponent('DiscountPage') },
      { path: 'course/locations', Component: backofficeComponent('LocationsPage') },
      { path: 'course/location/create', Component: backofficeComponent('LocationPage') },
      { path: 'course/location/:id', Component: backofficeComponent('LocationPage') },
      { path: 'orders', Component: backofficeComponent('OrdersPage') },
      { path: 'orders/edit/:id', Component: backofficeComponent('OrderEditPage') },
      { path: 'orders/additional_sales', Component: backofficeComponent('AdditionalSalesPage') },
      { path: 'customers/participant', Component: backofficeComponent('ParticipantsPage') },
      { path: 'customers/order', Component: backofficeComponent('OrderCustomersPage') },
      { path: 'customers/waitinglist', Component: backofficeComponent('WaitingListPage') },
      { path: 'course/type_sets', Component: backofficeComponent('TypeSetsPage') },
      { path: 'course/type_set/:id', Component: backofficeComponent('TypeSetPage') },
      { path: 'course/attributes', Component: backofficeComponent('AttributesPage') },
      { path: 'course/attribute/create', Component: backofficeComponent('AttributePage') },
      { path: 'course/attribute/:id', Component: backofficeComponent('AttributePage') },
      { path: 'course/fields', Component: backofficeComponent('FieldsPage') },
      { path: 'course/field/create', Component: backofficeComponent('FieldPage') },
      { path: 'course/field/:id', Component: backofficeComponent('FieldPage') },
      { path: 'course/options', Component: backofficeComponent('ProductsPage') },
      { path: 'course/option/create', Component: backofficeComponent('ProductPage') },
      { path: 'course/option/:id', Component: backofficeComponent('ProductPage') },
      // Company creation (route name config.team.create) is open to every user, company or not.
      { path: 'config/team/create', Component: backofficeComponent('CompanyCreatePage') },
      { path: 'config/team', loader: ({ params }) => redirect(`/${params.lang}/backend/config/team/general`), Component: RedirectOnly },
      { path: 'config/team/:tab', Component: backofficeComponent('CompanySettingsPage') },
      { path: 'config/integration', Component: backofficeComponent('IntegrationSettingsPage') },
      { path: 'config/tax', Component: backofficeComponent('TaxSettingsPage') },
      { path: 'config/notifications', Component: backofficeComponent('NotificationSettingsPage') },
      {
        path: 'config/course/defaults',
        loader: ({ params }) => redirect(`/${params.lang}/backend/config/course/defaults/basic`),
        Component: RedirectOnly,
      },
      { path: 'config/course/defaults/:tab', Component: backofficeComponent('ActivityDefaultsPage') },
      { path: 'config/features', Component: backofficeComponent('FeaturesPage') },
      { path: 'archive/team', Component: backofficeComponent('EmailArchivePage') },
      // Internal staff only; everybody else gets the not-found page (page-frame.tsx RequirePermission).
      { path: 'bexio', Component: backofficeComponent('BexioPage') },
      { path: 'profile', Component: backofficeComponent('ProfilePage') },
      { path: '*', Component: backofficeComponent('BackendNotFoundPage') },
    ],
  },
  {
    // Spec §2: `/{lang}/ticket/checkin` is a back-office screen outside `/backend`; a bookmark of
    // it at the door comes back here after the login.
    path: 'ticket/checkin',
    loader: requireAuthReturnLoader,
    Component: Layout,
    children: [{ index: true, Component: backofficeComponent('TicketCheckinPage') }],
  },
];

/**
 * `/ticket/{code}/checkin` (no language prefix: the address a ticket's QR code holds): checks the
 * ticket in, in the user's language; logged out, it goes to login and comes back after it.
 */
export const ticketLinkRoute: RouteObject = {
  path: 'ticket/:code/checkin',
  loader: userLanguageLoader,
  Component: Layout,
  children: [{ index: true, Component: backofficeComponent('TicketLinkCheckinPage') }],
};
