import type { AppState } from '@bookla/shared/app-state';
import type { Language } from '@bookla/shared/i18n';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type HydrationState } from 'react-router';
import { setAppState } from '../lib/app-state';
import { i18n, initI18n } from '../lib/i18n';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { routes } from './router';

/**
 * The server's renderer of the app's public screens (login, registration, password resets,
 * invitation, 404) for visitors without a session — built into dist/server/app.js and called by
 * the server (plugins/web.ts), so these pages arrive as HTML and are hydrated by main.tsx. The
 * back office is never rendered here: it stays a single-page app.
 *
 * The app keeps its language and state in module singletons (i18n, app-state). The server only
 * renders pages of visitors without a session, whose state differs in nothing but the language,
 * and sets both synchronously right before the synchronous render, so concurrent requests never
 * see each other's.
 */

export interface AppRenderInput {
  /** Absolute URL of the request (path and query). */
  url: string;
  lang: Language;
  state: AppState;
}

export type AppRenderResult =
  | { kind: 'html'; html: string; hydration: HydrationState }
  | { kind: 'redirect'; status: number; location: string }
  /** Not rendered here (an error, or a page the browser must render): serve the plain page. */
  | { kind: 'skip' };

const handler = createStaticHandler(routes);

export async function renderAppPage({ url, lang, state }: AppRenderInput): Promise<AppRenderResult> {
  if (state.authenticated) return { kind: 'skip' };
  await initI18n(lang);
  setAppState(state);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) {
    const location = context.headers.get('Location');
    return location && context.status >= 300 && context.status < 400
      ? { kind: 'redirect', status: context.status, location }
      : { kind: 'skip' };
  }
  if (context.errors) return { kind: 'skip' };

  // From here on synchronous: no other request runs between setting the singletons and rendering.
  setAppState(state);
  void i18n.changeLanguage(lang);
  if (i18n.language !== lang) return { kind: 'skip' };
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  return { kind: 'html', html, hydration: { loaderData: context.loaderData, actionData: context.actionData, errors: null } };
}
