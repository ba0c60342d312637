import type { WaitingListEntry, WaitingListEntryDetail } from '@bookla/shared/waiting-list';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fake-fetch';
import { confirmDialog, listOf, pick, renderSetup, requests, resetScreen } from '../../../test/backoffice';

const anna: WaitingListEntry = {
  id: 21,
  activity_id: 7,
  activity_name: 'Morning yoga',
  session_id: null,
  session_starts_at: null,
  firstname: 'Anna',
  lastname: 'Wartend',
  email: 'anna@example.com',
  language: 'de',
  quantity: 2,
  status: 'waiting',
  position: 1,
  offered_at: null,
  offer_expires_at: null,
  order_id: null,
  order_number: null,
  created_at: '2026-05-02T09:00:00+02:00',
  updated_at: '2026-05-02T09:00:00+02:00',
};
const ben: WaitingListEntry = {
  ...anna,
  id: 22,
  firstname: 'Ben',
  lastname: 'Offeriert',
  email: 'ben@example.com',
  quantity: 1,
  status: 'offered',
  position: null,
  session_id: 5,
  session_starts_at: '2026-06-01T10:00:00+02:00',
  offered_at: '2026-05-20T08:00:00+02:00',
  offer_expires_at: '2026-05-21T08:00:00+02:00',
};
const cleo: WaitingListEntry = {
  ...anna,
  id: 23,
  firstname: 'Cleo',
  lastname: 'Gebucht',
  status: 'booked',
  position: null,
  order_id: 90,
  order_number: 1042,
};
const filters = {
  data: {
    activities: [
      { id: 7, name: 'Morning yoga', waiting_list: true },
      { id: 8, name: 'Pottery', waiting_list: true },
    ],
    sessions: [],
  },
};
const withDates = { data: { ...filters.data, sessions: [{ id: 5, starts_at: '2026-06-01T10:00:00+02:00', cancelled: false }] } };
const annaDetail = (extra: Partial<WaitingListEntryDetail> = {}): WaitingListEntryDetail => ({
  ...anna,
  events: [
    { id: 1, type: 'joined', actor: 'customer', user_name: null, data: { position: 1 }, created_at: '2026-05-02T09:00:00+02:00' },
    {
      id: 2,
      type: 'offered',
      actor: 'staff',
      user_name: 'Olivia Owner',
      data: { expires_at: '2026-05-21T08:00:00+02:00' },
      created_at: '2026-05-20T08:00:00+02:00',
    },
    {
      id: 3,
      type: 'offer_expired',
      actor: 'system',
      user_name: null,
      data: { reason: 'expired' },
      created_at: '2026-05-21T08:00:00+02:00',
    },
  ],
  ...extra,
});

async function asInstructor() {
  const { setAppState } = await import('../../../lib/app-state');
  const { loggedInState, makeTeam } = await import('../../../test/team-fixtures');
  setAppState(loggedInState(makeTeam(3, 'Yoga Zürich', 'instructor')));
}

