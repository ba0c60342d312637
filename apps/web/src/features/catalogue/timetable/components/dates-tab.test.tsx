import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../../lib/language';
import { json, type FakeCall } from '../../../../test/fake-fetch';
import { fakeApi } from '../../../../test/team-fixtures';
import { DatesTab } from './dates-tab';
import { conflictsFound, loginOwner, makeSession, renderTab, sessionSaved } from '../../../../test/activity-tabs';

const BASE = '/api/courses/5/sessions';
const END = /^End$|^End \*/;
const writes = (calls: FakeCall[]) => calls.filter((c) => c.method !== 'GET' && !c.url.startsWith('/sanctum'));

// Stored in UTC; the team's zone (Europe/Zurich, UTC+1 in winter) shows 19:00–20:30.
const monday = makeSession(1, '2026-03-02T18:00:00Z', '2026-03-02T19:30:00Z', {
  resources: [{ resource_id: 7, name: 'Room A', quantity: 1 }],
  conflicts: [
    {
      resource_id: 7,
      resource_name: 'Room A',
      session_id: 99,
      activity_id: 8,
      activity_name: 'Pilates',
      starts_at: '2026-03-02T19:00:00+01:00',
      ends_at: '2026-03-02T20:00:00+01:00',
      used: 2,
      capacity: 1,
    },
  ],
});
const cancelled = makeSession(2, '2026-03-09T19:00:00+01:00', '2026-03-09T20:30:00+01:00', { status: 'cancelled' });

