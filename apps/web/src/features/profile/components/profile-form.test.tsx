import type { Profile } from '@bookla/shared/teams';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getAppState, setAppState } from '../../../lib/app-state';
import { formatDateTime } from '../../../lib/format';
import { applyLanguage } from '../../../lib/language';
import { json, type FakeCall } from '../../../test/fake-fetch';
import { renderRoutes } from '../../../test/render';
import { appUser, fakeApi, loggedInState, makeTeam } from '../../../test/team-fixtures';
import { ProfileForm } from './profile-form';

const team = makeTeam(3, 'Yoga Zürich');
const profile: Profile = {
  id: 7,
  email: 'anna@example.ch',
  salutation: 'mrs',
  firstname: 'Anna',
  lastname: 'Muster',
  language: 'en',
  two_factor_enabled: false,
  date_format: 'auto',
};
const puts = (calls: FakeCall[]) => calls.filter((c) => c.method === 'PUT' && c.url.startsWith('/api/profile'));

function serve() {
  let saved: Profile = profile;
  return fakeApi({
    'GET /api/profile': () => json({ data: saved }),
    'PUT /api/profile': (call) => {
      saved = { ...saved, ...(call.body as Partial<Profile>) };
      return json({ success: true, message: 'Saved', data: saved });
    },
    'GET /api/srl/state': () => json(loggedInState(team, [team], { user: appUser({ date_format: saved.date_format }) })),
  });
}

async function choose(select: HTMLElement, name: RegExp) {
  await userEvent.click(select);
  const listbox = await waitFor(() => {
    const element = document.getElementById(select.getAttribute('aria-controls') ?? '');
    if (!element) throw new Error('no listbox yet');
    return element;
  });
  await userEvent.click(within(listbox).getByRole('option', { name, hidden: true }));
}

describe('profile: English date format (issue 22 item 13)', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await applyLanguage('en');
    setAppState(loggedInState(team));
  });

  it('offers automatic, day-first and US with examples, explains it is for English only, and saves the choice', async () => {
    const { calls } = serve();
    renderRoutes([{ path: '/en/backend/profile', element: <ProfileForm /> }], '/en/backend/profile');
    const select = await screen.findByRole('combobox', { name: 'Date format (English)' });
    // A Swiss company: automatic means day-first.
    expect(select).toHaveValue('Automatic: as the company’s country (31/12/2026 18:30)');
    expect(screen.getByText(/Only for English: how the back office shows and reads dates and times\./)).toBeInTheDocument();
    expect(formatDateTime('2026-03-07T14:05', 'en')).toBe('07/03/2026 14:05');

    await choose(select, /^Month first, 12 hours, US \(12\/31\/2026 6:30 PM\)$/);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toEqual({ salutation: 'mrs', firstname: 'Anna', lastname: 'Muster', language: 'en', date_format: 'us' });
    // The reloaded app state carries the choice, and the back office writes US dates from now on.
    await waitFor(() => expect(getAppState().user?.date_format).toBe('us'));
    expect(formatDateTime('2026-03-07T14:05', 'en')).toBe('03/07/2026 2:05 PM');
  });

  it('lists every choice, also in German', async () => {
    await applyLanguage('de');
    serve();
    renderRoutes([{ path: '/de/backend/profile', element: <ProfileForm /> }], '/de/backend/profile');
    const select = await screen.findByRole('combobox', { name: 'Datumsformat (Englisch)' });
    await userEvent.click(select);
    const listbox = await waitFor(() => document.getElementById(select.getAttribute('aria-controls') ?? '')!);
    expect(
      within(listbox)
        .getAllByRole('option', { hidden: true })
        .map((o) => o.textContent),
    ).toEqual([
      'Automatisch: wie im Land der Firma (31/12/2026 18:30)',
      'Tag zuerst, 24 Stunden (31/12/2026 18:30)',
      'Monat zuerst, 12 Stunden, USA (12/31/2026 6:30 PM)',
    ]);
  });
});
