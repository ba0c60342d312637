import type { WaitingListOffer } from '@bookla/shared/waiting-list';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadReservation, releaseReservation } from '../reservation';
import { activity, reservation, team, TEAM_ID, ticket } from '../test/fixtures';
import { currentPath, fail, mockApi, ok, renderShop, type Handlers } from '../test/shop-test';
import { clockOf, WaitinglistOfferPage } from './offer-page';

/** A course with the waiting list on: the whole course sold out, its first date's drop-in too, the second date free. */
const full = activity({
  id: 1,
  name: 'Morning yoga',
  waiting_list: true,
  tickets: [
    ticket({ id: 10, name: 'Course', stock_available: 0, max_per_order: 4 }),
    ticket({ id: 12, name: 'Drop-in', session_id: 101, stock_available: 0 }),
    ticket({ id: 13, name: 'Drop-in', session_id: 201, stock_available: 3 }),
  ],
});

function handlers(a = full, extra: Handlers = {}): Handlers {
  return {
    [`GET /api/public/teams/${TEAM_ID}`]: () => ok({ data: team() }),
    [`GET /api/public/teams/${TEAM_ID}/activities/1`]: () => ok({ data: a }),
    ...extra,
  };
}

describe('joining the waiting list on the activity page', () => {
  beforeEach(() => window.sessionStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('is not offered while seats are free or the activity keeps no waiting list', async () => {
    mockApi(handlers(activity({ id: 1, name: 'Morning yoga', waiting_list: true, tickets: [ticket({ id: 10, stock_available: 2 })] })));
    renderShop(`/en/shop/${TEAM_ID}/activity/1`);
    await screen.findByRole('heading', { level: 1, name: 'Morning yoga' });
    expect(screen.queryByRole('heading', { name: 'Join the waiting list' })).toBeNull();
  });

  it('checks the form, sends the sign-up for the chosen line, and explains the place in line and the rule', async () => {
    const user = userEvent.setup({ delay: null });
    const api = mockApi(
      handlers(full, {
        [`POST /api/public/teams/${TEAM_ID}/waitinglist`]: () =>
          ok({ success: true, message: 'You are on the waiting list.', position: 3, offer_hours: 24 }, 201),
      }),
    );
    renderShop(`/en/shop/${TEAM_ID}/activity/1`);
    const form = (await screen.findByRole('heading', { name: 'Join the waiting list' })).closest('section')!;
    // Two sold-out lines: the whole course and the first date (the second date still has seats).
    const line = within(form).getByRole('combobox', { name: /Waiting for/ });
    expect(
      within(line)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Please choose what you want to wait for.', 'Whole course (all dates)', expect.stringContaining('2031')]);
    await user.click(within(form).getByRole('button', { name: 'Join the waiting list' }));
    expect(api.find('POST', `/api/public/teams/${TEAM_ID}/waitinglist`)).toEqual([]);
    expect(within(form).getByRole('combobox', { name: /Waiting for/ })).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByRole('textbox', { name: /First name/ })).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(within(form).getByRole('combobox', { name: /Waiting for/ })).toHaveFocus());

    await user.selectOptions(line, 'Whole course (all dates)');
    await user.type(within(form).getByRole('textbox', { name: /First name/ }), 'Wanda');
    await user.type(within(form).getByRole('textbox', { name: /Last name/ }), 'Warten');
    await user.type(within(form).getByRole('textbox', { name: /E-mail/ }), 'wanda@example');
    await user.click(within(form).getByRole('button', { name: 'Join the waiting list' }));
    expect(within(form).getByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: /E-mail/ }), '.com');
    await user.click(within(form).getByRole('button', { name: 'One seat more' }));
    await user.click(within(form).getByRole('button', { name: 'Join the waiting list' }));

    const done = await screen.findByRole('heading', { name: 'You are on the waiting list' });
    await waitFor(() => expect(done).toHaveFocus());
    const notice = done.closest('section')!;
    expect(notice).toHaveTextContent('You are number 3 in line.');
    expect(notice).toHaveTextContent('holds them for you for 24 hours');
    expect(notice).toHaveTextContent('wanda@example.com');
    const [sent] = api.find('POST', `/api/public/teams/${TEAM_ID}/waitinglist`);
    expect(sent!.body).toEqual({
      activity_id: 1,
      session_id: null,
      firstname: 'Wanda',
      lastname: 'Warten',
      email: 'wanda@example.com',
      quantity: 2,
      language: 'en',
    });
    expect(sent!.credentials).toBe('omit');
  });

  it('shows the server’s field errors and refusals; seats free again: the tickets are read anew', async () => {
    const user = userEvent.setup({ delay: null });
    const single = activity({ id: 1, name: 'Morning yoga', waiting_list: true, tickets: [ticket({ id: 10, stock_available: 0 })] });
    let replies = [
      fail(422, { message: 'The given data was invalid.', errors: { email: ['This e-mail address is not valid.'] } }),
      fail(409, { message: 'Seats are still available: please book them directly.', available: 1 }),
    ];
    const api = mockApi(handlers(single, { [`POST /api/public/teams/${TEAM_ID}/waitinglist`]: () => replies.shift()! }));
    renderShop(`/en/shop/${TEAM_ID}/activity/1`);
    const form = (await screen.findByRole('heading', { name: 'Join the waiting list' })).closest('section')!;
    // One line only: no choice to make.
    expect(within(form).queryByRole('combobox')).toBeNull();
    await user.type(within(form).getByRole('textbox', { name: /First name/ }), 'A');
    await user.type(within(form).getByRole('textbox', { name: /Last name/ }), 'B');
    await user.type(within(form).getByRole('textbox', { name: /E-mail/ }), 'a@b.ch');
    await user.click(within(form).getByRole('button', { name: 'Join the waiting list' }));
    const email = within(form).getByRole('textbox', { name: /E-mail/ });
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(within(form).getByText('This e-mail address is not valid.')).toBeInTheDocument();
    await waitFor(() => expect(email).toHaveFocus());
    const reads = api.find('GET', `/api/public/teams/${TEAM_ID}/activities/1`).length;
    await user.click(within(form).getByRole('button', { name: 'Join the waiting list' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Seats are still available: please book them directly.');
    await waitFor(() => expect(api.find('GET', `/api/public/teams/${TEAM_ID}/activities/1`).length).toBeGreaterThan(reads));
    replies = [];
  });
});

const offer = (patch: Partial<WaitingListOffer> = {}): WaitingListOffer => ({
  id: 21,
  status: 'offered',
  activity_id: 1,
  activity_name: 'Morning yoga',
  session_id: null,
  session_starts_at: null,
  firstname: 'Wanda',
  lastname: 'Warte',
  email: 'wanda@example.com',
  quantity: 2,
  offer_expires_at: new Date(Date.now() + 5 * 3600_000 + 125_000).toISOString(),
  items: [{ ticket_id: 10, name: 'Course', quantity: 2, price: 25, total: 50 }],
  total: 50,
  currency: 'CHF',
  ...patch,
});

describe('the offer page', () => {
  beforeEach(() => window.sessionStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('counts hours, minutes and seconds', () => {
    expect(clockOf(5 * 3600 + 125)).toBe('5:02:05');
    expect(clockOf(2 * 86_400 + 61)).toBe('2d 0:01:01');
    expect(clockOf(-3)).toBe('0:00:00');
    expect(WaitinglistOfferPage).toBeTypeOf('function');
  });

  it('shows the held seats with the time left; "book now" takes them into the checkout, which keeps them when left', async () => {
    const user = userEvent.setup({ delay: null });
    const held = reservation({
      token: 'wl_heldseatsoftheoffer123',
      items: [{ ticket_id: 10, activity_id: 1, name: 'Morning yoga – Course', quantity: 2, price: 25, total: 50 }],
      total: 50,
    });
    const api = mockApi(
      handlers(full, {
        [`GET /api/public/teams/${TEAM_ID}/waitinglist/21`]: () => ok({ data: offer() }),
        [`POST /api/public/teams/${TEAM_ID}/waitinglist/21/claim`]: () => ok(held),
        'DELETE /api/public/reservations/wl_heldseatsoftheoffer123': () => ({ status: 204 }),
      }),
    );
    renderShop(`/en/shop/${TEAM_ID}/waitinglist/21?token=offer-token-abc`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Seats are held for you' })).toBeInTheDocument();
    expect(screen.getByText('Morning yoga')).toBeInTheDocument();
    expect(document.querySelector('.clock')!.textContent).toMatch(/^5:0[12]:\d\d$/);
    expect(screen.getByText('2 × Course')).toBeInTheDocument();
    const [read] = api.find('GET', `/api/public/teams/${TEAM_ID}/waitinglist/21`);
    expect(read!.query.get('token')).toBe('offer-token-abc');
    await user.click(screen.getByRole('button', { name: 'Book now' }));
    await waitFor(() => expect(currentPath()).toBe(`/en/shop/${TEAM_ID}/checkout`));
    expect(api.find('POST', `/api/public/teams/${TEAM_ID}/waitinglist/21/claim`)[0]!.body).toEqual({ token: 'offer-token-abc' });
    expect(loadReservation(TEAM_ID)).toMatchObject({ token: 'wl_heldseatsoftheoffer123', waitinglist_entry: 21, activity_id: 1 });
    // The checkout starts with the person of the waiting list (issue 22 item 10).
    const customer = await screen.findByRole('region', { name: 'Your details' });
    expect(within(customer).getByLabelText(/^First name/)).toHaveValue('Wanda');
    expect(within(customer).getByLabelText(/^Last name/)).toHaveValue('Warte');
    expect(within(customer).getByLabelText(/^E-mail/)).toHaveValue('wanda@example.com');
    // Leaving the checkout forgets the offer's seats without giving them away (the link brings them back).
    releaseReservation(TEAM_ID);
    expect(loadReservation(TEAM_ID)).toBeNull();
    expect(api.find('DELETE', '/api/public/reservations/wl_heldseatsoftheoffer123')).toEqual([]);
  });

  it('declines after a confirmation and then says so', async () => {
    const user = userEvent.setup({ delay: null });
    const api = mockApi(
      handlers(full, {
        [`GET /api/public/teams/${TEAM_ID}/waitinglist/21`]: () => ok({ data: offer() }),
        [`POST /api/public/teams/${TEAM_ID}/waitinglist/21/decline`]: () =>
          ok({ data: offer({ status: 'removed', offer_expires_at: null, items: [], total: 0 }) }),
      }),
    );
    renderShop(`/en/shop/${TEAM_ID}/waitinglist/21?token=offer-token-abc`);
    await user.click(await screen.findByRole('button', { name: 'I no longer want them' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline the seats?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep them' }));
    expect(api.find('POST', `/api/public/teams/${TEAM_ID}/waitinglist/21/decline`)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'I no longer want them' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Decline the seats?' })).getByRole('button', { name: 'Yes, decline' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'You have left the waiting list' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(api.find('POST', `/api/public/teams/${TEAM_ID}/waitinglist/21/decline`)[0]!.body).toEqual({ token: 'offer-token-abc' });
  });

  it('says when the offer is over, and when the link is not valid', async () => {
    mockApi(
      handlers(full, {
        [`GET /api/public/teams/${TEAM_ID}/waitinglist/21`]: () =>
          ok({ data: offer({ status: 'expired', offer_expires_at: null, items: [] }) }),
        [`GET /api/public/teams/${TEAM_ID}/waitinglist/22`]: () => fail(404, { message: 'Not Found' }),
      }),
    );
    const first = renderShop(`/en/shop/${TEAM_ID}/waitinglist/21?token=t1`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This offer has expired' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the activity' })).toHaveAttribute('href', `/en/shop/${TEAM_ID}/activity/1`);
    expect(screen.queryByRole('button', { name: 'Book now' })).toBeNull();
    first.unmount();
    renderShop(`/en/shop/${TEAM_ID}/waitinglist/22?token=wrong`);
    expect(await screen.findByText('This link is not valid. Please use the link in your latest e-mail.')).toBeInTheDocument();
  });
});
