import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAppState } from '../lib/app-state';
import { i18n } from '../lib/i18n';
import { applyLanguage } from '../lib/language';
import { fakeFetch, json } from '../test/fake-fetch';
import { renderRoutes } from '../test/render';
import { LanguageSwitch } from './language-switch';

const routes = [
  { path: '/:lang/*', Component: LanguageSwitch },
  { path: '/', Component: LanguageSwitch },
];

describe('LanguageSwitch', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    await applyLanguage('en');
  });

  it('marks the current language', () => {
    renderRoutes(routes, '/en/provider');
    expect(screen.getByRole('group', { name: 'Language' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'EN English' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'FR Français' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'DE Deutsch' })).toHaveAttribute('lang', 'de');
  });

  it('tells the server, swaps the :lang segment keeping the rest, and switches texts, dayjs and <html lang>', async () => {
    const { calls } = fakeFetch(() => json({ success: true }));
    const { router } = renderRoutes(routes, '/en/backend/orders?page=2#top');

    await userEvent.click(screen.getByRole('button', { name: 'FR Français' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/backend/orders'));
    expect(router.state.location.search).toBe('?page=2');
    expect(router.state.location.hash).toBe('#top');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/language/change/fr']);
    expect(i18n.language).toBe('fr');
    expect(dayjs.locale()).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(getAppState().language).toBe('fr');
  });

  it('still switches when the server cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeFetch(() => json({ message: 'Server Error' }, 500));
    const { router } = renderRoutes(routes, '/en/register');
    await userEvent.click(screen.getByRole('button', { name: 'DE Deutsch' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/de/register'));
    expect(i18n.language).toBe('de');
  });

  it('on / (no prefix) stays on the page and changes the language', async () => {
    fakeFetch(() => json({ success: true }));
    const { router } = renderRoutes(routes, '/');
    await userEvent.click(screen.getByRole('button', { name: 'DE Deutsch' }));
    await waitFor(() => expect(i18n.language).toBe('de'));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('group', { name: 'Sprache' })).toBeInTheDocument();
  });
});
