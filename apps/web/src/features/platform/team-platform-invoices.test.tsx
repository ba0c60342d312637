import type { TeamPlatformInvoice } from '@bookla/shared/platform';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { listOf, renderSetup, requests, resetScreen } from '../../test/backoffice';
import { json } from '../../test/fake-fetch';

const invoice: TeamPlatformInvoice = {
  id: 21,
  month: '2026-10',
  number: 'P-2026-0021',
  subtotal: 150,
  vat: 12.15,
  total: 162.15,
  currency: 'CHF',
  status: 'open',
  due_at: '2026-11-30T23:59:59+01:00',
  paid_at: null,
  created_at: '2026-11-01T02:00:00+01:00',
  pdf_url: '/api/team/platform-invoices/21/pdf',
};

const billing = {
  billing_address: 'Bahnhofstrasse 1',
  billing_address_line_2: null,
  billing_city: 'Zürich',
  billing_state: null,
  billing_postal_code: '8001',
  billing_country: 'CH',
  vat_id: null,
};

function render(list: TeamPlatformInvoice[]) {
  return renderSetup('/en/backend/config/team/billing', {
    'GET /api/team/billing': () => json({ data: billing }),
    'GET /api/team/platform-invoices': () => json(listOf(list)),
  });
}

describe('company settings → billing: the platform’s invoices', () => {
  beforeAll(async () => {
    await import('../../routes/backoffice/backoffice-group');
  });
  beforeEach(resetScreen);
  afterEach(() => vi.unstubAllGlobals());

  it('lists the company’s invoices with their PDF', async () => {
    const { calls } = render([invoice, { ...invoice, id: 20, month: '2026-09', number: 'P-2026-0009', status: 'paid' }]);
    const table = await screen.findByRole('table', { name: 'Invoices from Bookla' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('October 2026');
    expect(rows[1]).toHaveTextContent('P-2026-0021');
    expect(rows[1]).toHaveTextContent(/CHF\s162\.15/);
    expect(rows[1]).toHaveTextContent('30/11/2026');
    expect(rows[1]).toHaveTextContent('Open');
    expect(rows[2]).toHaveTextContent('Paid');
    expect(within(rows[1]!).getByRole('link', { name: 'PDF of invoice P-2026-0021' })).toHaveAttribute(
      'href',
      '/api/team/platform-invoices/21/pdf',
    );
    expect(decodeURIComponent(requests(calls, 'GET', '/api/team/platform-invoices')[0]!.url)).toContain(
      'sort[field]=month&sort[type]=desc',
    );
    // The billing address stays on the tab above the invoices.
    expect(screen.getByRole('heading', { name: 'Invoices from Bookla' })).toBeInTheDocument();
  });

  it('says when the first invoice comes', async () => {
    render([]);
    expect(await screen.findByText('No invoices yet')).toBeInTheDocument();
    expect(screen.getByText(/On the 1st of each month Bookla invoices the month before/)).toBeInTheDocument();
  });
});
