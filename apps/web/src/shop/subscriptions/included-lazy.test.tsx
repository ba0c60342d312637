import { publicSubscriptionSchema } from '@bookla/shared/subscriptions';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BASE } from '../test/account-fixtures';
import { activity, filters, page, team, TEAM_ID } from '../test/fixtures';
import { fail, mockApi, ok, renderShop, type Handlers } from '../test/shop-test';

/**
 * The cards' "Included in your membership" is a chunk of its own (the shop's first bundle has no
 * room): a visitor who is not logged in, or a team that sells no memberships, never loads it.
 */
const loaded = vi.hoisted(() => vi.fn());
vi.mock('./included', async (importOriginal) => {
  loaded();
  return importOriginal();
});

const handlers = (extra: Handlers): Handlers => ({
  [`GET /api/public/teams/${TEAM_ID}`]: () => ok({ data: team() }),
  [`GET /api/public/teams/${TEAM_ID}/filters`]: () => ok({ data: filters() }),
  [`GET /api/public/teams/${TEAM_ID}/activities`]: () => ok(page([activity({ id: 1, name: 'Morning yoga' })])),
  ...extra,
});

const subscription = () =>
  publicSubscriptionSchema.parse({
    id: 4,
    name: 'Yoga unlimited',
    description: '',
    covers_all: true,
    tiers: [
      {
        id: 41,
        name: 'Monthly',
        price: 120,
        price_minor: 12000,
        currency: 'CHF',
        interval: 'month',
        valid_days: null,
        credits: null,
        seats_per_booking: 1,
      },
    ],
  });

describe('the "included" chunk', { timeout: 120_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is not loaded for a visitor who is not logged in', async () => {
    const api = mockApi(
      handlers({
        [`GET /api/public/teams/${TEAM_ID}/subscriptions`]: () => ok({ data: [subscription()] }),
        [`GET ${BASE}/me`]: () => ok({ customer: null }),
      }),
    );
    renderShop(`/en/shop/${TEAM_ID}`);
    await screen.findByRole('link', { name: 'Memberships and passes' });
    await waitFor(() => expect(api.find('GET', `${BASE}/me`)).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(loaded).not.toHaveBeenCalled();
    expect(api.find('GET', `${BASE}/memberships`)).toHaveLength(0);
  });

  it('is not loaded, and nobody is asked whether a customer is logged in, while the team sells no memberships', async () => {
    const api = mockApi(handlers({ [`GET /api/public/teams/${TEAM_ID}/subscriptions`]: () => fail(404, { message: 'Not found.' }) }));
    renderShop(`/en/shop/${TEAM_ID}`);
    await screen.findByRole('heading', { name: 'Morning yoga' });
    await waitFor(() => expect(api.find('GET', `/api/public/teams/${TEAM_ID}/subscriptions`)).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(api.find('GET', `${BASE}/me`)).toHaveLength(0);
    expect(loaded).not.toHaveBeenCalled();
  });

  it('is loaded for a logged-in customer (the control)', async () => {
    mockApi(
      handlers({
        [`GET /api/public/teams/${TEAM_ID}/subscriptions`]: () => ok({ data: [subscription()] }),
        [`GET ${BASE}/me`]: () =>
          ok({
            customer: {
              id: 3,
              email: 'nina@example.ch',
              firstname: 'Nina',
              lastname: 'Keller',
              company: null,
              language: 'en',
              email_verified: true,
              has_password: true,
            },
          }),
        [`GET ${BASE}/memberships`]: () => ok({ data: [] }),
      }),
    );
    renderShop(`/en/shop/${TEAM_ID}`);
    // The chunk is transformed on its first import, which takes seconds on a busy machine: the wait
    // is for the condition, its limit only detects a hang (decision 015). The file runs in a module
    // graph of its own (vitest.config.ts, webIsolated): a shared worker may have loaded ./included.
    await waitFor(() => expect(loaded).toHaveBeenCalledTimes(1), { timeout: 60_000 });
  });
});
