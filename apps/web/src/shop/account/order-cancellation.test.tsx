import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CancellationQuote } from '@bookla/shared/customer-accounts';
import type { PublicOrder as Order } from '@bookla/shared/selling';
import { cancellation } from '../test/account-fixtures';
import { order, team, TEAM_ID } from '../test/fixtures';
import { mockApi, ok, renderShop, type Handlers } from '../test/shop-test';

const PATH = `/en/shop/${TEAM_ID}/order/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b?token=tok123`;
const paid = (patch: Partial<Order> = {}) =>
  order({ payment_type: 'stripe', payment_status: 'paid', paid_at: '2031-03-01T10:05:00+01:00', ...patch });

function serve(current: () => Order, quote: () => CancellationQuote, extra: Handlers = {}) {
  return mockApi({
    [`GET /api/public/teams/${TEAM_ID}`]: () => ok({ data: team() }),
    'GET /api/public/orders/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b': () => ok({ data: current() }),
    'GET /api/public/orders/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b/cancellation': (c) =>
      c.query.get('token') === 'tok123' ? ok({ data: quote() }) : { status: 404, body: {} },
    ...extra,
  });
}

describe('cancelling on the order page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the policy’s terms, confirms, cancels with the order link’s token, and offers to book again', async () => {
    const user = userEvent.setup({ delay: null });
    let done = false;
    const api = serve(
      () => (done ? paid({ payment_status: 'refunded' }) : paid()),
      () =>
        done ? cancellation({ allowed: false, reason: 'ended', mode: null, message: 'This booking has already ended.' }) : cancellation(),
      {
        'POST /api/public/orders/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b/cancellation': (c) => {
          if (c.query.get('token') !== 'tok123') return { status: 404, body: {} };
          done = true;
          return ok({
            success: true,
            message: 'Your booking has been cancelled. CHF 50.00 will be refunded to your means of payment.',
            data: { order_id: 55, payment_status: 'refunded', mode: 'refund', refund: 50, refund_method: 'online', currency: 'CHF' },
          });
        },
      },
    );
    renderShop(PATH);
    const section = await screen.findByRole('region', { name: 'Cancel this booking' });
    expect(within(section).getByText(/free of charge until 12 March 2031/)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Cancel booking' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel booking 1042?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel and refund' }));
    expect(
      await screen.findByText('Your booking has been cancelled. CHF 50.00 will be refunded to your means of payment.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('Refunded'));
    const call = api.find('POST', '/api/public/orders/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b/cancellation')[0]!;
    expect(call.body).toEqual({ expect: 'refund' });
    // The order link's token is the key: no cookie, no XSRF token.
    expect(call.credentials).toBe('omit');
    expect(call.headers['x-xsrf-token']).toBeUndefined();
    expect(screen.getByRole('link', { name: 'Book again: Activity 1' })).toHaveAttribute('href', `/en/shop/${TEAM_ID}/activity/1`);
    expect(screen.queryByRole('link', { name: 'Download tickets (PDF)' })).not.toBeInTheDocument();
  });

  it('turns the fresh link into its own panel when the link is past its change window (403 LINK_STALE)', async () => {
    const user = userEvent.setup({ delay: null });
    serve(
      () => paid(),
      () => cancellation(),
      {
        'POST /api/public/orders/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b/cancellation': () => ({
          status: 403,
          body: { success: false, code: 'LINK_STALE', message: 'This link can no longer change the order. Ask for a fresh link.' },
        }),
      },
    );
    renderShop(PATH);
    const section = await screen.findByRole('region', { name: 'Cancel this booking' });
    expect(screen.queryByRole('region', { name: 'This link can no longer change the order' })).not.toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Cancel booking' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Cancel booking 1042?' })).getByRole('button', { name: 'Cancel and refund' }),
    );
    expect(await screen.findByText('This link can no longer change the order. Ask for a fresh link.')).toBeInTheDocument();
    const panel = await screen.findByRole('region', { name: 'This link can no longer change the order' });
    expect(within(panel).getByRole('button', { name: 'Send me a fresh link' })).toBeInTheDocument();
    expect(screen.getByTestId('order-status')).toHaveTextContent('Paid');
  });

  it('says why it cannot be cancelled after the window, without a button', async () => {
    serve(
      () => paid(),
      () =>
        cancellation({
          allowed: false,
          reason: 'window_passed',
          mode: null,
          message: 'The free cancellation period ended on 12 March 2031. Please contact Yoga Loft.',
        }),
    );
    renderShop(PATH);
    expect(await screen.findByText('The free cancellation period ended on 12 March 2031. Please contact Yoga Loft.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
  });

  it('keeps the unpaid invoice’s own cancellation where the activity has no policy', async () => {
    serve(
      () => order(),
      () => cancellation({ allowed: false, reason: 'not_offered', mode: null, message: 'This booking cannot be cancelled online.' }),
    );
    renderShop(PATH);
    const legacy = await screen.findByRole('region', { name: 'Cancel this booking' });
    expect(within(legacy).getByText(/As long as the invoice is not paid/)).toBeInTheDocument();
    expect(screen.queryByText('This booking cannot be cancelled online.')).not.toBeInTheDocument();
  });
});
