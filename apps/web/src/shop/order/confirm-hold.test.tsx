import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { order, team, TEAM_ID } from '../test/fixtures';
import { currentPath, mockApi, ok, renderShop } from '../test/shop-test';

/** Issue 20 item 1: the order page opened from the confirmation mail POSTs its `confirm` key once. */
function serve() {
  let confirmed = false;
  const api = mockApi({
    [`GET /api/public/teams/${TEAM_ID}`]: () => ok({ data: team() }),
    'GET /api/public/orders/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b': () =>
      ok({ data: order({ payment_type: 'invoice', payment_status: 'waiting', paid_at: null }) }),
    'POST /api/public/orders/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b/confirm': (c) => {
      confirmed = c.query.get('token') === 'tok123' && c.query.get('confirm') === 'key456';
      return confirmed ? { status: 204 } : { status: 404, body: { message: 'Not Found' } };
    },
  });
  return { api, confirmed: () => confirmed };
}

describe('confirming the hold from the mail', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('POSTs the mail’s key with the order token, then drops it from the address bar', async () => {
    const s = serve();
    renderShop(`/en/shop/${TEAM_ID}/order/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b?token=tok123&confirm=key456`);
    await screen.findByRole('heading', { name: 'Order 1042' });
    await waitFor(() => expect(s.confirmed()).toBe(true));
    expect(s.api.find('POST', '/api/public/orders/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b/confirm')).toHaveLength(1);
    expect(currentPath()).toBe(`/en/shop/${TEAM_ID}/order/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b?token=tok123`);
  });

  it('sends nothing when the page is opened without the key (the checkout’s own link)', async () => {
    const s = serve();
    renderShop(`/en/shop/${TEAM_ID}/order/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b?token=tok123`);
    await screen.findByRole('heading', { name: 'Order 1042' });
    expect(s.api.find('POST', '/api/public/orders/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b/confirm')).toHaveLength(0);
  });
});
