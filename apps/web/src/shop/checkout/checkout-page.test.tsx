import type { PublicBookingField, PublicProduct } from '@bookla/shared/catalogue-tickets';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activity, order, placed, quote, reservation, team, TEAM_ID, ticket } from '../test/fixtures';
import { currentPath, fail, mockApi, ok, renderShop, type Call, type Handlers } from '../test/shop-test';

const field = (patch: Partial<PublicBookingField> & Pick<PublicBookingField, 'id' | 'type' | 'label'>): PublicBookingField => ({
  help: '',
  options: [],
  scope: 'order',
  required: false,
  visible_if: null,
  ...patch,
});
const product = (patch: Partial<PublicProduct> & Pick<PublicProduct, 'id' | 'name'>): PublicProduct => ({
  description: '',
  price: 5,
  price_minor: 500,
  currency: 'CHF',
  tax_rate: 8.1,
  scope: 'order',
  min_per_order: 0,
  max_per_order: null,
  stock_available: null,
  ticket_ids: [],
  ...patch,
});

const yoga = activity({
  id: 1,
  name: 'Morning yoga',
  tickets: [ticket({ id: 10 })],
  booking_fields: [
    field({
      id: 1,
      type: 'select',
      label: 'How did you hear of us?',
      options: [
        { value: 'friend', label: 'A friend' },
        { value: 'other', label: 'Other' },
      ],
    }),
    field({ id: 2, type: 'text', label: 'Please say where', required: true, visible_if: { field_id: 1, values: ['other'] } }),
    field({ id: 11, type: 'checkbox', label: 'First time', scope: 'participant' }),
    field({
      id: 12,
      type: 'text',
      label: 'Your experience',
      scope: 'participant',
      required: true,
      visible_if: { field_id: 11, values: ['1'] },
    }),
  ],
  products: [
    product({ id: 5, name: 'Mat rental', scope: 'participant' }),
    product({ id: 6, name: 'Tea', price: 3, price_minor: 300, max_per_order: 2 }),
  ],
});

const KEY = `bookla.shop.${TEAM_ID}.reservation`;
const hold = (patch: Parameters<typeof reservation>[0] = {}) =>
  window.sessionStorage.setItem(KEY, JSON.stringify({ ...reservation(patch), team_id: TEAM_ID, activity_id: 1 }));

function handlers(extra: Handlers = {}): Handlers {
  return {
    [`GET /api/public/teams/${TEAM_ID}`]: () => ok({ data: team() }),
    [`GET /api/public/teams/${TEAM_ID}/activities/1`]: () => ok({ data: yoga }),
    [`POST /api/public/teams/${TEAM_ID}/quote`]: (c: Call) => {
      const code = (c.body as { discount_code?: string | null }).discount_code;
      if (code === 'SPRING') return ok(quote({ discount_total: 5, total: 45, tax_total: 3.37, discount_code: 'SPRING' }));
      if (code) return fail(422, { message: 'The given data was invalid.', errors: { discount_code: ['This code is not valid.'] } });
      return ok(quote());
    },
    [`DELETE /api/public/reservations/tok_abcdefghijkl`]: () => ({ status: 204 }),
    ...extra,
  };
}

const customer = () => screen.getByRole('region', { name: 'Your details' });
const participant = (n: number) => screen.getByRole('group', { name: new RegExp(`^Participant ${n}`) });

async function fillValid(user: UserEvent) {
  await user.type(within(customer()).getByLabelText(/^First name/), 'Anna');
  await user.type(within(customer()).getByLabelText(/^Last name/), 'Muster');
  await user.type(within(customer()).getByLabelText(/^E-mail/), 'anna@example.ch');
  await user.click(within(participant(1)).getByRole('button', { name: 'Same as my details' }));
  await user.type(within(participant(2)).getByLabelText(/^First name/), 'Ben');
  await user.type(within(participant(2)).getByLabelText(/^Last name/), 'Muster');
  await user.click(screen.getByRole('radio', { name: /Invoice/ }));
  await user.click(screen.getByRole('checkbox', { name: /^I accept/ }));
}