describe('waiting list page', () => {
  beforeAll(async () => {
    await import('../../../routes/backoffice/backoffice-group');
  });
  beforeEach(resetScreen);
  afterEach(() => vi.unstubAllGlobals());

  it('lists the line with place, seats, status (offered until …, booked with its order) in line order', async () => {
    const { calls } = renderSetup('/en/backend/customers/waitinglist', {
      'GET /api/waitinglist': () => json(listOf([anna, ben, cleo])),
      'GET /api/waitinglist/filters': () => json(filters),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Waiting list' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Waiting list' });
    const first = within(table).getByText('Anna Wartend').closest('tr')!;
    expect(within(first).getByLabelText('number 1 in line')).toHaveTextContent('1');
    expect(first).toHaveTextContent('anna@example.com');
    expect(first).toHaveTextContent('Morning yogaWhole activity');
    expect(first).toHaveTextContent('Waiting');
    const second = within(table).getByText('Ben Offeriert').closest('tr')!;
    expect(second).toHaveTextContent('01/06/2026 10:00');
    expect(second).toHaveTextContent('Offereduntil 21/05/2026 08:00');
    const third = within(table).getByText('Cleo Gebucht').closest('tr')!;
    expect(within(third).getByRole('link', { name: 'Order #1042' })).toHaveAttribute('href', '/en/backend/orders/edit/90');
    // What each may do: offer the waiting, remove the waiting and offered, only read the booked.
    expect(within(first).getByRole('button', { name: 'Offer seats to Anna Wartend' })).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: /Offer seats/ })).toBeNull();
    expect(within(second).getByRole('button', { name: 'Remove Ben Offeriert from the waiting list' })).toBeInTheDocument();
    expect(within(third).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(requests(calls, 'GET', '/api/waitinglist')[0]!.url).toContain('sort%5Bfield%5D=id&sort%5Btype%5D=asc');
  });

  it('filters by activity, date (or the whole activity), status and search', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderSetup('/en/backend/customers/waitinglist', {
      'GET /api/waitinglist': () => json(listOf([anna])),
      'GET /api/waitinglist/filters': (call) => json(call.url.includes('activity_id=7') ? withDates : filters),
    });
    await screen.findByText('Anna Wartend');
    expect(screen.getByRole('combobox', { name: 'Date' })).toBeDisabled();
    await pick(user, 'Activity', 'Morning yoga');
    await waitFor(() => expect(requests(calls, 'GET', '/api/waitinglist').at(-1)?.url).toContain('columnFilters%5Bactivity_id%5D=7'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Date' })).toBeEnabled());
    await pick(user, 'Date', '01/06/2026 10:00');
    await waitFor(() => expect(requests(calls, 'GET', '/api/waitinglist').at(-1)?.url).toContain('columnFilters%5Bsession_id%5D=5'));
    await pick(user, 'Date', 'Whole activity (all dates)');
    await waitFor(() => expect(requests(calls, 'GET', '/api/waitinglist').at(-1)?.url).toContain('columnFilters%5Bsession_id%5D=none'));
    await pick(user, 'Status', 'Offered');
    await waitFor(() => expect(requests(calls, 'GET', '/api/waitinglist').at(-1)?.url).toContain('columnFilters%5Bstatus%5D=offered'));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'anna{Enter}');
    await waitFor(() => expect(requests(calls, 'GET', '/api/waitinglist').at(-1)?.url).toContain('columnFilters%5Bsearch%5D=anna'));
  }, 20_000);

  it('offers seats after a confirmation and shows the server’s refusal when none are free', async () => {
    const user = userEvent.setup({ delay: null });
    let free = false;
    const { calls } = renderSetup('/en/backend/customers/waitinglist', {
      'GET /api/waitinglist': () => json(listOf([anna])),
      'GET /api/waitinglist/filters': () => json(filters),
      'POST /api/waitinglist/21/offer': () =>
        free
          ? json({ success: true, message: 'The seats have been offered.', data: annaDetail({ status: 'offered', position: null }) })
          : json({ message: 'Not enough seats are free for this entry (free: 0, wanted: 2).', reason: 'no_seats', available: 0 }, 409),
    });
    const row = (await screen.findByText('Anna Wartend')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Offer seats to Anna Wartend' }));
    const dialog = await confirmDialog(user, 'Offer seats now?', 'Offer seats');
    expect(dialog).toHaveTextContent('Anna Wartend gets 2 seats held');
    expect(await screen.findByText('Not enough seats are free for this entry (free: 0, wanted: 2).')).toBeInTheDocument();
    free = true;
    await user.click(within(row).getByRole('button', { name: 'Offer seats to Anna Wartend' }));
    await confirmDialog(user, 'Offer seats now?', 'Offer seats');
    expect(await screen.findByText('The seats have been offered.')).toBeInTheDocument();
    expect(requests(calls, 'POST', '/api/waitinglist/21/offer')).toHaveLength(2);
    // The list is read again after the change.
    await waitFor(() => expect(requests(calls, 'GET', '/api/waitinglist').length).toBeGreaterThan(1));
  });

  it('removes after a confirmation; cancelling sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderSetup('/en/backend/customers/waitinglist', {
      'GET /api/waitinglist': () => json(listOf([ben])),
      'GET /api/waitinglist/filters': () => json(filters),
      'POST /api/waitinglist/22/remove': () =>
        json({ success: true, message: 'Removed.', data: { ...annaDetail(), ...ben, status: 'removed' } }),
    });
    const row = (await screen.findByText('Ben Offeriert')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Remove Ben Offeriert from the waiting list' }));
    await confirmDialog(user, 'Remove from the waiting list?', 'Cancel');
    expect(requests(calls, 'POST', '/api/waitinglist/22/remove')).toEqual([]);
    await user.click(within(row).getByRole('button', { name: 'Remove Ben Offeriert from the waiting list' }));
    await confirmDialog(user, 'Remove from the waiting list?', 'Remove');
    expect(await screen.findByText('Removed.')).toBeInTheDocument();
    expect(requests(calls, 'POST', '/api/waitinglist/22/remove')).toHaveLength(1);
  });

  it('shows an entry’s history: who did what when', async () => {
    const user = userEvent.setup({ delay: null });
    renderSetup('/en/backend/customers/waitinglist', {
      'GET /api/waitinglist': () => json(listOf([anna])),
      'GET /api/waitinglist/filters': () => json(filters),
      'GET /api/waitinglist/21': () => json({ data: annaDetail() }),
    });
    const row = (await screen.findByText('Anna Wartend')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'History of Anna Wartend' }));
    const drawer = await screen.findByRole('dialog', { name: 'History of Anna Wartend' });
    const steps = await within(drawer).findByRole('list', { name: 'History' });
    const items = within(steps)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      '02/05/2026 09:00 – Signed upby the customer',
      '20/05/2026 08:00 – Seats offeredby Olivia Owner · held until 21/05/2026 08:00',
      '21/05/2026 08:00 – Offer endedautomatically · the time ran out',
    ]);
    expect(drawer).toHaveTextContent('anna@example.com');
  });

  it('exports the filtered list as the waiting_list kind', async () => {
    const user = userEvent.setup({ delay: null });
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const { calls } = renderSetup('/en/backend/customers/waitinglist?activity_id=7', {
      'GET /api/waitinglist': () => json(listOf([anna])),
      'GET /api/waitinglist/filters': () => json(filters),
      'POST /api/exports': () =>
        new Response('\uFEFFActivity\r\n', {
          status: 200,
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="waiting-list-2026-05-01.csv"' },
        }),
    });
    await screen.findByText('Anna Wartend');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV (comma-separated)', hidden: true }));
    await waitFor(() => expect(clicks).toEqual(['waiting-list-2026-05-01.csv']));
    expect(requests(calls, 'POST', '/api/exports')[0]!.body).toEqual({
      type: 'waiting_list',
      format: 'csv',
      columnFilters: { activity_id: '7' },
    });
    vi.restoreAllMocks();
  });

  it('tells an instructor that the role has no access (nav.customers.waitinglist)', async () => {
    await asInstructor();
    const { calls } = renderSetup('/en/backend/customers/waitinglist', {});
    expect(await screen.findByRole('heading', { level: 1, name: 'No access' })).toBeInTheDocument();
    expect(requests(calls, 'GET', '/api/waitinglist')).toEqual([]);
  });
});
