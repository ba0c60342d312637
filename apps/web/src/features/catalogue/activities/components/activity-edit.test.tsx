import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_APP_STATE, setAppState } from '../../../../lib/app-state';
import { applyLanguage } from '../../../../lib/language';
import { json, type FakeCall } from '../../../../test/fake-fetch';
import { renderRoutes } from '../../../../test/render';
import { fakeApi, loggedInState, makeTeam } from '../../../../test/team-fixtures';
import { activityTestRoutes as routes } from '../test-routes';
import { listReply, makeActivityDetail } from '../testing';
import { makeLocation } from '../../../../test/catalogue-fixtures';

const owner = makeTeam(3, 'Yoga Zürich');
const instructor = makeTeam(3, 'Yoga Zürich', 'instructor');
const INSTRUCTOR = ['nav.courses', 'nav.customers', 'nav.customers.participant'];

const attributes = [
  {
    attribute_id: 4,
    type: 'select',
    label: { en: 'Level' },
    label_text: 'Level',
    options: [{ value: 'easy', label: { en: 'Easy' }, label_text: 'Easy' }],
    filterable: true,
    required: false,
    sort: 1,
    value: 'easy',
  },
  {
    attribute_id: 5,
    type: 'number',
    label: { en: 'Minimum age' },
    label_text: 'Minimum age',
    options: [],
    filterable: false,
    required: false,
    sort: 2,
    value: 16,
  },
];

function api(detail = makeActivityDetail(7), extra: Parameters<typeof fakeApi>[0] = {}, granted?: (name: string) => boolean) {
  return fakeApi(
    {
      'GET /api/courses/7': () => json({ data: detail }),
      'GET /api/course/type_sets': () => json({ data: [{ id: 1, name: 'Course', kind: 'course' }] }),
      'GET /api/course/locations': () => json(listReply([makeLocation(5, 'Studio Enge')])),
      'GET /api/course/instructors': () => json({ data: [{ id: 9, name: 'Mia Meier', role: 'instructor' }] }),
      'GET /api/courses': () => json(listReply([])),
      'GET /api/courses/7/attributes': () => json({ data: attributes }),
      ...extra,
    },
    granted,
  );
}

const puts = (calls: FakeCall[]) => calls.filter((c) => c.method === 'PUT');

