import type { Role } from '@bookla/shared/permissions';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { Permission } from '../../components/permission';
import { DEFAULT_APP_STATE, setAppState } from '../../lib/app-state';
import { applyLanguage } from '../../lib/language';
import { json, type FakeCall } from '../../test/fake-fetch';
import { renderRoutes, renderWithProviders } from '../../test/render';
import { fakeApi, loggedInState, makeTeam } from '../../test/team-fixtures';

/** Issue 9 item 15: element-level checks answer from the app state's permission list. */

const emptyList = {
  data: [],
  meta: { current_page: 1, last_page: 1, per_page: 10, from: null, to: null, total: 0 },
  links: { first: '', last: '', prev: null, next: null },
};
const permissionCalls = (calls: FakeCall[]) => calls.filter((c) => c.url.startsWith('/api/srl/permission/'));

describe('permissions loaded once with the app state', () => {
  beforeAll(async () => {
    await import('./backoffice-group');
  });
  beforeEach(async () => {
    notifications.clean();
    setAppState(DEFAULT_APP_STATE);
    await applyLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each<[Role, { stats: boolean; courses: boolean; orders: boolean; create: boolean }]>([
    ['owner', { stats: true, courses: true, orders: true, create: true }],
    ['instructor', { stats: false, courses: true, orders: false, create: false }],
  ])('dashboard of an %s: the role’s boxes, and no request per permission', async (role, shown) => {
    setAppState(loggedInState(makeTeam(3, 'Yoga Zürich', role)));
    // A server that would grant everything: what is hidden can only come from the app state.
    const { calls } = fakeApi({ 'GET /api/courses': () => json(emptyList) });
    renderRoutes(routes, '/en/backend');
    const courses = await screen.findByRole('region', { name: 'Latest activities' }, { timeout: 5000 });
    expect(courses).toBeInTheDocument();
    expect(await screen.findByText('No activities yet')).toBeInTheDocument();
    expect(!!screen.queryByRole('region', { name: 'Key figures' })).toBe(shown.stats);
    expect(!!screen.queryByRole('region', { name: 'Latest orders' })).toBe(shown.orders);
    expect(!!screen.queryByRole('button', { name: 'Create activity' })).toBe(shown.create);
    await new Promise((r) => setTimeout(r, 20));
    expect(permissionCalls(calls)).toEqual([]);
  });

  it('activity list of an instructor: read-only without asking per permission', async () => {
    setAppState(loggedInState(makeTeam(3, 'Yoga Zürich', 'instructor')));
    const { calls } = fakeApi({ 'GET /api/courses': () => json(emptyList) });
    renderRoutes(routes, '/en/backend/courses');
    expect(await screen.findByRole('heading', { level: 1, name: 'Activities' }, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/courses'))).toBe(true));
    expect(screen.queryByRole('button', { name: 'Create activity' })).not.toBeInTheDocument();
    expect(permissionCalls(calls)).toEqual([]);
  });

  it('follows the app state when it is read again (role change, company switch)', async () => {
    const team = makeTeam(3, 'Yoga Zürich', 'owner');
    setAppState(loggedInState(team));
    const { calls } = fakeApi({});
    renderWithProviders(
      <Permission name="nav.orders">
        <p>Orders box</p>
      </Permission>,
    );
    expect(screen.getByText('Orders box')).toBeInTheDocument();
    act(() => setAppState(loggedInState({ ...team, role: 'instructor' })));
    expect(screen.queryByText('Orders box')).not.toBeInTheDocument();
    act(() => setAppState(loggedInState(makeTeam(4, 'Pottery Bern', 'editor'))));
    expect(screen.getByText('Orders box')).toBeInTheDocument();
    expect(permissionCalls(calls)).toEqual([]);
  });

  it('asks the server per name only when the app state carries no permission list', async () => {
    setAppState({ ...loggedInState(makeTeam(3, 'Yoga Zürich')), permissions: undefined });
    const { calls } = fakeApi({}, (name) => name === 'nav.courses');
    renderWithProviders(
      <>
        <Permission name="nav.courses">
          <p>Courses box</p>
        </Permission>
        <Permission name="nav.orders">
          <p>Orders box</p>
        </Permission>
      </>,
    );
    expect(await screen.findByText('Courses box')).toBeInTheDocument();
    await waitFor(() => expect(permissionCalls(calls)).toHaveLength(2));
    expect(screen.queryByText('Orders box')).not.toBeInTheDocument();
  });
});
