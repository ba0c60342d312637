import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_APP_STATE, setAppState } from '../lib/app-state';
import { fakeFetch, json } from '../test/fake-fetch';
import { renderWithProviders } from '../test/render';
import { Permission } from './permission';

// An app state without a permission list (decision 011): only then does each name ask the server.
describe('<Permission> without the app state’s permission list', () => {
  beforeEach(() => setAppState({ ...DEFAULT_APP_STATE, authenticated: true }));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the children once the server grants the permission', async () => {
    const { calls } = fakeFetch(() => json({ success: true }));
    renderWithProviders(
      <Permission name="dashboard.stats">
        <p>Statistics</p>
      </Permission>,
    );
    expect(screen.queryByText('Statistics')).not.toBeInTheDocument();
    expect(await screen.findByText('Statistics')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/srl/permission/dashboard.stats']);
  });

  it('removes the children on a 403', async () => {
    const { calls } = fakeFetch(() => json({ success: false }, 403));
    renderWithProviders(
      <>
        <Permission name="nav.orders">
          <p>Orders box</p>
        </Permission>
        <p>Always there</p>
      </>,
    );
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText('Orders box')).not.toBeInTheDocument();
    expect(screen.getByText('Always there')).toBeInTheDocument();
  });

  it('hides the children when the check fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls } = fakeFetch(() => json({ message: 'Server Error' }, 500));
    renderWithProviders(
      <Permission name="nav.courses">
        <p>Courses box</p>
      </Permission>,
    );
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText('Courses box')).not.toBeInTheDocument();
  });

  it('asks once per name, however many elements check it', async () => {
    const { calls } = fakeFetch((call) => (call.url.endsWith('/nav.courses') ? json({ success: true }) : json({ success: false }, 403)));
    renderWithProviders(
      <>
        <Permission name="nav.courses">
          <p>First</p>
        </Permission>
        <Permission name="nav.courses">
          <p>Second</p>
        </Permission>
        <Permission name="nav.orders">
          <p>Third</p>
        </Permission>
      </>,
    );
    expect(await screen.findByText('First')).toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
    expect(screen.queryByText('Third')).not.toBeInTheDocument();
    expect(calls.map((c) => c.url).sort()).toEqual(['/api/srl/permission/nav.courses', '/api/srl/permission/nav.orders']);
  });
});
