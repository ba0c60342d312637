import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { DEFAULT_APP_STATE, setAppState } from '../../lib/app-state';
import { applyLanguage } from '../../lib/language';
import { fakeFetch, json } from '../../test/fake-fetch';
import { renderRoutes } from '../../test/render';
import { appUser } from '../../test/team-fixtures';

/** The account screens in the app's real route table (lazy chunks, guards, languages). */
describe('account routes', { timeout: 15_000 }, () => {
  beforeEach(async () => {
    setAppState(DEFAULT_APP_STATE);
    await applyLanguage('en');
    fakeFetch((call) =>
      call.url.startsWith('/api/srl/team/5/invite/9/validate/h')
        ? json({ valid: false, user_found: false, team_name: null })
        : json({ message: 'Not Found' }, 404),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const logIn = () => setAppState({ authenticated: true, user: appUser({ id: 1 }) });

  it('loads the login screen in the language of the address', async () => {
    renderRoutes(routes, '/de/login');
    // The first test imports the route chunks cold; that takes longer than findBy's second.
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'E-Mail-Adresse' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Anmelden | Bookla'));
  });

  it('serves the staff reset, the customer reset and the invitation', async () => {
    const { unmount } = renderRoutes(routes, '/en/reset/password/tok/anna%40example.com');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
    unmount();
    const second = renderRoutes(routes, '/fr/customer/reset/password/tok/kunde%40example.com');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choisir un nouveau mot de passe' })).toBeInTheDocument();
    second.unmount();
    await applyLanguage('en');
    renderRoutes(routes, '/en/accept-invite/5/9/h');
    expect(await screen.findByText(/Your Invitation expired/)).toBeInTheDocument();
  });

  it('sends a logged-in user from the staff reset to the back office', async () => {
    logIn();
    const { router } = renderRoutes(routes, '/en/reset/password/tok/anna%40example.com');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/backend'));
  });

  it('lets a logged-in provider still reset a shop customer password', async () => {
    logIn();
    const { router } = renderRoutes(routes, '/en/customer/reset/password/tok/kunde%40example.com');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/en/customer/reset/password/tok/kunde%40example.com');
  });
});
