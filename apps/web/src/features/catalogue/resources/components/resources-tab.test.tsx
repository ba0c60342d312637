import type { SessionItem } from '@bookla/shared/catalogue-timetable';
import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../../lib/language';
import { json, type FakeCall } from '../../../../test/fake-fetch';
import { listOf } from '../../../../test/backoffice';
import { fakeApi } from '../../../../test/team-fixtures';
import { ResourcesTab } from './resources-tab';
import { conflictsFound, loginOwner, makeSession, renderTab, waitForList } from '../../../../test/activity-tabs';

const puts = (calls: FakeCall[]) => calls.filter((c) => c.method === 'PUT');
const session = makeSession(11, '2026-03-02T19:00:00+01:00', '2026-03-02T20:30:00+01:00', {
  resources: [{ resource_id: 7, name: 'Room A', quantity: 1 }],
});
const groups = [
  {
    id: 1,
    name: { en: 'Rooms' },
    name_text: 'Rooms',
    kind: 'room',
    resources: [
      { id: 7, name: { en: 'Room A' }, name_text: 'Room A', capacity: 1 },
      { id: 8, name: { en: 'Room B' }, name_text: 'Room B', capacity: 1 },
    ],
  },
  {
    id: 2,
    name: { en: 'Mats' },
    name_text: 'Mats',
    kind: 'equipment',
    resources: [{ id: 9, name: { en: 'Mat' }, name_text: 'Mat', capacity: 20 }],
  },
];
const conflict = {
  resource_id: 9,
  resource_name: 'Mat',
  session_id: 40,
  activity_id: 8,
  activity_name: 'Pilates',
  starts_at: '2026-03-02T19:00:00+01:00',
  ends_at: '2026-03-02T20:00:00+01:00',
  used: 25,
  capacity: 20,
};

/** A session as the server answers a resource change: with the sent resources, named. */
const withResources = (s: SessionItem, body: unknown): SessionItem => {
  const { items } = body as { items: { resource_id: number; quantity: number }[] };
  const names = new Map(groups.flatMap((g) => g.resources.map((r) => [r.id, r.name_text] as const)));
  return {
    ...s,
    resources: items.map((i) => ({ resource_id: i.resource_id, name: names.get(i.resource_id) ?? '', quantity: i.quantity })),
  };
};

describe('resources tab', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    notifications.clean();
    loginOwner();
    await applyLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('assigns a resource, shows the conflicts before saving and saves anyway when asked', async () => {
    const { calls } = fakeApi({
      'GET /api/courses/5/sessions': () => json({ data: [session] }),
      'GET /api/sa/resources': () => json(listOf(groups)),
      'PUT /api/courses/5/sessions/11/resources': (call) =>
        (call.body as { confirm?: boolean }).confirm
          ? json({ success: true, message: 'The resources have been saved.', data: withResources(session, call.body) })
          : json(conflictsFound([conflict])),
    });
    renderTab(<ResourcesTab activityId={5} canEdit />);
    const row = (await screen.findByText('02/03/2026 19:00 – 20:30')).closest('tr')!;
    expect(within(row).getByText('Room A × 1')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Resources of the date 02/03/2026 19:00 – 20:30' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resources: 02/03/2026 19:00 – 20:30' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add resource' }));
    const selects = within(dialog).getAllByRole('combobox', { name: 'Resource' });
    expect(selects[0]).toHaveValue('Room A (capacity 1)');
    await userEvent.click(selects[1]!);
    const list = await waitForList(selects[1]!);
    // A resource already chosen on another line is not offered twice.
    expect(within(list).queryByRole('option', { name: 'Room A (capacity 1)', hidden: true })).not.toBeInTheDocument();
    expect(within(list).getByRole('option', { name: 'Room B (capacity 1)', hidden: true })).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('option', { name: 'Mat (capacity 20)', hidden: true }));
    const quantity = within(dialog).getAllByRole('textbox', { name: 'Quantity' })[1]!;
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Mat: also used by Pilates (02/03/2026 19:00 – 20:00) – 25 needed, 20 available');
    expect(puts(calls)[0]?.body).toEqual({
      items: [
        { resource_id: 7, quantity: 1 },
        { resource_id: 9, quantity: 5 },
      ],
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save anyway' }));
    expect(await screen.findByText('The resources have been saved.')).toBeInTheDocument();
    expect(puts(calls)[1]?.body).toEqual({
      items: [
        { resource_id: 7, quantity: 1 },
        { resource_id: 9, quantity: 5 },
      ],
      confirm: true,
    });
  });

  it('applies the resources to this and the following dates in one call, conflicts over all of them named by date', async () => {
    const dates = [
      session,
      makeSession(12, '2026-03-09T19:00:00+01:00', '2026-03-09T20:30:00+01:00'),
      makeSession(13, '2026-03-16T19:00:00+01:00', '2026-03-16T20:30:00+01:00'),
    ];
    const clash = { ...conflict, resource_id: 7, resource_name: 'Room A', for_session_id: 13, starts_at: '2026-03-16T19:00:00+01:00' };
    const { calls } = fakeApi({
      'GET /api/courses/5/sessions': () => json({ data: dates }),
      'GET /api/sa/resources': () => json(listOf(groups)),
      'PUT /api/courses/5/sessions/resources': (call) =>
        (call.body as { confirm?: boolean }).confirm
          ? json({
              success: true,
              message: 'The resources of 2 dates have been saved.',
              updated: 2,
              data: dates
                .filter((d) => (call.body as { session_ids: number[] }).session_ids.includes(d.id))
                .map((d) => withResources(d, call.body)),
            })
          : json(conflictsFound([clash])),
    });
    renderTab(<ResourcesTab activityId={5} canEdit />);
    await userEvent.click(await screen.findByRole('button', { name: 'Resources of the date 09/03/2026 19:00 – 20:30' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resources: 09/03/2026 19:00 – 20:30' });
    expect(within(dialog).getByRole('radio', { name: 'This date only' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'All dates (3)' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'This and the following dates (2)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add resource' }));
    const select = within(dialog).getByRole('combobox', { name: 'Resource' });
    await userEvent.click(select);
    await userEvent.click(within(await waitForList(select)).getByRole('option', { name: 'Room A (capacity 1)', hidden: true }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('16/03/2026 19:00 – 20:30: Room A: also used by Pilates');
    expect(puts(calls)).toHaveLength(1);
    expect(puts(calls)[0]?.body).toEqual({ session_ids: [12, 13], items: [{ resource_id: 7, quantity: 1 }] });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save anyway' }));
    expect(await screen.findByText('The resources of 2 dates have been saved.')).toBeInTheDocument();
    expect(puts(calls)[1]?.body).toEqual({ session_ids: [12, 13], items: [{ resource_id: 7, quantity: 1 }], confirm: true });
    expect(calls.some((c) => c.url.includes('/sessions/12/resources'))).toBe(false);
  });

  it('read-only: lists the resources without an edit button', async () => {
    fakeApi({ 'GET /api/courses/5/sessions': () => json({ data: [session] }) });
    renderTab(<ResourcesTab activityId={5} canEdit={false} />);
    expect(await screen.findByText('Room A × 1')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
