import type { ComponentType } from 'react';
import { Outlet, redirect, ScrollRestoration, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { CONTENT_TYPES } from '../lib/content-pages';
import { backofficeRoutes, ticketLinkRoute } from './backoffice-routes';
import { RouteError } from './route-error';
import { guestOnlyLoader, languageLoader, notFoundLoader } from './route-guards';

// Route groups, one chunk each. Every page of a group comes from the same dynamic import,
// so the bundler emits one chunk per group rather than one per page. The shop is not one of
// them: it is its own page (shop.html, src/shop), served by the server for its addresses.
const publicGroup = () => import('../routes/public/public-group');

type PublicGroup = Awaited<ReturnType<typeof publicGroup>>;

const publicRoute = (name: keyof PublicGroup) => async () => ({ Component: (await publicGroup())[name] as ComponentType });

/**
 * An in-app link to a shop address loads it from the server (which answers with shop.html).
 * Only for navigations inside the app: should this app ever be served for such an address, it
 * shows the 404 page instead of reloading forever.
 */
function shopPageLoader(args: LoaderFunctionArgs) {
  if (args.request.url === window.location.href) return notFoundLoader(args);
  window.location.assign(args.request.url);
  return null;
}

/** For routes whose loader always redirects; the router wants an element on every leaf. */
const RedirectOnly = () => null;

function AppRoot() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppRoot,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoader,
    children: [
      // `/` is the landing page in the preferred language (app-state), without a prefix.
      { lazy: publicRoute('CleanLayout'), children: [{ index: true, lazy: publicRoute('LandingPage') }] },
      { path: 'error/404', loader: notFoundLoader, Component: RedirectOnly },
      ticketLinkRoute,
      {
        path: ':lang',
        loader: languageLoader,
        children: [
          { index: true, loader: ({ params }) => redirect(`/${params.lang}/provider`), Component: RedirectOnly },
          {
            lazy: publicRoute('CleanLayout'),
            children: [
              { path: 'provider', lazy: publicRoute('LandingPage') },
              { path: 'login/:status?', loader: guestOnlyLoader, lazy: publicRoute('LoginPage') },
              { path: 'register', loader: guestOnlyLoader, lazy: publicRoute('RegisterPage') },
              { path: 'reset/password/:token/:email', loader: guestOnlyLoader, lazy: publicRoute('ResetPasswordPage') },
              // Customers reset for the shop, which a logged-in provider session has nothing to do with.
              { path: 'customer/reset/password/:token/:email', lazy: publicRoute('CustomerResetPage') },
              { path: 'accept-invite/:teamid/:invitationid/:hash', lazy: publicRoute('AcceptInvitePage') },
              ...CONTENT_TYPES.map((type) => ({ path: type, handle: { contentType: type }, lazy: publicRoute('ContentPage') })),
              { path: 'error/404', lazy: publicRoute('NotFoundPage') },
            ],
          },
          { path: 'shop/*', loader: shopPageLoader, Component: RedirectOnly },
          { path: 'waitinglist/remove/success', loader: shopPageLoader, Component: RedirectOnly },
          ...backofficeRoutes,
          { path: '*', loader: notFoundLoader, Component: RedirectOnly },
        ],
      },
      { path: '*', loader: notFoundLoader, Component: RedirectOnly },
    ],
  },
];