describe('activity edit page', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    notifications.clean();
    setAppState(DEFAULT_APP_STATE);
    await applyLanguage('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('loads the activity into the basic tab and saves name and relations with PUT /api/courses/:id', async () => {
    setAppState(loggedInState(owner));
    const toast = vi.spyOn(notifications, 'show');
    const saved = makeActivityDetail(7, { name: { de: 'Yoga für alle', en: 'Yoga for all' }, updated_at: '2026-03-02T10:00:00+01:00' });
    const { calls } = api(makeActivityDetail(7), {
      'PUT /api/courses/7': () => json({ success: true, message: 'The activity has been saved.', data: saved }),
    });
    renderRoutes(routes, '/en/backend/courses/edit/7/basic');
    expect(await screen.findByRole('heading', { level: 1, name: 'Yoga for everyone' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Basic data' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Draft')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Basic data – Yoga for everyone | Bookla'));
    expect(await screen.findByRole('textbox', { name: 'Minimum age' })).toHaveValue('16');

    const de = screen.getByLabelText('Name (Deutsch)');
    expect(de).toHaveValue('Yoga für alle');
    await userEvent.click(within(screen.getByRole('group', { name: 'Name' })).getByRole('radio', { name: /English/ }));
    const en = screen.getByLabelText('Name (English)');
    await userEvent.clear(en);
    await userEvent.type(en, 'Yoga for all');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toEqual({
      name: { de: 'Yoga für alle', en: 'Yoga for all' },
      description: { de: '', en: '' },
      type_set_id: 1,
      location_id: null,
      instructor_ids: [],
      parent_id: null,
    });
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'The activity has been saved.' })));
  });

  it('shows a 422 beside the field of its language', async () => {
    setAppState(loggedInState(owner));
    api(makeActivityDetail(7), {
      'PUT /api/courses/7': () => json({ message: 'Invalid.', errors: { 'name.en': ['This field is required.'] } }, 422),
    });
    renderRoutes(routes, '/en/backend/courses/edit/7/basic');
    await screen.findByLabelText('Name (Deutsch)');
    await userEvent.type(screen.getByLabelText('Name (Deutsch)'), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const name = screen.getByRole('group', { name: 'Name' });
    await waitFor(() => expect(within(name).getByRole('radio', { name: /English, has an error/ })).toBeChecked());
    expect(within(screen.getByRole('group', { name: 'Description' })).getByRole('radio', { name: /Deutsch/ })).toBeChecked();
    expect(screen.getByLabelText('Name (English)')).toHaveAccessibleDescription('This field is required.');
  });

  it('asks before leaving a tab with unsaved changes', async () => {
    setAppState(loggedInState(owner));
    api();
    const { router } = renderRoutes(routes, '/en/backend/courses/edit/7/basic');
    await userEvent.type(await screen.findByLabelText('Name (Deutsch)'), ' neu');
    await userEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/en/backend/courses/edit/7/basic');

    await userEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/backend/courses/edit/7/settings'));
    expect(await screen.findByRole('textbox', { name: /Reservation time/ })).toHaveValue('15');
  });

  it('saves the settings tab and publishes with the header switch', async () => {
    setAppState(loggedInState(owner));
    const { calls } = api(makeActivityDetail(7, { capacity: 12, waiting_list: true }), {
      'PUT /api/courses/7': (call) =>
        json({
          success: true,
          message: 'Saved.',
          data: { ...makeActivityDetail(7, { capacity: 12, waiting_list: true }), ...(call.body as object) },
        }),
    });
    renderRoutes(routes, '/en/backend/courses/edit/7/settings');
    const capacity = await screen.findByRole('textbox', { name: /Capacity/ });
    expect(capacity).toHaveValue('12');
    expect(screen.getByRole('combobox', { name: 'Waiting list' })).toHaveDisplayValue('Yes');
    await userEvent.clear(capacity);
    await userEvent.type(capacity, '20');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Waiting list' }), 'No');
    await userEvent.type(screen.getByLabelText(/Booking opens at/), '2026-04-01T09:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toMatchObject({
      status: 'draft',
      booking_opens_at: '2026-04-01T09:00',
      capacity: 20,
      waiting_list: false,
      reservation_minutes: 15,
      booking_closes_minutes: 0,
    });

    await userEvent.click(screen.getByRole('switch', { name: 'Published' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]?.body).toEqual({ status: 'published' });
  });

  it('shows what publishing still needs, links to the tab, and every reason the server refused it for', async () => {
    setAppState(loggedInState(owner));
    const refusal = {
      message: 'An activity needs at least one upcoming date and one ticket on sale to be published.',
      errors: { status: ['Add at least one upcoming date before publishing.'] },
    };
    const { calls } = api(makeActivityDetail(7, { publish_checks: { upcoming_date: false, ticket_on_sale: true } }), {
      'PUT /api/courses/7': () => json(refusal, 422),
    });
    renderRoutes(routes, '/en/backend/courses/edit/7/basic');
    const checklist = await screen.findByRole('region', { name: 'Ready to publish?' });
    expect(within(checklist).getByText(/At least one upcoming date/)).toHaveTextContent('At least one upcoming date (missing)');
    expect(within(checklist).getByText(/At least one public ticket on sale/)).toHaveTextContent('(done)');
    expect(within(checklist).getByRole('link', { name: 'Go to dates' })).toHaveAttribute('href', '/en/backend/courses/edit/7/dates');
    expect(within(checklist).queryByRole('link', { name: 'Go to tickets' })).not.toBeInTheDocument();

    const show = vi.spyOn(notifications, 'show');
    await userEvent.click(screen.getByRole('switch', { name: 'Published' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ color: 'red', title: refusal.message, message: 'Add at least one upcoming date before publishing.' }),
      ),
    );
    expect(puts(calls)).toHaveLength(1);
    expect(screen.getByRole('switch', { name: 'Published' })).not.toBeChecked();
  });

  it('says when paid tickets have no payment method and links to the integration settings (issue 22 item 2)', async () => {
    setAppState(loggedInState(owner));
    api(makeActivityDetail(7, { publish_checks: { upcoming_date: true, ticket_on_sale: true, payment_method: false } }));
    renderRoutes(routes, '/en/backend/courses/edit/7/basic');
    const checklist = await screen.findByRole('region', { name: 'Ready to publish?' });
    expect(within(checklist).getByText(/A payment method for paid tickets/)).toHaveTextContent(
      'A payment method for paid tickets (missing)',
    );
    expect(within(checklist).getByRole('link', { name: 'Go to integration settings' })).toHaveAttribute(
      'href',
      '/en/backend/config/integration',
    );
    expect(within(checklist).queryByRole('link', { name: 'Go to dates' })).not.toBeInTheDocument();
  });

  it('warns about texts left untranslated, naming the languages, with a link to where they are written (issue 22 item 11)', async () => {
    setAppState(loggedInState(owner));
    api(
      makeActivityDetail(7, {
        publish_checks: {
          upcoming_date: true,
          ticket_on_sale: true,
          payment_method: true,
          missing_texts: [
            { field: 'description', languages: ['en', 'fr'] },
            { field: 'cancellation_policy', languages: ['de'] },
          ],
        },
      }),
    );
    renderRoutes(routes, '/en/backend/courses/edit/7/basic');
    const checklist = await screen.findByRole('region', { name: 'Ready to publish?' });
    const warnings = within(checklist).getByRole('list', { name: 'Texts to translate' });
    expect(within(warnings).getByText(/^Description not translated: English, Français/)).toBeInTheDocument();
    expect(within(warnings).getByText(/^Cancellation policy not translated: Deutsch/)).toBeInTheDocument();
    expect(within(warnings).getByRole('link', { name: 'Go to the description' })).toHaveAttribute(
      'href',
      '/en/backend/courses/edit/7/basic',
    );
    expect(within(warnings).getByRole('link', { name: 'Go to the cancellation policy' })).toHaveAttribute(
      'href',
      '/en/backend/courses/edit/7/settings',
    );
  });

  it('hides the checklist once a published activity has everything it needs', async () => {
    setAppState(loggedInState(owner));
    api(makeActivityDetail(7, { status: 'published', publish_checks: { upcoming_date: true, ticket_on_sale: true } }));
    renderRoutes(routes, '/en/backend/courses/edit/7/basic');
    expect(await screen.findByRole('switch', { name: 'Published' })).toBeChecked();
    expect(screen.queryByRole('region', { name: 'Ready to publish?' })).not.toBeInTheDocument();
  });

  it('is read-only for an instructor: values shown, no save, no publish switch, no image upload', async () => {
    setAppState(loggedInState(instructor));
    const { calls } = api(makeActivityDetail(7, { can_edit: false }), {}, (name) => INSTRUCTOR.includes(name));
    renderRoutes(routes, '/en/backend/courses/edit/7/basic');
    expect(await screen.findByText('You can view this activity but not change it.')).toBeInTheDocument();
    expect(await screen.findByLabelText('Name (Deutsch)')).toHaveAttribute('readonly');
    expect(await screen.findByRole('textbox', { name: 'Minimum age' })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: /Save/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Published' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Choose image' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/course/locations'))).toBe(false);
  });

  it("saves the basic data and the attributes with the tab's one Save", async () => {
    setAppState(loggedInState(owner));
    const toast = vi.spyOn(notifications, 'show');
    const { calls } = api(makeActivityDetail(7), {
      'PUT /api/courses/7': () => json({ success: true, message: 'The activity has been saved.', data: makeActivityDetail(7) }),
      'PUT /api/courses/7/attributes': () => json({ success: true, message: 'Attributes saved.', data: attributes }),
    });
    renderRoutes(routes, '/en/backend/courses/edit/7/basic');
    const age = await screen.findByRole('textbox', { name: 'Minimum age' });
    expect(screen.getAllByRole('button', { name: /Save/ })).toHaveLength(1);
    await userEvent.type(screen.getByLabelText('Name (Deutsch)'), '!');
    await userEvent.clear(age);
    await userEvent.type(age, '18');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls).map((c) => c.url.split('?')[0])).toEqual(['/api/courses/7', '/api/courses/7/attributes']);
    expect(puts(calls)[0]?.body).toMatchObject({ name: { de: 'Yoga für alle!' } });
    expect(puts(calls)[1]?.body).toEqual({
      values: [
        { attribute_id: 4, value: 'easy' },
        { attribute_id: 5, value: 18 },
      ],
    });
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'The activity has been saved.' })));
  });

  it('saves changed attributes alone, and shows the errors of both requests beside their fields', async () => {
    setAppState(loggedInState(owner));
    const { calls } = api(makeActivityDetail(7), {
      'PUT /api/courses/7': () => json({ message: 'Invalid.', errors: { 'name.de': ['This name is taken.'] } }, 422),
      'PUT /api/courses/7/attributes': () => json({ message: 'Invalid.', errors: { 'values.1.value': ['Must be at most 99.'] } }, 422),
    });
    renderRoutes(routes, '/en/backend/courses/edit/7/basic');
    const age = await screen.findByRole('textbox', { name: 'Minimum age' });
    await userEvent.clear(age);
    await userEvent.type(age, '120');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(age).toHaveAccessibleDescription('Must be at most 99.'));
    expect(puts(calls).map((c) => c.url.split('?')[0])).toEqual(['/api/courses/7/attributes']);

    await userEvent.type(screen.getByLabelText('Name (Deutsch)'), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Name (Deutsch)')).toHaveAccessibleDescription('This name is taken.'));
    expect(puts(calls).map((c) => c.url.split('?')[0])).toEqual([
      '/api/courses/7/attributes',
      '/api/courses/7',
      '/api/courses/7/attributes',
    ]);
    expect(age).toHaveAccessibleDescription('Must be at most 99.');
  });

  it('asks before leaving the tab with an unsaved attribute value', async () => {
    setAppState(loggedInState(owner));
    api();
    const { router } = renderRoutes(routes, '/en/backend/courses/edit/7/basic');
    const age = await screen.findByRole('textbox', { name: 'Minimum age' });
    await userEvent.type(age, '5');
    await userEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/en/backend/courses/edit/7/basic');
  });

  it('keeps the location when the chosen one is picked again, saves it and shows it after a reload', async () => {
    setAppState(loggedInState(owner));
    // The server keeps what a PUT sends, so the second visit reads the saved activity.
    let stored = makeActivityDetail(7, { location_id: 5 });
    const { calls } = api(undefined, {
      'GET /api/courses/7': () => json({ data: stored }),
      'PUT /api/courses/7': (call) => {
        stored = { ...stored, ...(call.body as object), updated_at: '2026-03-02T10:00:00+01:00' };
        return json({ success: true, message: 'The activity has been saved.', data: stored });
      },
    });
    const first = renderRoutes(routes, '/en/backend/courses/edit/7/basic');
    const location = await screen.findByRole('combobox', { name: 'Location' });
    await waitFor(() => expect(location).toHaveValue('Studio Enge'));
    await userEvent.click(location);
    await userEvent.click(await screen.findByRole('option', { name: 'Studio Enge', hidden: true }));
    expect(location).toHaveValue('Studio Enge');

    await userEvent.type(screen.getByLabelText('Name (Deutsch)'), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toMatchObject({ location_id: 5 });

    first.unmount();
    renderRoutes(routes, '/en/backend/courses/edit/7/basic');
    expect(await screen.findByLabelText('Name (Deutsch)')).toHaveValue('Yoga für alle!');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('Studio Enge'));
  });

  it('sends an unknown tab to the basic tab', async () => {
    setAppState(loggedInState(owner));
    api();
    const { router } = renderRoutes(routes, '/en/backend/courses/edit/7/whatever');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/backend/courses/edit/7/basic'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Yoga for everyone' })).toBeInTheDocument();
  });
});