// Real typing into a long form: slow on a busy machine, so a roomier limit than the default.
describe('the checkout', { timeout: 20_000 }, () => {
  beforeEach(() => window.sessionStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows and hides booking fields by their conditions, per order and per participant', async () => {
    const user = userEvent.setup({ delay: null });
    hold();
    mockApi(handlers());
    renderShop(`/en/shop/${TEAM_ID}/checkout`);
    const where = await screen.findByRole('combobox', { name: 'How did you hear of us?' });
    expect(screen.queryByLabelText(/Please say where/)).not.toBeInTheDocument();
    await user.selectOptions(where, 'Other');
    expect(screen.getByLabelText(/Please say where/)).toBeInTheDocument();
    await user.selectOptions(where, 'A friend');
    expect(screen.queryByLabelText(/Please say where/)).not.toBeInTheDocument();

    expect(within(participant(1)).queryByLabelText(/Your experience/)).not.toBeInTheDocument();
    await user.click(within(participant(1)).getByRole('checkbox', { name: 'First time' }));
    expect(within(participant(1)).getByLabelText(/Your experience/)).toBeInTheDocument();
    expect(within(participant(2)).queryByLabelText(/Your experience/)).not.toBeInTheDocument();
    // One participant block per seat, each with the per-participant product.
    expect(within(participant(2)).getByText('Mat rental')).toBeInTheDocument();
  });

  it('checks the form before sending and moves focus to the first problem', async () => {
    const user = userEvent.setup({ delay: null });
    hold();
    const api = mockApi(handlers());
    renderShop(`/en/shop/${TEAM_ID}/checkout`);
    await user.click(await screen.findByRole('button', { name: 'Place order and pay' }));
    const first = within(customer()).getByLabelText(/^First name/);
    await waitFor(() => expect(first).toHaveFocus());
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByText('Please accept the terms and conditions.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/Please check the \d+ highlighted fields/);
    expect(api.find('POST', `/api/public/teams/${TEAM_ID}/orders`)).toHaveLength(0);
  });

  it('puts the server’s 422 errors beside their fields, focuses the first, and loses nothing typed', async () => {
    const user = userEvent.setup({ delay: null });
    hold();
    mockApi(
      handlers({
        [`POST /api/public/teams/${TEAM_ID}/orders`]: () =>
          fail(422, {
            message: 'The given data was invalid.',
            errors: { 'participants.0.answers.12': ['Please describe it in a few words.'], items: ['Changed.'] },
          }),
      }),
    );
    renderShop(`/en/shop/${TEAM_ID}/checkout`);
    await screen.findByRole('region', { name: 'Your details' });
    await fillValid(user);
    await user.click(within(participant(1)).getByRole('checkbox', { name: 'First time' }));
    await user.type(within(participant(1)).getByLabelText(/Your experience/), 'x');
    await user.click(screen.getByRole('button', { name: 'Place order and pay' }));

    const experience = within(participant(1)).getByLabelText(/Your experience/);
    await waitFor(() => expect(experience).toHaveFocus());
    expect(experience).toHaveAttribute('id', 'f-participants-0-answers-12');
    expect(experience).toHaveAccessibleDescription('Please describe it in a few words.');
    // An error without a field of its own is listed at the top.
    expect(screen.getByRole('alert')).toHaveTextContent('Changed.');
    expect(within(customer()).getByLabelText(/^First name/)).toHaveValue('Anna');
    expect(within(participant(1)).getByLabelText(/^First name/)).toHaveValue('Anna');
    expect(within(participant(2)).getByLabelText(/^First name/)).toHaveValue('Ben');
    expect(experience).toHaveValue('x');
    expect(screen.getByRole('checkbox', { name: /^I accept/ })).toBeChecked();
    // Typing again clears that field's error.
    await user.type(experience, 'yz');
    expect(experience).not.toHaveAttribute('aria-invalid');
  });

  it('applies a discount code through the server, and shows its refusal beside the field', async () => {
    const user = userEvent.setup({ delay: null });
    hold();
    const api = mockApi(handlers({ [`POST /api/public/teams/${TEAM_ID}/orders`]: () => ok(placed(order()), 201) }));
    renderShop(`/en/shop/${TEAM_ID}/checkout`);
    const code = await screen.findByRole('textbox', { name: 'Discount code' });
    await user.type(code, 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This code is not valid.')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveValue('NOPE');

    await user.clear(code);
    await user.type(code, 'SPRING');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Code SPRING applied.')).toBeInTheDocument();
    const totals = document.querySelector('dl.totals')!;
    expect(totals).toHaveTextContent('Discount−CHF 5.00');
    expect(totals).toHaveTextContent('TotalCHF 45.00');
    expect(totals).toHaveTextContent('of which VATCHF 3.37');

    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Place order and pay' }));
    await waitFor(() => expect(api.find('POST', `/api/public/teams/${TEAM_ID}/orders`)).toHaveLength(1));
    expect(api.find('POST', `/api/public/teams/${TEAM_ID}/orders`)[0]!.body).toMatchObject({ discount_code: 'SPRING' });
  });

  it('sends the order as the contract says and opens the order page', async () => {
    const user = userEvent.setup({ delay: null });
    hold();
    const api = mockApi(
      handlers({
        [`POST /api/public/teams/${TEAM_ID}/orders`]: () => ok(placed(order()), 201),
        [`GET /api/public/orders/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b`]: () => ok({ data: order() }),
      }),
    );
    renderShop(`/en/shop/${TEAM_ID}/checkout`);
    await screen.findByRole('region', { name: 'Your details' });
    await fillValid(user);
    await user.selectOptions(screen.getByRole('combobox', { name: 'How did you hear of us?' }), 'Other');
    await user.type(screen.getByLabelText(/Please say where/), 'Poster');
    await user.click(within(participant(2)).getByRole('button', { name: 'One more “Mat rental”' }));
    await user.click(screen.getByRole('button', { name: 'One more “Tea”' }));
    await user.click(screen.getByRole('button', { name: 'Place order and pay' }));
    await waitFor(() => expect(currentPath()).toBe(`/en/shop/${TEAM_ID}/order/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b?token=tok123`));
    expect(await screen.findByRole('heading', { name: 'Order 1042' })).toBeInTheDocument();
    const body = api.find('POST', `/api/public/teams/${TEAM_ID}/orders`)[0]!.body;
    expect(body).toEqual({
      reservation_token: 'tok_abcdefghijkl',
      customer: { salutation: null, firstname: 'Anna', lastname: 'Muster', email: 'anna@example.ch', phone: null, company: null },
      participants: [
        { ticket_id: 10, firstname: 'Anna', lastname: 'Muster', email: 'anna@example.ch', answers: {} },
        { ticket_id: 10, firstname: 'Ben', lastname: 'Muster', email: null, answers: {} },
      ],
      answers: { 1: 'other', 2: 'Poster' },
      products: [
        { product_id: 6, quantity: 1 },
        { product_id: 5, quantity: 1, participant_index: 1 },
      ],
      discount_code: null,
      payment_method: 'invoice',
      language: 'en',
      accept_terms: true,
    });
    // The quote followed the products.
    expect(api.find('POST', `/api/public/teams/${TEAM_ID}/quote`).at(-1)!.body).toMatchObject({
      items: [{ ticket_id: 10, quantity: 2 }],
      products: body && (body as { products: unknown }).products,
    });
    expect(window.sessionStorage.getItem(KEY)).toBeNull();
  });

  it('goes to the payment page when the order has one', async () => {
    const user = userEvent.setup({ delay: null });
    hold();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    mockApi(
      handlers({
        [`POST /api/public/teams/${TEAM_ID}/orders`]: () =>
          ok(placed(order({ payment_type: 'test' }), 'https://pay.example/session/1'), 201),
      }),
    );
    renderShop(`/en/shop/${TEAM_ID}/checkout`);
    await screen.findByRole('region', { name: 'Your details' });
    await fillValid(user);
    await user.click(screen.getByRole('radio', { name: /Test payment/ }));
    await user.click(screen.getByRole('button', { name: 'Place order and pay' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/session/1'));
  });

  it('offers only a free booking when nothing is to be paid', async () => {
    hold({ total: 0, items: [{ ticket_id: 10, activity_id: 1, name: 'Open class', quantity: 1, price: 0, total: 0 }] });
    mockApi(handlers({ [`POST /api/public/teams/${TEAM_ID}/quote`]: () => ok(quote({ subtotal: 0, total: 0, tax_total: 0 })) }));
    renderShop(`/en/shop/${TEAM_ID}/checkout`);
    expect(await screen.findByRole('radio', { name: /Free booking/ })).toBeChecked();
    await waitFor(() => expect(screen.queryByRole('radio', { name: /Invoice/ })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Book now' })).toBeInTheDocument();
  });

  it('offers no invoice when the server’s quote leaves it out (the first date is too soon to pay one), and says why', async () => {
    hold();
    mockApi(handlers({ [`POST /api/public/teams/${TEAM_ID}/quote`]: () => ok(quote({ payment_methods: ['free', 'test'] })) }));
    renderShop(`/en/shop/${TEAM_ID}/checkout`);
    expect(await screen.findByText(/Paying by invoice is not possible: the first date is too soon/)).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Invoice/ })).not.toBeInTheDocument();
    // The only method left is chosen.
    expect(screen.getByRole('radio', { name: /Test payment/ })).toBeChecked();
  });

  it('counts down the hold and offers to reserve again when it runs out, keeping what was typed', async () => {
    const user = userEvent.setup({ delay: null });
    hold({ expires_at: new Date(Date.now() + 1500).toISOString() });
    const api = mockApi(
      handlers({
        [`POST /api/public/teams/${TEAM_ID}/reservations`]: () => ok(reservation({ token: 'tok_renewed_12345' }), 201),
        [`DELETE /api/public/reservations/tok_renewed_12345`]: () => ({ status: 204 }),
      }),
    );
    renderShop(`/en/shop/${TEAM_ID}/checkout`);
    await user.type(await within(await screen.findByRole('region', { name: 'Your details' })).findByLabelText(/^First name/), 'Anna');
    expect(document.querySelector('.clock')!.textContent).toMatch(/^00:0[0-2]$/);
    const dialog = await screen.findByRole('dialog', { name: 'Reservation expired' }, { timeout: 4000 });
    expect(document.querySelector('.clock')).toHaveTextContent('00:00');
    await user.click(within(dialog).getByRole('button', { name: 'Reserve again' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.find('POST', `/api/public/teams/${TEAM_ID}/reservations`)[0]!.body).toEqual({ items: [{ ticket_id: 10, quantity: 2 }] });
    expect(document.querySelector('.clock')!.textContent).toMatch(/^1[45]:\d\d$/);
    expect(within(customer()).getByLabelText(/^First name/)).toHaveValue('Anna');
  });

  it('announces the time left only once a minute', async () => {
    hold({ expires_at: new Date(Date.now() + 14 * 60_000 + 30_000).toISOString() });
    mockApi(handlers());
    renderShop(`/en/shop/${TEAM_ID}/checkout`);
    const live = await screen.findByText('Your seats are held for 15 more minutes.');
    expect(live).toHaveAttribute('aria-live', 'polite');
    expect(document.querySelector('.clock')!.closest('[aria-hidden]')).not.toBeNull();
  });

  it('says a long hold in hours and minutes (a waiting-list offer: "11 h 58 min", not "718 minutes")', async () => {
    hold({ expires_at: new Date(Date.now() + (11 * 60 + 57) * 60_000 + 30_000).toISOString() });
    mockApi(handlers());
    renderShop(`/en/shop/${TEAM_ID}/checkout`);
    expect(await screen.findByText('Your seats are held for 11 h 58 min more.')).toHaveAttribute('aria-live', 'polite');
  });

  it('gives the seats back on cancel and on the back button', async () => {
    const user = userEvent.setup({ delay: null });
    hold();
    const api = mockApi(handlers());
    renderShop(`/en/shop/${TEAM_ID}/checkout`);
    await user.click(await screen.findByRole('button', { name: 'Cancel and release the seats' }));
    await waitFor(() => expect(currentPath()).toBe(`/en/shop/${TEAM_ID}/activity/1`));
    const release = api.find('DELETE', '/api/public/reservations/tok_abcdefghijkl');
    expect(release).toHaveLength(1);
    expect(release[0]!.keepalive).toBe(true);

    hold();
    window.history.pushState(null, '', `/en/shop/${TEAM_ID}/checkout`);
    window.dispatchEvent(new PopStateEvent('popstate'));
    await screen.findByRole('button', { name: 'Cancel and release the seats' });
    // Back to the checkout in another language is no leaving.
    window.history.replaceState(null, '', `/de/shop/${TEAM_ID}/checkout`);
    window.dispatchEvent(new PopStateEvent('popstate'));
    await screen.findByRole('button', { name: 'Abbrechen und Plätze freigeben' });
    expect(api.find('DELETE', '/api/public/reservations/tok_abcdefghijkl')).toHaveLength(1);
    window.history.replaceState(null, '', `/en/shop/${TEAM_ID}/activity/1`);
    window.dispatchEvent(new PopStateEvent('popstate'));
    await waitFor(() => expect(api.find('DELETE', '/api/public/reservations/tok_abcdefghijkl')).toHaveLength(2));
    expect(window.sessionStorage.getItem(KEY)).toBeNull();
  });

  it('says clearly when the seats were sold meanwhile, and leads back to the activity', async () => {
    const user = userEvent.setup({ delay: null });
    hold();
    mockApi(
      handlers({
        [`POST /api/public/teams/${TEAM_ID}/orders`]: () => fail(409, { message: 'These seats are sold out.', code: 'SOLD_OUT' }),
      }),
    );
    renderShop(`/en/shop/${TEAM_ID}/checkout`);
    await screen.findByRole('region', { name: 'Your details' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Place order and pay' }));
    expect(await screen.findByText('Sorry, these seats are no longer available.')).toBeInTheDocument();
    expect(screen.getByText('These seats are sold out.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to the activity' }));
    await waitFor(() => expect(currentPath()).toBe(`/en/shop/${TEAM_ID}/activity/1`));
  });

  it('shows the server’s message when the visitor already holds the activity’s limit of unpaid seats (409 HOLD_LIMIT), not “expired”', async () => {
    const user = userEvent.setup({ delay: null });
    hold();
    const text = 'You already hold 8 unpaid seats of this activity; at most 10 can be held at once.';
    mockApi(
      handlers({
        [`POST /api/public/teams/${TEAM_ID}/orders`]: () => fail(409, { message: text, code: 'HOLD_LIMIT', limit: 10, held: 8 }),
      }),
    );
    renderShop(`/en/shop/${TEAM_ID}/checkout`);
    await screen.findByRole('region', { name: 'Your details' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Place order and pay' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByText('Sorry, these seats are no longer available.')).toBeNull();
  });

  it('sends the same order again with the same Idempotency-Key after a lost reply, and a changed one with a new key', async () => {
    const user = userEvent.setup({ delay: null });
    hold();
    let answers = 0;
    const api = mockApi(
      handlers({
        [`POST /api/public/teams/${TEAM_ID}/orders`]: () => {
          answers += 1;
          if (answers === 1) throw new TypeError('Failed to fetch');
          if (answers === 2)
            return fail(409, {
              message: 'This order is still being placed. Please try again in a moment.',
              code: 'IDEMPOTENCY_IN_PROGRESS',
            });
          return fail(422, { message: 'The given data was invalid.', errors: { 'customer.phone': ['Check the number.'] } });
        },
      }),
    );
    renderShop(`/en/shop/${TEAM_ID}/checkout`);
    await screen.findByRole('region', { name: 'Your details' });
    await fillValid(user);
    const place = () => user.click(screen.getByRole('button', { name: 'Place order and pay' }));
    await place();
    expect(await screen.findByText(/No connection to the server/)).toBeInTheDocument();
    await place();
    expect(await screen.findByText('This order is still being placed. Please try again in a moment.')).toBeInTheDocument();
    const sent = () => api.find('POST', `/api/public/teams/${TEAM_ID}/orders`);
    await waitFor(() => expect(sent()).toHaveLength(2));
    const key = sent()[0]!.headers['idempotency-key'];
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(sent()[1]!.headers['idempotency-key']).toBe(key);
    // Another order (the form changed): a new key.
    await user.type(within(customer()).getByLabelText(/^First name/), 'x');
    await place();
    await waitFor(() => expect(sent()).toHaveLength(3));
    expect(sent()[2]!.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    expect(sent()[2]!.headers['idempotency-key']).not.toBe(key);
  });

  it('says when no seats are held', async () => {
    mockApi(handlers());
    renderShop(`/de/shop/${TEAM_ID}/checkout`);
    expect(await screen.findByText('Für Sie sind keine Plätze (mehr) reserviert.')).toBeInTheDocument();
  });
});
