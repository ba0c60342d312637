import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { cssVariablesResolver, theme } from '../app/theme';
import { i18n } from '../lib/i18n';

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

export function TestProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
        <QueryClientProvider client={queryClient ?? testQueryClient()}>
          <ModalsProvider>{children}</ModalsProvider>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}

/** Renders a component with every provider the app has. */
export function renderWithProviders(ui: ReactElement): RenderResult {
  return render(ui, { wrapper: ({ children }) => <TestProviders>{children}</TestProviders> });
}

/** Renders routes in a memory router; returns the router to inspect `router.state.location`. */
export function renderRoutes(routes: RouteObject[], initialPath: string, queryClient?: QueryClient) {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const result = render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { router, ...result };
}
