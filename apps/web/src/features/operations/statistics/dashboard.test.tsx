import type { DashboardChecklist, SalesStatistics } from '@bookla/shared/statistics';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAppState, setAppState } from '../../../lib/app-state';
import { formatMoney } from '../../../lib/format';
import { listOf, renderSetup, requests, resetScreen } from '../../../test/backoffice';
import { json, type FakeCall } from '../../../test/fake-fetch';
import { loggedInState, makeTeam } from '../../../test/team-fixtures';
import { yAxisTicks } from './components/chart-scale';

/** The dashboard's statistics boxes (spec §2): figures, charts, checklist, latest orders. */

const zurichToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date());

function salesReply(from: string, to: string): SalesStatistics {
  const reply: SalesStatistics = { sales_all: {}, sales: {}, order_count: {} };
  for (let d = dayjs(from); !d.isAfter(dayjs(to)); d = d.add(1, 'day')) {
    const key = d.format('YYYY-MM-DD');
    const n = d.date();
    reply.sales_all[key] = n * 10 + 5.5;
    reply.sales[key] = n * 10;
    reply.order_count[key] = n % 3;
  }
  return reply;
}

const checklist = (done: string[], completed = false): DashboardChecklist => ({
  completed,
  steps: (['company', 'activity', 'tickets', 'payment', 'publish', 'share'] as const).map((key) => ({ key, done: done.includes(key) })),
  shop_url: 'http://localhost:3000/en/shop/3',
});

const order = (id: number, number: number, status: string, paidAt: string | null, extra: Record<string, unknown> = {}) => ({
  id,
  number,
  created_at: '2026-11-20T10:15:00+01:00',
  company: null,
  salutation: null,
  firstname: 'Lea',
  lastname: 'Meier',
  email: 'lea@example.ch',
  phone: null,
  language: 'de',
  currency: 'CHF',
  payment_type: 'invoice',
  payment_status: status,
  paid_at: paidAt,
  hold_until: null,
  invoice_due_at: null,
  order_items: [],
  options: [],
  subtotal: 120,
  discount_code: null,
  discount_total: 0,
  tax_total: 0,
  taxes: [],
  total: 120,
  total_minor: 12000,
  paid: 120,
  refunded: 0,
  remaining: 120,
  credit_notes: [],
  ...extra,
});

function handlers(overrides: Record<string, (call: FakeCall) => Response> = {}) {
  return {
    'GET /api/courses': () => json(listOf([])),
    'GET /api/statistics/dashboard': () => json({ course_count: 12, participant_count: 1234, products_sold_count: 56, total: 4321.5 }),
    'GET /api/statistics/sales': (call: FakeCall) => {
      const url = new URL(call.url, 'http://localhost');
      return json(salesReply(url.searchParams.get('from')!, url.searchParams.get('to')!));
    },
    'GET /api/dashboard/checklist': () => json({ data: checklist(['company', 'activity']) }),
    'GET /api/orders': () =>
      json(
        listOf([
          order(42, 1042, 'partially-refunded', '2026-11-20T10:20:00+01:00', { company: 'Atelier Blau' }),
          order(41, 1041, 'paid', null),
          order(40, 1040, 'waiting', null, { total: 45.5 }),
        ]),
      ),
    ...overrides,
  };
}

