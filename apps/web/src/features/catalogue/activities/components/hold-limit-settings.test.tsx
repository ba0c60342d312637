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

/** The settings tab's unpaid seats per visitor (issue 20 item 1): empty = the default of 10. */

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

describe('activity settings: unpaid seats per visitor', { timeout: 20_000 }, () => {
  beforeEach(() => setAppState(DEFAULT_APP_STATE));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the stored limit with its explanation and saves a new one; empty saves null (the default)', async () => {
    await applyLanguage('en');
    setAppState(loggedInState(owner));
    const user = userEvent.setup({ delay: null });
    const { calls } = api(makeActivityDetail(7, { hold_limit: 6 }));
    renderRoutes(routes, '/en/backend/courses/edit/7/settings');
    const limit = await screen.findByRole('textbox', { name: 'Unpaid seats per visitor' });
    expect(limit).toHaveValue('6');
    expect(limit).toHaveAccessibleDescription(/Empty: 10\. Paid seats do not count/);
    await user.clear(limit);
    await user.type(limit, '40');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.body).toMatchObject({ hold_limit: 40 });
    await user.clear(limit);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]!.body).toMatchObject({ hold_limit: null });
  });

  it.each([
    ['de', 'Unbezahlte Plätze pro Person'],
    ['fr', 'Places non payées par visiteur'],
  ] as const)('is labelled in %s', async (lang, label) => {
    await applyLanguage(lang);
    setAppState(loggedInState(owner));
    api(makeActivityDetail(7, {}));
    renderRoutes(routes, `/${lang}/backend/courses/edit/7/settings`);
    expect(await screen.findByRole('textbox', { name: label })).toHaveValue('');
  });
});
