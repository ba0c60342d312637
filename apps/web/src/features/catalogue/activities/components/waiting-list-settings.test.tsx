import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_APP_STATE, setAppState } from '../../../../lib/app-state';
import { applyLanguage } from '../../../../lib/language';
import { json, type FakeCall } from '../../../../test/fake-fetch';
import { renderRoutes } from '../../../../test/render';
import { fakeApi, loggedInState, makeTeam } from '../../../../test/team-fixtures';
import { activityTestRoutes as routes } from '../test-routes';
import { listReply, makeActivityDetail } from '../testing';

/** The settings tab's waiting-list offer hours and self-service cancellation policy (issue 12). */

const owner = makeTeam(3, 'Yoga Zürich');
const puts = (calls: FakeCall[]) => calls.filter((c) => c.method === 'PUT');

function api(detail: ReturnType<typeof makeActivityDetail>) {
  return fakeApi({
    'GET /api/courses/7': () => json({ data: detail }),
    'GET /api/course/type_sets': () => json({ data: [{ id: 1, name: 'Course', kind: 'course' }] }),
    'GET /api/course/locations': () => json(listReply([])),
    'GET /api/course/instructors': () => json({ data: [] }),
    'GET /api/courses': () => json(listReply([])),
    'GET /api/courses/7/attributes': () => json({ data: [] }),
    'PUT /api/courses/7': (call) => json({ success: true, message: 'Saved.', data: { ...detail, ...(call.body as object) } }),
  });
}

describe('activity settings: waiting list and cancellation', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    setAppState(DEFAULT_APP_STATE);
    await applyLanguage('en');
    setAppState(loggedInState(owner));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the stored values and saves the offer hours, the free-cancellation hours (empty: none) and late cancellation', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = api(
      makeActivityDetail(7, { waiting_list: true, waiting_list_offer_hours: 12, cancel_free_hours: 48, cancel_late_allowed: false }),
    );
    renderRoutes(routes, '/en/backend/courses/edit/7/settings');
    const hours = await screen.findByRole('textbox', { name: /offer holds seats for/ });
    expect(hours).toHaveValue('12');
    const free = screen.getByRole('textbox', { name: /Free cancellation until/ });
    expect(free).toHaveValue('48');
    expect(free).toHaveAccessibleDescription(/Empty: no self-service cancellation/);
    const late = screen.getByRole('combobox', { name: 'Later cancellation without refund' });
    expect(late).toHaveDisplayValue('No');

    await user.clear(hours);
    await user.type(hours, '36');
    await user.clear(free);
    await user.selectOptions(late, 'Yes');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.body).toMatchObject({
      waiting_list: true,
      waiting_list_offer_hours: 36,
      cancel_free_hours: null,
      cancel_late_allowed: true,
    });
  });

  it('keeps the offer hours within 1 to 336 hours', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = api(makeActivityDetail(7, { waiting_list: true }));
    renderRoutes(routes, '/en/backend/courses/edit/7/settings');
    const hours = await screen.findByRole('textbox', { name: /offer holds seats for/ });
    expect(hours).toHaveValue('24');
    await user.clear(hours);
    await user.type(hours, '400');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.body).toMatchObject({ waiting_list_offer_hours: 336, cancel_free_hours: null, cancel_late_allowed: false });
  });
});
