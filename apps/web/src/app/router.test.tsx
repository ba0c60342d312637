import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_APP_STATE, setAppState } from '../lib/app-state';
import { applyLanguage } from '../lib/language';
import { fakeFetch, json } from '../test/fake-fetch';
import { renderRoutes } from '../test/render';
import { routes } from './router';
import { appUser } from '../test/team-fixtures';

function serve() {
  return fakeFetch(() => json({ message: 'Not Found' }, 404));
}

const logIn = () => setAppState({ authenticated: true, user: appUser({ id: 1 }), permissions: ['nav.orders'] });

describe('routes', () => {
  // The screens' lazily imported modules, compiled once before the tests: on a machine busy with
  // the other test files, compiling them on first use took longer than a test's wait for the screen
  // (decision 015: wait for the condition — here the import itself — never a fixed time).
  beforeAll(async () => {
    await Promise.all([
      import('../routes/public/public-group'),
      import('../routes/public/login-pages'),
      import('../routes/public/signup-pages'),
      import('./layouts/backend-layout'),
      import('../routes/backoffice/dashboard-page'),
      import('../routes/backoffice/bexio-page'),
      import('../routes/backoffice/backend-not-found-page'),
    ]);
  }, 120_000);
  beforeEach(async () => {
    setAppState(DEFAULT_APP_STATE);
    await applyLanguage('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('hands the landing and content pages to the server, which renders them (public.html)', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, href: 'http://localhost/en/login', assign });
    for (const path of ['/', '/de/provider', '/en/imprint', '/fr/agb', '/de/datenschutz']) {
      renderRoutes(routes, path);
      await waitFor(() => expect(assign).toHaveBeenCalledWith(`http://localhost${path}`));
    }
  });

  it('shows the 404 page should the app ever be served for a content page', async () => {
    vi.stubGlobal('location', { ...window.location, href: 'http://localhost/en/copyright', assign: vi.fn() });
    const { router } = renderRoutes(routes, '/en/copyright');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/error/404'));
  });

  it('the public screens have the footer of spec §1: legal pages, copyright and two social profiles', async () => {
    renderRoutes(routes, '/en/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    const legal = within(footer).getByRole('navigation', { name: 'Legal information' });
    expect(
      within(legal)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/en/imprint',
      '/en/datenschutz',
      '/en/agb',
      '/en/service_fees',
      '/en/outside_fees',
      '/en/extenuating_circumstances_policy',
      '/en/copyright',
    ]);
    expect(within(footer).getByText(new RegExp(`© ${new Date().getFullYear()} Bookla`))).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'LinkedIn' })).toHaveAttribute('href', expect.stringContaining('linkedin.com'));
    expect(within(footer).getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', expect.stringContaining('instagram.com'));
  });

  it.each([
    ['/xx/provider', '/en/error/404'],
    ['/error/404', '/en/error/404'],
    ['/en/no-such-page', '/en/error/404'],
    ['/fr/a/b/c', '/fr/error/404'],
    ['/en', '/en/provider'],
  ])('%s → %s', async (from, to) => {
    serve();
    // The landing page is the server's (public.html): the app hands it over.
    vi.stubGlobal('location', { ...window.location, href: 'http://localhost/elsewhere', assign: vi.fn() });
    const { router } = renderRoutes(routes, from);
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });

  it('the 404 page has a heading, title and a way home', async () => {
    renderRoutes(routes, '/en/error/404');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/en/provider');
    // The title is set in an effect, which may run after the heading is on screen (the page
    // before, French, left its own title): wait for it.
    await waitFor(() => expect(document.title).toBe('Page not found | Bookla'));
  });

  it('sends a logged-out visitor of the back office to login in the same language', async () => {
    const { router } = renderRoutes(routes, '/fr/backend/orders');
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/login'));
    expect(await screen.findByRole('heading', { name: 'Se connecter' })).toBeInTheDocument();
  });

  it('shows the back office with its sidebar to a logged-in user', async () => {
    serve();
    logIn();
    renderRoutes(routes, '/en/backend');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome, Anna!')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Back office navigation' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getAllByRole('link', { name: 'Orders' })[0]).toHaveAttribute('href', '/en/backend/orders');
    // The top bar with the burger is for small screens; happy-dom's window is desktop-sized.
    expect(screen.getByRole('button', { name: 'Toggle navigation', hidden: true })).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(document.title).toBe('Dashboard | Bookla'));

    // The back-office layout mounts the toasts (spec §2: bottom right, 5000 ms).
    act(() => {
      notifications.show({ message: 'Saved' });
    });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });

  it('answers unknown back-office paths inside the back office', async () => {
    serve();
    logIn();
    renderRoutes(routes, '/en/backend/no-such-screen');
    expect(await screen.findByText('This page of the back office does not exist.')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Back office navigation' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('answers /backend/bexio with the not-found page unless the user is internal staff', async () => {
    serve();
    setAppState({ authenticated: true, user: appUser({ id: 1 }), role: 'owner', permissions: ['nav.orders', 'nav.config'] });
    renderRoutes(routes, '/en/backend/bexio');
    expect(await screen.findByText('This page of the back office does not exist.')).toBeInTheDocument();
    expect(screen.queryByText(/Your role does not allow/)).not.toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Back office navigation' });
    expect(within(nav).queryByRole('link', { name: 'Bexio' })).not.toBeInTheDocument();
  });

  it('shows /backend/bexio to internal staff', async () => {
    serve();
    setAppState({ authenticated: true, user: appUser({ id: 1 }), permissions: ['internal.staff'] });
    renderRoutes(routes, '/en/backend/bexio');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bexio' })).toBeInTheDocument();
    expect(screen.queryByText('This page of the back office does not exist.')).not.toBeInTheDocument();
  });

  it('sends a logged-in user from login and register to the back office', async () => {
    logIn();
    const { router } = renderRoutes(routes, '/en/register');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/backend'));
  });

  it('login shows the status notice', async () => {
    renderRoutes(routes, '/en/login/expired');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Your session has expired.');
    expect(screen.getByRole('link', { name: 'Register your company' })).toHaveAttribute('href', '/en/register');
    await waitFor(() => expect(document.title).toBe('Log in | Bookla'));
  });

  it('hands shop addresses to the server, whose shop page (shop.html) shows them', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, href: 'http://localhost/en/backend', assign });
    renderRoutes(routes, '/de/waitinglist/remove/success');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/de/waitinglist/remove/success'));
    renderRoutes(routes, '/en/shop/7/activity/3');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/en/shop/7/activity/3'));
  });
});
