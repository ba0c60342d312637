import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activity, reservation, team, TEAM_ID, ticket } from '../test/fixtures';
import { currentPath, fail, mockApi, ok, renderShop, type Handlers } from '../test/shop-test';

const course = activity({
  id: 1,
  name: 'Morning yoga',
  description: 'Gentle flow.\nFor every level.\n\nBring a mat.',
  tickets: [
    ticket({ id: 10, name: 'Adult', min_per_order: 2, max_per_order: 4, stock_available: 3 }),
    ticket({ id: 11, name: 'Student', price: 15, price_minor: 1500, stock_available: 10 }),
    ticket({ id: 13, name: 'Trial', price: 0, price_minor: 0, stock_available: 10 }),
    ticket({ id: 12, name: 'Drop-in', session_id: 101, price: 30, price_minor: 3000, stock_available: 0 }),
  ],
  products: [
    {
      id: 5,
      name: 'Mat rental',
      description: '',
      price: 5,
      price_minor: 500,
      currency: 'CHF',
      tax_rate: 8.1,
      scope: 'participant',
      min_per_order: 0,
      max_per_order: null,
      stock_available: null,
      ticket_ids: [],
    },
  ],
});

function handlers(extra: Handlers = {}): Handlers {
  return {
    [`GET /api/public/teams/${TEAM_ID}`]: () => ok({ data: team() }),
    [`GET /api/public/teams/${TEAM_ID}/activities/1`]: () => ok({ data: course }),
    ...extra,
  };
}

const ticketRow = (name: string) => screen.getByText(name, { selector: '.ticket-name' }).closest('li')!;

describe('the activity page', () => {
  beforeEach(() => window.sessionStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the description, place, dates and tickets grouped as booked: whole course, then each date', async () => {
    mockApi(handlers());
    renderShop(`/en/shop/${TEAM_ID}/activity/1`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Morning yoga' })).toBeInTheDocument();
    // The title is set by an effect after the page renders: wait for it, not for a moment.
    await waitFor(() => expect(document.title).toBe('Morning yoga | Yoga Loft'));
    expect(screen.getByText(/Gentle flow\.\s+For every level\./)).toBeInTheDocument();
    expect(screen.getByText('Bring a mat.')).toBeInTheDocument();
    expect(screen.getByText('Seestrasse 1, 8002 Zürich, CH')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Dates (2)' })).toBeInTheDocument();
    const hero = document.querySelector('img.hero')!;
    expect(hero).toHaveAttribute('width', '1600');
    expect(hero).toHaveAttribute('height', '900');
    const groups = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(groups[0]).toBe('Whole course (all dates)');
    expect(groups[1]).toMatch(/14 March 2031/);
    expect(within(ticketRow('Adult')).getByText('incl. 8.1 % VAT')).toBeInTheDocument();
    // Nothing to pay, no VAT in it (issue 22 item 14: not "Free incl. 8.1 % VAT").
    expect(within(ticketRow('Trial')).getByText('Free')).toBeInTheDocument();
    expect(within(ticketRow('Trial')).queryByText(/VAT/)).toBeNull();
    expect(within(ticketRow('Adult')).getByText('Only 3 seats left')).toBeInTheDocument();
    expect(within(ticketRow('Drop-in')).getByText('Sold out')).toBeInTheDocument();
    expect(screen.getByText(/Mat rental · CHF 5\.00/)).toBeInTheDocument();
  });

  it('keeps quantities within the minimum, the maximum per order and the stock', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi(handlers());
    renderShop(`/en/shop/${TEAM_ID}/activity/1`);
    const more = await screen.findByRole('button', { name: 'One more “Adult”' });
    const less = screen.getByRole('button', { name: 'One fewer “Adult”' });
    const count = () => within(ticketRow('Adult')).getByRole('status').textContent;
    expect(less).toBeDisabled();
    await user.click(more);
    expect(count()).toBe('2'); // straight to the minimum of 2
    await user.click(more);
    expect(count()).toBe('3');
    expect(more).toBeDisabled(); // 3 left, though 4 per order would be allowed
    await user.click(less);
    await user.click(less);
    expect(count()).toBe('0'); // below the minimum means none
    expect(screen.getByRole('button', { name: 'One more “Drop-in”' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Book' })).toBeDisabled();
  });

  it('holds the seats and goes to the checkout', async () => {
    const user = userEvent.setup({ delay: null });
    const api = mockApi(
      handlers({
        [`POST /api/public/teams/${TEAM_ID}/reservations`]: () =>
          ok(
            reservation({
              items: [{ ticket_id: 11, activity_id: 1, name: 'Morning yoga – Student', quantity: 2, price: 15, total: 30 }],
              total: 30,
            }),
            201,
          ),
        [`GET /api/public/teams/${TEAM_ID}/activities/1`]: () => ok({ data: course }),
      }),
    );
    renderShop(`/en/shop/${TEAM_ID}/activity/1`);
    await user.click(await screen.findByRole('button', { name: 'One more “Student”' }));
    await user.click(screen.getByRole('button', { name: 'One more “Student”' }));
    expect(document.querySelector('.book-bar')).toHaveTextContent('Total CHF 30.00');
    await user.click(screen.getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(currentPath()).toBe(`/en/shop/${TEAM_ID}/checkout`));
    const post = api.find('POST', `/api/public/teams/${TEAM_ID}/reservations`)[0]!;
    expect(post.body).toEqual({ items: [{ ticket_id: 11, quantity: 2 }] });
    expect(post.credentials).toBe('omit');
    expect(JSON.parse(window.sessionStorage.getItem(`bookla.shop.${TEAM_ID}.reservation`)!)).toMatchObject({
      token: 'tok_abcdefghijkl',
      activity_id: 1,
    });
  });

  it('shows a refusal beside the ticket with the number left, and reloads the availability', async () => {
    const user = userEvent.setup({ delay: null });
    const api = mockApi(
      handlers({
        [`POST /api/public/teams/${TEAM_ID}/reservations`]: () =>
          fail(409, { message: 'Sold out.', code: 'SOLD_OUT', available: 1, ticket_id: 10 }),
      }),
    );
    renderShop(`/en/shop/${TEAM_ID}/activity/1`);
    await user.click(await screen.findByRole('button', { name: 'One more “Adult”' }));
    await user.click(screen.getByRole('button', { name: 'One more “Student”' }));
    await user.click(screen.getByRole('button', { name: 'Book' }));
    expect(await within(ticketRow('Adult')).findByRole('alert')).toHaveTextContent('Only 1 seat is left. Please choose fewer.');
    expect(within(ticketRow('Student')).queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(api.find('GET', `/api/public/teams/${TEAM_ID}/activities/1`)).toHaveLength(2));
    expect(currentPath()).toBe(`/en/shop/${TEAM_ID}/activity/1`);
  });

  it('names a ticket that went off sale', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi(handlers({ [`POST /api/public/teams/${TEAM_ID}/reservations`]: () => fail(409, { message: 'Off sale.', code: 'OFF_SALE' }) }));
    renderShop(`/de/shop/${TEAM_ID}/activity/1`);
    await user.click(await screen.findByRole('button', { name: 'Ein «Student» mehr' }));
    await user.click(screen.getByRole('button', { name: 'Buchen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Dieses Ticket ist nicht mehr im Verkauf.');
  });
});
