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
import { makeLocation } from '../../../../test/catalogue-fixtures';

const feed = (calls: FakeCall[]) =>
  calls.filter((c) => c.url.startsWith('/api/calendar/sessions')).map((c) => new URL(c.url, 'http://x').searchParams);

const sessions = [
  {
    id: 11,
    activity_id: 5,
    title: 'Yoga basics',
    kind: 'course',
    status: 'scheduled',
    activity_status: 'published',
    starts_at: '2026-03-10T19:00:00+01:00',
    ends_at: '2026-03-10T20:30:00+01:00',
    location_id: 4,
    location: 'Studio',
    conflict: true,
  },
];

const base = sessions[0]!;
const listMeta = { current_page: 1, last_page: 1, per_page: 100, from: 1, to: 1, total: 1 };
const listLinks = { first: '', last: '', prev: null, next: null };

const lists = {
  'GET /api/course/type_sets': () => json({ data: [{ id: 2, name: 'Course', kind: 'course' }] }),
  'GET /api/course/locations': () => json({ data: [], meta: listMeta, links: listLinks }),
  'GET /api/course/instructors': () => json({ data: [] }),
  'GET /api/sa/resources': () => json({ data: [], meta: listMeta, links: listLinks }),
};

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
      'GET /api/course/locations': () => json({ data: [makeLocation(4, 'Studio')], meta: listMeta, links: listLinks }),
      'GET /api/course/instructors': () => json({ data: [{ id: 9, name: 'Lea Meier', role: 'instructor' }] }),
      'GET /api/sa/resources': () => json({ data: [], meta: listMeta, links: listLinks }),
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

  it('marks dates of a draft in their title and look, and shows holidays behind the dates', async () => {
    const { calls } = fakeApi({
      ...lists,
      'GET /api/calendar/sessions': () =>
        json({
          data: [
            { ...base, conflict: false },
            {
              ...sessions[0],
              id: 12,
              activity_id: 6,
              title: 'Pottery',
              location: null,
              location_id: null,
              conflict: false,
              activity_status: 'draft',
              starts_at: '2026-03-11T10:00:00+01:00',
              ends_at: '2026-03-11T12:00:00+01:00',
            },
          ],
        }),
      'GET /api/config/holidays': () =>
        json({
          data: [{ id: 1, name: { en: 'Spring break' }, name_text: 'Spring break', starts_on: '2026-03-16', ends_on: '2026-03-17' }],
          meta: listMeta,
          links: listLinks,
        }),
    });
    renderCalendar('/en/backend/courses/calendar');
    const draft = await screen.findByText(/Pottery/);
    expect(draft).toHaveTextContent('Draft: Pottery');
    expect(draft.closest('[role="button"]')?.className).toMatch(/draft/);
    const published = screen.getByText(/Yoga basics/);
    expect(published).toHaveTextContent(/^Yoga basics · Studio$/);
    expect(published.closest('[role="button"]')?.className).not.toMatch(/draft/);

    // Holidays come from the company's list (the one the generator skips): a named band from its first day.
    const band = await screen.findByText('Holiday: Spring break');
    expect(band.closest('[data-date]')?.getAttribute('data-date')).toBe('2026-03-16');
    expect(band.closest('[class*="holiday"]')).not.toBeNull();
    expect(calls.some((c) => c.url.startsWith('/api/config/holidays'))).toBe(true);
  });

  it('asks an instructor, who may not read the company settings, for no holidays', async () => {
    setAppState(loggedInState(makeTeam(3, 'Yoga Zürich', 'instructor')));
    const { calls } = fakeApi({ ...lists, 'GET /api/calendar/sessions': () => json({ data: sessions }) });
    renderCalendar('/en/backend/courses/calendar');
    expect(await screen.findByText(/Yoga basics · Studio/)).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/config/holidays'))).toBe(false);
  });

  it('opens week and day at business hours, or at the first date when it starts earlier', async () => {
    const early = { ...base, id: 13, conflict: false, starts_at: '2026-03-12T06:15:00+01:00', ends_at: '2026-03-12T07:00:00+01:00' };
    let feedData = [base];
    fakeApi({
      ...lists,
      'GET /api/calendar/sessions': () => json({ data: feedData }),
      'GET /api/config/holidays': () => json({ data: [], meta: { ...listMeta, total: 0 }, links: listLinks }),
    });
    const { container } = renderCalendar('/en/backend/courses/calendar');
    await screen.findByText(/Yoga basics · Studio/);
    const root = () => container.querySelector('[data-scroll-time]');
    expect(root()).toBeNull(); // month view does not scroll

    await userEvent.click(screen.getByRole('tab', { name: 'Week view' }));
    await waitFor(() => expect(root()).toHaveAttribute('data-scroll-time', '07:00:00'));

    feedData = [base, early];
    await userEvent.click(screen.getByRole('tab', { name: 'Day view' }));
    await waitFor(() => expect(root()).toHaveAttribute('data-scroll-time', '06:15:00'));
  });

  it('shows an overnight date in month view on its first day, with its end', async () => {
    const overnight = {
      ...sessions[0],
      id: 14,
      conflict: false,
      title: 'Night run',
      location: null,
      location_id: null,
      starts_at: '2026-03-13T22:00:00+01:00',
      ends_at: '2026-03-14T02:00:00+01:00',
    };
    fakeApi({
      ...lists,
      'GET /api/calendar/sessions': () => json({ data: [overnight] }),
      'GET /api/config/holidays': () => json({ data: [], meta: { ...listMeta, total: 0 }, links: listLinks }),
    });
    renderCalendar('/en/backend/courses/calendar');
    const title = await screen.findByText('Night run');
    const event = title.closest('[role="button"]') as HTMLElement;
    // A Swiss company: 24-hour times also in English (decision 021).
    expect(event).toHaveTextContent(/22:00 – 02:00/);
    // One block, on the 13th only: the early hours of the 14th do not make it a two-day date.
    expect(screen.getAllByText('Night run')).toHaveLength(1);
    expect(event.closest('[data-date]')?.getAttribute('data-date')).toBe('2026-03-13');
  });
});
