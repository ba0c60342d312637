import { PERMISSIONS, roleHas } from '@bookla/shared/permissions';
import type { PlatformInvoice, PlatformStatistics } from '@bookla/shared/platform';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAppState } from '../../lib/app-state';
import { confirmDialog, listOf, owner, pick, renderSetup, requests, resetScreen } from '../../test/backoffice';
import { json } from '../../test/fake-fetch';
import { loggedInState } from '../../test/team-fixtures';
import { previousMonth } from './month';

const invoice = (overrides: Partial<PlatformInvoice> = {}): PlatformInvoice => ({
  id: 11,
  team: { id: 3, name: 'Yoga Zürich' },
  month: '2026-10',
  number: 'P-2026-0011',
  total: 162.15,
  currency: 'CHF',
  status: 'open',
  bexio_status: 'synced',
  bexio_id: 4711,
  created_at: '2026-11-01T02:00:00+01:00',
  pdf_url: '/api/platform/invoices/11/pdf',
  ...overrides,
});
const synced = invoice();
const failed = invoice({
  id: 12,
  team: { id: 4, name: 'Tanzschule Bern' },
  number: 'P-2026-0012',
  total: 20,
  bexio_status: 'failed',
  bexio_id: undefined,
  bexio_error: 'Contact: postcode is invalid',
  pdf_url: '/api/platform/invoices/12/pdf',
});
const statistics: PlatformStatistics = {
  currency: 'CHF',
  months: [
    { month: '2026-09', fees: { payg: 120.5, business: 40 }, monthly: 139 },
    { month: '2026-10', fees: { payg: 99, business: 61.25 }, monthly: 278 },
  ],
  teams: { payg: 12, business: 3 },
};

function staff() {
  setAppState(loggedInState(owner, [owner], { permissions: [...PERMISSIONS.filter((p) => roleHas('owner', p)), 'internal.staff'] }));
}

function render(handlers: Parameters<typeof renderSetup>[1] = {}) {
  return renderSetup('/en/backend/bexio', {
    'GET /api/platform/statistics': () => json({ data: statistics }),
    'GET /api/platform/invoices': () => json(listOf([synced, failed])),
    ...handlers,
  });
}

const lastList = (calls: Parameters<typeof requests>[0]) =>
  decodeURIComponent(requests(calls, 'GET', '/api/platform/invoices').at(-1)!.url);

