import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_APP_STATE, setAppState } from '../../../../lib/app-state';
import { applyLanguage } from '../../../../lib/language';
import { json } from '../../../../test/fake-fetch';
import { renderRoutes } from '../../../../test/render';
import { fakeApi, loggedInState, makeTeam } from '../../../../test/team-fixtures';
import { activityTestRoutes as routes } from '../test-routes';
import { listReply } from '../testing';

const team = { ...makeTeam(3, 'Yoga Zürich'), languages: ['de', 'en'] as ('de' | 'en')[] };

function api(store: () => Response) {
  return fakeApi({
    'GET /api/courses': () => json(listReply([])),
    'GET /api/course/type_sets': () =>
      json({
        data: [
          { id: 1, name: 'Course', kind: 'course' },
          { id: 2, name: 'Event', kind: 'event' },
        ],
      }),
    'GET /api/course/locations': () => json(listReply([])),
    'POST /api/course/store': store,
  });
}

async function openModal() {
  await userEvent.click(await screen.findByRole('button', { name: 'Create activity' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create activity' });
  const typeSet = await within(dialog).findByRole('combobox', { name: /Type/ });
  return { dialog, typeSet };
}

/** Picks from this select's own list (the list page's filters have options of the same names). */
async function chooseType(typeSet: HTMLElement, name: string) {
  await userEvent.click(typeSet);
  const listbox = await waitFor(() => {
    const element = document.getElementById(typeSet.getAttribute('aria-controls') ?? '');
    if (!element) throw new Error('no listbox yet');
    return element;
  });
  await userEvent.click(within(listbox).getByRole('option', { name, hidden: true }));
}

describe('create-course modal', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    notifications.clean();
    setAppState(DEFAULT_APP_STATE);
    await applyLanguage('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('requires a type and a name per team language, jumps to the language in error, then opens the new activity', async () => {
    setAppState(loggedInState(team));
    const { calls } = api(() => json({ success: true, course_id: 42, message: 'Created.' }));
    const { router } = renderRoutes(routes, '/en/backend/courses');
    const { dialog, typeSet } = await openModal();
    expect(calls.some((c) => c.url.startsWith('/api/course/type_sets'))).toBe(true);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(typeSet).toHaveAccessibleDescription('This field is required.'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await chooseType(typeSet, 'Event');
    await userEvent.type(within(dialog).getByLabelText('Name (Deutsch)'), 'Sommerfest');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: /English, has an error/ })).toBeChecked());
    const en = within(dialog).getByLabelText('Name (English)');
    await waitFor(() => expect(en).toHaveFocus());
    expect(en).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(en, 'Summer party');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/backend/courses/edit/42/basic'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ type_set_id: 2, name: { de: 'Sommerfest', en: 'Summer party' } });
  });

  it('puts a 422 beside the field and switches to its language', async () => {
    setAppState(loggedInState(team));
    api(() => json({ message: 'The given data was invalid.', errors: { 'name.en': ['This name is already taken.'] } }, 422));
    renderRoutes(routes, '/en/backend/courses');
    const { dialog, typeSet } = await openModal();
    await chooseType(typeSet, 'Course');
    await userEvent.type(within(dialog).getByLabelText('Name (Deutsch)'), 'Yoga');
    await userEvent.click(within(dialog).getByRole('radio', { name: /English/ }));
    await userEvent.type(within(dialog).getByLabelText('Name (English)'), 'Yoga');
    await userEvent.click(within(dialog).getByRole('radio', { name: /Deutsch/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(within(dialog).getByRole('radio', { name: /English, has an error/ })).toBeChecked());
    expect(within(dialog).getByLabelText('Name (English)')).toHaveAccessibleDescription('This name is already taken.');
    expect(screen.getByRole('dialog', { name: 'Create activity' })).toBeInTheDocument();
  });

  it('shows "Error" and "Something went wrong!" on a failed call, and stays on the list', async () => {
    setAppState(loggedInState(team));
    const toast = vi.spyOn(notifications, 'show');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    api(() => json({ message: 'Server Error' }, 500));
    const { router } = renderRoutes(routes, '/en/backend/courses');
    const { dialog, typeSet } = await openModal();
    await chooseType(typeSet, 'Course');
    await userEvent.type(within(dialog).getByLabelText('Name (Deutsch)'), 'Yoga');
    await userEvent.click(within(dialog).getByRole('radio', { name: /English/ }));
    await userEvent.type(within(dialog).getByLabelText('Name (English)'), 'Yoga');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Error', message: 'Something went wrong!' })),
    );
    expect(router.state.location.pathname).toBe('/en/backend/courses');
  });
});
