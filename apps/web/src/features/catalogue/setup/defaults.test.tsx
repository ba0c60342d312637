import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fake-fetch';
import { confirmDialog, listOf, pick, renderSetup, requests, resetScreen, validation } from '../../../test/backoffice';
import { makeLocation } from '../../../test/catalogue-fixtures';

describe('course defaults', () => {
  beforeAll(async () => {
    await import('../../../routes/backoffice/backoffice-group');
  });
  beforeEach(resetScreen);
  afterEach(() => vi.unstubAllGlobals());

  const defaults = {
    tax_rate: 8.1,
    reservation_minutes: 15,
    booking_closes_minutes: 0,
    cancellation_policy: { de: 'Bis 24 h vorher kostenlos.', en: 'Free until 24 h before.' },
    waiting_list: false,
    location_id: null,
    capacity: null,
    session_minutes: 60,
  };

  it('saves the basic defaults; a 422 shows beside its field', async () => {
    const user = userEvent.setup({ delay: null });
    let attempts = 0;
    const { calls } = renderSetup('/en/backend/config/course/defaults/basic', {
      'GET /api/config/course/defaults': () => json({ data: defaults }),
      'GET /api/course/locations': () => json(listOf([makeLocation(2, 'Studio', { name: { en: 'Studio' } })])),
      'PUT /api/config/course/defaults': () =>
        ++attempts === 1
          ? validation({ reservation_minutes: ['At most 1440 minutes.'] })
          : json({ success: true, message: 'The defaults have been saved.', data: defaults }),
    });
    expect(await screen.findByRole('tab', { name: 'Basic' })).toHaveAttribute('aria-selected', 'true');
    const capacity = await screen.findByRole('textbox', { name: /^Capacity/ });
    await user.type(capacity, '12');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Waiting list' }), 'Yes');
    await pick(user, 'Default location', 'Studio');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At most 1440 minutes.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The defaults have been saved.')).toBeInTheDocument();
    expect(requests(calls, 'PUT', '/api/config/course/defaults')[1]?.body).toEqual({
      ...defaults,
      capacity: 12,
      waiting_list: true,
      location_id: 2,
    });
    await waitFor(() => expect(document.title).toBe('Basic – Course defaults | Bookla'));
  });

  it('holidays: creates one in a dialog and deletes one after the confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    const summer = {
      id: 3,
      name: { de: 'Sommerferien', en: 'Summer holidays' },
      name_text: 'Summer holidays',
      starts_on: '2026-07-04',
      ends_on: '2026-08-16',
    };
    const { calls } = renderSetup('/en/backend/config/course/defaults/holidays', {
      'GET /api/config/holidays': () => json(listOf([summer])),
      'POST /api/config/holidays': () => json({ success: true, message: 'The holiday has been saved.', data: { ...summer, id: 4 } }),
      'DELETE /api/config/holidays/3': () => json({ success: true, message: 'The holiday has been deleted.' }),
    });
    const row = (await screen.findByText('Summer holidays')).closest('tr')!;
    expect(row).toHaveTextContent('04/07/2026');
    expect(row).toHaveTextContent('16/08/2026');

    await user.click(screen.getByRole('button', { name: 'New holiday' }));
    const dialog = (await screen.findAllByRole('dialog', { name: 'New holiday' })).at(-1)!;
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Herbstferien');
    await user.click(within(dialog).getByRole('radio', { name: /English/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Autumn holidays');
    await user.type(within(dialog).getByLabelText(/^From/), '2026-10-03');
    await user.type(within(dialog).getByLabelText(/^To/), '2026-10-18');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The holiday has been saved.')).toBeInTheDocument();
    expect(requests(calls, 'POST', '/api/config/holidays')[0]?.body).toEqual({
      name: { de: 'Herbstferien', en: 'Autumn holidays' },
      starts_on: '2026-10-03',
      ends_on: '2026-10-18',
    });

    await user.click(screen.getByRole('button', { name: 'Delete Summer holidays' }));
    await confirmDialog(user, 'Delete?', 'Delete');
    expect(await screen.findByText('The holiday has been deleted.')).toBeInTheDocument();
    expect(requests(calls, 'DELETE', '/api/config/holidays/3')).toHaveLength(1);
  }, 15_000);
});