describe('dashboard statistics', () => {
  beforeAll(async () => {
    await import('../../../routes/backoffice/backoffice-group');
  });
  beforeEach(resetScreen);
  afterEach(() => vi.unstubAllGlobals());

  it('shows the four figures, formatted, from GET /api/statistics/dashboard', async () => {
    renderSetup('/en/backend', handlers());
    const bar = await screen.findByRole('region', { name: 'Key figures' });
    await waitFor(() => expect(bar).toHaveTextContent(/Activities\s*12/));
    // Says what it counts (issue 22 item 12).
    expect(bar).toHaveTextContent(/Participants\s*1.234\s*in paid and free orders/);
    expect(bar).toHaveTextContent(/Additional sales\s*56/);
    expect(bar).toHaveTextContent(/Total sales\s*CHF\s4.321\.50/);
  });

  it('asks for the sales of this month in the company’s time zone and shows them as charts with tables', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderSetup('/en/backend', handlers());
    const today = zurichToday();
    await waitFor(() => expect(requests(calls, 'GET', '/api/statistics/sales')).toHaveLength(1));
    expect(requests(calls, 'GET', '/api/statistics/sales')[0]!.url).toBe(
      `/api/statistics/sales?from=${today.slice(0, 8)}01&to=${today}&language=en`,
    );
    const sales = await screen.findByRole('region', { name: 'Sales' });
    // Screen readers get the sums; sighted users the bars, and both the table on request.
    const expected = salesReply(`${today.slice(0, 8)}01`, today);
    const paid = Object.values(expected.sales).reduce((a, b) => a + b, 0);
    await waitFor(() =>
      expect(within(sales).getByRole('img')).toHaveAccessibleName(expect.stringContaining(`${formatMoney(paid, 'CHF', 'en')} paid`)),
    );
    // The legend is a list in the page's flow (it wraps on a phone rather than leaving the chart's box).
    expect(
      within(sales)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Paid', 'Booked']);
    expect(within(screen.getByRole('region', { name: 'Orders' })).queryByRole('list')).toBeNull();
    await user.click(within(sales).getByRole('button', { name: 'Show as table' }));
    const table = within(sales).getByRole('table', { name: 'Sales' });
    const first = within(table).getAllByRole('row')[1]!;
    expect(first).toHaveTextContent(`${dayjs(`${today.slice(0, 8)}01`).format('DD/MM')}CHF 10.00CHF 15.50`);
    expect(within(table).getAllByRole('row')).toHaveLength(Object.keys(expected.sales).length + 1);
    const orders = screen.getByRole('region', { name: 'Orders' });
    await user.click(within(orders).getByRole('button', { name: 'Show as table' }));
    expect(within(orders).getByRole('columnheader', { name: 'Orders' })).toBeInTheDocument();
  });

  it('asks again half a second after a date changed', async () => {
    const { calls } = renderSetup('/en/backend', handlers());
    await waitFor(() => expect(requests(calls, 'GET', '/api/statistics/sales')).toHaveLength(1));
    const from = dayjs(zurichToday()).subtract(1, 'month').date(15);
    const input = screen.getByLabelText('From');
    fireEvent.change(input, { target: { value: from.format('DD/MM/YYYY') } });
    fireEvent.blur(input);
    expect(requests(calls, 'GET', '/api/statistics/sales')).toHaveLength(1);
    await waitFor(() => expect(requests(calls, 'GET', '/api/statistics/sales')).toHaveLength(2), { timeout: 3000 });
    expect(requests(calls, 'GET', '/api/statistics/sales')[1]!.url).toContain(`from=${from.format('YYYY-MM-DD')}`);
  });

  it('says when the figures cannot be loaded and tries again', async () => {
    const user = userEvent.setup({ delay: null });
    let fail = true;
    renderSetup(
      '/en/backend',
      handlers({
        'GET /api/statistics/dashboard': () =>
          fail ? json({ message: 'Server Error' }, 500) : json({ course_count: 3, participant_count: 0, products_sold_count: 0, total: 0 }),
      }),
    );
    expect(await screen.findByText('The figures could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Key figures' })).toHaveTextContent(/Activities\s*3/));
    expect(screen.queryByText('The figures could not be loaded.')).not.toBeInTheDocument();
  });

  it('shows the introduction checklist ticked from the server and hides it for good', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderSetup(
      '/en/backend',
      handlers({
        'PUT /api/dashboard/checklist': () =>
          json({ success: true, message: 'The introduction checklist has been hidden.', data: checklist(['company', 'activity'], true) }),
      }),
    );
    const box = await screen.findByRole('region', { name: 'Getting started' });
    expect(box).toHaveTextContent('2 of 6 steps done');
    const steps = within(box).getAllByRole('listitem');
    expect(steps).toHaveLength(6);
    expect(steps[0]).toHaveTextContent('Complete your company data(done)');
    expect(steps[3]).toHaveTextContent('Set up a payment method(to do)');
    expect(within(steps[3]!).getByRole('link', { name: 'Payment settings' })).toHaveAttribute('href', '/en/backend/config/integration');
    expect(within(steps[0]!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(steps[5]!).getByRole('link', { name: 'Open shop' })).toHaveAttribute('href', 'http://localhost:3000/en/shop/3');
    await user.click(within(box).getByRole('button', { name: 'Hide checklist' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Getting started' })).not.toBeInTheDocument());
    expect(requests(calls, 'PUT', '/api/dashboard/checklist')[0]!.body).toEqual({ completed: true });
    expect(getAppState().team?.checklist_completed).toBe(true);
    expect(await screen.findByText('The introduction checklist has been hidden.')).toBeInTheDocument();
  });

  it('shows nothing of a dismissed checklist', async () => {
    renderSetup('/en/backend', handlers({ 'GET /api/dashboard/checklist': () => json({ data: checklist([], true) }) }));
    await screen.findByRole('region', { name: 'Key figures' });
    await waitFor(() => expect(screen.getByRole('region', { name: 'Key figures' })).toHaveTextContent(/12/));
    expect(screen.queryByRole('region', { name: 'Getting started' })).not.toBeInTheDocument();
  });

  it('lists the latest orders with the spec’s status labels, linking to each order and to the list', async () => {
    const { calls } = renderSetup('/en/backend', handlers());
    const box = await screen.findByRole('region', { name: 'Latest orders' });
    const first = await within(box).findByRole('link', { name: 'No. 1042 · Atelier Blau' });
    expect(first).toHaveAttribute('href', '/en/backend/orders/edit/42');
    expect(within(box).getByRole('link', { name: 'No. 1041 · Lea Meier' })).toHaveAttribute('href', '/en/backend/orders/edit/41');
    const labels = within(box)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    // Paid without a payment date is "Unpaid" (spec §4), like waiting.
    expect(labels[0]).toMatch(/Partially-Refunded$/);
    expect(labels[1]).toMatch(/Unpaid$/);
    expect(labels[2]).toMatch(/CHF\s45\.50Unpaid$/);
    expect(within(box).getByRole('link', { name: 'All orders' })).toHaveAttribute('href', '/en/backend/orders');
    const url = requests(calls, 'GET', '/api/orders')[0]!.url;
    expect(url).toContain('perPage=8');
    expect(url).toContain('sort%5Bfield%5D=id&sort%5Btype%5D=desc');
  });

  it('asks nothing of statistics or orders for an instructor (spec §6)', async () => {
    setAppState(loggedInState(makeTeam(3, 'Yoga Zürich', 'instructor')));
    const { calls } = renderSetup('/en/backend', handlers());
    expect(await screen.findByRole('region', { name: 'Latest activities' })).toBeInTheDocument();
    await waitFor(() => expect(requests(calls, 'GET', '/api/courses')).toHaveLength(1));
    expect(calls.filter((c) => /\/api\/(statistics|dashboard|orders)/.test(c.url))).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Key figures' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Sales' })).not.toBeInTheDocument();
  });

  it('in German: labels and formats of the language', async () => {
    const { applyLanguage } = await import('../../../lib/language');
    await applyLanguage('de');
    renderSetup('/de/backend', handlers());
    const bar = await screen.findByRole('region', { name: 'Kennzahlen' });
    await waitFor(() => expect(bar).toHaveTextContent(/Gesamtumsatz\s*CHF\s4.321\.50/));
    expect(await screen.findByRole('region', { name: 'Erste Schritte' })).toHaveTextContent('2 von 6 Schritten erledigt');
    expect(await screen.findByText('Teilweise rückerstattet')).toBeInTheDocument();
  });
});

describe('chart y-axis (spec §9: step 10)', () => {
  it('goes in steps of 10, growing in multiples of 10 for large values', () => {
    expect(yAxisTicks(0)).toEqual([0, 10]);
    expect(yAxisTicks(3)).toEqual([0, 10]);
    expect(yAxisTicks(41)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(yAxisTicks(60)).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(yAxisTicks(61)).toEqual([0, 20, 40, 60, 80]);
    expect(yAxisTicks(290)).toEqual([0, 50, 100, 150, 200, 250, 300]);
    expect(yAxisTicks(4321.5)).toEqual([0, 1000, 2000, 3000, 4000, 5000]);
    for (const max of [7, 99, 1234, 987_654]) {
      const ticks = yAxisTicks(max);
      const step = ticks[1]!;
      expect(step % 10, String(max)).toBe(0);
      expect(ticks.at(-1)!, String(max)).toBeGreaterThanOrEqual(max);
      expect(ticks.length - 1, String(max)).toBeLessThanOrEqual(6);
    }
  });
});