describe('dates tab', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    notifications.clean();
    loginOwner();
    await applyLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the dates in the team zone with status, resources and conflicts', async () => {
    fakeApi({ [`GET ${BASE}`]: () => json({ data: [monday, cancelled] }) });
    renderTab(<DatesTab activityId={5} canEdit />);
    const first = (await screen.findByText('02/03/2026 19:00 – 20:30')).closest('tr')!;
    expect(within(first).getByText('Scheduled')).toBeInTheDocument();
    expect(within(first).getByText('Room A × 1')).toBeInTheDocument();
    expect(within(first).getByText('Conflicts: 1')).toBeInTheDocument();
    expect(within(first).getByText(/also used by Pilates \(02\/03\/2026 19:00 – 20:00\) – 2 needed, 1 available/)).toBeInTheDocument();
    const second = screen.getByText('09/03/2026 19:00 – 20:30');
    expect(second).toHaveStyle({ textDecoration: 'line-through' });
    expect(within(second.closest('tr')!).getByRole('button', { name: 'Restore the date 09/03/2026 19:00 – 20:30' })).toBeInTheDocument();
    expect(screen.getByText("All times in the company's time zone (Europe/Zurich).")).toBeInTheDocument();
  });

  it('read-only: no forms and no buttons', async () => {
    fakeApi({ [`GET ${BASE}`]: () => json({ data: [monday] }) });
    renderTab(<DatesTab activityId={5} canEdit={false} />);
    expect(await screen.findByText('02/03/2026 19:00 – 20:30')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Timetable generator' })).not.toBeInTheDocument();
  });

  it('adds one date as local wall time of the team', async () => {
    const { calls } = fakeApi({
      [`GET ${BASE}`]: () => json({ data: [] }),
      [`POST ${BASE}`]: (call) => json(sessionSaved(20, call.body, 'The date has been added.')),
    });
    renderTab(<DatesTab activityId={5} canEdit />);
    const form = (await screen.findByRole('button', { name: 'Add date' })).closest('form')!;
    await userEvent.click(within(form).getByRole('button', { name: 'Add date' }));
    expect(await within(form).findAllByText('This field is required.')).toHaveLength(3);
    fireEvent.change(within(form).getByLabelText(/^Day/), { target: { value: '2026-03-29' } });
    fireEvent.change(within(form).getByLabelText(/^Start/), { target: { value: '19:00' } });
    fireEvent.change(within(form).getByLabelText(END), { target: { value: '20:30' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Add date' }));
    expect(await screen.findByText('The date has been added.')).toBeInTheDocument();
    expect(writes(calls)[0]?.body).toEqual({ starts_at: '2026-03-29T19:00', ends_at: '2026-03-29T20:30' });
  });

  it('add a date: an end before the start is an error at the end time, unless "Ends next day" is ticked', async () => {
    const { calls } = fakeApi({
      [`GET ${BASE}`]: () => json({ data: [] }),
      [`POST ${BASE}`]: (call) => json(sessionSaved(20, call.body, 'The date has been added.')),
    });
    renderTab(<DatesTab activityId={5} canEdit />);
    const form = (await screen.findByRole('button', { name: 'Add date' })).closest('form')!;
    fireEvent.change(within(form).getByLabelText(/^Day/), { target: { value: '2026-03-28' } });
    fireEvent.change(within(form).getByLabelText(/^Start/), { target: { value: '14:00' } });
    fireEvent.change(within(form).getByLabelText(END), { target: { value: '13:00' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Add date' }));
    expect(await within(form).findByText(/The end must be after the start/)).toBeInTheDocument();
    expect(within(form).getByLabelText(END)).toHaveAttribute('aria-invalid', 'true');
    expect(writes(calls)).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText(/^Start/), { target: { value: '22:00' } });
    fireEvent.change(within(form).getByLabelText(END), { target: { value: '01:30' } });
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Ends next day' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add date' }));
    expect(await screen.findByText('The date has been added.')).toBeInTheDocument();
    expect(writes(calls)[0]?.body).toEqual({ starts_at: '2026-03-28T22:00', ends_at: '2026-03-29T01:30', ends_next_day: true });
  });

  it('generator: an end before the start is an error and asks no preview; "Ends next day" previews overnight dates', async () => {
    const { calls } = fakeApi({
      [`GET ${BASE}`]: () => json({ data: [] }),
      [`POST ${BASE}/generate`]: () =>
        json({ data: [{ date: '2026-03-30', starts_at: '2026-03-30T22:00:00+02:00', ends_at: '2026-03-31T01:00:00+02:00' }] }),
    });
    renderTab(<DatesTab activityId={5} canEdit />);
    const form = (await screen.findByRole('heading', { name: 'Timetable generator' })).closest('section')!;
    fireEvent.change(within(form).getByLabelText(/^First date/), { target: { value: '2026-03-30' } });
    fireEvent.change(within(form).getByLabelText(/^Start/), { target: { value: '10:00' } });
    fireEvent.change(within(form).getByLabelText(END), { target: { value: '09:00' } });
    expect(await within(form).findByText(/The end must be after the start/)).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: /Create dates/ })).toBeDisabled();
    fireEvent.change(within(form).getByLabelText(/^Start/), { target: { value: '22:00' } });
    fireEvent.change(within(form).getByLabelText(END), { target: { value: '01:00' } });
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Ends next day' }));
    expect(await within(form).findByRole('button', { name: 'Create dates (1)' })).toBeEnabled();
    expect(within(form).queryByText(/The end must be after the start/)).not.toBeInTheDocument();
    const previews = calls.filter((c) => c.url.startsWith(`${BASE}/generate`)).map((c) => c.body as Record<string, unknown>);
    expect(previews.some((b) => b.start_time === '10:00' && b.end_time === '09:00')).toBe(false);
    expect(previews.at(-1)).toMatchObject({ start_time: '22:00', end_time: '01:00', ends_next_day: true, preview: true });
  });

  it('generator: dates that already exist are marked and not counted', async () => {
    const preview = [
      { date: '2026-03-30', starts_at: '2026-03-30T19:00:00+02:00', ends_at: '2026-03-30T20:30:00+02:00', skipped: 'exists' },
      { date: '2026-04-06', starts_at: '2026-04-06T19:00:00+02:00', ends_at: '2026-04-06T20:30:00+02:00' },
    ];
    fakeApi({ [`GET ${BASE}`]: () => json({ data: [] }), [`POST ${BASE}/generate`]: () => json({ data: preview }) });
    renderTab(<DatesTab activityId={5} canEdit />);
    const form = (await screen.findByRole('heading', { name: 'Timetable generator' })).closest('section')!;
    fireEvent.change(within(form).getByLabelText(/^First date/), { target: { value: '2026-03-30' } });
    fireEvent.change(within(form).getByLabelText(/^Start/), { target: { value: '19:00' } });
    fireEvent.change(within(form).getByLabelText(END), { target: { value: '20:30' } });
    expect(await within(form).findByText('Already exists')).toBeInTheDocument();
    expect(within(form).getByText('To create: 1 · skipped: 1')).toBeInTheDocument();
    expect(await within(form).findByRole('button', { name: 'Create dates (1)' })).toBeEnabled();
  });

  it('generator: live preview with skipped dates, then creates the dates', async () => {
    const preview = [
      { date: '2026-03-30', starts_at: '2026-03-30T19:00:00+02:00', ends_at: '2026-03-30T20:30:00+02:00' },
      {
        date: '2026-04-06',
        starts_at: '2026-04-06T19:00:00+02:00',
        ends_at: '2026-04-06T20:30:00+02:00',
        skipped: 'holiday',
        holiday_name: 'Easter Monday',
      },
      { date: '2026-04-13', starts_at: '2026-04-13T19:00:00+02:00', ends_at: '2026-04-13T20:30:00+02:00', skipped: 'exception' },
      { date: '2026-04-20', starts_at: '2026-04-20T19:00:00+02:00', ends_at: '2026-04-20T20:30:00+02:00' },
    ];
    const { calls } = fakeApi({
      [`GET ${BASE}`]: () => json({ data: [] }),
      [`POST ${BASE}/generate`]: (call) =>
        (call.body as { preview: boolean }).preview
          ? json({ data: preview })
          : json({ success: true, data: preview, message: 'Dates created: 2', created: 2 }),
    });
    renderTab(<DatesTab activityId={5} canEdit />);
    const form = (await screen.findByRole('heading', { name: 'Timetable generator' })).closest('section')!;
    expect(within(form).getByText(/Fill in the first date/)).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText(/^First date/), { target: { value: '2026-03-30' } });
    fireEvent.change(within(form).getByLabelText(/^Start/), { target: { value: '19:00' } });
    fireEvent.change(within(form).getByLabelText(END), { target: { value: '20:30' } });
    const count = within(form).getByRole('spinbutton', { name: /Number of dates/ });
    await userEvent.clear(count);
    await userEvent.type(count, '2');
    fireEvent.change(within(form).getByLabelText('Exceptions'), { target: { value: '2026-04-13' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Add exception' }));
    expect(within(form).getByText('13/04/2026')).toBeInTheDocument();

    expect(await within(form).findByText('Skipped: Easter Monday')).toBeInTheDocument();
    expect(within(form).getByText('Skipped: exception')).toBeInTheDocument();
    expect(within(form).getByText('To create: 2 · skipped: 2')).toBeInTheDocument();
    // The fake answers every rule alike, so the texts above may still be the reply to the rule
    // before the exception; the preview is asked again 400 ms after the last change.
    const previews = () => calls.filter((c) => c.url.startsWith(`${BASE}/generate`));
    await waitFor(() =>
      expect(previews().at(-1)?.body).toEqual({
        frequency: 'weekly',
        first_date: '2026-03-30',
        start_time: '19:00',
        end_time: '20:30',
        count: 2,
        skip_holidays: true,
        exceptions: ['2026-04-13'],
        preview: true,
      }),
    );

    await userEvent.click(await within(form).findByRole('button', { name: 'Create dates (2)' }));
    expect(await screen.findByText('Dates created: 2')).toBeInTheDocument();
    const created = calls.filter((c) => (c.body as { preview?: boolean } | undefined)?.preview === false);
    expect(created).toHaveLength(1);
    expect(created[0]?.body).toMatchObject({ first_date: '2026-03-30', count: 2, exceptions: ['2026-04-13'] });
    // The rule starts over: a second click cannot create the same dates again.
    await waitFor(() => expect(within(form).getByLabelText(/^First date/)).toHaveValue(''));
    expect(within(form).getByLabelText(END)).toHaveValue('');
    expect(within(form).getByRole('button', { name: /Create dates/ })).toBeDisabled();
    expect(within(form).queryByText('13/04/2026')).not.toBeInTheDocument();
  });

  it('moves a date: shows the conflicts the server found and moves only when confirmed', async () => {
    const conflict = { ...monday.conflicts[0]! };
    const { calls } = fakeApi({
      [`GET ${BASE}`]: () => json({ data: [{ ...monday, conflicts: [] }] }),
      [`PUT ${BASE}/1`]: (call) =>
        (call.body as { confirm?: boolean }).confirm
          ? json(sessionSaved(1, call.body, 'The date has been moved.'))
          : json(conflictsFound([conflict])),
    });
    renderTab(<DatesTab activityId={5} canEdit />);
    await userEvent.click(await screen.findByRole('button', { name: 'Move the date 02/03/2026 19:00 – 20:30' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move date' });
    // In the UI language's format (spec §9), not the browser's.
    expect(within(dialog).getByLabelText(/^Day/)).toHaveValue('02/03/2026');
    expect(within(dialog).getByLabelText(/^Start/)).toHaveValue('19:00');
    fireEvent.change(within(dialog).getByLabelText(/^Start/), { target: { value: '18:00' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move date' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Room A: also used by Pilates');
    expect(writes(calls)).toHaveLength(1);
    expect(writes(calls)[0]?.body).toEqual({ starts_at: '2026-03-02T18:00', ends_at: '2026-03-02T20:30' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Move anyway' }));
    expect(await screen.findByText('The date has been moved.')).toBeInTheDocument();
    expect(writes(calls)[1]?.body).toEqual({ starts_at: '2026-03-02T18:00', ends_at: '2026-03-02T20:30', confirm: true });
  });

  it('moves an overnight date: "Ends next day" is ticked and sent, unticking it makes 22:00–01:00 an error', async () => {
    const night = makeSession(3, '2026-03-06T22:00:00+01:00', '2026-03-07T01:00:00+01:00');
    const { calls } = fakeApi({
      [`GET ${BASE}`]: () => json({ data: [night] }),
      [`PUT ${BASE}/3`]: (call) => json(sessionSaved(3, call.body, 'The date has been moved.')),
    });
    renderTab(<DatesTab activityId={5} canEdit />);
    await userEvent.click(await screen.findByRole('button', { name: /^Move the date 06\/03\/2026 22:00/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Move date' });
    const overnight = within(dialog).getByRole('checkbox', { name: 'Ends next day' });
    expect(overnight).toBeChecked();
    await userEvent.click(overnight);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move date' }));
    expect(await within(dialog).findByText(/The end must be after the start/)).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);
    await userEvent.click(overnight);
    fireEvent.change(within(dialog).getByLabelText(/^Day/), { target: { value: '2026-03-13' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move date' }));
    expect(await screen.findByText('The date has been moved.')).toBeInTheDocument();
    expect(writes(calls)[0]?.body).toEqual({ starts_at: '2026-03-13T22:00', ends_at: '2026-03-14T01:00', ends_next_day: true });
  });

  it('cancels a date after confirmation and shows why a delete was refused', async () => {
    const { calls } = fakeApi({
      [`GET ${BASE}`]: () => json({ data: [monday] }),
      [`POST ${BASE}/1/cancel`]: () =>
        json({ success: true, message: 'The date has been cancelled.', data: { ...monday, status: 'cancelled' } }),
      [`DELETE ${BASE}/1`]: () => json({ message: 'Tickets of this date have been sold.', errors: {} }, 422),
    });
    renderTab(<DatesTab activityId={5} canEdit />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel the date 02/03/2026 19:00 – 20:30' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel date?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel date' }));
    expect(await screen.findByText('The date has been cancelled.')).toBeInTheDocument();
    expect(writes(calls).map((c) => `${c.method} ${c.url.split('?')[0]}`)).toEqual([`POST ${BASE}/1/cancel`]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete the date 02/03/2026 19:00 – 20:30' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete date?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Tickets of this date have been sold.')).toBeInTheDocument();
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
  });
});
