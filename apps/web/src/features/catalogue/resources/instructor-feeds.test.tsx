import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fake-fetch';
import { renderSetup, requests, resetScreen } from '../../../test/backoffice';

const teachers = {
  id: 5,
  name: { de: 'Kursleitung', en: 'Instructors' },
  name_text: 'Instructors',
  kind: 'instructor',
  resources: [{ id: 21, name: { de: 'Eva Meier', en: 'Eva Meier' }, name_text: 'Eva Meier', capacity: 1 }],
};
const url = 'https://bookla.example/api/public/instructor-calendars/bkc_abc.ics?lang=en';
const created = (n: number) => ({
  success: true,
  message: 'The new calendar address is ready. The previous one no longer works.',
  data: {
    resource_id: 21,
    url: url.replace('abc', `abc${n}`),
    webcal_url: url.replace('abc', `abc${n}`).replace('https://', 'webcal://'),
    created_at: '2026-03-01T10:00:00+01:00',
  },
});

describe('instructor calendar feeds', () => {
  beforeAll(async () => {
    await import('../../../routes/backoffice/backoffice-group');
  });
  beforeEach(resetScreen);
  afterEach(() => vi.unstubAllGlobals());

  it('makes an address (shown once, to copy or open), makes a new one and revokes it, each after asking', async () => {
    const user = userEvent.setup({ delay: null });
    let active = false;
    let made = 0;
    const { calls } = renderSetup('/en/backend/sa/resource/5', {
      'GET /api/sa/resources/5': () => json({ data: teachers }),
      'GET /api/sa/resources/5/bookings': () => json({ data: [] }),
      'GET /api/sa/resources/5/calendar-feeds': () =>
        json({
          data: [
            {
              resource_id: 21,
              name_text: 'Eva Meier',
              active,
              created_at: active ? '2026-03-01T10:00:00+01:00' : null,
              last_used_at: null,
            },
          ],
        }),
      'POST /api/sa/instructors/21/calendar-feed': () => {
        active = true;
        return json(created(++made), 201);
      },
      'DELETE /api/sa/instructors/21/calendar-feed': () => {
        active = false;
        return json({ success: true, message: 'The calendar address no longer works.' });
      },
    });
    const panel = await screen.findByRole('region', { name: 'Calendar feeds of the instructors' });
    const row = within(panel).getByRole('article', { name: 'Eva Meier' });
    expect(row).toHaveTextContent('No calendar address');

    await user.click(within(row).getByRole('button', { name: 'Make calendar address: Eva Meier' }));
    const address = await within(row).findByRole('textbox', { name: 'Calendar address of Eva Meier' });
    expect(address).toHaveValue(url.replace('abc', 'abc1'));
    expect(within(row).getByRole('button', { name: 'Copy the calendar address of Eva Meier' })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Open in the calendar app' })).toHaveAttribute(
      'href',
      url.replace('abc', 'abc1').replace('https://', 'webcal://'),
    );
    expect(within(row).getByText(/shown only this once/)).toBeInTheDocument();
    expect(await within(row).findByText(/Address made .* · not fetched yet/)).toBeInTheDocument();

    // A new address replaces the old one: asked first; cancelling changes nothing.
    await user.click(within(row).getByRole('button', { name: 'New address: Eva Meier' }));
    let dialog = (await screen.findAllByRole('dialog', { name: 'New calendar address for Eva Meier?' })).at(-1)!;
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests(calls, 'POST', '/api/sa/instructors/21/calendar-feed')).toHaveLength(1);
    await user.click(within(row).getByRole('button', { name: 'New address: Eva Meier' }));
    // The dialog just cancelled may still be closing: the newest one is asking.
    dialog = (await screen.findAllByRole('dialog', { name: 'New calendar address for Eva Meier?' })).at(-1)!;
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(within(row).getByRole('textbox', { name: 'Calendar address of Eva Meier' })).toHaveValue(url.replace('abc', 'abc2')),
    );
    expect(requests(calls, 'POST', '/api/sa/instructors/21/calendar-feed')).toHaveLength(2);

    await user.click(within(row).getByRole('button', { name: 'Revoke: Eva Meier' }));
    dialog = (await screen.findAllByRole('dialog', { name: 'Revoke the calendar address of Eva Meier?' })).at(-1)!;
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The calendar address no longer works.')).toBeInTheDocument();
    expect(await within(row).findByText('No calendar address')).toBeInTheDocument();
    expect(within(row).queryByRole('textbox')).not.toBeInTheDocument();
    expect(requests(calls, 'DELETE', '/api/sa/instructors/21/calendar-feed')).toHaveLength(1);
  }, 20_000);

  it('shows nothing for groups of rooms or equipment', async () => {
    const rooms = { ...teachers, id: 6, kind: 'room', name_text: 'Rooms' };
    renderSetup('/en/backend/sa/resource/6', {
      'GET /api/sa/resources/6': () => json({ data: rooms }),
      'GET /api/sa/resources/6/bookings': () => json({ data: [] }),
      'GET /api/sa/resources/6/calendar-feeds': () => json({ data: [] }),
    });
    expect(await screen.findByRole('region', { name: 'Bookings' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Calendar feeds of the instructors' })).not.toBeInTheDocument();
  });
});
