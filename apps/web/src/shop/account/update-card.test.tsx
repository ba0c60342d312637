import { myMembershipSchema, type MyMembership } from '@bookla/shared/subscriptions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BASE, clearXsrfCookie, me, setXsrfCookie } from '../test/account-fixtures';
import { team, TEAM_ID, testPayment } from '../test/fixtures';
import { currentPath, fail, mockApi, ok, renderShop, type Handlers } from '../test/shop-test';

/** Card renewals in the shop (issue 24): the renewal method, "update card", and the test page's "save card". */

function membership(patch: Partial<MyMembership> = {}): MyMembership {
  return myMembershipSchema.parse({
    id: 91,
    subscription: { id: 4, name: 'Yoga unlimited', covers_all: true, activity_ids: [], type_set_ids: [] },
    tier: { id: 41, name: 'Monthly', interval: 'month', seats_per_booking: 1 },
    status: 'active',
    current_period_end: '2031-09-01T00:00:00+02:00',
    credits_left: null,
    cancel_at_period_end: false,
    usable: true,
    renewal_method: 'card',
    card_label: 'visa •••• 4242',
    can_update_card: false,
    ...patch,
  });
}

const base = (memberships: MyMembership[], extra: Handlers = {}): Handlers => ({
  [`GET /api/public/teams/${TEAM_ID}`]: () => ok({ data: team() }),
  'GET /sanctum/csrf-cookie': () => {
    setXsrfCookie();
    return { status: 204 };
  },
  [`GET ${BASE}/me`]: () => ok({ customer: me() }),
  [`GET ${BASE}/bookings`]: () =>
    ok({ data: [], meta: { current_page: 1, last_page: 1, per_page: 10, from: null, to: null, total: 0 }, links: {} }),
  [`GET ${BASE}/memberships`]: () => ok({ data: memberships }),
  ...extra,
});

describe('card renewals in "my memberships"', { timeout: 20_000 }, () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    clearXsrfCookie();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('says how each membership renews, with the saved card’s brand and digits', async () => {
    mockApi(
      base([
        membership(),
        membership({ id: 92, renewal_method: 'invoice', card_label: null }),
        membership({ id: 93, renewal_method: 'free', card_label: null }),
      ]),
    );
    renderShop(`/en/shop/${TEAM_ID}/account`);
    const section = await screen.findByRole('region', { name: 'My memberships' });
    const items = await within(section).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Renews with your saved card visa •••• 4242');
    expect(items[1]).toHaveTextContent('Renews by invoice');
    expect(items[2]).toHaveTextContent('Renews free of charge');
    expect(screen.queryByRole('button', { name: 'Update card and pay' })).not.toBeInTheDocument();
  });

  it('a declined card: "update card" opens the payment page of the open renewal', async () => {
    const user = userEvent.setup({ delay: null });
    const api = mockApi(
      base([membership({ status: 'past_due', usable: false, can_update_card: true })], {
        [`POST ${BASE}/memberships/91/update-card`]: () => ok({ payment_url: `/en/shop/${TEAM_ID}/test-payment/77?token=abc` }),
        'GET /api/public/test-payments/77': () => ok({ data: testPayment({ id: 77, can_save_card: true }) }),
      }),
    );
    renderShop(`/de/shop/${TEAM_ID}/account`);
    expect(await screen.findByText(/Ihre gespeicherte Karte wurde für die Verlängerung abgelehnt/)).toBeInTheDocument();
    expect(screen.queryByText(/offene Rechnung/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Karte ändern und bezahlen' }));
    await waitFor(() => expect(currentPath()).toBe(`/en/shop/${TEAM_ID}/test-payment/77?token=abc`));
    expect(api.find('POST', `${BASE}/memberships/91/update-card`)).toHaveLength(1);
  });

  it('says when the card payment cannot be opened', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi(
      base([membership({ status: 'past_due', usable: false, can_update_card: true })], {
        [`POST ${BASE}/memberships/91/update-card`]: () => fail(409, { message: 'Card payments are not available at the moment.' }),
      }),
    );
    renderShop(`/en/shop/${TEAM_ID}/account`);
    await user.click(await screen.findByRole('button', { name: 'Update card and pay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Card payments are not available at the moment.');
  });
});

describe('the test page keeps a test card for renewals', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers it for a renewing tier and sends the choice with the payment', async () => {
    const user = userEvent.setup({ delay: null });
    const api = mockApi({
      [`GET /api/public/teams/${TEAM_ID}`]: () => ok({ data: team() }),
      'GET /api/public/test-payments/pay_9': () => ok({ data: testPayment({ can_save_card: true }) }),
      'POST /api/public/test-payments/pay_9': () => ok({ order_url: `/en/shop/${TEAM_ID}/account` }),
      [`GET ${BASE}/me`]: () => fail(401, { message: 'Unauthenticated.' }),
    });
    renderShop(`/en/shop/${TEAM_ID}/test-payment/pay_9?token=secret`);
    const group = await screen.findByRole('group', { name: 'Save the test card for renewals' });
    expect(within(group).getByRole('radio', { name: 'Save a test card (renewals are paid)' })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: 'Save a test card that declines renewals' }));
    await user.click(screen.getByRole('button', { name: /^Pay CHF.45\.00 \(test\)$/ }));
    await waitFor(() =>
      expect(api.find('POST', '/api/public/test-payments/pay_9')[0]?.body).toEqual({ outcome: 'pay', save_card: 'declines' }),
    );
  });

  it('offers nothing for other orders', async () => {
    mockApi({
      [`GET /api/public/teams/${TEAM_ID}`]: () => ok({ data: team() }),
      'GET /api/public/test-payments/pay_9': () => ok({ data: testPayment() }),
    });
    renderShop(`/en/shop/${TEAM_ID}/test-payment/pay_9?token=secret`);
    expect(await screen.findByText('CHF 45.00')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Save the test card for renewals' })).not.toBeInTheDocument();
  });
});
