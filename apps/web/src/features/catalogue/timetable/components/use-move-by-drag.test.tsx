import type { EventDropInfo } from '@fullcalendar/react';
import { notifications, Notifications } from '@mantine/notifications';
import { act, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../../lib/language';
import { json, type FakeCall } from '../../../../test/fake-fetch';
import { TestProviders } from '../../../../test/render';
import { conflictsFound, loginOwner, sessionSaved } from '../../../../test/activity-tabs';
import { fakeApi } from '../../../../test/team-fixtures';
import { useMoveByDrag } from './use-move-by-drag';

const conflict = {
  resource_id: 7,
  resource_name: 'Room A',
  session_id: 40,
  activity_id: 8,
  activity_name: 'Pilates',
  starts_at: '2026-03-11T19:00:00+01:00',
  ends_at: '2026-03-11T20:00:00+01:00',
  used: 2,
  capacity: 1,
};

/** What FullCalendar hands over after a drop: the moved event and a way back. */
function dropped() {
  const revert = vi.fn();
  const info = {
    event: { id: '11', startStr: '2026-03-11T19:00:00+01:00', endStr: '2026-03-11T20:30:00+01:00', extendedProps: { activityId: 5 } },
    revert,
  } as unknown as EventDropInfo;
  return { info, revert };
}

function setup() {
  const afterSave = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TestProviders>
      <Notifications />
      {children}
    </TestProviders>
  );
  const { result } = renderHook(() => useMoveByDrag(afterSave), { wrapper });
  return { move: result.current, afterSave };
}

const puts = (calls: FakeCall[]) => calls.filter((c) => c.method === 'PUT');

describe('moving a session in the calendar', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    notifications.clean();
    loginOwner();
    await applyLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('saves a move without conflicts at once', async () => {
    const { calls } = fakeApi({
      'PUT /api/courses/5/sessions/11': (call) => json(sessionSaved(11, call.body, 'The date has been moved.')),
    });
    const { move, afterSave } = setup();
    const { info, revert } = dropped();
    await act(() => move(info));
    expect(puts(calls).map((c) => c.body)).toEqual([{ starts_at: '2026-03-11T19:00:00+01:00', ends_at: '2026-03-11T20:30:00+01:00' }]);
    expect(await screen.findByText('The date has been moved.')).toBeInTheDocument();
    expect(afterSave).toHaveBeenCalled();
    expect(revert).not.toHaveBeenCalled();
  });

  it('asks on conflicts; "move anyway" sends confirm true', async () => {
    const { calls } = fakeApi({
      'PUT /api/courses/5/sessions/11': (call) =>
        (call.body as { confirm?: boolean }).confirm ? json(sessionSaved(11, call.body)) : json(conflictsFound([conflict])),
    });
    const { move, afterSave } = setup();
    const { info, revert } = dropped();
    const done = move(info);
    const dialog = await screen.findByRole('dialog', { name: 'Resource conflicts' });
    expect(dialog).toHaveTextContent('Room A: also used by Pilates (11/03/2026 19:00 – 20:00) – 2 needed, 1 available');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move anyway' }));
    await act(() => done);
    expect(puts(calls)[1]?.body).toEqual({ starts_at: '2026-03-11T19:00:00+01:00', ends_at: '2026-03-11T20:30:00+01:00', confirm: true });
    expect(revert).not.toHaveBeenCalled();
    expect(afterSave).toHaveBeenCalled();
  });

  it('puts the session back when the user declines, or the server refuses', async () => {
    const { calls } = fakeApi({ 'PUT /api/courses/5/sessions/11': () => json(conflictsFound([conflict])) });
    const { move } = setup();
    const first = dropped();
    const done = move(first.info);
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Resource conflicts' })).getByRole('button', { name: 'Cancel' }),
    );
    await act(() => done);
    expect(first.revert).toHaveBeenCalledTimes(1);
    expect(puts(calls)).toHaveLength(1);

    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({ 'PUT /api/courses/5/sessions/11': () => json({ message: 'The end must be after the start.' }, 422) });
    const second = dropped();
    await act(() => move(second.info));
    expect(second.revert).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('The end must be after the start.')).toBeInTheDocument();
  });
});
