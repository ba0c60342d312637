import type { ComponentType } from 'react';
import { Outlet, redirect, ScrollRestoration, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { CONTENT_TYPES } from '../lib/content-pages';
import { backofficeRoutes, ticketLinkRoute } from './backoffice-routes';
import { RouteError } from './route-error';
import { guestOnlyLoader, languageLoader, notFoundLoader } from './route-guards';

// Route groups, one chunk each. Every page of a group comes from the same dynamic import,
// so the bundler emits one chunk per group rather than one per page. The shop is not one of
// them: it is its own page (shop.html, src/shop), served by the server for its addresses; so are
// the landing and content pages (public.html, src/public-site).
const publicGroup = () => import('../routes/public/public-group');

type PublicGroup = Awaited<ReturnType<typeof publicGroup>>;

const publicRoute = (name: keyof PublicGroup) => async () => ({ Component: (await publicGroup())[name] as ComponentType });

// The account screens: chunks of their own, loaded by the route itself (in parallel with the
// public group), so that a page rendered by the server can be hydrated once they are loaded.
const loginPages = () => import('../routes/public/login-pages');
const signupPages = () => import('../routes/public/signup-pages');
const pageOf =
  <M,>(load: () => Promise<M>, name: keyof M) =>
  async () => ({ Component: (await load())[name] as ComponentType });

/**
 * An in-app link to a page the server renders from its own entry — the shop (shop.html), the
 * landing and content pages (public.html) — loads it from the server. Only for navigations
 * inside the app: should this app ever be served for such an address, it shows the 404 page
 * instead of reloading forever.
 */
function serverPageLoader(args: LoaderFunctionArgs) {
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
      // `/` is the landing page in the preferred language, without a prefix (public.html).
      { index: true, loader: serverPageLoader, Component: RedirectOnly },
      { path: 'error/404', loader: notFoundLoader, Component: RedirectOnly },
      ticketLinkRoute,
      {
        path: ':lang',
        loader: languageLoader,
        children: [
          { index: true, loader: ({ params }) => redirect(`/${params.lang}/provider`), Component: RedirectOnly },
          // The landing and content pages are rendered by the server (public.html, src/public-site).
          { path: 'provider', loader: serverPageLoader, Component: RedirectOnly },
          ...CONTENT_TYPES.map((type) => ({ path: type, loader: serverPageLoader, Component: RedirectOnly })),
          {
            lazy: publicRoute('CleanLayout'),
            children: [
              { path: 'login/:status?', loader: guestOnlyLoader, lazy: pageOf(loginPages, 'LoginPage') },
              { path: 'register', loader: guestOnlyLoader, lazy: pageOf(signupPages, 'RegisterPage') },
              { path: 'reset/password/:token/:email', loader: guestOnlyLoader, lazy: pageOf(loginPages, 'ResetPasswordPage') },
              // Customers reset for the shop, which a logged-in provider session has nothing to do with.
              { path: 'customer/reset/password/:token/:email', lazy: pageOf(loginPages, 'CustomerResetPage') },
              { path: 'accept-invite/:teamid/:invitationid/:hash', lazy: pageOf(signupPages, 'AcceptInvitePage') },
              { path: 'error/404', lazy: publicRoute('NotFoundPage') },
            ],
          },
          { path: 'shop/*', loader: serverPageLoader, Component: RedirectOnly },
          { path: 'waitinglist/remove/success', loader: serverPageLoader, Component: RedirectOnly },
          ...backofficeRoutes,
          { path: '*', loader: notFoundLoader, Component: RedirectOnly },
        ],
      },
      { path: '*', loader: notFoundLoader, Component: RedirectOnly },
    ],
  },
];
