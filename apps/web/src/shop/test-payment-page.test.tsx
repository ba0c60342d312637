import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { team, TEAM_ID, testPayment } from './test/fixtures';
import { currentPath, mockApi, ok, renderShop } from './test/shop-test';

const payment = (status: 'pending' | 'succeeded' = 'pending') => ({ data: testPayment({ status }) });

function serve(status: 'pending' | 'succeeded' = 'pending') {
  return mockApi({
    [`GET /api/public/teams/${TEAM_ID}`]: () => ok({ data: team() }),
    'GET /api/public/test-payments/pay_9': () => ok(payment(status)),
    'POST /api/public/test-payments/pay_9': () =>
      ok({ order_url: `/en/shop/${TEAM_ID}/order/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b?token=tok123` }),
    'GET /api/public/orders/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b': () => ({ status: 404, body: { message: 'Not Found' } }),
  });
}

describe('the test-mode payment page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says unmistakably that no real money moves, and pays', async () => {
    const user = userEvent.setup({ delay: null });
    const api = serve();
    renderShop(`/en/shop/${TEAM_ID}/test-payment/pay_9?token=secret`);
    expect(await screen.findByRole('note')).toHaveTextContent('TEST MODE — no real money');
    expect(await screen.findByText('CHF 45.00')).toBeInTheDocument();
    expect(screen.getByText('1042')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Pay CHF.45\.00 \(test\)$/ }));
    await waitFor(() => expect(currentPath()).toBe(`/en/shop/${TEAM_ID}/order/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b?token=tok123`));
    const post = api.find('POST', '/api/public/test-payments/pay_9')[0]!;
    expect(post.body).toEqual({ outcome: 'pay' });
    expect(post.query.get('token')).toBe('secret');
    expect(api.find('GET', '/api/public/test-payments/pay_9')[0]!.query.get('token')).toBe('secret');
  });

  it('declines', async () => {
    const user = userEvent.setup({ delay: null });
    const api = serve();
    renderShop(`/de/shop/${TEAM_ID}/test-payment/pay_9?token=secret`);
    expect(await screen.findByRole('note')).toHaveTextContent('TESTMODUS — kein echtes Geld');
    await user.click(await screen.findByRole('button', { name: 'Zahlung ablehnen (Test)' }));
    await waitFor(() => expect(api.find('POST', '/api/public/test-payments/pay_9')[0]?.body).toEqual({ outcome: 'decline' }));
  });

  it('offers no buttons once the payment is complete', async () => {
    serve('succeeded');
    renderShop(`/en/shop/${TEAM_ID}/test-payment/pay_9?token=secret`);
    expect(await screen.findByText('This test payment has already been completed.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your order' })).toHaveAttribute(
      'href',
      `${window.location.origin}/en/shop/${TEAM_ID}/order/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b?token=tok123&payment=return`,
    );
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  });
});
