import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fake-fetch';
import { listOf, pick, renderSetup, requests, resetScreen, validation } from '../../../test/backoffice';

const rooms = {
  id: 4,
  name: { de: 'Räume', en: 'Rooms' },
  name_text: 'Rooms',
  kind: 'room',
  resources: [{ id: 11, name: { de: 'Saal', en: 'Hall' }, name_text: 'Hall', capacity: 1 }],
};
const booking = (id: number, conflict: boolean) => ({
  id,
  activity_id: 30 + id,
  title: conflict ? 'Yoga basics' : 'Pilates',
  kind: 'course',
  status: 'scheduled',
  activity_status: 'published',
  starts_at: '2026-03-29T19:00:00+02:00',
  ends_at: '2026-03-29T20:30:00+02:00',
  location_id: 2,
  location: 'Studio',
  conflict,
  resources: [{ resource_id: 11, name: 'Hall', quantity: conflict ? 2 : 1 }],
});

describe('resources', () => {
  beforeAll(async () => {
    await import('../../../routes/backoffice/backoffice-group');
  });
  beforeEach(resetScreen);
  afterEach(() => vi.unstubAllGlobals());

  it('lists groups with their resources and creates a group, then opens it', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, router } = renderSetup('/en/backend/sa/resources', {
      'GET /api/sa/resources': () => json(listOf([rooms])),
      'POST /api/sa/resources': () =>
        json({ success: true, message: 'The group has been created.', data: { ...rooms, id: 6, resources: [] } }),
      'GET /api/sa/resources/6': () => json({ data: { ...rooms, id: 6, resources: [] } }),
      'GET /api/sa/resources/6/bookings': () => json({ data: [] }),
    });
    const row = (await screen.findByRole('link', { name: 'Rooms' })).closest('tr')!;
    expect(row).toHaveTextContent('Room');
    expect(row).toHaveTextContent('Hall (1)');
    await user.click(screen.getByRole('link', { name: 'New resource group' }));
    await user.type(await screen.findByRole('textbox', { name: /^Group/ }), 'Matten');
    await user.click(screen.getByRole('radio', { name: /English/ }));
    await user.type(screen.getByRole('textbox', { name: /^Group/ }), 'Mats');
    await pick(user, /^Kind/, 'Equipment');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The group has been created.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/backend/sa/resource/6'));
    expect(requests(calls, 'POST', '/api/sa/resources')[0]?.body).toEqual({ name: { de: 'Matten', en: 'Mats' }, kind: 'equipment' });
    expect(await screen.findByText('This group has no resources yet.')).toBeInTheDocument();
  }, 15_000);

  it('edits the resources of a group (422 beside the capacity) and shows bookings with conflicts', async () => {
    const user = userEvent.setup({ delay: null });
    let attempts = 0;
    const { calls } = renderSetup('/en/backend/sa/resource/4', {
      'GET /api/sa/resources/4': () => json({ data: rooms }),
      'GET /api/sa/resources/4/bookings': () => json({ data: [booking(1, true), booking(2, false)] }),
      'PUT /api/sa/resources/4': () =>
        ++attempts === 1
          ? validation({ 'resources.1.capacity': ['The capacity must be at least 1.'] })
          : json({ success: true, message: 'The group has been saved.', data: rooms }),
    });
    const bookings = await screen.findByRole('region', { name: 'Bookings' });
    expect(await within(bookings).findByText('Sessions with conflicts: 1')).toBeInTheDocument();
    const conflictRow = within(bookings).getByRole('link', { name: 'Yoga basics' }).closest('tr')!;
    expect(conflictRow).toHaveTextContent('Conflict');
    expect(conflictRow).toHaveTextContent('Hall × 2');
    expect(conflictRow).toHaveTextContent('Studio');
    expect(within(conflictRow).getByRole('link', { name: 'Yoga basics' })).toHaveAttribute('href', '/en/backend/courses/edit/31/dates');
    expect(within(bookings).getByRole('link', { name: 'Pilates' }).closest('tr')).toHaveTextContent('OK');
    expect(requests(calls, 'GET', '/api/sa/resources/4/bookings')[0]?.url).toMatch(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);

    await user.click(screen.getByRole('button', { name: 'Add resource' }));
    const second = screen.getByRole('group', { name: 'Resource 2' });
    await user.type(within(second).getByRole('textbox', { name: /^Name/ }), 'Raum 2');
    await user.click(within(second).getByRole('radio', { name: /English/ }));
    await user.type(within(second).getByRole('textbox', { name: /^Name/ }), 'Room 2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(second).findByText('The capacity must be at least 1.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The group has been saved.')).toBeInTheDocument();
    expect(requests(calls, 'PUT', '/api/sa/resources/4')[1]?.body).toEqual({
      name: { de: 'Räume', en: 'Rooms' },
      kind: 'room',
      resources: [
        { id: 11, name: { de: 'Saal', en: 'Hall' }, capacity: 1 },
        { name: { de: 'Raum 2', en: 'Room 2' }, capacity: 1 },
      ],
    });
  }, 15_000);
});
