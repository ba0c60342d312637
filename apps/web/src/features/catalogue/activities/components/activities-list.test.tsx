import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_APP_STATE, setAppState } from '../../../../lib/app-state';
import { applyLanguage } from '../../../../lib/language';
import { json, type FakeCall } from '../../../../test/fake-fetch';
import { renderRoutes, renderWithProviders } from '../../../../test/render';
import { fakeApi, loggedInState, makeTeam } from '../../../../test/team-fixtures';
import { activityTestRoutes as routes } from '../test-routes';
import { listReply, makeActivityRow } from '../testing';
import { makeLocation } from '../../../../test/catalogue-fixtures';

const owner = makeTeam(3, 'Yoga Zürich');
const instructor = makeTeam(3, 'Yoga Zürich', 'instructor');
const INSTRUCTOR = ['nav.courses', 'nav.customers', 'nav.customers.participant'];

const listCalls = (calls: FakeCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/courses?')).map((c) => new URLSearchParams(c.url.split('?')[1]));

const rows = [
  makeActivityRow(1, 'Yoga basics', {
    status: 'published',
    next_session: '2026-03-29T19:00:00+02:00',
    sold: 3,
    stock: 20,
    media: { header_image: { url: '/media/abc/list' } },
  }),
  makeActivityRow(2, 'Pilates', { location: null }),
];

function api(extra: Parameters<typeof fakeApi>[0] = {}, granted?: (name: string) => boolean) {
  return fakeApi(
    {
      'GET /api/courses': () => json(listReply(rows, 1, 10, 2)),
      'GET /api/course/type_sets': () => json({ data: [{ id: 1, name: 'Course', kind: 'course' }] }),
      'GET /api/course/locations': () => json(listReply([makeLocation(5, 'Studio Enge')])),
      ...extra,
    },
    granted,
  );
}

describe('activities list', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    notifications.clean();
    setAppState(DEFAULT_APP_STATE);
    await applyLanguage('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the server page with image, name, type, status, next date in the team zone, location and sold/stock', async () => {
    setAppState(loggedInState(owner));
    const { calls } = api();
    renderRoutes(routes, '/en/backend/courses');
    expect(await screen.findByRole('heading', { level: 1, name: 'Activities' })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Yoga basics' });
    expect(link).toHaveAttribute('href', '/en/backend/courses/edit/1/basic');
    const row = link.closest('tr')!;
    expect(within(row).getByText('Published')).toBeInTheDocument();
    expect(within(row).getByText('29/03/2026 19:00')).toBeInTheDocument();
    expect(within(row).getByText('Studio Enge')).toBeInTheDocument();
    expect(within(row).getByText('3 / 20')).toBeInTheDocument();
    expect(row.querySelector('img')).toHaveAttribute('src', '/media/abc/list');
    const pilates = screen.getByRole('link', { name: 'Pilates' }).closest('tr')!;
    expect(within(pilates).getByText('No date')).toBeInTheDocument();
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();

    const [first] = listCalls(calls);
    expect(first?.get('page')).toBe('1');
    expect(first?.get('perPage')).toBe('10');
    expect(first?.get('sort[field]')).toBe('created_at');
    expect(first?.get('sort[type]')).toBe('desc');
    await waitFor(() => expect(document.title).toBe('Activities | Bookla'));

    const nameHeader = screen.getByRole('columnheader', { name: 'Name' });
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(within(nameHeader).getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('sort[field]')).toBe('name'));
    expect(listCalls(calls).at(-1)?.get('sort[type]')).toBe('asc');
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  });

  it('filters by name after 1.5 s and by status after 0.5 s', async () => {
    setAppState(loggedInState(owner));
    const { calls } = api();
    renderRoutes(routes, '/en/backend/courses');
    await screen.findByRole('link', { name: 'Yoga basics' });
    const before = listCalls(calls).length;

    const typed = Date.now();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Name' }), 'Yoga');
    await new Promise((r) => setTimeout(r, 700));
    expect(listCalls(calls).some((q) => q.has('columnFilters[name]'))).toBe(false);
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('columnFilters[name]')).toBe('Yoga'), { timeout: 4000 });
    expect(Date.now() - typed).toBeGreaterThanOrEqual(1500);
    expect(listCalls(calls).length).toBe(before + 1);

    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    const published = await screen.findByRole('option', { name: 'Published', hidden: true });
    // From the click itself: on a loaded machine user-event returns well after it chose.
    let chosen = Number.NaN;
    published.addEventListener('click', () => (chosen = Date.now()));
    await userEvent.click(published);
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('columnFilters[status]')).toBe('published'));
    expect(Date.now() - chosen).toBeGreaterThanOrEqual(450);
    expect(listCalls(calls).at(-1)?.get('columnFilters[name]')).toBe('Yoga');
    expect(listCalls(calls).at(-1)?.get('page')).toBe('1');
  });

  it('runs a mass action on the selected rows after a confirmation and toasts the result', async () => {
    setAppState(loggedInState(owner));
    const { calls } = api({
      'POST /api/courses/mass': () => json({ success: true, message: '2 activities published.', affected: 2 }),
    });
    const toast = vi.spyOn(notifications, 'show');
    renderRoutes(routes, '/en/backend/courses');
    await screen.findByRole('link', { name: 'Yoga basics' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all activities on this page' }));
    const bar = screen.getByRole('region', { name: 'Actions for the selected activities' });
    expect(within(bar).getByText('Selected activities: 2')).toBeInTheDocument();

    await userEvent.click(within(bar).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete activities' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.click(within(bar).getByRole('button', { name: 'Publish' }));
    const publish = await screen.findByRole('dialog', { name: 'Publish activities' });
    expect(publish).toHaveTextContent('Publish the selected activities (2)?');
    await userEvent.click(within(publish).getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', message: '2 activities published.' })),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ action: 'publish', ids: [1, 2] });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Actions for the selected activities' })).not.toBeInTheDocument());
  });

  it('shows the first-run empty state only when there is nothing at all', async () => {
    setAppState(loggedInState(owner));
    api({ 'GET /api/courses': () => json(listReply([], 1, 10, 0)) });
    renderRoutes(routes, '/en/backend/courses');
    expect(await screen.findByText('No activities yet')).toBeInTheDocument();
    expect(screen.queryByText('No matches')).not.toBeInTheDocument();
  });

  it('a failed load shows an error with a retry, never the empty state (issue 9 item 4)', async () => {
    setAppState(loggedInState(owner));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const { calls } = api({ 'GET /api/courses': () => (fail ? json({ message: 'Server Error' }, 500) : json(listReply(rows, 1, 10, 2))) });
    renderRoutes(routes, '/en/backend/courses');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The list could not be loaded');
    expect(screen.queryByText('No activities yet')).not.toBeInTheDocument();
    expect(error).toHaveBeenCalled();
    const before = listCalls(calls).length;
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Yoga basics' })).toBeInTheDocument();
    expect(listCalls(calls).length).toBe(before + 1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps page, sort and filters in the address and reads them back (a reload)', async () => {
    setAppState(loggedInState(owner));
    const { calls } = api({ 'GET /api/courses': () => json(listReply(rows, 2, 10, 22)) });
    const { router } = renderRoutes(routes, '/en/backend/courses?page=2&sort=name&order=asc&name=Yoga&status=published');
    await screen.findByRole('link', { name: 'Yoga basics' });
    const [first] = listCalls(calls);
    expect(first?.get('page')).toBe('2');
    expect(first?.get('sort[field]')).toBe('name');
    expect(first?.get('sort[type]')).toBe('asc');
    expect(first?.get('columnFilters[name]')).toBe('Yoga');
    expect(first?.get('columnFilters[status]')).toBe('published');
    expect(screen.getByRole('searchbox', { name: 'Name' })).toHaveValue('Yoga');
    expect(screen.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(router.state.location.search).toContain('page=3'));
    expect(router.state.location.search).toContain('name=Yoga');

    // A filter change starts again on page 1 (which the address leaves out).
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Name' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('name=Yoga'), { timeout: 4000 });
    expect(router.state.location.search).not.toContain('page=');
    expect(router.state.location.search).toContain('status=published');
  });

  it('says "no matches" with a reset when filters hide everything', async () => {
    setAppState(loggedInState(owner));
    api({ 'GET /api/courses': (call) => json(call.url.includes('columnFilters') ? listReply([], 1, 10, 0) : listReply(rows, 1, 10, 2)) });
    const { router } = renderRoutes(routes, '/en/backend/courses?status=archived');
    expect(await screen.findByText('No matches')).toBeInTheDocument();
    expect(screen.queryByText('No activities yet')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(await screen.findByRole('link', { name: 'Yoga basics' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('falls back to the defaults for malformed address values', async () => {
    setAppState(loggedInState(owner));
    const { calls } = api();
    renderRoutes(routes, '/en/backend/courses?page=-3&perPage=7&sort=password&order=sideways');
    await screen.findByRole('link', { name: 'Yoga basics' });
    const [first] = listCalls(calls);
    expect(first?.get('page')).toBe('1');
    expect(first?.get('perPage')).toBe('10');
    expect(first?.get('sort[field]')).toBe('created_at');
    expect(first?.get('sort[type]')).toBe('desc');
  });

  it('is read-only for an instructor: no selection, no mass actions, no create button', async () => {
    setAppState(loggedInState(instructor));
    const { calls } = api({}, (name) => INSTRUCTOR.includes(name));
    renderRoutes(routes, '/en/backend/courses');
    await screen.findByRole('link', { name: 'Yoga basics' });
    expect(calls.some((c) => c.url.includes('/api/srl/permission/'))).toBe(false);
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create activity' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Location' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/course/locations'))).toBe(false);
  });

  it('shows whole-course and drop-in seats apart, with the next date’s own seats', async () => {
    setAppState(loggedInState(owner));
    const seats = {
      course: { sold: 3, stock: 10 },
      per_date: { sold: 5, stock: 40 },
      next_date: { starts_at: '2026-03-29T19:00:00+02:00', sold: 1, stock: 10 },
    };
    api({ 'GET /api/courses': () => json(listReply([makeActivityRow(1, 'Yoga basics', { sold: 8, stock: 50, seats })], 1, 10, 1)) });
    renderRoutes(routes, '/en/backend/courses');
    const row = (await screen.findByRole('link', { name: 'Yoga basics' })).closest('tr')!;
    expect(within(row).getByText('Course 3/10')).toBeInTheDocument();
    expect(within(row).getByText('Drop-in 5/40')).toBeInTheDocument();
    expect(within(row).getByText('Next date 1/10')).toBeInTheDocument();
    expect(within(row).queryByText('8 / 50')).not.toBeInTheDocument();
  });

  it('mass publish: lists each activity that was not published with its reasons', async () => {
    setAppState(loggedInState(owner));
    api({
      'POST /api/courses/mass': () =>
        json({
          success: true,
          message: 'Activities published: 1. Not published: 1.',
          affected: 1,
          published: [1],
          refused: [{ id: 2, name: 'Pilates', reasons: ['Add at least one upcoming date before publishing.'] }],
        }),
    });
    const toast = vi.spyOn(notifications, 'show');
    renderRoutes(routes, '/en/backend/courses');
    await screen.findByRole('link', { name: 'Yoga basics' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all activities on this page' }));
    const bar = screen.getByRole('region', { name: 'Actions for the selected activities' });
    await userEvent.click(within(bar).getByRole('button', { name: 'Publish' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Publish activities' })).getByRole('button', { name: 'Publish' }),
    );
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ color: 'orange', title: 'Not published: 1' })));
    const refused = toast.mock.calls.find(([n]) => n.color === 'orange')![0];
    renderWithProviders(<>{refused.message}</>);
    expect(screen.getByText('Pilates: Add at least one upcoming date before publishing.')).toBeInTheDocument();
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', message: 'Activities published: 1. Not published: 1.' }));
  });
});
