import { notifications, Notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CalendarPage } from '../../../../routes/backoffice/calendar-page';
import { applyLanguage } from '../../../../lib/language';
import { json, type FakeCall } from '../../../../test/fake-fetch';
import { renderRoutes } from '../../../../test/render';
import { pick, loginOwner } from '../../../../test/activity-tabs';
import { fakeApi, loggedInState, makeTeam } from '../../../../test/team-fixtures';
import { setAppState } from '../../../../lib/app-state';

const feed = (calls: FakeCall[]) =>
  calls.filter((c) => c.url.startsWith('/api/calendar/sessions')).map((c) => new URL(c.url, 'http://x').searchParams);

const sessions = [
  {
    id: 11,
    activity_id: 5,
    title: 'Yoga basics',
    kind: 'course',
    status: 'scheduled',
    starts_at: '2026-03-10T19:00:00+01:00',
    ends_at: '2026-03-10T20:30:00+01:00',
    location_id: 4,
    location: 'Studio',
    conflict: true,
  },
];

function renderCalendar(path: string) {
  return renderRoutes(
    [
      {
        path: '/:lang/backend/courses/calendar',
        element: (
          <>
            <Notifications />
            <CalendarPage />
          </>
        ),
      },
      { path: '/:lang/backend/courses/edit/:id/:tab', element: <p>Edit page</p> },
    ],
    path,
  );
}

describe('calendar page', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await import('./calendar-view'); // the lazy chunk, loaded once up front
  });
  beforeEach(async () => {
    notifications.clean();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-12T10:00:00Z'));
    loginOwner();
    await applyLanguage('en');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('loads the visible month with the filters of the address, marks conflicts and opens the activity', async () => {
    const { calls } = fakeApi({
      'GET /api/calendar/sessions': () => json({ data: sessions }),
      'GET /api/course/type_sets': () => json({ data: [{ id: 2, name: 'Course', kind: 'course' }] }),
      'GET /api/course/locations': () => json({ data: [{ id: 4, name_text: 'Studio' }], meta: {}, links: {} }),
      'GET /api/course/instructors': () => json({ data: [{ id: 9, name: 'Lea Meier', role: 'instructor' }] }),
      'GET /api/sa/resources': () => json({ data: [], meta: {}, links: {} }),
    });
    const { router } = renderCalendar('/en/backend/courses/calendar?type_set_id=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Calendar' })).toBeInTheDocument();
    const event = await screen.findByText(/Yoga basics · Studio/);
    expect(event).toHaveTextContent('⚠ Conflict: Yoga basics · Studio');

    const first = feed(calls)[0]!;
    expect(Object.fromEntries(first)).toMatchObject({ from: '2026-02-23', to: '2026-04-05', type_set_id: '2' });
    expect(first.get('location_id')).toBeNull();

    await pick(screen.getByRole('combobox', { name: 'Location' }), 'Studio');
    await waitFor(() => expect(feed(calls).at(-1)?.get('location_id')).toBe('4'));
    expect(feed(calls).at(-1)?.get('type_set_id')).toBe('2');
    expect(router.state.location.search).toBe('?type_set_id=2&location_id=4');

    await userEvent.click(screen.getByText(/Yoga basics · Studio/));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/backend/courses/edit/5/dates'));
  });

  it('an instructor gets only the filters whose lists the role may read', async () => {
    setAppState(loggedInState(makeTeam(3, 'Yoga Zürich', 'instructor')));
    const { calls } = fakeApi({
      'GET /api/calendar/sessions': () => json({ data: sessions }),
      'GET /api/course/type_sets': () => json({ data: [{ id: 2, name: 'Course', kind: 'course' }] }),
      'GET /api/course/instructors': () => json({ data: [{ id: 9, name: 'Lea Meier', role: 'instructor' }] }),
    });
    renderCalendar('/en/backend/courses/calendar?type_set_id=abc');
    expect(await screen.findByText(/Yoga basics · Studio/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Type' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Instructor' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Location' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Resource' })).not.toBeInTheDocument();
    const paths = calls.map((c) => c.url.split('?')[0]);
    expect(paths).not.toContain('/api/course/locations');
    expect(paths).not.toContain('/api/sa/resources');
    // A malformed id in the address is not sent on.
    expect(feed(calls)[0]?.get('type_set_id')).toBeNull();
  });
});
