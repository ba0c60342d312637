import './lib/zod-jitless';
import './app/mantine-base-styles';
import { isLanguage } from '@bookla/shared/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { routes } from './app/router';
import { createUnauthorizedHandler } from './app/session';
import { configureApiClient } from './lib/api-client';
import { loadAppState } from './lib/app-state';
import { initI18n } from './lib/i18n';
import { applyLanguage, currentLanguage } from './lib/language';

async function start(): Promise<void> {
  const state = await loadAppState();
  // The address wins over the server's preference: a link to /fr/... opens in French.
  const fromPath = window.location.pathname.split('/')[1];
  const lang = isLanguage(fromPath) ? fromPath : state.language;
  await initI18n(lang);
  await applyLanguage(lang);

  const queryClient = createQueryClient();
  const router = createBrowserRouter(routes);
  configureApiClient({
    getLanguage: currentLanguage,
    onUnauthorized: createUnauthorizedHandler(
      (to) => router.navigate(to, { replace: true }),
      () => router.state.location.pathname,
      queryClient,
    ),
  });

  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing in index.html');
  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
