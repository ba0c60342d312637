import { myMembershipSchema, publicSubscriptionSchema, type MyMembership } from '@bookla/shared/subscriptions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BASE, me } from '../test/account-fixtures';
import { activity, filters, page, team, TEAM_ID } from '../test/fixtures';
import { mockApi, ok, renderShop, type Handlers } from '../test/shop-test';

/** Issue 24: a logged-in customer sees the activities their membership covers as "included" on the cards. */

const SUBSCRIPTIONS = `GET /api/public/teams/${TEAM_ID}/subscriptions`;
const ME = `GET ${BASE}/me`;
const MEMBERSHIPS = `GET ${BASE}/memberships`;

const published = () =>
  publicSubscriptionSchema.parse({
    id: 5,
    name: '10-class pass',
    description: '',
    covers_all: false,
    tiers: [
      {
        id: 51,
        name: 'Ten',
        price: 200,
        price_minor: 20000,
        currency: 'CHF',
        interval: 'once',
        valid_days: 180,
        credits: 10,
        seats_per_booking: 1,
      },
    ],
  });

function membership(patch: Partial<MyMembership> = {}): MyMembership {
  return myMembershipSchema.parse({
    id: 90,
    subscription: { id: 5, name: '10-class pass', covers_all: false, activity_ids: [1], type_set_ids: [] },
    tier: { id: 51, name: 'Ten', interval: 'once', seats_per_booking: 1 },
    status: 'active',
    current_period_end: '2031-09-01T00:00:00+02:00',
    credits_left: 3,
    cancel_at_period_end: false,
    usable: true,
    renewal_method: 'none',
    card_label: null,
    can_update_card: false,
    ...patch,
  });
}

/** Morning yoga (1, type set Yoga), Pilates mat (2, type set Pilates), Evening flow (3, type set Yoga). */
const activities = () => [
  activity({ id: 1, name: 'Morning yoga' }),
  activity({ id: 2, name: 'Pilates mat', type_set: { id: 2, name: 'Pilates' } }),
  activity({ id: 3, name: 'Evening flow' }),
];

function shop(memberships: MyMembership[] | null, extra: Handlers = {}) {
  return mockApi({
    [`GET /api/public/teams/${TEAM_ID}`]: () => ok({ data: team() }),
    [`GET /api/public/teams/${TEAM_ID}/filters`]: () => ok({ data: filters() }),
    [`GET /api/public/teams/${TEAM_ID}/activities`]: () => ok(page(activities())),
    [SUBSCRIPTIONS]: () => ok({ data: [published()] }),
    [ME]: () => ok({ customer: memberships ? me() : null }),
    [MEMBERSHIPS]: () => ok({ data: memberships ?? [] }),
    ...extra,
  });
}

const card = (name: string) => screen.getByRole('heading', { name }).closest('article') as HTMLElement;

describe('"Included in your membership" on the activity cards', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('marks the activities an active membership covers, with the classes left, and no others', async () => {
    const api = shop([membership()]);
    renderShop(`/en/shop/${TEAM_ID}`);
    await screen.findByRole('heading', { name: 'Morning yoga' });
    expect(await within(card('Morning yoga')).findByText('Included in your membership')).toBeInTheDocument();
    expect(within(card('Morning yoga')).getByText('3 classes left')).toBeInTheDocument();
    expect(within(card('Pilates mat')).queryByText('Included in your membership')).toBeNull();
    expect(within(card('Evening flow')).queryByText('Included in your membership')).toBeNull();
    // The customer calls carry the customer cookie; the memberships are asked once.
    expect(api.find('GET', `${BASE}/me`)[0]!.credentials).toBe('same-origin');
    expect(api.find('GET', `${BASE}/memberships`)).toHaveLength(1);
  });

  it('covers by type set too; an unlimited membership shows no count, and the best of several wins', async () => {
    shop([
      membership({
        id: 91,
        subscription: { id: 6, name: 'Yoga', covers_all: false, activity_ids: [], type_set_ids: [1] },
        credits_left: 1,
      }),
      membership({
        id: 92,
        subscription: { id: 7, name: 'Morning', covers_all: false, activity_ids: [1], type_set_ids: [] },
        credits_left: null,
      }),
    ]);
    renderShop(`/en/shop/${TEAM_ID}`);
    await screen.findByRole('heading', { name: 'Evening flow' });
    const evening = card('Evening flow');
    expect(await within(evening).findByText('Included in your membership')).toBeInTheDocument();
    expect(within(evening).getByText('1 class left')).toBeInTheDocument();
    const morning = card('Morning yoga');
    expect(within(morning).getByText('Included in your membership')).toBeInTheDocument();
    expect(within(morning).queryByText(/left/)).toBeNull();
    expect(within(card('Pilates mat')).queryByText('Included in your membership')).toBeNull();
  });

  it('shows nothing for a membership that is past due, used up or not usable yet', async () => {
    shop([
      membership({ id: 93, status: 'past_due', usable: false }),
      membership({ id: 94, credits_left: 0 }),
      membership({ id: 95, usable: false }),
      // Usable, but for Pilates only: once its badge is there, the others have been weighed.
      membership({ id: 96, subscription: { id: 8, name: 'Pilates', covers_all: false, activity_ids: [2], type_set_ids: [] } }),
    ]);
    renderShop(`/en/shop/${TEAM_ID}`);
    await screen.findByRole('heading', { name: 'Morning yoga' });
    expect(await within(card('Pilates mat')).findByText('Included in your membership')).toBeInTheDocument();
    expect(within(card('Morning yoga')).queryByText('Included in your membership')).toBeNull();
    expect(within(card('Evening flow')).queryByText('Included in your membership')).toBeNull();
  });

  it('asks nothing about memberships for a visitor who is not logged in', async () => {
    const api = shop(null);
    renderShop(`/en/shop/${TEAM_ID}`);
    await screen.findByRole('link', { name: 'Memberships and passes' });
    await waitFor(() => expect(api.find('GET', `${BASE}/me`)).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(api.find('GET', `${BASE}/memberships`)).toHaveLength(0);
    expect(screen.queryByText('Included in your membership')).toBeNull();
  });

  it('speaks German, and goes with the list page', async () => {
    shop([membership({ credits_left: 2 })], {
      [`GET /api/public/teams/${TEAM_ID}/activities/1`]: () => ok({ data: activities()[0] }),
    });
    renderShop(`/de/shop/${TEAM_ID}`);
    await screen.findByRole('heading', { name: 'Morning yoga' });
    expect(await within(card('Morning yoga')).findByText('In Ihrem Abo inbegriffen')).toBeInTheDocument();
    expect(within(card('Morning yoga')).getByText('Noch 2 Teilnahmen')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('link', { name: 'Morning yoga' }));
    await screen.findByRole('heading', { name: 'Morning yoga', level: 1 });
    expect(screen.queryByText('In Ihrem Abo inbegriffen')).toBeNull();
  });
});
