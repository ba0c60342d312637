import type { ExportJob } from '@bookla/shared/exports';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { json } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render';
import { fakeApi } from '../../../test/team-fixtures';
import { resetScreen } from '../../../test/backoffice';
import { ExportButton, fileNameOf } from './index';

const queued: ExportJob = {
  id: 5,
  type: 'participants',
  format: 'xlsx',
  status: 'queued',
  rows_done: 0,
  rows_total: 2500,
  file_name: 'participants-2026-06-01.xlsx',
  download_url: null,
  created_at: '2026-06-01T10:00:00+02:00',
  expires_at: null,
};

async function choose(user: ReturnType<typeof userEvent.setup>, item: string) {
  await user.click(screen.getByRole('button', { name: 'Export' }));
  await user.click(await screen.findByRole('menuitem', { name: item, hidden: true }));
}

describe('fileNameOf', () => {
  it('reads the UTF-8 name of content-disposition, else the plain one, else the fallback', () => {
    expect(fileNameOf(`attachment; filename="zusatzverk_ufe.csv"; filename*=UTF-8''zusatzverk%C3%A4ufe.csv`, 'x')).toBe(
      'zusatzverkäufe.csv',
    );
    expect(fileNameOf('attachment; filename="orders.xlsx"', 'x')).toBe('orders.xlsx');
    expect(fileNameOf(`attachment; filename*=UTF-8''%E0%A4`, 'export.csv')).toBe('export.csv');
    expect(fileNameOf(null, 'export.csv')).toBe('export.csv');
  });
});

describe('ExportButton', () => {
  let clicks: { href: string; download: string }[];
  beforeAll(async () => {
    await import('../../../routes/backoffice/backoffice-group');
  });
  beforeEach(async () => {
    await resetScreen();
    document.cookie = 'XSRF-TOKEN=token-1';
    clicks = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.href, download: this.download });
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export-1'), revokeObjectURL: vi.fn() }));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('downloads a small export at once, with the list’s filters, the XSRF header and the UI language', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = fakeApi({
      'POST /api/exports': () =>
        new Response('\uFEFFName\r\nLea\r\n', {
          status: 200,
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename="participants-2026-06-01.csv"; filename*=UTF-8''participants-2026-06-01.csv`,
          },
        }),
    });
    renderWithProviders(<ExportButton type="participants" columnFilters={{ activity_id: '7' }} />);
    await choose(user, 'CSV (comma-separated)');
    await waitFor(() => expect(clicks).toEqual([{ href: 'blob:export-1', download: 'participants-2026-06-01.csv' }]));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/exports?language=en');
    expect(post.body).toEqual({ type: 'participants', format: 'csv', columnFilters: { activity_id: '7' } });
    expect(post.headers['x-xsrf-token']).toBe('token-1');
    expect(screen.queryByRole('region', { name: 'Export in progress' })).toBeNull();
  });

  it('follows a large export’s job: progress while it runs, then the download link', async () => {
    const user = userEvent.setup({ delay: null });
    const states: ExportJob[] = [
      queued,
      { ...queued, status: 'running', rows_done: 1000 },
      { ...queued, status: 'done', rows_done: 2500, download_url: '/api/exports/5/download', expires_at: '2026-06-02T10:00:00+02:00' },
    ];
    const { calls } = fakeApi({
      'POST /api/exports': () => json({ data: queued }, 202),
      'GET /api/exports/5': () => json({ data: states.length > 1 ? states.shift() : states[0] }),
    });
    renderWithProviders(<ExportButton type="participants" ids={undefined} />);
    await choose(user, 'Excel (XLSX)');
    const panel = await screen.findByRole('region', { name: 'Export in progress' });
    expect(within(panel).getByText('participants-2026-06-01.xlsx')).toBeInTheDocument();
    expect(within(panel).getByText('Waiting to start …')).toBeInTheDocument();
    // While the job runs, the menu cannot start another export.
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
    expect(await within(panel).findByText('1000 of 2500 rows')).toBeInTheDocument();
    expect(within(panel).getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute('aria-valuenow', '40');
    const link = await within(panel).findByRole('link', { name: 'Download' });
    expect(link).toHaveAttribute('href', '/api/exports/5/download');
    expect(link).toHaveAttribute('download', 'participants-2026-06-01.xlsx');
    expect(within(panel).getByText('Ready: 2500 rows. Available for 24 hours.')).toBeInTheDocument();
    const polls = calls.filter((c) => c.url.startsWith('/api/exports/5')).length;
    expect(polls).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Export in progress' })).toBeNull();
    // Done: no more polling.
    expect(calls.filter((c) => c.url.startsWith('/api/exports/5'))).toHaveLength(polls);
  });

  it('says when a job failed', async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({
      'POST /api/exports': () => json({ data: queued }, 202),
      'GET /api/exports/5': () => json({ data: { ...queued, status: 'failed' } }),
    });
    renderWithProviders(<ExportButton type="orders" />);
    await choose(user, 'CSV (comma-separated)');
    expect(await screen.findByRole('alert')).toHaveTextContent('The export could not be created. Please try again.');
  });

  it('passes the server’s refusal on (e.g. too many exports running: 429) and starts nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({ 'POST /api/exports': () => json({ message: 'You already have 3 exports in progress.' }, 429) });
    renderWithProviders(<ExportButton type="orders" ids={[4, 5]} />);
    await choose(user, 'CSV (comma-separated)');
    await waitFor(() => expect(logged).toHaveBeenCalled());
    const error = logged.mock.calls[0]![0] as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect([error.status, error.message]).toEqual([429, 'You already have 3 exports in progress.']);
    expect(clicks).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Export in progress' })).toBeNull();
  });
});
