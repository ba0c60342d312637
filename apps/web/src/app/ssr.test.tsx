import { act, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_APP_STATE, setAppState, type AppState } from '../lib/app-state';
import { applyLanguage } from '../lib/language';
import { fakeFetch, json } from '../test/fake-fetch';
import { appUser } from '../test/team-fixtures';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { routes } from './router';
import { renderAppPage } from './ssr';

/**
 * The server renders the app's public screens for visitors without a session (issue 13: fast
 * login and registration), and main.tsx hydrates what it sent.
 */
const guest = (language: 'de' | 'en' | 'fr'): AppState => ({ ...DEFAULT_APP_STATE, language });

let root: Root | undefined;
let container: HTMLDivElement;
beforeEach(() => {
  setAppState(DEFAULT_APP_STATE);
  fakeFetch(() => json({ message: 'Not Found' }, 404));
  container = document.createElement('div');
  document.body.append(container);
});
afterEach(async () => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await applyLanguage('en');
});

/** main.tsx's steps: the route modules of the address first, then hydration with the server's data. */
async function hydrate(path: string, hydrationData: unknown) {
  for (const { route } of matchRoutes(routes, path) ?? []) {
    if (typeof route.lazy === 'function') Object.assign(route as RouteObject, await route.lazy(), { lazy: undefined });
  }
  const router = createMemoryRouter(routes, { initialEntries: [path], hydrationData: hydrationData as never });
  act(() => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <AppProviders queryClient={createQueryClient()}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
  return router;
}

describe('server rendering of the app’s public screens', () => {
  it('renders the login in the address’s language, and the browser takes it over as it is', async () => {
    const result = await renderAppPage({ url: 'http://localhost/de/login', lang: 'de', state: guest('de') });
    if (result.kind !== 'html') throw new Error(`expected html, got ${result.kind}`);
    expect(result.html).toContain('Anmelden');
    expect(result.html).toContain('E-Mail-Adresse');
    // Nothing can be submitted before /boot.js holds what is sent (a native GET would put the
    // password in the address): the content is inert, marked for boot.js to lift.
    expect(result.html).toMatch(/inert="" data-boot-inert=""/);

    container.innerHTML = result.html;
    const serverHeading = container.querySelector('h1');
    expect(serverHeading).toHaveTextContent('Anmelden');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await hydrate('/de/login', result.hydration);
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelector('h1')).toBe(serverHeading);
    await waitFor(() => expect(container.querySelector('[inert]')).toBeNull());
    expect(container.querySelector('[data-boot-inert]')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'E-Mail-Adresse' })).toBeEnabled();
  });

  it('renders the registration too', async () => {
    const result = await renderAppPage({ url: 'http://localhost/fr/register', lang: 'fr', state: guest('fr') });
    expect(result.kind).toBe('html');
    if (result.kind === 'html') expect(result.html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
  });

  it('answers a redirect where the app would redirect, and leaves logged-in visitors to the browser', async () => {
    expect(await renderAppPage({ url: 'http://localhost/en/backend', lang: 'en', state: guest('en') })).toEqual({
      kind: 'redirect',
      status: 302,
      location: '/en/login',
    });
    const loggedIn: AppState = { ...guest('en'), authenticated: true, user: appUser({ id: 1 }) };
    expect(await renderAppPage({ url: 'http://localhost/en/login', lang: 'en', state: loggedIn })).toEqual({ kind: 'skip' });
  });
});