describe('bexio page (internal staff)', () => {
  beforeAll(async () => {
    await import('../../routes/backoffice/backoffice-group');
  });
  beforeEach(async () => {
    await resetScreen();
    staff();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the invoices with bexio’s state, the statistics and the export links', async () => {
    const { calls } = render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Bexio' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Platform invoices' });
    const rows = within(table).getAllByRole('row');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(expect.arrayContaining(['Company', 'Month▼', 'Status', 'bexio', 'Actions']));
    expect(rows[1]).toHaveTextContent('P-2026-0011');
    expect(rows[1]).toHaveTextContent('Yoga Zürich');
    expect(rows[1]).toHaveTextContent('October 2026');
    expect(rows[1]).toHaveTextContent(/CHF\s162\.15/);
    expect(rows[1]).toHaveTextContent('Synced');
    expect(rows[1]).toHaveTextContent('bexio no. 4711');
    expect(within(rows[1]!).queryByRole('button', { name: 'Send invoice P-2026-0011 to bexio now' })).not.toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'PDF of invoice P-2026-0011' })).toHaveAttribute(
      'href',
      '/api/platform/invoices/11/pdf',
    );
    expect(rows[2]).toHaveTextContent('Failed');
    expect(rows[2]).toHaveTextContent('Contact: postcode is invalid');
    expect(within(rows[2]!).getByRole('button', { name: 'Send invoice P-2026-0012 to bexio now' })).toHaveTextContent('Try again');
    expect(lastList(calls)).toContain('sort[field]=month&sort[type]=desc');

    expect(await screen.findByRole('heading', { name: 'Platform fees per month' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('teams-payg')).toHaveTextContent('12'));
    expect(screen.getByTestId('teams-business')).toHaveTextContent('3');
    await userEvent.click(screen.getByRole('button', { name: 'Show as table' }));
    const fees = screen.getByRole('table', { name: 'Platform fees per month' });
    expect(within(fees).getByRole('row', { name: /October 2026/ })).toHaveTextContent(/CHF\s99\.00.*CHF\s61\.25.*CHF\s278\.00/);

    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/platform/invoices/export?format=csv&sort%5Bfield%5D=month&sort%5Btype%5D=desc&language=en',
    );
  });

  it('sends the filters as columnFilters, and the export links carry them', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = render();
    await screen.findByRole('table', { name: 'Platform invoices' });
    await user.type(screen.getByRole('searchbox', { name: 'Company' }), 'Yoga{Enter}');
    await waitFor(() => expect(lastList(calls)).toContain('columnFilters[team]=Yoga'));
    await pick(user, 'bexio status', 'Failed');
    await waitFor(() => expect(lastList(calls)).toContain('columnFilters[bexio_status]=failed'));
    await pick(user, 'Status', 'Open');
    await waitFor(() => expect(lastList(calls)).toContain('columnFilters[status]=open'));
    fireEvent.change(screen.getByLabelText('Month', { selector: 'input[type="month"]' }), { target: { value: '2026-10' } });
    await waitFor(() => expect(lastList(calls)).toContain('columnFilters[month]=2026-10'));
    const xlsx = decodeURIComponent(screen.getByRole('link', { name: 'Export Excel' }).getAttribute('href') ?? '');
    expect(xlsx).toContain('format=xlsx');
    expect(xlsx).toContain('columnFilters[team]=Yoga');
    expect(xlsx).toContain('columnFilters[bexio_status]=failed');
  }, 40_000);

  it('retries all failed invoices and syncs one', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = render({
      'POST /api/platform/invoices/sync-failed': () => json({ queued: 2 }),
      'POST /api/platform/invoices/12/sync': () =>
        json({ data: { ...failed, bexio_status: 'synced', bexio_id: 99, bexio_error: undefined } }),
    });
    await screen.findByRole('table', { name: 'Platform invoices' });
    await user.click(screen.getByRole('button', { name: 'Retry all failed' }));
    expect(await screen.findByText('Failed invoices queued again: 2.')).toBeInTheDocument();
    expect(requests(calls, 'POST', '/api/platform/invoices/sync-failed')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Send invoice P-2026-0012 to bexio now' }));
    expect(await screen.findByText('Invoice P-2026-0012 was handed to bexio.')).toBeInTheDocument();
    expect(requests(calls, 'POST', '/api/platform/invoices/12/sync')).toHaveLength(1);
  });

  it('marks an invoice paid after a confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = render({
      'POST /api/platform/invoices/11/paid': () => json({ success: true, message: 'Marked as paid.', data: { ...synced, status: 'paid' } }),
    });
    await screen.findByRole('table', { name: 'Platform invoices' });
    await user.click(screen.getByRole('button', { name: 'Mark invoice P-2026-0011 as paid' }));
    await confirmDialog(user, 'Mark invoice P-2026-0011 as paid?', 'Mark paid');
    expect(await screen.findByText('Invoice P-2026-0011 is marked as paid.')).toBeInTheDocument();
    expect(requests(calls, 'POST', '/api/platform/invoices/11/paid')).toHaveLength(1);
  });

  it('runs the statements of the previous month by default and shows the result', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = render({ 'POST /api/platform/statements': () => json({ created: 3, existing: 2 }) });
    const month = await screen.findByLabelText(/^Month/, { selector: 'input[type="month"]:not([value=""])' });
    expect(month).toHaveValue(previousMonth());
    await user.click(screen.getByRole('button', { name: 'Run statements' }));
    await waitFor(() => expect(screen.getByTestId('statements-result')).toHaveTextContent('3 created, 2 existing'));
    expect(requests(calls, 'POST', '/api/platform/statements')[0]!.body).toEqual({ month: previousMonth() });
  });

  it('is not found for anybody but internal staff', async () => {
    setAppState(loggedInState(owner));
    const { calls } = render();
    expect(await screen.findByText('This page of the back office does not exist.')).toBeInTheDocument();
    expect(requests(calls, 'GET', '/api/platform/invoices')).toHaveLength(0);
  });
});
