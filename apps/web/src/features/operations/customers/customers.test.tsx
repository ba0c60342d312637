import type { AdditionalSale, CustomerOrder, OrderCustomer, ParticipantRow } from '@bookla/shared/customers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fake-fetch';
import { listOf, pick, renderSetup, requests, resetScreen } from '../../../test/backoffice';

const mat: AdditionalSale = {
  id: 1,
  product_id: 3,
  product_name: 'Yoga mat',
  activity_id: 7,
  activity_name: 'Morning yoga',
  quantity: 3,
  revenue: 45,
  tax: 3.37,
  currency: 'CHF',
  order_count: 2,
};
const tea: AdditionalSale = {
  ...mat,
  id: 2,
  product_id: 4,
  product_name: 'Tea',
  activity_name: 'Pottery',
  activity_id: 8,
  quantity: 5,
  revenue: 22.5,
  tax: 1.69,
  order_count: 4,
};

const lea: ParticipantRow = {
  id: 11,
  firstname: 'Lea',
  lastname: 'Keller',
  email: 'lea@example.com',
  order_id: 90,
  order_number: 1042,
  buyer_name: 'Anna Muster',
  buyer_email: 'anna@example.com',
  activity_id: 7,
  activity_name: 'Morning yoga',
  session_id: 5,
  session_starts_at: '2026-06-01T10:00:00+02:00',
  ticket_name: 'Drop-in',
  payment_status: 'paid',
  paid_at: '2026-05-20T12:00:00+02:00',
  checked_in_at: '2026-06-01T09:55:00+02:00',
  answers: [
    { field_id: 1, label: 'Diet', value: 'Vegetarian', scope: 'participant' },
    { field_id: 2, label: 'Remark', value: 'Window seat', scope: 'order' },
  ],
};
const uma: ParticipantRow = {
  ...lea,
  id: 12,
  firstname: 'Uma',
  lastname: 'Unpaid',
  email: null,
  order_id: 91,
  order_number: 1043,
  payment_status: 'waiting',
  paid_at: null,
  checked_in_at: null,
  session_id: null,
  session_starts_at: null,
  ticket_name: 'Series',
  answers: [],
};
const filters = {
  data: {
    activities: [
      { id: 7, name: 'Morning yoga' },
      { id: 8, name: 'Pottery' },
    ],
    sessions: [],
  },
};
const sessionsOfYoga = {
  data: {
    activities: filters.data.activities,
    sessions: [{ id: 5, starts_at: '2026-06-01T10:00:00+02:00', ends_at: '2026-06-01T11:00:00+02:00', cancelled: false }],
  },
};

const anna: OrderCustomer = {
  id: 93,
  email: 'anna@example.com',
  firstname: 'Anna',
  lastname: 'Muster',
  company: 'Muster AG',
  phone: null,
  order_count: 4,
  paid_order_count: 2,
  total_paid: 40,
  currency: 'CHF',
  first_order_at: '2026-01-05T10:00:00+01:00',
  last_order_at: '2026-04-05T11:00:00+02:00',
  last_order_id: 93,
  last_order_number: 1050,
};
const annasOrder: CustomerOrder = {
  id: 93,
  number: 1050,
  created_at: '2026-04-05T11:00:00+02:00',
  payment_status: 'partially-refunded',
  paid_at: '2026-04-05T11:05:00+02:00',
  payment_type: 'stripe',
  total: 25,
  refunded: 10,
  currency: 'CHF',
  activities: ['Morning yoga'],
};

async function asInstructor() {
  const { setAppState } = await import('../../../lib/app-state');
  const { loggedInState, makeTeam } = await import('../../../test/team-fixtures');
  setAppState(loggedInState(makeTeam(3, 'Yoga Zürich', 'instructor')));
}

