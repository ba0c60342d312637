import {
  memberQuoteReplySchema,
  myMembershipSchema,
  publicSubscriptionSchema,
  type MyMembership,
  type PublicSubscription,
} from '@bookla/shared/subscriptions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BASE, clearXsrfCookie, me, setXsrfCookie, XSRF } from '../test/account-fixtures';
import { activity, filters, order, page, placed, quote, reservation, team, TEAM_ID, ticket } from '../test/fixtures';
import { currentPath, fail, mockApi, ok, renderShop, type Handlers } from '../test/shop-test';

const SUBSCRIPTIONS = `GET /api/public/teams/${TEAM_ID}/subscriptions`;

function subscription(patch: Partial<PublicSubscription> = {}): PublicSubscription {
  return publicSubscriptionSchema.parse({
    id: 4,
    name: 'Yoga unlimited',
    description: 'Every class of the studio.\nCancel any time.',
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
      {
        id: 42,
        name: 'Yearly duo',
        price: 1200,
        price_minor: 120000,
        currency: 'CHF',
        interval: 'year',
        valid_days: null,
        credits: null,
        seats_per_booking: 2,
      },
    ],
    ...patch,
  });
}
const pass = () =>
  subscription({
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
        seats_per_booking: 3,
      },
      {
        id: 52,
        name: 'Trial',
        price: 0,
        price_minor: 0,
        currency: 'CHF',
        interval: 'once',
        valid_days: 1,
        credits: 1,
        seats_per_booking: 1,
      },
    ],
  });

function membership(patch: Partial<MyMembership> = {}): MyMembership {
  return myMembershipSchema.parse({
    id: 90,
    subscription: { id: 5, name: '10-class pass', covers_all: false, activity_ids: [], type_set_ids: [1] },
    tier: { id: 51, name: 'Ten', interval: 'once', seats_per_booking: 2 },
    status: 'active',
    current_period_end: '2031-09-01T00:00:00+02:00',
    credits_left: 7,
    cancel_at_period_end: false,
    usable: true,
    renewal_method: 'none',
    card_label: null,
    can_update_card: false,
    ...patch,
  });
}

const base = (extra: Handlers = {}): Handlers => ({
  [`GET /api/public/teams/${TEAM_ID}`]: () => ok({ data: team() }),
  'GET /sanctum/csrf-cookie': () => {
    setXsrfCookie();
    return { status: 204 };
  },
  ...extra,
});

