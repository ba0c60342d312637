import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BASE, clearXsrfCookie, me, setXsrfCookie } from '../test/account-fixtures';
import { activity, order, placed, quote, reservation, team, TEAM_ID, ticket } from '../test/fixtures';
import { currentPath, fail, mockApi, ok, renderShop, type Handlers } from '../test/shop-test';

const yoga = activity({ id: 1, name: 'Morning yoga', tickets: [ticket({ id: 10 })] });
const hold = () =>
  window.sessionStorage.setItem(
    `bookla.shop.${TEAM_ID}.reservation`,
    JSON.stringify({ ...reservation(), team_id: TEAM_ID, activity_id: 1 }),
  );

function handlers(extra: Handlers): Handlers {
  return {
    [`GET /api/public/teams/${TEAM_ID}`]: () => ok({ data: team() }),
    [`GET /api/public/teams/${TEAM_ID}/activities/1`]: () => ok({ data: yoga }),
    [`POST /api/public/teams/${TEAM_ID}/quote`]: () => ok(quote()),
    'GET /sanctum/csrf-cookie': () => {
      setXsrfCookie();
      return { status: 204 };
    },
    [`POST /api/public/teams/${TEAM_ID}/orders`]: () => ok(placed(order()), 201),
    'GET /api/public/orders/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b': () => ok({ data: order() }),
    'GET /api/public/orders/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b/cancellation': () => fail(404, {}),
    ...extra,
  };
}

const customer = () => screen.getByRole('region', { name: 'Your details' });
const participant = (n: number) => screen.getByRole('group', { name: new RegExp(`^Participant ${n}`) });

async function fillRest(user: UserEvent) {
  await user.click(within(participant(1)).getByRole('button', { name: 'Same as my details' }));
  await user.type(within(participant(2)).getByLabelText(/^First name/), 'Ben');
  await user.type(within(participant(2)).getByLabelText(/^Last name/), 'Muster');
  await user.click(screen.getByRole('radio', { name: /Invoice/ }));
  await user.click(screen.getByRole('checkbox', { name: /^I accept/ }));
}

describe('the checkout’s customer account', { timeout: 20_000 }, () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    clearXsrfCookie();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('creates the account after the order is placed, and the order page says how it went', async () => {
    const user = userEvent.setup({ delay: null });
    hold();
    const api = mockApi(
      handlers({
        [`GET ${BASE}/me`]: () => ok({ customer: null }),
        [`POST ${BASE}/register`]: () =>
          ok({ success: true, message: 'Almost done: please confirm your e-mail address with the link we have sent you.' }),
      }),
    );
    renderShop(`/en/shop/${TEAM_ID}/checkout`);
    await screen.findByRole('region', { name: 'Your details' });
    await user.type(within(customer()).getByLabelText(/^First name/), 'Anna');
    await user.type(within(customer()).getByLabelText(/^Last name/), 'Muster');
    await user.type(within(customer()).getByLabelText(/^E-mail/), 'anna@example.ch');
    await fillRest(user);

    await user.click(screen.getByRole('checkbox', { name: /^Create a customer account/ }));
    const password = screen.getByLabelText(/^Password/);
    await user.type(password, 'short');
    await user.click(screen.getByRole('button', { name: 'Place order and pay' }));
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAccessibleDescription(/needs at least 8 characters/);
    expect(api.find('POST', `/api/public/teams/${TEAM_ID}/orders`)).toHaveLength(0);

    await user.type(password, '-but-longer');
    // The draft is kept in sessionStorage; the password never is.
    const stored = () =>
      Array.from({ length: window.sessionStorage.length }, (_, i) => window.sessionStorage.getItem(window.sessionStorage.key(i)!)).join(
        '\n',
      );
    expect(stored()).toContain('anna@example.ch');
    expect(stored()).not.toContain('short-but-longer');
    await user.click(screen.getByRole('button', { name: 'Place order and pay' }));
    await waitFor(() => expect(currentPath()).toBe(`/en/shop/${TEAM_ID}/order/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b?token=tok123`));
    expect(await screen.findByText(/please confirm your e-mail address with the link/)).toBeInTheDocument();

    // The order call carries nothing of the account; the account follows the order.
    const orderCall = api.calls.findIndex((c) => c.path === `/api/public/teams/${TEAM_ID}/orders`);
    const registerCall = api.calls.findIndex((c) => c.path === `${BASE}/register`);
    expect(orderCall).toBeGreaterThan(-1);
    expect(registerCall).toBeGreaterThan(orderCall);
    expect(JSON.stringify(api.calls[orderCall]!.body)).not.toContain('short-but-longer');
    expect(api.calls[registerCall]!.body).toEqual({
      email: 'anna@example.ch',
      password: 'short-but-longer',
      firstname: 'Anna',
      lastname: 'Muster',
      language: 'en',
    });
  });

  it('tells on the order page when the account could not be created (the order stands)', async () => {
    const user = userEvent.setup({ delay: null });
    hold();
    mockApi(
      handlers({
        [`GET ${BASE}/me`]: () => ok({ customer: null }),
        [`POST ${BASE}/register`]: () =>
          fail(422, {
            message: 'The given data was invalid.',
            errors: { password: ['This password is too common. Please choose a different one.'] },
          }),
      }),
    );
    renderShop(`/en/shop/${TEAM_ID}/checkout`);
    await screen.findByRole('region', { name: 'Your details' });
    await user.type(within(customer()).getByLabelText(/^First name/), 'Anna');
    await user.type(within(customer()).getByLabelText(/^Last name/), 'Muster');
    await user.type(within(customer()).getByLabelText(/^E-mail/), 'anna@example.ch');
    await fillRest(user);
    await user.click(screen.getByRole('checkbox', { name: /^Create a customer account/ }));
    await user.type(screen.getByLabelText(/^Password/), 'password1');
    await user.click(screen.getByRole('button', { name: 'Place order and pay' }));
    expect(await screen.findByText('Your customer account could not be created')).toBeInTheDocument();
    expect(screen.getByText('This password is too common. Please choose a different one.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create it in My account' })).toHaveAttribute('href', `/en/shop/${TEAM_ID}/account`);
  });

  it('fills in a logged-in customer’s details and offers no second account', async () => {
    hold();
    mockApi(handlers({ [`GET ${BASE}/me`]: () => ok({ customer: me() }) }));
    renderShop(`/en/shop/${TEAM_ID}/checkout`);
    await screen.findByRole('region', { name: 'Your details' });
    await waitFor(() => expect(within(customer()).getByLabelText(/^E-mail/)).toHaveValue('nina@example.ch'));
    expect(within(customer()).getByLabelText(/^First name/)).toHaveValue('Nina');
    expect(within(customer()).getByLabelText(/^Last name/)).toHaveValue('Keller');
    expect(screen.getByText(/You are booking as nina@example.ch/)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /^Create a customer account/ })).not.toBeInTheDocument();
  });
});