describe('additional sales page', () => {
  beforeAll(async () => {
    await import('../../../routes/backoffice/backoffice-group');
  });
  beforeEach(resetScreen);
  afterEach(() => vi.unstubAllGlobals());

  it('lists products per activity with quantity, orders, revenue and VAT, and the totals of the whole list', async () => {
    renderSetup('/en/backend/orders/additional_sales', {
      'GET /api/orders/additional_sales': () =>
        json({ ...listOf([mat, tea], 1, 30, 25), totals: [{ currency: 'CHF', quantity: 81, revenue: 1234.5, tax: 92.48 }] }),
      'GET /api/customers/participants/filters': () => json(filters),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Additional sales' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Additional sales' });
    const row = within(table).getByText('Yoga mat').closest('tr')!;
    expect(row).toHaveTextContent('Morning yoga');
    expect(row).toHaveTextContent('CHF 45.00');
    expect(row).toHaveTextContent('CHF 3.37');
    // The totals are the server's, over every row (30 rows on 2 pages), not this page's sum.
    const totals = screen.getByRole('table', { name: 'Total' });
    expect(within(totals).getByTestId('sales-total')).toHaveTextContent("CHF81CHF 1'234.50CHF 92.48");
    expect(screen.getByRole('region', { name: 'Revenue per product' })).toBeInTheDocument();
  });

  it('sends the period, activity and product filters and the sort as the list query', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderSetup('/en/backend/orders/additional_sales?from=2026-03-01&to=2026-03-31', {
      'GET /api/orders/additional_sales': () => json({ ...listOf([mat]), totals: [] }),
      'GET /api/customers/participants/filters': () => json(filters),
    });
    await screen.findByText('Yoga mat');
    const first = requests(calls, 'GET', '/api/orders/additional_sales')[0]!.url;
    expect(first).toContain('columnFilters%5Bfrom%5D=2026-03-01&columnFilters%5Bto%5D=2026-03-31');
    expect(first).toContain('sort%5Bfield%5D=revenue&sort%5Btype%5D=desc');
    await pick(user, 'Activity', 'Pottery');
    await waitFor(() =>
      expect(requests(calls, 'GET', '/api/orders/additional_sales').at(-1)?.url).toContain('columnFilters%5Bactivity_id%5D=8'),
    );
    await user.type(screen.getByRole('searchbox', { name: 'Product' }), 'mat{Enter}');
    await waitFor(() =>
      expect(requests(calls, 'GET', '/api/orders/additional_sales').at(-1)?.url).toContain('columnFilters%5Bsearch%5D=mat'),
    );
    await user.click(screen.getByRole('button', { name: /^Quantity/ }));
    await waitFor(() =>
      expect(requests(calls, 'GET', '/api/orders/additional_sales').at(-1)?.url).toContain('sort%5Bfield%5D=quantity&sort%5Btype%5D=asc'),
    );
  });

  it('tells an instructor that the role has no access (nav.orders)', async () => {
    await asInstructor();
    const { calls } = renderSetup('/en/backend/orders/additional_sales', {});
    expect(await screen.findByRole('heading', { level: 1, name: 'No access' })).toBeInTheDocument();
    expect(requests(calls, 'GET', '/api/orders/additional_sales')).toEqual([]);
  });
});

