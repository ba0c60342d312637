import dayjs from 'dayjs';
import type { Permission } from '@bookla/shared/permissions';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { appUser, fakeApi, loggedInState, makeTeam } from '../../test/team-fixtures';
import { DEFAULT_APP_STATE, getAppState, setAppState } from '../../lib/app-state';
import { applyLanguage } from '../../lib/language';
import { json, type FakeCall } from '../../test/fake-fetch';
import { renderRoutes } from '../../test/render';

const owner = makeTeam(3, 'Yoga Zürich');
const instructorTeam = makeTeam(3, 'Yoga Zürich', 'instructor');
const INSTRUCTOR: readonly string[] = ['nav.courses', 'nav.customers', 'nav.customers.participant'];

const paths = (calls: FakeCall[]) => calls.map((c) => `${c.method} ${c.url.split('?')[0]}`);

describe('back-office screens', () => {
  // The route group is a lazy chunk; loading it once up front keeps the first test's waits short.
  beforeAll(async () => {
    await import('./backoffice-group');
  });

  beforeEach(async () => {
    notifications.clean();
    setAppState(DEFAULT_APP_STATE);
    await applyLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('dashboard: every box of spec §2 for an owner, with empty states', async () => {
    setAppState(loggedInState(owner));
    const emptyList = {
      data: [],
      meta: { current_page: 1, last_page: 1, per_page: 10, from: null, to: null, total: 0 },
      links: { first: '', last: '', prev: null, next: null },
    };
    // The statistics boxes have their own tests (features/operations/statistics/dashboard.test.tsx).
    const { calls } = fakeApi({
      'GET /api/courses': () => json(emptyList),
      'GET /api/orders': () => json(emptyList),
      'GET /api/statistics/dashboard': () => json({ course_count: 0, participant_count: 0, products_sold_count: 0, total: 0 }),
      'GET /api/statistics/sales': () => json({ sales_all: {}, sales: {}, order_count: {} }),
      'GET /api/dashboard/checklist': () => json({ data: { completed: true, steps: [], shop_url: '' } }),
    });
    renderRoutes(routes, '/en/backend');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 5000 })).toBeInTheDocument();
    const stats = await screen.findByRole('region', { name: 'Key figures' });
    for (const figure of ['Activities', 'Participants', 'Additional sales', 'Total sales'])
      expect(within(stats).getByText(figure)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sales' })).toBeInTheDocument();
    // The range in the UI language's format (spec §9), not the browser's date input (its pickers
    // load after the first paint).
    expect(await screen.findByLabelText('From')).toHaveValue(dayjs().startOf('month').format('DD/MM/YYYY'));
    expect(screen.getByLabelText('To')).toHaveAttribute('placeholder', 'DD/MM/YYYY');
    const courses = screen.getByRole('region', { name: 'Latest activities' });
    expect(await within(courses).findByText('No activities yet')).toBeInTheDocument();
    expect(within(courses).getByRole('link', { name: 'All activities' })).toHaveAttribute('href', '/en/backend/courses');
    expect(await within(courses).findByRole('button', { name: 'Create activity' })).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Latest orders' })).findByText('No orders yet')).toBeInTheDocument();
    // The course box asks for the 10 latest activities.
    await waitFor(() => expect(paths(calls)).toContain('GET /api/statistics/sales'), { timeout: 3000 });
    expect(calls.find((c) => c.url.startsWith('/api/courses'))?.url).toMatch(/perPage=10/);
    await waitFor(() => expect(document.title).toBe('Dashboard | Bookla'));
  });

  it('dashboard: the course box lists the latest activities with their next date', async () => {
    setAppState(loggedInState(owner));
    const course = {
      id: 7,
      name: { en: 'Pottery for beginners' },
      name_text: 'Pottery for beginners',
      kind: 'course',
      type: { id: 1, name: 'Course' },
      parent: null,
      location: null,
      instructor: null,
      media: { header_image: null },
      timetables: [],
      tickets: [],
      participants: { paid: 0 },
      status: 'published',
      created_at: '2026-11-01T10:00:00+01:00',
      next_session: '2026-12-01T19:00:00+01:00',
      sold: 0,
      stock: 10,
    };
    const list = {
      data: [course],
      meta: { current_page: 1, last_page: 1, per_page: 10, from: 1, to: 1, total: 1 },
      links: { first: '', last: '', prev: null, next: null },
    };
    fakeApi({ 'GET /api/courses': () => json(list) });
    renderRoutes(routes, '/en/backend');
    const courses = await screen.findByRole('region', { name: 'Latest activities' }, { timeout: 5000 });
    expect(await within(courses).findByRole('link', { name: 'Pottery for beginners' })).toHaveAttribute(
      'href',
      '/en/backend/courses/edit/7/basic',
    );
    expect(within(courses).getByText(/^Next date: /)).toBeInTheDocument();
    expect(within(courses).getByText('Published')).toBeInTheDocument();
    expect(within(courses).queryByText('No activities yet')).not.toBeInTheDocument();
  });

  it('dashboard: an instructor sees the course box only', async () => {
    setAppState(loggedInState(instructorTeam));
    const empty = { data: [], meta: { current_page: 1, last_page: 1, per_page: 10, from: null, to: null, total: 0 } };
    const { calls } = fakeApi(
      { 'GET /api/courses': () => json({ ...empty, links: { first: '', last: '', prev: null, next: null } }) },
      (name) => INSTRUCTOR.includes(name),
    );
    renderRoutes(routes, '/en/backend');
    expect(await screen.findByRole('region', { name: 'Latest activities' }, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(paths(calls)).toContain('GET /api/courses'));
    // The permissions come with the app state: no element asks the server on its own.
    expect(paths(calls).filter((p) => p.includes('/api/srl/permission/'))).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Key figures' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Latest orders' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create activity' })).not.toBeInTheDocument();
  });

  it.each([
    ['/en/backend/discounts', 'Discounts', 'Discount codes and reductions for your activities.'],
    ['/en/backend/orders/additional_sales', 'Additional sales', 'Products sold together with tickets, such as materials or meals.'],
    ['/de/backend/customers/order', 'Bestellkunden', 'Die Kundinnen und Kunden, die bestellt haben, mit ihren Kontaktdaten.'],
    [
      '/fr/ticket/checkin',
      'Contrôle des billets',
      'Scannez ou saisissez les codes des billets à l’entrée pour enregistrer les participants.',
    ],
  ])('%s shows its page frame with title and purpose', async (path, title, text) => {
    setAppState(loggedInState(owner));
    fakeApi({});
    renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${title} | Bookla`));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('tells an instructor who opens an orders address that the role has no access', async () => {
    setAppState(loggedInState(instructorTeam));
    fakeApi({}, (name) => INSTRUCTOR.includes(name));
    renderRoutes(routes, '/en/backend/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'No access' })).toBeInTheDocument();
  });

  it('company settings: loads the general tab and saves it with a toast and a fresh app state', async () => {
    setAppState(loggedInState(owner));
    const general = {
      name: 'Yoga Zürich',
      phone_prefix: '+41',
      phone_number: '44 123 45 67',
      currency: 'CHF',
      languages: ['de', 'en'],
      time_zone: 'Europe/Zurich',
    };
    const { calls } = fakeApi({
      'GET /api/team/general': () => json({ data: general }),
      'PUT /api/team/general': () =>
        json({ success: true, message: 'The company settings have been saved.', data: { ...owner, name: 'Yoga Zürich AG' } }),
      'GET /api/srl/state': () => json(loggedInState({ ...owner, name: 'Yoga Zürich AG' })),
      'GET /api/srl/options/currency': () => json([{ value: 'CHF', label: 'Swiss franc (CHF)', countries: ['CH', 'LI'] }]),
      'GET /api/srl/options/timezones': () => json([{ value: 'Europe/Zurich', label: 'Europe/Zurich (UTC+01:00)' }]),
    });
    renderRoutes(routes, '/en/backend/config/team/general');
    expect(await screen.findByRole('heading', { level: 1, name: 'Company settings' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
    const name = await screen.findByRole('textbox', { name: /Company name/ });
    expect(name).toHaveValue('Yoga Zürich');
    expect(screen.getByRole('img', { name: 'Logo of Yoga Zürich' })).toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.type(name, 'Yoga Zürich AG');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The company settings have been saved.')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ ...general, name: 'Yoga Zürich AG' });
    await waitFor(() => expect(getAppState().team?.name).toBe('Yoga Zürich AG'));
    await waitFor(() => expect(document.title).toBe('General – Company settings | Bookla'));
  });

  it('company settings: an unknown tab is the back-office 404', async () => {
    setAppState(loggedInState(owner));
    fakeApi({});
    renderRoutes(routes, '/en/backend/config/team/nonsense');
    expect(await screen.findByText('This page of the back office does not exist.')).toBeInTheDocument();
  });

  it('staff tab: changes nothing before the confirmation, then removes the member', async () => {
    setAppState(loggedInState(owner));
    const members = [
      {
        id: 7,
        firstname: 'Anna',
        lastname: 'Muster',
        email: 'anna@example.ch',
        role: 'owner',
        two_factor_enabled: true,
        joined_at: '2026-01-05T10:00:00+01:00',
      },
      {
        id: 9,
        firstname: 'Max',
        lastname: 'Keller',
        email: 'max@example.ch',
        role: 'editor',
        two_factor_enabled: false,
        joined_at: '2026-02-05T10:00:00+01:00',
      },
    ];
    const invitations = [
      {
        id: 4,
        email: 'lea@example.ch',
        role: 'instructor',
        language: 'de',
        status: 'expired',
        expires_at: '2026-03-01T10:00:00+01:00',
        created_at: '2026-02-22T10:00:00+01:00',
        invited_by: 'Anna Muster',
      },
    ];
    const { calls } = fakeApi({
      'GET /api/team/members': () => json({ data: members }),
      'GET /api/team/invitations': () => json({ data: invitations }),
      'DELETE /api/team/members/9': () => json({ success: true, message: 'The staff member has been removed from the company.' }),
    });
    renderRoutes(routes, '/en/backend/config/team/staff');
    expect(await screen.findByText('max@example.ch')).toBeInTheDocument();
    expect(screen.getByText('Owner')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Anna Muster' })).not.toBeInTheDocument();
    expect(await screen.findByText('Expired')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend the invitation to lea@example.ch' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Max Keller' }));
    const dialog = (await screen.findAllByRole('dialog', { name: 'Remove staff member?' })).at(-1)!;
    expect(dialog).toHaveTextContent('Max Keller will no longer have access to this company.');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(paths(calls)).toContain('DELETE /api/team/members/9'));
    expect(await screen.findByText('The staff member has been removed from the company.')).toBeInTheDocument();
  });

  it('features: switching subscriptions on saves and brings the sidebar entry', async () => {
    setAppState(loggedInState(owner));
    const on = { subscriptions: true, waiting_list: true, resources: true, embeds: true };
    const { calls } = fakeApi({
      'GET /api/config/features': () => json({ data: { ...on, subscriptions: false } }),
      'PUT /api/config/features': () => json({ success: true, message: 'The features have been saved.', data: on }),
      'GET /api/srl/state': () => json({ ...loggedInState(owner), features: on }),
    });
    renderRoutes(routes, '/en/backend/config/features');
    const toggle = await screen.findByRole('switch', { name: /Subscriptions/ });
    expect(screen.queryByRole('link', { name: 'Subscriptions' })).not.toBeInTheDocument();
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The features have been saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual(on);
    expect(await screen.findByRole('link', { name: 'Subscriptions' })).toHaveAttribute('href', '/en/backend/subscriptions');
  });

  it('sends a user whose company requires 2FA to the profile, with a notice', async () => {
    setAppState(loggedInState(owner, [owner], { two_factor_required: true, permissions: [] as Permission[] }));
    fakeApi({
      'GET /api/profile': () =>
        json({
          data: {
            id: 7,
            email: 'anna@example.ch',
            salutation: 'mrs',
            firstname: 'Anna',
            lastname: 'Muster',
            language: 'en',
            two_factor_enabled: false,
            date_format: 'auto',
          },
        }),
      'GET /api/profile/sessions': () => json({ data: [] }),
    });
    const { router } = renderRoutes(routes, '/en/backend/orders');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/backend/profile'));
    expect(await screen.findByText(/Your company requires two-factor authentication\./)).toBeInTheDocument();
    expect(screen.getByText('Two-factor authentication required')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set up two-factor authentication' })).toBeInTheDocument();
  });

  it('reacts to a 403 TWO_FACTOR_REQUIRED from a team call the same way', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setAppState(loggedInState(owner));
    fakeApi({
      'GET /api/team/general': () =>
        json({ message: 'This company requires two-factor authentication.', code: 'TWO_FACTOR_REQUIRED' }, 403),
      'GET /api/profile': () =>
        json({
          data: {
            id: 7,
            email: 'anna@example.ch',
            salutation: 'mrs',
            firstname: 'Anna',
            lastname: 'Muster',
            language: 'en',
            two_factor_enabled: false,
            date_format: 'auto',
          },
        }),
      'GET /api/profile/sessions': () => json({ data: [] }),
    });
    const { router } = renderRoutes(routes, '/en/backend/config/team/general');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/backend/profile'));
    expect(router.state.location.hash).toBe('#two-factor');
  });

  it('profile: two-factor setup shows the key, confirms a code and shows the recovery codes once', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setAppState(loggedInState(owner));
    const codes = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);
    const { calls } = fakeApi({
      'GET /api/profile': () =>
        json({
          data: {
            id: 7,
            email: 'anna@example.ch',
            salutation: 'mrs',
            firstname: 'Anna',
            lastname: 'Muster',
            language: 'en',
            two_factor_enabled: false,
            date_format: 'auto',
          },
        }),
      'GET /api/profile/sessions': () =>
        json({
          data: [
            {
              id: 's1',
              created_at: '2026-03-01T10:00:00+01:00',
              last_seen_at: '2026-03-01T11:00:00+01:00',
              ip: '127.0.0.1',
              user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
              current: true,
            },
          ],
        }),
      'POST /api/srl/two-factor/setup': () =>
        json({ secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/Bookla:anna%40example.ch?secret=JBSWY3DPEHPK3PXP&issuer=Bookla' }),
      'POST /api/srl/two-factor/confirm': (call) =>
        (call.body as { code: string }).code === '123456'
          ? json({ success: true, message: 'On', recovery_codes: codes })
          : json({ success: false, message: 'The code is not valid.' }, 422),
      'GET /api/srl/state': () => json(loggedInState(owner, [owner], { user: appUser({ two_factor_enabled: true }) })),
    });
    renderRoutes(routes, '/en/backend/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(await screen.findByText('Firefox, Linux')).toBeInTheDocument();
    expect(screen.getByText('This device')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Set up two-factor authentication' }));
    expect(await screen.findByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(screen.getByText(/^otpauth:\/\/totp\//)).toBeInTheDocument();

    const code = screen.getByRole('textbox', { name: /Code from the app/ });
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    expect(await screen.findByText('The code is not valid.')).toBeInTheDocument();

    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    const recovery = await screen.findByRole('region', { name: 'Your recovery codes' });
    expect(within(recovery).getAllByRole('listitem')).toHaveLength(10);
    await userEvent.click(within(recovery).getByRole('button', { name: 'Copy codes' }));
    expect(writeText).toHaveBeenCalledWith(codes.join('\n'));
    expect(await screen.findByText('Copy to clipboard')).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();

    await userEvent.click(within(recovery).getByRole('button', { name: 'I have stored the codes' }));
    expect(screen.queryByRole('region', { name: 'Your recovery codes' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
    expect(paths(calls)).toContain('POST /api/srl/two-factor/confirm');
  }, 30_000);
});
