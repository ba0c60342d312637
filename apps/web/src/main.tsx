import './lib/zod-jitless';
import './app/mantine-base-styles';
import { isLanguage } from '@bookla/shared/i18n';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type HydrationState, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { routes } from './app/router';
import { createUnauthorizedHandler } from './app/session';
import { configureApiClient } from './lib/api-client';
import { loadAppState } from './lib/app-state';
import { initI18n } from './lib/i18n';
import { applyLanguage, currentLanguage } from './lib/language';

/** What the server used to render this page (app/ssr.tsx), if it did. */
function readHydrationState(): HydrationState | undefined {
  const text = document.getElementById('app-hydration')?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as HydrationState;
  } catch {
    return undefined;
  }
}

/** Loads the lazy route modules of the address first, so hydration renders what the server did. */
async function loadMatchedRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route as RouteObject, loaded, { lazy: undefined });
    }),
  );
}

/**
 * Ends the current task. A page the server rendered is on screen before its code runs, so the
 * code's start is split into short tasks (module evaluation, setup, route chunks, hydration)
 * rather than one long one that would keep the page from answering input.
 */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(): Promise<void> {
  const serverRendered = !!document.getElementById('app-hydration');
  if (serverRendered) await yieldToBrowser();
  const state = await loadAppState();
  // The address wins over the server's preference: a link to /fr/... opens in French.
  const fromPath = window.location.pathname.split('/')[1];
  const lang = isLanguage(fromPath) ? fromPath : state.language;
  await initI18n(lang);
  await applyLanguage(lang);

  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing in index.html');
  const hydrationData = root.firstElementChild ? readHydrationState() : undefined;
  if (hydrationData) {
    await loadMatchedRoutes();
    await yieldToBrowser();
  }

  const queryClient = createQueryClient();
  const router = createBrowserRouter(routes, hydrationData ? { hydrationData } : undefined);
  configureApiClient({
    getLanguage: currentLanguage,
    onUnauthorized: createUnauthorizedHandler(
      (to) => router.navigate(to, { replace: true }),
      () => router.state.location.pathname,
      queryClient,
    ),
  });

  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  // A public screen the server rendered is hydrated; everything else (the back office) renders here.
  // As a transition, hydration yields to the browser every few milliseconds instead of blocking it
  // for the whole tree (the page is already on screen; its inputs come alive a moment later).
  if (hydrationData) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}

void start();
