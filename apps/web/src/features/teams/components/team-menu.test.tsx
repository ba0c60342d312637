import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAppState, setAppState } from '../../../lib/app-state';
import { applyLanguage } from '../../../lib/language';
import { json } from '../../../test/fake-fetch';
import { renderRoutes } from '../../../test/render';
import { fakeApi, loggedInState, makeTeam } from '../../../test/team-fixtures';
import { TeamMenu } from './team-menu';

const yoga = makeTeam(3, 'Yoga Zürich');
const ski = { ...makeTeam(4, 'Ski Bern', 'editor'), logo_url: '/avatar/team/4?v=abc', has_logo: true };

function renderMenu(path = '/en/backend/orders') {
  return renderRoutes([{ path: '/:lang/*', element: <TeamMenu /> }], path);
}

// happy-dom has no layout, so Mantine hides the (detached-looking) dropdown: `hidden: true`.
const apiCalls = (calls: { method: string; url: string }[]) =>
  calls.filter((c) => !c.url.startsWith('/sanctum')).map((c) => `${c.method} ${c.url.split('?')[0]}`);

describe('team menu', () => {
  beforeEach(async () => {
    await applyLanguage('en');
    setAppState(loggedInState(yoga, [yoga, ski]));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the current company and offers the others, create company, profile and logout', async () => {
    fakeApi({});
    renderMenu();
    await userEvent.click(screen.getByRole('button', { name: /^Yoga Zürich Anna Muster ?, Company and account menu$/ }));
    expect(await screen.findByRole('menuitem', { name: 'Ski Bern', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Yoga Zürich', hidden: true })).not.toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Create company', hidden: true })).toHaveAttribute(
      'href',
      '/en/backend/config/team/create',
    );
    expect(screen.getByRole('menuitem', { name: 'View profile', hidden: true })).toHaveAttribute('href', '/en/backend/profile');
    expect(screen.getByRole('menuitem', { name: 'Log out', hidden: true })).toBeInTheDocument();
  });

  it('switches the company, reloads the app state and goes to the dashboard', async () => {
    const { calls } = fakeApi({
      'POST /api/srl/team/switch/4': () => json({ success: true, team: ski }),
      'GET /api/srl/state': () => json(loggedInState(ski, [yoga, ski])),
    });
    const { router } = renderMenu();
    await userEvent.click(screen.getByRole('button', { name: /Company and account menu/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Ski Bern', hidden: true }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/backend'));
    expect(apiCalls(calls)).toEqual(['POST /api/srl/team/switch/4', 'GET /api/srl/state']);
    expect(getAppState().team?.name).toBe('Ski Bern');
    expect(getAppState().role).toBe('editor');
    expect(screen.getByRole('button', { name: /^Ski Bern Anna Muster ?, Company and account menu$/ })).toBeInTheDocument();
  });

  it('logs out: fresh CSRF cookie, POST logout, state cleared, login with status logout', async () => {
    document.cookie = 'XSRF-TOKEN=token-1; path=/';
    const { calls } = fakeApi({ 'POST /api/srl/logout': () => json({ success: true }) });
    const { router } = renderMenu();
    await userEvent.click(screen.getByRole('button', { name: /Company and account menu/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Log out', hidden: true }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/login/logout'));
    expect(calls.map((c) => `${c.method} ${c.url.split('?')[0]}`)).toEqual(['GET /sanctum/csrf-cookie', 'POST /api/srl/logout']);
    expect(getAppState().authenticated).toBe(false);
    expect(getAppState().team).toBeUndefined();
    expect(calls[1]?.headers['x-xsrf-token']).toBe('token-1');
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });
});
