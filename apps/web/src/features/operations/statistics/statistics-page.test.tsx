import type { StatisticsPeriod, StatisticsReport } from '@bookla/shared/statistics';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAppState } from '../../../lib/app-state';
import { renderSetup, requests, resetScreen, validation } from '../../../test/backoffice';
import { json, type FakeCall } from '../../../test/fake-fetch';
import { loggedInState, makeTeam } from '../../../test/team-fixtures';

/** `/backend/statistics`: range, buckets, totals, charts, breakdowns and CSV links. */

const zurichToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date());

const period = (p: string, orders: number): StatisticsPeriod => ({
  period: p,
  orders,
  participants: orders * 2,
  products_sold: orders,
  sales_all: orders * 60,
  sales: orders * 50,
  refunds: 5,
  discounts: 2,
  platform_fees: orders * 4.44,
});

function report(call: FakeCall): StatisticsReport {
  const url = new URL(call.url, 'http://localhost');
  const from = url.searchParams.get('from')!;
  const to = url.searchParams.get('to')!;
  const interval = url.searchParams.get('interval') as StatisticsReport['interval'];
  return {
    from,
    to,
    interval,
    currency: 'CHF',
    totals: { ...period('', 7), average_order: 58.33, platform_fees: 31.08 },
    series: [period(from, 3), period(to, 4)],
    activities: [
      { activity_id: 7, name: 'Pottery for beginners', orders: 5, participants: 9, participants_booked: 11, sales: 350 },
      { activity_id: null, name: '=Deleted course', orders: 2, participants: 2, participants_booked: 2, sales: 0 },
    ],
    tickets: [{ ticket_id: 11, activity_id: 7, activity_name: 'Pottery for beginners', name: 'Adult', participants: 9, sales: 350 }],
    payment_types: [
      { payment_type: 'invoice', orders: 4, sales: 250 },
      { payment_type: 'free', orders: 2, sales: 0 },
      { payment_type: 'twint', orders: 1, sales: 100 },
    ],
    discounts: [],
  };
}

describe('statistics page', () => {
  beforeAll(async () => {
    await import('../../../routes/backoffice/backoffice-group');
  });
  beforeEach(resetScreen);
  afterEach(() => vi.unstubAllGlobals());

  it('shows the totals, charts and breakdowns of this month, each table downloadable as CSV', async () => {
    const { calls } = renderSetup('/en/backend/statistics', { 'GET /api/statistics/report': (call) => json({ data: report(call) }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Statistics' })).toBeInTheDocument();
    const today = zurichToday();
    await waitFor(() => expect(requests(calls, 'GET', '/api/statistics/report')).toHaveLength(1));
    expect(requests(calls, 'GET', '/api/statistics/report')[0]!.url).toContain(`from=${today.slice(0, 8)}01&to=${today}&interval=day`);

    const totals = screen.getByRole('region', { name: 'Totals of the period' });
    await waitFor(() => expect(totals).toHaveTextContent(/Orders\s*7/));
    expect(totals).toHaveTextContent(/Sales \(paid\)\s*CHF\s350\.00/);
    expect(totals).toHaveTextContent(/Platform fees\s*CHF\s31\.08/);
    expect(totals).toHaveTextContent(/Average order\s*CHF\s58\.33/);

    const activities = screen.getByRole('region', { name: 'Per activity' });
    const rows = within(activities).getAllByRole('row');
    // Participants paid and booked side by side (issue 22 item 12).
    expect(
      within(activities)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Activity', 'Orders', 'Participants', 'Booked (incl. unpaid)', 'Sales']);
    expect(rows[1]).toHaveTextContent(/Pottery for beginners\s*5\s*9\s*11\s*CHF\s350\.00/);
    // Names are shown as text, whatever they start with.
    expect(rows[2]).toHaveTextContent('=Deleted course');
    const csv = within(activities).getByRole('link', { name: 'Per activity as CSV' });
    expect(csv).toHaveAttribute(
      'href',
      `/api/statistics/export?from=${today.slice(0, 8)}01&to=${today}&interval=day&table=activities&language=en`,
    );
    expect(csv).toHaveAttribute('download');

    const types = screen.getByRole('region', { name: 'Payment types' });
    expect(
      within(types)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'Payment typeOrdersSales',
      expect.stringMatching(/^Invoice4CHF\s250\.00$/),
      expect.stringMatching(/^Free2CHF\s0\.00$/),
      // A type the client does not know is shown as stored.
      expect.stringMatching(/^twint1CHF\s100\.00$/),
    ]);
    expect(within(screen.getByRole('region', { name: 'Discount codes used' })).getByText('Nothing in this period.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Sales' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Orders and participants' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Platform fees, refunds and discounts' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', expect.stringContaining('table=series'));
    await waitFor(() => expect(document.title).toBe('Statistics | Bookla'));
  });

  it('groups by week or month on request; the series shows as a table', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderSetup('/en/backend/statistics', { 'GET /api/statistics/report': (call) => json({ data: report(call) }) });
    await screen.findByRole('region', { name: 'Per activity' });
    await user.click(screen.getByRole('radio', { name: 'Month' }));
    await waitFor(() => expect(requests(calls, 'GET', '/api/statistics/report').at(-1)!.url).toContain('interval=month'));
    const orders = screen.getByRole('region', { name: 'Orders and participants' });
    await user.click(within(orders).getByRole('button', { name: 'Show as table' }));
    const table = within(orders).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Period', 'Orders', 'Participants']);
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent(/48$/);
  });

  it('shows the server’s reason when it refuses the range', async () => {
    renderSetup('/en/backend/statistics', {
      'GET /api/statistics/report': () => validation({ to: ['Please choose a range of at most 366 days.'] }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose a range of at most 366 days.');
  });

  it('tells an instructor that the role has no access, and asks nothing', async () => {
    setAppState(loggedInState(makeTeam(3, 'Yoga Zürich', 'instructor')));
    const { calls } = renderSetup('/en/backend/statistics', {});
    expect(await screen.findByRole('heading', { level: 1, name: 'No access' })).toBeInTheDocument();
    expect(requests(calls, 'GET', '/api/statistics/report')).toEqual([]);
  });

  it('is in French with French labels', async () => {
    const { applyLanguage } = await import('../../../lib/language');
    await applyLanguage('fr');
    renderSetup('/fr/backend/statistics', { 'GET /api/statistics/report': (call) => json({ data: report(call) }) });
    expect(await screen.findByRole('region', { name: 'Par activité' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Semaine' })).toBeInTheDocument();
    expect(screen.getByText('Facture')).toBeInTheDocument();
  });
});
