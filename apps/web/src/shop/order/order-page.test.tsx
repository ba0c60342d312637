import { PAYMENT_STATUS_VALUES, paymentStatusLabelKey } from '@bookla/shared/selling';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicOrder as Order } from '@bookla/shared/selling';
import { order, team, TEAM_ID } from '../test/fixtures';
import { mockApi, ok, renderShop } from '../test/shop-test';
import { orderPolling } from './order-page';
import { statusLabelKey } from './status';

function serve(...replies: Order[]) {
  let n = 0;
  return mockApi({
    [`GET /api/public/teams/${TEAM_ID}`]: () => ok({ data: team() }),
    'GET /api/public/orders/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b': (c) =>
      c.query.get('token') === 'tok123'
        ? ok({ data: replies[Math.min(n++, replies.length - 1)] })
        : { status: 404, body: { message: 'Not Found' } },
  });
}
const path = `/en/shop/${TEAM_ID}/order/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b?token=tok123`;
const status = () => screen.getByTestId('order-status');

describe('the order page', () => {
  beforeEach(() => {
    orderPolling.intervalMs = 3000;
    orderPolling.maxMs = 120_000;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('labels each payment status as the spec says (the same rule as the shared one)', () => {
    for (const s of [...PAYMENT_STATUS_VALUES, 'something-new'])
      for (const paidAt of [null, '2031-03-01T10:00:00+01:00']) expect(statusLabelKey(s, paidAt), s).toBe(paymentStatusLabelKey(s, paidAt));
  });

  it.each([
    ['paid', '2031-03-01T10:00:00+01:00', 'Paid'],
    ['paid', null, 'Unpaid'],
    ['free', null, 'Free'],
    ['waiting', null, 'Unpaid'],
    ['refunded', null, 'Refunded'],
    ['partially-refunded', null, 'Partially-Refunded'],
    ['declined', null, 'Declined'],
    ['cancelled', null, 'Cancelled'],
    ['expired', null, 'Cancelled'],
    ['error', null, 'Cancelled'],
  ] as const)('shows %s (paid_at %s) as “%s”', async (payment_status, paid_at, label) => {
    serve(order({ payment_type: 'invoice', payment_status, paid_at }));
    renderShop(path);
    await screen.findByRole('heading', { name: 'Order 1042' });
    expect(status()).toHaveTextContent(label);
  });

  it('offers the tickets once paid, and says what comes next', async () => {
    serve(order({ payment_type: 'stripe', payment_status: 'paid', paid_at: '2031-03-01T10:05:00+01:00' }));
    renderShop(path);
    expect(await screen.findByRole('link', { name: 'Download tickets (PDF)' })).toHaveAttribute(
      'href',
      '/api/public/orders/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b/tickets.pdf?token=tok123',
    );
    expect(screen.queryByRole('link', { name: 'Invoice (PDF)' })).not.toBeInTheDocument();
    expect(screen.getByText(/sent the confirmation with your tickets to anna@example.ch/)).toBeInTheDocument();
    expect(screen.getByText('2 × Activity 1 – Adult')).toBeInTheDocument();
    expect(screen.getByText(/Anna Muster, Ben Muster/)).toBeInTheDocument();
    expect(screen.getByText('incl. 8.1 % VAT on CHF 50.00')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Order 1042 | Yoga Loft'));
  });

  it('words a partial refund as partial and shows paid, refunded and remaining with the credit note', async () => {
    serve(
      order({
        payment_type: 'stripe',
        payment_status: 'partially-refunded',
        paid_at: '2031-03-01T10:05:00+01:00',
        total: 480,
        total_minor: 48000,
        paid: 480,
        refunded: 60,
        remaining: 420,
        credit_notes: [{ index: 1, number: '1042-1', amount: 60, created_at: '2031-03-05T09:00:00+01:00' }],
      }),
    );
    renderShop(path);
    expect(
      await screen.findByText('CHF 60.00 of this order has been refunded; the rest of your booking remains valid.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('This order has been refunded.')).not.toBeInTheDocument();
    const amount = (label: string) =>
      screen
        .getByText(label)
        .closest('div')!
        .querySelector('dd')!
        .textContent!.replace(/\u00a0/g, ' ');
    expect(amount('Paid')).toBe('CHF 480.00');
    expect(amount('Refunded')).toBe('−CHF 60.00');
    expect(amount('Remaining')).toBe('CHF 420.00');
    expect(screen.getByRole('link', { name: 'Credit note 1042-1 (PDF)' })).toHaveAttribute(
      'href',
      '/api/public/orders/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b/credit-notes/1.pdf?token=tok123',
    );
    // The tickets stay valid after a partial refund.
    expect(screen.getByRole('link', { name: 'Download tickets (PDF)' })).toBeInTheDocument();
  });

  it('shows no refund amounts for an order never refunded', async () => {
    serve(order({ payment_type: 'invoice', payment_status: 'paid', paid_at: '2031-03-01T10:05:00+01:00', paid: 50, remaining: 50 }));
    renderShop(path);
    await screen.findByRole('heading', { name: 'Order 1042' });
    expect(screen.queryByText('Refunded')).not.toBeInTheDocument();
    expect(screen.queryByText('Remaining')).not.toBeInTheDocument();
  });

  it('gives the invoice and its due date for an unpaid invoice order, but no tickets yet', async () => {
    serve(order());
    renderShop(path);
    expect(await screen.findByRole('link', { name: 'Invoice (PDF)' })).toHaveAttribute(
      'href',
      '/api/public/orders/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b/invoice.pdf?token=tok123',
    );
    expect(screen.queryByRole('link', { name: 'Download tickets (PDF)' })).not.toBeInTheDocument();
    expect(screen.getByText(/Please pay it by .*31 March 2031/)).toBeInTheDocument();
  });

  it('lets the customer cancel an unpaid invoice order after confirming', async () => {
    let cancelled = false;
    const api = mockApi({
      [`GET /api/public/teams/${TEAM_ID}`]: () => ok({ data: team() }),
      'GET /api/public/orders/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b': () =>
        ok({ data: order(cancelled ? { payment_status: 'cancelled' } : {}) }),
      'POST /api/public/orders/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b/cancel': (c) => {
        if (c.query.get('token') !== 'tok123') return { status: 404, body: { message: 'Not Found' } };
        cancelled = true;
        return ok({ data: order({ payment_status: 'cancelled' }) });
      },
    });
    renderShop(path);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel order 1042?' });
    expect(api.find('POST', '/api/public/orders/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b/cancel')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));
    await waitFor(() => expect(status()).toHaveTextContent('Cancelled'));
    expect(api.find('POST', '/api/public/orders/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b/cancel')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
  });

  const ID = '3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b';
  const paidOrder = () => order({ payment_type: 'stripe', payment_status: 'paid', paid_at: '2031-03-01T10:05:00+01:00' });

  it('offers a fresh link as one small line, mails it with the order’s token and says so', async () => {
    const api = mockApi({
      [`GET /api/public/teams/${TEAM_ID}`]: () => ok({ data: team() }),
      [`GET /api/public/orders/${ID}`]: () => ok({ data: paidOrder() }),
      [`POST /api/public/orders/${ID}/fresh-link`]: (c) =>
        c.query.get('token') === 'tok123'
          ? ok({ success: true, message: 'If the address can receive mail, a fresh link is on its way.' })
          : { status: 404, body: { message: 'Not Found' } },
    });
    renderShop(path);
    const action = await screen.findByRole('button', { name: 'Send me a fresh link' });
    expect(screen.getByText(/more than 30 days after the event started\?/)).toBeInTheDocument();
    // Nothing was refused: no panel of its own.
    expect(screen.queryByRole('heading', { name: 'This link can no longer change the order' })).not.toBeInTheDocument();
    await userEvent.click(action);
    expect(await screen.findByRole('status')).toHaveTextContent('If the address can receive mail, the fresh link is on its way.');
    const posts = api.find('POST', `/api/public/orders/${ID}/fresh-link`);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.query.get('token')).toBe('tok123');
    expect(screen.queryByRole('button', { name: 'Send me a fresh link' })).not.toBeInTheDocument();
  });

  it('says in the page’s language that too many fresh links were asked for (429)', async () => {
    mockApi({
      [`GET /api/public/teams/${TEAM_ID}`]: () => ok({ data: team() }),
      [`GET /api/public/orders/${ID}`]: () => ok({ data: paidOrder() }),
      [`POST /api/public/orders/${ID}/fresh-link`]: () => ({ status: 429, body: { message: 'Too Many Requests' } }),
    });
    renderShop(`/de/shop/${TEAM_ID}/order/${ID}?token=tok123`);
    await userEvent.click(await screen.findByRole('button', { name: 'Neuen Link senden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('In der letzten Stunde wurden schon mehrere neue Links angefordert.');
    expect(screen.queryByText('Too Many Requests')).not.toBeInTheDocument();
    // It can be tried again later.
    expect(screen.getByRole('button', { name: 'Neuen Link senden' })).toBeEnabled();
  });

  it('shows the fresh link as its own panel once a cancellation was refused as LINK_STALE', async () => {
    const api = mockApi({
      [`GET /api/public/teams/${TEAM_ID}`]: () => ok({ data: team() }),
      [`GET /api/public/orders/${ID}`]: () => ok({ data: order() }),
      [`POST /api/public/orders/${ID}/cancel`]: () => ({
        status: 403,
        body: { success: false, code: 'LINK_STALE', message: 'This link can no longer change the order: ask for a fresh link.' },
      }),
      [`POST /api/public/orders/${ID}/fresh-link`]: () => ok({ success: true, message: 'sent' }),
    });
    renderShop(path);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Cancel order 1042?' })).getByRole('button', { name: 'Yes, cancel' }));
    const panel = await screen.findByRole('region', { name: 'This link can no longer change the order' });
    expect(panel).toHaveTextContent('We can send a fresh link, valid for 24 hours, to anna@example.ch.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(status()).toHaveTextContent('Unpaid');
    await userEvent.click(within(panel).getByRole('button', { name: 'Send me a fresh link' }));
    expect(await within(panel).findByRole('status')).toHaveTextContent('the fresh link is on its way');
    expect(api.find('POST', `/api/public/orders/${ID}/fresh-link`)[0]!.query.get('token')).toBe('tok123');
  });

  it('waits for an online payment to be confirmed after the payment page', async () => {
    orderPolling.intervalMs = 20;
    const api = serve(
      order({ payment_type: 'test', payment_status: 'waiting' }),
      order({ payment_type: 'test', payment_status: 'waiting' }),
      order({ payment_type: 'test', payment_status: 'paid', paid_at: '2031-03-01T10:05:00+01:00' }),
    );
    renderShop(path);
    expect(await screen.findByText('We are waiting for the confirmation of your payment…')).toBeInTheDocument();
    await waitFor(() => expect(status()).toHaveTextContent('Paid'));
    expect(screen.getByRole('link', { name: 'Download tickets (PDF)' })).toBeInTheDocument();
    const polls = api.find('GET', '/api/public/orders/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b').length;
    expect(polls).toBe(3);
  });

  it('stops waiting after a while and says so', async () => {
    orderPolling.intervalMs = 20;
    orderPolling.maxMs = 60;
    serve(order({ payment_type: 'stripe', payment_status: 'waiting' }));
    renderShop(path);
    expect(await screen.findByText(/taking longer than usual/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeInTheDocument();
  });

  it('answers a wrong token with “not found”', async () => {
    serve(order());
    renderShop(`/en/shop/${TEAM_ID}/order/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b?token=wrong`);
    expect(await screen.findByText('This page does not exist (any more).')).toBeInTheDocument();
  });
});
