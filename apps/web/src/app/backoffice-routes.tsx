import type { Permission } from '@bookla/shared/permissions';
import { lazy, Suspense, type ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import type { PlannedPageHandle, PlannedPageKey } from '../routes/backoffice/planned-page';
import { requireAuthLoader, requireAuthReturnLoader, userLanguageLoader } from './route-guards';

// Every back-office page comes from the same dynamic import, so the bundler emits one chunk.
const backofficeGroup = () => import('../routes/backoffice/backoffice-group');
type BackofficeGroup = Awaited<ReturnType<typeof backofficeGroup>>;

/**
 * The back office is not a router `lazy` route on purpose: the router starts loading every
 * matched route's `lazy` at once, before loaders run, so a logged-out visitor would download
 * the back-office chunk only to be redirected. With React.lazy it loads after the guard passed.
 */
function backofficeComponent(name: keyof BackofficeGroup): ComponentType {
  const Lazy = lazy(async () => ({ default: (await backofficeGroup())[name] as ComponentType }));
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
const Planned = backofficeComponent('PlannedPage');

/** A sidebar screen whose tools come with a later issue (title and purpose only). */
function planned(path: string, page: PlannedPageKey, permission?: Permission): RouteObject {
  const handle: PlannedPageHandle = { page, permission };
  return { path, handle, Component: Planned };
}

/** Routes below `/:lang`: the back office (spec §2), all behind the login guard. */
export const backofficeRoutes: RouteObject[] = [
  {
    path: 'backend',
    loader: requireAuthLoader,
    Component: Layout,
    children: [
      { index: true, Component: backofficeComponent('DashboardPage') },
      { path: 'statistics', Component: backofficeComponent('StatisticsPage') },
      planned('subscriptions', 'subscriptions', 'nav.subscriptions'),
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
      {
        path: 'config/course/defaults',
        loader: ({ params }) => redirect(`/${params.lang}/backend/config/course/defaults/basic`),
        Component: RedirectOnly,
      },
      { path: 'config/course/defaults/:tab', Component: backofficeComponent('ActivityDefaultsPage') },
      { path: 'config/features', Component: backofficeComponent('FeaturesPage') },
      { path: 'archive/team', Component: backofficeComponent('EmailArchivePage') },
      planned('bexio', 'bexio', 'internal.staff'),
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