describe('memberships and passes in the shop', { timeout: 20_000 }, () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    clearXsrfCookie();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists each subscription with its tiers in words, and the list page links there', async () => {
    const api = mockApi(
      base({
        [SUBSCRIPTIONS]: () => ok({ data: [subscription(), pass()] }),
        [`GET /api/public/teams/${TEAM_ID}/filters`]: () => ok({ data: filters() }),
        [`GET /api/public/teams/${TEAM_ID}/activities`]: () => ok(page([activity({ id: 1, name: 'Morning yoga' })])),
      }),
    );
    renderShop(`/en/shop/${TEAM_ID}`);
    const link = await screen.findByRole('link', { name: 'Memberships and passes' });
    expect(link).toHaveAttribute('href', `/en/shop/${TEAM_ID}/subscriptions`);
    await userEvent.setup({ delay: null }).click(link);

    expect(await screen.findByRole('heading', { name: 'Memberships and passes', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Memberships and passes | Yoga Loft'));
    const unlimited = screen.getByRole('article', { name: 'Yoga unlimited' });
    expect(within(unlimited).getByText(/Cancel any time/)).toBeInTheDocument();
    expect(within(unlimited).getByText('Valid for all activities.')).toBeInTheDocument();
    const monthly = within(unlimited).getByRole('group', { name: 'Monthly' });
    expect(monthly).toHaveTextContent('CHF 120.00 per month');
    expect(monthly).toHaveTextContent('Unlimited classes');
    expect(monthly).not.toHaveTextContent('guest');
    expect(within(unlimited).getByRole('group', { name: 'Yearly duo' })).toHaveTextContent("CHF 1'200.00 per year");
    expect(within(unlimited).getByRole('group', { name: 'Yearly duo' })).toHaveTextContent('Unlimited classes · member + 1 guest');
    const ten = within(screen.getByRole('article', { name: '10-class pass' })).getByRole('group', { name: 'Ten' });
    expect(ten).toHaveTextContent('CHF 200.00 one-off, valid 180 days');
    expect(ten).toHaveTextContent('10 classes · member + 2 guests');
    expect(within(screen.getByRole('group', { name: 'Trial' })).getByText('one-off, valid 1 day')).toBeInTheDocument();
    expect(within(ten).getByRole('button', { name: 'Buy: Ten' })).toHaveAttribute('aria-expanded', 'false');
    // One call, shared by the link and the page, without cookies, in the page's language.
    expect(api.find('GET', `/api/public/teams/${TEAM_ID}/subscriptions`)).toHaveLength(1);
    expect(api.find('GET', `/api/public/teams/${TEAM_ID}/subscriptions`)[0]!.query.get('lang')).toBe('en');
  });

  it('speaks German and French', async () => {
    mockApi(base({ [SUBSCRIPTIONS]: () => ok({ data: [pass()] }) }));
    renderShop(`/de/shop/${TEAM_ID}/subscriptions`);
    const ten = await screen.findByRole('group', { name: 'Ten' });
    expect(ten).toHaveTextContent('einmalig, 180 Tage gültig');
    expect(ten).toHaveTextContent('10 Teilnahmen · Mitglied + 2 Gäste');
    expect(within(ten).getByRole('button', { name: 'Kaufen: Ten' })).toBeInTheDocument();
  });

  it('does not even ask while the team’s subscriptions feature is off (no 404 in the console), and says so on the page', async () => {
    const api = mockApi(
      base({
        [`GET /api/public/teams/${TEAM_ID}`]: () => ok({ data: team({ offers_subscriptions: false }) }),
        [SUBSCRIPTIONS]: () => fail(404, { message: 'Not found.' }),
        [`GET /api/public/teams/${TEAM_ID}/filters`]: () => ok({ data: filters() }),
        [`GET /api/public/teams/${TEAM_ID}/activities`]: () => ok(page([activity({ id: 1, name: 'Morning yoga' })])),
      }),
    );
    renderShop(`/en/shop/${TEAM_ID}`);
    await screen.findByRole('heading', { name: 'Morning yoga' });
    expect(screen.queryByRole('link', { name: 'Memberships and passes' })).toBeNull();
    renderShop(`/en/shop/${TEAM_ID}/subscriptions`);
    expect(await screen.findByText('No memberships or passes are on offer at the moment.')).toBeInTheDocument();
    expect(api.find('GET', `/api/public/teams/${TEAM_ID}/subscriptions`)).toHaveLength(0);
  });

  it('shows no link at all while the team sells none (404), and says so on the page itself', async () => {
    const api = mockApi(
      base({
        [SUBSCRIPTIONS]: () => fail(404, { message: 'Not found.' }),
        [`GET /api/public/teams/${TEAM_ID}/filters`]: () => ok({ data: filters() }),
        [`GET /api/public/teams/${TEAM_ID}/activities`]: () => ok(page([activity({ id: 1, name: 'Morning yoga' })])),
      }),
    );
    renderShop(`/en/shop/${TEAM_ID}`);
    await screen.findByRole('heading', { name: 'Morning yoga' });
    await waitFor(() => expect(api.find('GET', `/api/public/teams/${TEAM_ID}/subscriptions`)).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('link', { name: 'Memberships and passes' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    renderShop(`/en/shop/${TEAM_ID}/subscriptions`);
    expect(await screen.findByText('No memberships or passes are on offer at the moment.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('buys a tier with the order call and follows the payment page', async () => {
    const user = userEvent.setup({ delay: null });
    const paymentUrl = `${window.location.origin}/en/shop/${TEAM_ID}/test-payment/pay_1?token=t`;
    const api = mockApi(
      base({
        [SUBSCRIPTIONS]: () => ok({ data: [subscription()] }),
        [`GET ${BASE}/me`]: () => ok({ customer: null }),
        [`POST /api/public/teams/${TEAM_ID}/orders`]: () => ok(placed(order(), paymentUrl), 201),
      }),
    );
    renderShop(`/en/shop/${TEAM_ID}/subscriptions`);
    await user.click(await screen.findByRole('button', { name: 'Buy: Monthly' }));
    const form = screen.getByRole('region', { name: 'Buy Yoga unlimited – Monthly' });
    expect(within(form).getByRole('heading', { name: 'Buy Yoga unlimited – Monthly' })).toHaveFocus();
    expect(within(form).getByText(/as soon as you have confirmed your e-mail address/)).toBeInTheDocument();

    // Checked before sending, like the checkout.
    await user.click(within(form).getByRole('button', { name: 'Place order and pay' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Please check the 5 highlighted fields.');
    expect(within(form).getByLabelText(/^First name/)).toHaveFocus();
    expect(api.find('POST', `/api/public/teams/${TEAM_ID}/orders`)).toHaveLength(0);

    await user.type(within(form).getByLabelText(/^First name/), 'Anna');
    await user.type(within(form).getByLabelText(/^Last name/), 'Muster');
    await user.type(within(form).getByLabelText(/^E-mail/), 'anna@example.ch');
    await user.click(within(form).getByRole('radio', { name: /Invoice/ }));
    await user.click(within(form).getByRole('checkbox', { name: /^I accept/ }));
    await user.click(within(form).getByRole('button', { name: 'Place order and pay' }));
    await waitFor(() => expect(currentPath()).toBe(`/en/shop/${TEAM_ID}/test-payment/pay_1?token=t`));
    const sent = api.find('POST', `/api/public/teams/${TEAM_ID}/orders`)[0]!;
    expect(sent.body).toEqual({
      items: [{ subscription_tier_id: 41, quantity: 1 }],
      customer: { firstname: 'Anna', lastname: 'Muster', email: 'anna@example.ch', phone: null, company: null },
      participants: [],
      answers: {},
      payment_method: 'invoice',
      language: 'en',
      accept_terms: true,
    });
    expect(sent.credentials).toBe('omit');
    expect(sent.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('takes a free tier as free, shows the server’s 422 beside its field, then opens the order page', async () => {
    const user = userEvent.setup({ delay: null });
    let attempts = 0;
    const api = mockApi(
      base({
        [SUBSCRIPTIONS]: () => ok({ data: [pass()] }),
        [`GET ${BASE}/me`]: () => ok({ customer: me() }),
        [`POST /api/public/teams/${TEAM_ID}/orders`]: () =>
          ++attempts === 1
            ? fail(422, {
                message: 'The given data was invalid.',
                errors: {
                  'customer.email': ['This address cannot be used.'],
                  'items.0.subscription_tier_id': ['This tier is no longer sold.'],
                },
              })
            : ok(placed(order({ payment_type: 'free', total: 0 })), 201),
        [`GET /api/public/orders/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b`]: () => ok({ data: order() }),
      }),
    );
    renderShop(`/en/shop/${TEAM_ID}/subscriptions?tier=52`);
    const form = await screen.findByRole('region', { name: 'Buy 10-class pass – Trial' });
    // The logged-in customer's name and address are filled in; a price of 0 is paid "free".
    await waitFor(() => expect(within(form).getByLabelText(/^E-mail/)).toHaveValue('nina@example.ch'));
    expect(within(form).getAllByRole('radio')).toHaveLength(1);
    expect(within(form).getByRole('radio', { name: /Free/ })).toBeChecked();
    await user.click(within(form).getByRole('checkbox', { name: /^I accept/ }));
    await user.click(within(form).getByRole('button', { name: 'Get it now' }));
    expect(await within(form).findByLabelText(/^E-mail/)).toHaveAccessibleDescription('This address cannot be used.');
    expect(within(form).getByRole('alert')).toHaveTextContent('This tier is no longer sold.');
    await user.click(within(form).getByRole('button', { name: 'Get it now' }));
    await waitFor(() => expect(currentPath()).toBe(`/en/shop/${TEAM_ID}/order/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b?token=tok123`));
    expect(api.find('POST', `/api/public/teams/${TEAM_ID}/orders`)[1]!.body).toMatchObject({
      items: [{ subscription_tier_id: 52, quantity: 1 }],
      customer: { firstname: 'Nina', lastname: 'Keller', email: 'nina@example.ch' },
      payment_method: 'free',
    });
  });

  it('lists “my memberships” in the account with status, credits, period and what is due', async () => {
    mockApi(
      base({
        [`GET ${BASE}/me`]: () => ok({ customer: me() }),
        [`GET ${BASE}/bookings`]: () =>
          ok({ data: [], meta: { current_page: 1, last_page: 1, per_page: 10, from: null, to: null, total: 0 }, links: {} }),
        [`GET ${BASE}/memberships`]: () =>
          ok({
            data: [
              membership(),
              membership({
                id: 91,
                subscription: { id: 4, name: 'Yoga unlimited', covers_all: true, activity_ids: [], type_set_ids: [] },
                tier: { id: 41, name: 'Monthly', interval: 'month', seats_per_booking: 1 },
                status: 'past_due',
                credits_left: null,
                usable: false,
              }),
              membership({ id: 92, status: 'expired', credits_left: 0, usable: false, current_period_end: '2030-01-01T00:00:00+01:00' }),
            ],
          }),
      }),
    );
    renderShop(`/en/shop/${TEAM_ID}/account`);
    const section = await screen.findByRole('region', { name: 'My memberships' });
    const items = await within(section).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('10-class pass · Ten');
    expect(items[0]).toHaveTextContent('Active');
    expect(items[0]).toHaveTextContent('7 classes left · Valid until Mon, 1 September 2031');
    expect(items[0]).toHaveTextContent('Can be used for bookings now');
    expect(items[1]).toHaveTextContent('Payment due');
    expect(items[1]).toHaveTextContent('Unlimited classes · Renews on');
    expect(items[1]).toHaveTextContent('Cannot be used for bookings at the moment');
    expect(items[1]).toHaveTextContent('please pay the open invoice');
    expect(items[2]).toHaveTextContent('Expired');
    expect(items[2]).toHaveTextContent('0 classes left · Ended on Tue, 1 January 2030');
    expect(items[2]).not.toHaveTextContent('bookings');
  });

  it('shows no “my memberships” while the team sells none', async () => {
    const api = mockApi(
      base({
        [`GET ${BASE}/me`]: () => ok({ customer: me() }),
        [`GET ${BASE}/bookings`]: () =>
          ok({ data: [], meta: { current_page: 1, last_page: 1, per_page: 10, from: null, to: null, total: 0 }, links: {} }),
        [`GET ${BASE}/memberships`]: () => fail(404, { message: 'Not found.' }),
      }),
    );
    renderShop(`/en/shop/${TEAM_ID}/account`);
    await screen.findByRole('region', { name: 'My bookings' });
    await waitFor(() => expect(api.find('GET', `${BASE}/memberships`)).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('region', { name: 'My memberships' })).toBeNull();
  });
});

// ─── The ticket checkout with a membership ──────────────────────────────────

const yoga = activity({ id: 1, name: 'Morning yoga', tickets: [ticket({ id: 10 })] });
const KEY = `bookla.shop.${TEAM_ID}.reservation`;
const holdThree = () =>
  window.sessionStorage.setItem(
    KEY,
    JSON.stringify({
      ...reservation({
        items: [{ ticket_id: 10, activity_id: 1, name: 'Activity 1 – Adult', quantity: 3, price: 25, total: 75 }],
        total: 75,
      }),
      team_id: TEAM_ID,
      activity_id: 1,
    }),
  );

/** The customer's quote as the server answers it: each member seat at 0 (here: an odd total the browser could not guess). */
function memberQuote(seats: number) {
  const total = Math.max(0, 75 - 25 * seats - (seats ? 0.05 : 0));
  return memberQuoteReplySchema.parse({
    ...quote({ subtotal: total, total, tax_total: 0 }),
    membership_seats: seats,
    membership_value: 25 * seats,
  });
}

function checkout(customer: ReturnType<typeof me> | null, memberships: MyMembership[], extra: Handlers = {}): Handlers {
  return base({
    [`GET /api/public/teams/${TEAM_ID}/activities/1`]: () => ok({ data: yoga }),
    [`POST /api/public/teams/${TEAM_ID}/quote`]: () => ok(quote({ subtotal: 75, total: 75, tax_total: 5.62 })),
    [`POST ${BASE}/quote`]: (call) =>
      ok(
        memberQuote((call.body as { participants: { membership_id: number | null }[] }).participants.filter((p) => p.membership_id).length),
      ),
    [`GET ${BASE}/me`]: () => ok({ customer }),
    [`GET ${BASE}/memberships`]: () => ok({ data: memberships }),
    ...extra,
  });
}
const participant = (n: number) => screen.getByRole('group', { name: new RegExp(`^Participant ${n}`) });
const membershipBox = (n: number) => within(participant(n)).queryByRole('checkbox', { name: /^Use my membership/ });

describe('booking with a membership', { timeout: 20_000 }, () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    clearXsrfCookie();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('offers nothing to a visitor who is not logged in (and does not ask for memberships)', async () => {
    holdThree();
    const api = mockApi(checkout(null, [membership()]));
    renderShop(`/en/shop/${TEAM_ID}/checkout`);
    await screen.findByRole('region', { name: 'Your details' });
    await waitFor(() => expect(api.find('GET', `${BASE}/me`)).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(membershipBox(1)).toBeNull();
    expect(api.find('GET', `${BASE}/memberships`)).toHaveLength(0);
  });

  it('offers only usable memberships that cover the activity', async () => {
    holdThree();
    const api = mockApi(
      checkout(me(), [
        membership({ id: 1, subscription: { id: 6, name: 'Pilates pass', covers_all: false, activity_ids: [99], type_set_ids: [2] } }),
        membership({ id: 2, usable: false }),
        membership({ id: 3, credits_left: 0 }),
      ]),
    );
    renderShop(`/en/shop/${TEAM_ID}/checkout`);
    await screen.findByRole('region', { name: 'Your details' });
    await waitFor(() => expect(api.find('GET', `${BASE}/memberships`)).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(membershipBox(1)).toBeNull();
  });

  it('books up to the tier’s seats with the membership through the customer order call, at 0 for those seats', async () => {
    const user = userEvent.setup({ delay: null });
    holdThree();
    const api = mockApi(
      checkout(me(), [membership()], {
        [`POST ${BASE}/orders`]: () => ok(placed(order()), 201),
        [`GET /api/public/orders/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b`]: () => ok({ data: order() }),
      }),
    );
    renderShop(`/en/shop/${TEAM_ID}/checkout`);
    const first = await waitFor(() => {
      const box = membershipBox(1);
      expect(box).not.toBeNull();
      return box!;
    });
    expect(first).toHaveAccessibleName('Use my membership 10-class pass – Ten (7 classes left)');
    await user.click(first);
    await user.click(membershipBox(2)!);
    // The tier books a member and one guest: the third participant is offered it no more.
    expect(membershipBox(3)).toBeDisabled();
    expect(membershipBox(3)).toHaveAccessibleDescription('Your membership 10-class pass – Ten covers up to 2 participants per booking.');
    // The totals are the server's member quote (asked with the seats and their memberships), not an estimate.
    await waitFor(() => expect(screen.getByText('Total').nextElementSibling).toHaveTextContent('CHF 24.95'));
    expect(screen.getByText('Paid with membership (2 seats)').nextElementSibling).toHaveTextContent('−CHF 50.00');
    expect(screen.getByText('Subtotal').nextElementSibling).toHaveTextContent('CHF 74.95');
    const asked = api.find('POST', `${BASE}/quote`).at(-1)!;
    expect(asked.body).toEqual({
      items: [{ ticket_id: 10, quantity: 3 }],
      products: [],
      discount_code: null,
      participants: [
        { ticket_id: 10, membership_id: 90 },
        { ticket_id: 10, membership_id: 90 },
        { ticket_id: 10, membership_id: null },
      ],
    });
    expect(asked.headers['x-xsrf-token']).toBe(XSRF);
    expect(asked.credentials).toBe('same-origin');

    // The customer's own data is filled in.
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Your details' })).toContainElement(screen.getAllByDisplayValue('nina@example.ch')[0]!),
    );
    await user.click(within(participant(1)).getByRole('button', { name: 'Same as my details' }));
    for (const n of [2, 3]) {
      await user.type(within(participant(n)).getByLabelText(/^First name/), `Guest${n}`);
      await user.type(within(participant(n)).getByLabelText(/^Last name/), 'Keller');
    }
    await user.click(screen.getByRole('radio', { name: /Invoice/ }));
    await user.click(screen.getByRole('checkbox', { name: /^I accept/ }));
    await user.click(screen.getByRole('button', { name: 'Place order and pay' }));
    await waitFor(() => expect(currentPath()).toBe(`/en/shop/${TEAM_ID}/order/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b?token=tok123`));

    expect(api.find('POST', `/api/public/teams/${TEAM_ID}/orders`)).toHaveLength(0);
    const sent = api.find('POST', `${BASE}/orders`)[0]!;
    expect(sent.headers['x-xsrf-token']).toBe(XSRF);
    expect(sent.credentials).toBe('same-origin');
    expect(sent.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    const body = sent.body as { participants: { membership_id?: number; firstname: string }[]; customer: { email: string } };
    expect(body.customer.email).toBe('nina@example.ch');
    expect(body.participants.map((p) => p.membership_id)).toEqual([90, 90, undefined]);
    expect(body.participants.map((p) => p.firstname)).toEqual(['Nina', 'Guest2', 'Guest3']);
  });

  it('shows a 422 for a participant’s membership at that participant', async () => {
    const user = userEvent.setup({ delay: null });
    holdThree();
    const api = mockApi(
      checkout(me(), [membership({ credits_left: null, tier: { id: 51, name: 'Ten', interval: 'once', seats_per_booking: 3 } })], {
        [`POST ${BASE}/orders`]: () =>
          fail(422, {
            message: 'The given data was invalid.',
            errors: { 'participants.1.membership_id': ['This membership cannot book this date.'] },
          }),
      }),
    );
    renderShop(`/en/shop/${TEAM_ID}/checkout`);
    await waitFor(() => expect(membershipBox(1)).not.toBeNull());
    expect(membershipBox(1)).toHaveAccessibleName('Use my membership 10-class pass – Ten (unlimited)');
    for (const n of [1, 2, 3]) await user.click(membershipBox(n)!);
    await waitFor(() => expect(screen.getByText('Total').nextElementSibling).toHaveTextContent('CHF 0.00'));
    await waitFor(() => expect(screen.getAllByDisplayValue('nina@example.ch').length).toBeGreaterThan(0));
    for (const n of [1, 2, 3]) {
      await user.type(within(participant(n)).getByLabelText(/^First name/), `P${n}`);
      await user.type(within(participant(n)).getByLabelText(/^Last name/), 'Keller');
    }
    // Nothing to pay: free.
    expect(screen.queryByRole('radio', { name: /Invoice/ })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /^I accept/ }));
    await user.click(screen.getByRole('button', { name: 'Book now' }));
    const box = await waitFor(() => {
      const b = membershipBox(2)!;
      expect(b).toHaveAccessibleDescription(/This membership cannot book this date\./);
      return b;
    });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveFocus();
    expect((api.find('POST', `${BASE}/orders`)[0]!.body as { payment_method: string }).payment_method).toBe('free');
  });

  it('says so when the credits were used meanwhile (409) and loads the memberships again', async () => {
    const user = userEvent.setup({ delay: null });
    holdThree();
    const api = mockApi(
      checkout(me(), [membership()], {
        [`POST ${BASE}/orders`]: () => fail(409, { message: 'The membership’s credits were used meanwhile.' }),
      }),
    );
    renderShop(`/en/shop/${TEAM_ID}/checkout`);
    await waitFor(() => expect(membershipBox(1)).not.toBeNull());
    await user.click(membershipBox(1)!);
    await waitFor(() => expect(screen.getAllByDisplayValue('nina@example.ch').length).toBeGreaterThan(0));
    for (const n of [1, 2, 3]) {
      await user.type(within(participant(n)).getByLabelText(/^First name/), `P${n}`);
      await user.type(within(participant(n)).getByLabelText(/^Last name/), 'Keller');
    }
    await user.click(screen.getByRole('radio', { name: /Invoice/ }));
    await user.click(screen.getByRole('checkbox', { name: /^I accept/ }));
    await user.click(screen.getByRole('button', { name: 'Place order and pay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The membership’s credits were used meanwhile.');
    await waitFor(() => expect(api.find('GET', `${BASE}/memberships`)).toHaveLength(2));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the embed’s data-view="subscriptions"', () => {
  beforeEach(() => {
    window.name = '';
    window.sessionStorage.clear();
  });
  afterEach(() => {
    window.name = '';
    vi.unstubAllGlobals();
  });

  it('lists the tiers inside the iframe and buys there, links staying in the embed', async () => {
    const user = userEvent.setup({ delay: null });
    const api = mockApi(base({ [SUBSCRIPTIONS]: () => ok({ data: [subscription()] }) }));
    renderShop(`/en/embed/${TEAM_ID}/subscriptions?origin=${encodeURIComponent('https://provider.test')}`);
    await user.click(await screen.findByRole('button', { name: 'Buy: Monthly' }));
    expect(screen.getByRole('region', { name: 'Buy Yoga unlimited – Monthly' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the activities' })).toHaveAttribute('href', `/en/embed/${TEAM_ID}`);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('region', { name: 'Buy Yoga unlimited – Monthly' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Buy: Monthly' })).toHaveFocus());
    // No customer account inside a frame on another site (its cookie is usually blocked).
    expect(api.find('GET', `${BASE}/me`)).toHaveLength(0);
  });

  it('opens the shop’s page of the tier in a new tab when the provider wants checkouts there', async () => {
    mockApi(base({ [SUBSCRIPTIONS]: () => ok({ data: [subscription()] }) }));
    renderShop(`/en/embed/${TEAM_ID}/subscriptions?checkout=tab&origin=${encodeURIComponent('https://provider.test')}`);
    const buy = await screen.findByRole('link', { name: 'Buy: Monthly (opens in a new tab)' });
    expect(buy).toHaveAttribute('href', `${window.location.origin}/en/shop/${TEAM_ID}/subscriptions?tier=41`);
    expect(buy).toHaveAttribute('target', '_blank');
  });
});
