import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAppState, setAppState } from '../../../lib/app-state';
import { applyLanguage } from '../../../lib/language';
import { json } from '../../../test/fake-fetch';
import { renderRoutes } from '../../../test/render';
import { fakeApi, loggedInState, makeTeam } from '../../../test/team-fixtures';
import { CompanyCheck } from './company-check';

const routes = [{ path: '/:lang/*', element: <CompanyCheck /> }];

describe('company check (spec §4)', () => {
  beforeEach(async () => {
    await applyLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('switches to the first company when there is no current one but the user has others', async () => {
    const first = makeTeam(3, 'Yoga Zürich');
    const second = makeTeam(4, 'Ski Bern');
    setAppState(loggedInState(null, [first, second]));
    const { calls } = fakeApi({
      'POST /api/srl/team/switch/3': () => json({ success: true, team: first }),
      'GET /api/srl/state': () => json(loggedInState(first, [first, second])),
    });
    renderRoutes(routes, '/en/backend');
    await waitFor(() => expect(getAppState().team?.id).toBe(3));
    expect(calls.filter((c) => !c.url.startsWith('/sanctum')).map((c) => `${c.method} ${c.url.split('?')[0]}`)).toEqual([
      'POST /api/srl/team/switch/3',
      'GET /api/srl/state',
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('requires creating a company when the user has none', async () => {
    setAppState(loggedInState(null, []));
    const { calls } = fakeApi({});
    renderRoutes(routes, '/en/backend');
    const dialog = await screen.findByRole('dialog', { name: 'You dont have a Company yet!' });
    expect(dialog).toHaveTextContent('You need to create a Company to use our services.');
    expect(screen.getByRole('link', { name: 'Create company' })).toHaveAttribute('href', '/en/backend/config/team/create');
    expect(calls).toHaveLength(0);
  });

  it('does not cover the company creation page itself', async () => {
    setAppState(loggedInState(null, []));
    fakeApi({});
    renderRoutes(routes, '/en/backend/config/team/create');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the dialog when switching to the first company fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const first = makeTeam(3, 'Yoga Zürich');
    setAppState(loggedInState(null, [first]));
    fakeApi({ 'POST /api/srl/team/switch/3': () => json({ message: 'Not Found' }, 404) });
    renderRoutes(routes, '/en/backend');
    expect(await screen.findByRole('dialog', { name: 'You dont have a Company yet!' })).toBeInTheDocument();
  });

  it('does nothing while there is a current company', async () => {
    const team = makeTeam(3, 'Yoga Zürich');
    setAppState(loggedInState(team));
    const { calls } = fakeApi({});
    renderRoutes(routes, '/en/backend');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