describe('participants page', () => {
  beforeAll(async () => {
    await import('../../../routes/backoffice/backoffice-group');
  });
  beforeEach(resetScreen);
  afterEach(() => vi.unstubAllGlobals());

  it('shows each participant with activity, date, order, payment, check-in and booking answers', async () => {
    renderSetup('/en/backend/customers/participant', {
      'GET /api/customers/participants': () => json(listOf([lea, uma])),
      'GET /api/customers/participants/filters': () => json(filters),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Participants' })).toBeInTheDocument();
    const row = (await screen.findByText('Lea Keller')).closest('tr')!;
    expect(row).toHaveTextContent('lea@example.com');
    expect(row).toHaveTextContent('Morning yoga');
    expect(row).toHaveTextContent('01/06/2026 10:00 · Drop-in');
    expect(within(row).getByRole('link', { name: '#1042' })).toHaveAttribute('href', '/en/backend/orders/edit/90');
    expect(row).toHaveTextContent('Anna Muster');
    expect(row).toHaveTextContent('Paid');
    expect(row).toHaveTextContent('Checked in 01/06/2026 09:55');
    expect(row).toHaveTextContent('Diet: Vegetarian');
    expect(row).toHaveTextContent('Remark: Window seat');
    const other = screen.getByText('Uma Unpaid').closest('tr')!;
    expect(other).toHaveTextContent('All dates · Series');
    expect(other).toHaveTextContent('Unpaid');
    expect(other).toHaveTextContent('Not yet');
  });

  it('offers the chosen activity’s dates and filters by activity, date, status and check-in', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderSetup('/en/backend/customers/participant', {
      'GET /api/customers/participants': () => json(listOf([lea])),
      'GET /api/customers/participants/filters': (call) => json(call.url.includes('activity_id=7') ? sessionsOfYoga : filters),
    });
    await screen.findByText('Lea Keller');
    expect(screen.getByRole('combobox', { name: 'Date' })).toBeDisabled();
    await pick(user, 'Activity', 'Morning yoga');
    await waitFor(() =>
      expect(requests(calls, 'GET', '/api/customers/participants').at(-1)?.url).toContain('columnFilters%5Bactivity_id%5D=7'),
    );
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Date' })).toBeEnabled());
    await pick(user, 'Date', '01/06/2026 10:00');
    await waitFor(() =>
      expect(requests(calls, 'GET', '/api/customers/participants').at(-1)?.url).toContain('columnFilters%5Bsession_id%5D=5'),
    );
    await pick(user, 'Payment', 'Paid');
    await waitFor(() =>
      expect(requests(calls, 'GET', '/api/customers/participants').at(-1)?.url).toContain('columnFilters%5Bstatus%5D=paid'),
    );
    await pick(user, 'Check-in', 'Not checked in');
    await waitFor(() =>
      expect(requests(calls, 'GET', '/api/customers/participants').at(-1)?.url).toContain('columnFilters%5Bchecked_in%5D=0'),
    );
    // Another activity: its own dates; the chosen date goes once the activity is in the address.
    await pick(user, 'Activity', 'Pottery');
    await waitFor(() => {
      const url = requests(calls, 'GET', '/api/customers/participants').at(-1)?.url ?? '';
      expect(url).toContain('columnFilters%5Bactivity_id%5D=8');
      expect(url).not.toContain('session_id');
    });
    // Five choice filters, each written after the spec's 0.5 s pause.
  }, 20_000);

  it('shows an instructor the list (the server limits it to their activities) without links to orders', async () => {
    await asInstructor();
    renderSetup('/en/backend/customers/participant', {
      'GET /api/customers/participants': () => json(listOf([lea])),
      'GET /api/customers/participants/filters': () => json(filters),
    });
    const row = (await screen.findByText('Lea Keller')).closest('tr')!;
    expect(row).toHaveTextContent('#1042');
    expect(within(row).queryByRole('link')).toBeNull();
  });
});

describe('order customers page', () => {
  beforeAll(async () => {
    await import('../../../routes/backoffice/backoffice-group');
  });
  beforeEach(resetScreen);
  afterEach(() => vi.unstubAllGlobals());

  it('lists one customer per e-mail with orders, paid total and latest order; opens their orders', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderSetup('/en/backend/customers/order', {
      'GET /api/customers/orders': () => json(listOf([anna])),
      'GET /api/customers/orders/93/orders': () => json(listOf([annasOrder])),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order customers' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Order customers' });
    const row = within(table).getByText('Anna Muster').closest('tr')!;
    expect(row).toHaveTextContent('Muster AG');
    expect(row).toHaveTextContent('anna@example.com');
    expect(row).toHaveTextContent('4 (2 paid)');
    expect(row).toHaveTextContent('CHF 40.00');
    expect(row).toHaveTextContent('05/04/2026 · #1050');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'muster{Enter}');
    await waitFor(() => expect(requests(calls, 'GET', '/api/customers/orders').at(-1)?.url).toContain('columnFilters%5Bsearch%5D=muster'));

    await user.click(within(row).getByRole('button', { name: 'Orders of Anna Muster' }));
    const drawer = await screen.findByRole('dialog', { name: 'Orders of Anna Muster' });
    const order = (await within(drawer).findByRole('link', { name: '#1050' })).closest('tr')!;
    expect(within(order).getByRole('link', { name: '#1050' })).toHaveAttribute('href', '/en/backend/orders/edit/93');
    expect(order).toHaveTextContent('Morning yoga');
    expect(order).toHaveTextContent('CHF 25.00');
    expect(within(drawer).getByRole('link', { name: 'Show in the order list' })).toHaveAttribute(
      'href',
      '/en/backend/orders?email=anna%40example.com',
    );
  });

  it('tells an instructor that the role has no access (nav.customers.order)', async () => {
    await asInstructor();
    const { calls } = renderSetup('/en/backend/customers/order', {});
    expect(await screen.findByRole('heading', { level: 1, name: 'No access' })).toBeInTheDocument();
    expect(requests(calls, 'GET', '/api/customers/orders')).toEqual([]);
  });
});
