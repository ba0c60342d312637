import type { OrderAdminDetail } from '@bookla/shared/orders-admin';
import type { Order } from '@bookla/shared/selling';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, type FakeCall } from '../../../test/fake-fetch';
import { confirmDialog, listOf, pick, renderSetup, requests, resetScreen, validation } from '../../../test/backoffice';
import { formPath, orderToValues, valuesToBody } from './order-form-values';
import { statusLabel } from './order-status';

function order(over: Partial<Order> = {}): Order {
  return {
    id: 41,
    number: 12,
    created_at: '2026-03-01T09:30:00+01:00',
    company: null,
    salutation: 'mrs',
    firstname: 'Anna',
    lastname: 'Muster',
    email: 'anna@example.com',
    phone: null,
    language: 'de',
    currency: 'CHF',
    payment_type: 'invoice',
    payment_status: 'paid',
    paid_at: '2026-03-02T10:00:00+01:00',
    hold_until: null,
    invoice_due_at: null,
    order_items: [
      {
        id: 301,
        ticket_id: 5,
        activity_id: 7,
        session_id: null,
        name: 'Morning yoga – Adult',
        activity_name: 'Morning yoga',
        ticket_name: 'Adult',
        quantity: 2,
        price: 45,
        total: 90,
        tax_rate: 8.1,
        options: [],
        participants: [
          { id: 501, firstname: 'Ida', lastname: 'Eins', email: null, ticket_code: 'CODE-A', checked_in_at: null },
          { id: 502, firstname: 'Jon', lastname: 'Zwei', email: 'jon@example.com', ticket_code: 'CODE-B', checked_in_at: null },
        ],
      },
    ],
    options: [],
    subtotal: 90,
    discount_code: null,
    discount_total: 0,
    tax_total: 6.74,
    taxes: [{ rate: 8.1, tax: 6.74, gross: 90 }],
    total: 90,
    total_minor: 9000,
    paid: 90,
    refunded: 0,
    remaining: 90,
    credit_notes: [],
    ...over,
  };
}

const DIET = 21;
const ALLERGY = 22;
const NOTE = 20;

function detail(over: Partial<OrderAdminDetail> = {}): OrderAdminDetail {
  const field = { help: '', scope: 'participant' as const, required: false, visible_if: null, options: [] };
  return {
    ...order(),
    events: [
      { id: 1, type: 'created', actor: 'customer', user_name: null, data: {}, created_at: '2026-03-01T09:30:00+01:00' },
      {
        id: 2,
        type: 'paid',
        actor: 'staff',
        user_name: 'Olivia Muster',
        data: { amount_minor: 9000 },
        created_at: '2026-03-02T10:00:00+01:00',
      },
    ],
    payments: [{ id: 9, provider: 'manual', status: 'succeeded', amount: 90, created_at: '2026-03-02T10:00:00+01:00' }],
    platform_fee: 7.6,
    refunded: 20.5,
    remaining: 69.5,
    credit_notes: [{ index: 1, number: '12-1', amount: 20.5, created_at: '2026-03-03T10:00:00+01:00' }],
    refundable: 69.5,
    refundable_minor: 6950,
    refund_method: 'record',
    booking: {
      order_fields: [{ ...field, id: NOTE, type: 'text', label: 'How did you hear of us?', scope: 'order', required: true }],
      answers: { [NOTE]: 'Friends' },
      participants: [501, 502].map((id) => ({
        id,
        order_item_id: 301,
        fields: [
          {
            ...field,
            id: DIET,
            type: 'select' as const,
            label: 'Diet',
            options: [
              { value: 'vegan', label: 'Vegan' },
              { value: 'none', label: 'No preference' },
            ],
          },
          {
            ...field,
            id: ALLERGY,
            type: 'text' as const,
            label: 'Allergies',
            required: true,
            visible_if: { field_id: DIET, values: ['vegan'] },
          },
        ],
        answers: id === 501 ? { [DIET]: 'vegan', [ALLERGY]: 'Nuts' } : { [DIET]: 'none' },
      })),
    },
    actions: { mark_paid: false, cancel: true, refund: true, resend: true, tickets_pdf: true, invoice_pdf: true, receipt_pdf: true },
    ...over,
  };
}

const paid = order();
const partly = order({ id: 42, number: 13, payment_status: 'partially-refunded', lastname: 'Keller', email: 'keller@example.com' });
const waiting = order({ id: 43, number: 14, payment_status: 'waiting', paid_at: null, firstname: 'Ben', lastname: 'Bauer' });
const expired = order({ id: 44, number: 15, payment_status: 'expired', paid_at: null });
const courses = listOf([{ id: 7, name_text: 'Morning yoga' }]);
const lastUrl = (calls: FakeCall[]) => decodeURIComponent(requests(calls, 'GET', '/api/orders').at(-1)?.url ?? '');

describe('orders list', () => {
  beforeAll(async () => {
    await import('../../../routes/backoffice/backoffice-group');
  });
  beforeEach(resetScreen);
  afterEach(() => vi.unstubAllGlobals());

  it('shows number, customer, items, total and the payment status with the spec’s labels', async () => {
    const { calls } = renderSetup('/en/backend/orders', {
      'GET /api/orders': () => json(listOf([paid, partly, waiting, expired])),
      'GET /api/courses': () => json(courses),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: '#12' });
    expect(link).toHaveAttribute('href', '/en/backend/orders/edit/41');
    expect(screen.getByRole('link', { name: 'Open order 12' })).toHaveAttribute('href', '/en/backend/orders/edit/41');
    const row = link.closest('tr')!;
    expect(row).toHaveTextContent('Anna Muster');
    expect(row).toHaveTextContent('2 × Morning yoga – Adult');
    expect(row).toHaveTextContent('CHF 90.00');
    expect(within(row).getByText('Paid').closest('[data-status]')).toHaveAttribute('data-status', 'paid');
    expect(within(row).getByText('Invoice')).toBeInTheDocument();
    expect(within(screen.getByRole('link', { name: '#13' }).closest('tr')!).getByText('Partially-Refunded')).toBeInTheDocument();
    expect(within(screen.getByRole('link', { name: '#14' }).closest('tr')!).getByText('Unpaid')).toBeInTheDocument();
    expect(within(screen.getByRole('link', { name: '#15' }).closest('tr')!).getByText('Cancelled')).toBeInTheDocument();
    // Spec §9: 10 per page, id descending.
    expect(lastUrl(calls)).toContain('perPage=10');
    expect(lastUrl(calls)).toContain('sort[field]=id&sort[type]=desc');
  });

  it('applies text filters after 1.5 s and choices after 0.5 s (spec §9); sorts by a header', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderSetup('/en/backend/orders', {
      'GET /api/orders': () => json(listOf([paid])),
      'GET /api/courses': () => json(courses),
    });
    await screen.findByRole('link', { name: '#12' });
    const before = requests(calls, 'GET', '/api/orders').length;
    const typedAt = Date.now();
    await user.type(screen.getByRole('searchbox', { name: 'Name' }), 'kel');
    expect(requests(calls, 'GET', '/api/orders')).toHaveLength(before);
    await waitFor(() => expect(lastUrl(calls)).toContain('columnFilters[name]=kel'), { timeout: 4000 });
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(1400);
    // One request for the word, not one per letter.
    expect(requests(calls, 'GET', '/api/orders').filter((c) => decodeURIComponent(c.url).includes('columnFilters[name]'))).toHaveLength(1);

    // The choice's shorter delay (FILTER_DELAY.choice) is proven with fake timers by the list
    // toolkit's own tests; an upper bound on wall time here would fail on a busy machine.
    await pick(user, 'Payment status', 'Unpaid');
    await waitFor(() => expect(lastUrl(calls)).toContain('columnFilters[payment_status]=waiting'), { timeout: 3000 });

    await user.type(screen.getByRole('searchbox', { name: 'Number' }), '#1a2{Enter}');
    await waitFor(() => expect(lastUrl(calls)).toContain('columnFilters[number]=#12'));
    await user.click(screen.getByRole('button', { name: 'Total' }));
    await waitFor(() => expect(lastUrl(calls)).toContain('sort[field]=total&sort[type]=asc'));
  }, 20_000);

  it('shows no filters and no export before the first order, only the empty list’s text', async () => {
    renderSetup('/en/backend/orders', {
      'GET /api/orders': () => json(listOf([])),
      'GET /api/courses': () => json(courses),
    });
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    expect(screen.queryByRole('searchbox', { name: 'Name' })).toBeNull();
    expect(screen.queryByRole('button', { name: /export/i })).toBeNull();
  });

  it('on a phone keeps the number and the name in view and folds the other six filters behind a button', async () => {
    const user = userEvent.setup({ delay: null });
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query.includes('max-width'),
        media: query,
        onchange: null,
        addListener: vi.fn(),
        removeListener: vi.fn(),
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        dispatchEvent: vi.fn(),
      })),
    );
    renderSetup('/en/backend/orders?payment_type=invoice', {
      'GET /api/orders': () => json(listOf([paid])),
      'GET /api/courses': () => json(courses),
    });
    await screen.findByRole('link', { name: '#12' });
    expect(screen.getByRole('searchbox', { name: 'Number' })).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Name' })).toBeVisible();
    expect(screen.queryByRole('searchbox', { name: 'E-mail' })).toBeNull();
    const more = screen.getByRole('button', { name: 'More filters (1 in use)' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(await screen.findByRole('searchbox', { name: 'E-mail' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fewer filters' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('selects orders for mass actions: mark paid with a result per order, resend, CSV export of the selection', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderSetup('/en/backend/orders', {
      'GET /api/orders': () => json(listOf([paid, waiting])),
      'GET /api/courses': () => json(courses),
      'POST /api/orders/bulk': (call) =>
        (call.body as { action: string }).action === 'mark-paid'
          ? json({
              success: true,
              message: '1 done, 1 not possible.',
              done: 1,
              failed: 1,
              results: [
                { id: 41, ok: false, payment_status: 'paid', message: 'This order has already been paid.' },
                { id: 43, ok: true, payment_status: 'paid', message: null },
              ],
            })
          : json({
              success: true,
              message: '1 done, 0 not possible.',
              done: 1,
              failed: 0,
              results: [{ id: 41, ok: true, payment_status: 'paid', message: null }],
            }),
    });
    await screen.findByRole('link', { name: '#12' });
    await user.click(screen.getByRole('checkbox', { name: 'Select order 12' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select order 14' }));
    const bar = screen.getByRole('region', { name: 'Selected orders' });
    expect(bar).toHaveTextContent('2 orders selected');
    expect(within(bar).getByRole('link', { name: 'Export selected (CSV)' })).toHaveAttribute(
      'href',
      '/api/orders/export?ids=41%2C43&format=csv&language=en',
    );

    await user.click(within(bar).getByRole('button', { name: 'Mark as paid' }));
    await confirmDialog(user, 'Mark 2 orders as paid?', 'Mark as paid');
    expect(await screen.findByText('#12: This order has already been paid.')).toBeInTheDocument();
    expect(requests(calls, 'POST', '/api/orders/bulk')[0]?.body).toEqual({ action: 'mark-paid', ids: [41, 43] });
    // What failed stays selected.
    expect(screen.getByRole('region', { name: 'Selected orders' })).toHaveTextContent('1 order selected');

    await user.click(within(screen.getByRole('region', { name: 'Selected orders' })).getByRole('button', { name: 'Resend confirmation' }));
    await confirmDialog(user, 'Resend the confirmation of 1 order?', 'Resend confirmation');
    expect(await screen.findByText('1 done, 0 not possible.')).toBeInTheDocument();
    expect(requests(calls, 'POST', '/api/orders/bulk')[1]?.body).toEqual({ action: 'resend', ids: [41] });
    expect(screen.queryByRole('region', { name: 'Selected orders' })).not.toBeInTheDocument();
  }, 20_000);

  it('tells an instructor that the role has no access', async () => {
    const { setAppState } = await import('../../../lib/app-state');
    const { loggedInState, makeTeam } = await import('../../../test/team-fixtures');
    setAppState(loggedInState(makeTeam(3, 'Yoga Zürich', 'instructor')));
    const { calls } = renderSetup('/en/backend/orders', {});
    expect(await screen.findByRole('heading', { level: 1, name: 'No access' })).toBeInTheDocument();
    expect(requests(calls, 'GET', '/api/orders')).toEqual([]);
  });
});

describe('order edit page', () => {
  beforeAll(async () => {
    await import('../../../routes/backoffice/backoffice-group');
  });
  beforeEach(resetScreen);
  afterEach(() => vi.unstubAllGlobals());

  it('shows status, money, documents and history; edits customer, participants and booking answers', async () => {
    const user = userEvent.setup({ delay: null });
    let puts = 0;
    const { calls } = renderSetup('/en/backend/orders/edit/41', {
      'GET /api/orders/41': () => json({ data: detail() }),
      'PUT /api/orders/41': () =>
        ++puts === 1
          ? validation({
              [`participants.1.answers.${ALLERGY}`]: ['This field is required.'],
              'customer.email': ['Please enter a valid e-mail address.'],
            })
          : json({ success: true, message: 'The order has been saved.', data: detail({ lastname: 'Neu' }) }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order 12' })).toBeInTheDocument();
    expect(screen.getAllByText('Paid')[0]!.closest('[data-status]')).toHaveAttribute('data-status', 'paid');
    const items = screen.getByRole('region', { name: 'Items' });
    expect(items).toHaveTextContent('Morning yoga – Adult');
    expect(items).toHaveTextContent('CHF 90.00');
    expect(items).toHaveTextContent('incl. VAT 8.1% on CHF 90.00');
    expect(items).toHaveTextContent(/Refunded− CHF 20.50/);
    expect(screen.getByRole('link', { name: 'Tickets (PDF)' })).toHaveAttribute('href', '/api/orders/41/tickets.pdf');
    // The refund's credit note (issue 22 item 4).
    expect(screen.getByRole('link', { name: /^Credit note 12-1: CHF.20\.50 \(PDF\)$/ })).toHaveAttribute(
      'href',
      '/api/orders/41/credit-notes/1.pdf',
    );
    const history = screen.getByRole('region', { name: 'History' });
    expect(history).toHaveTextContent('Order placed');
    expect(history).toHaveTextContent('Olivia Muster');

    expect(screen.getByRole('textbox', { name: /^How did you hear of us/ })).toHaveValue('Friends');
    const participants = screen.getByRole('region', { name: 'Participants' });
    expect(within(participants).getAllByRole('textbox', { name: /^Allergies/ })).toHaveLength(1);
    // Jon chooses vegan: the allergies field appears (the checkout's visibility rule).
    const jon = within(participants).getByRole('group', { name: /Participant 2/ });
    const diet = within(jon).getByRole('combobox', { name: /^Diet/ });
    await user.click(diet);
    const listbox = await waitFor(
      () => document.getElementById(diet.getAttribute('aria-controls') ?? '') ?? Promise.reject(new Error('no listbox')),
    );
    await user.click(within(listbox).getByRole('option', { name: 'Vegan', hidden: true }));
    await waitFor(() => expect(within(participants).getAllByRole('textbox', { name: /^Allergies/ })).toHaveLength(2));
    const lastname = screen.getAllByRole('textbox', { name: /^Last name/ })[0]!;
    await user.clear(lastname);
    await user.type(lastname, 'Neu');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    await waitFor(() => expect(within(jon).getByRole('textbox', { name: /^Allergies/ })).toHaveAttribute('aria-invalid', 'true'));
    const body = requests(calls, 'PUT', '/api/orders/41')[0]?.body as ReturnType<typeof valuesToBody>;
    expect(body.customer).toEqual({
      salutation: 'mrs',
      firstname: 'Anna',
      lastname: 'Neu',
      email: 'anna@example.com',
      phone: null,
      company: null,
    });
    expect(body.answers).toEqual({ [NOTE]: 'Friends' });
    expect(body.participants.map((p) => [p.id, p.email, p.answers])).toEqual([
      [501, null, { [DIET]: 'vegan', [ALLERGY]: 'Nuts' }],
      [502, 'jon@example.com', { [DIET]: 'vegan', [ALLERGY]: '' }],
    ]);

    await user.type(within(jon).getByRole('textbox', { name: /^Allergies/ }), 'Gluten');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The order has been saved.')).toBeInTheDocument();
  }, 30_000);

  it('refunds an amount in a modal (the server’s 422 at the amount), after confirmations for the other actions', async () => {
    const user = userEvent.setup({ delay: null });
    let refunds = 0;
    const { calls } = renderSetup('/en/backend/orders/edit/41', {
      'GET /api/orders/41': () => json({ data: detail() }),
      'POST /api/orders/41/refund': () =>
        ++refunds === 1
          ? validation({ amount: ['At most CHF 69.50 can still be refunded.'] })
          : json({
              success: true,
              message: 'CHF 20.00 has been refunded.',
              data: detail({ payment_status: 'partially-refunded', refunded: 40.5, refundable: 49.5, refundable_minor: 4950 }),
            }),
      'POST /api/orders/41/resend': () =>
        json({ success: true, message: 'The confirmation has been sent again to anna@example.com.', data: detail() }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Order 12' });
    await user.click(screen.getByRole('button', { name: 'Resend confirmation' }));
    await confirmDialog(user, 'Resend the confirmation?', 'Resend confirmation');
    expect(await screen.findByText('The confirmation has been sent again to anna@example.com.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = (await screen.findAllByRole('dialog', { name: 'Refund order 12' })).at(-1)!;
    expect(dialog).toHaveTextContent('recorded here only');
    const amount = within(dialog).getByRole('textbox', { name: /^Amount/ });
    expect(amount).toHaveValue('69,50');
    expect(within(dialog).getByRole('button', { name: /^Refund CHF.69\.50$/ })).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '70');
    await user.click(within(dialog).getByRole('button', { name: /^Refund CHF.70\.00$/ }));
    expect(await within(dialog).findByText('At most CHF 69.50 can still be refunded.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '20');
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Kind krank');
    await user.click(within(dialog).getByRole('button', { name: /^Refund CHF.20\.00$/ }));
    expect(await screen.findByText('CHF 20.00 has been refunded.')).toBeInTheDocument();
    expect(requests(calls, 'POST', '/api/orders/41/refund').map((c) => c.body)).toEqual([
      { amount: '70', reason: null },
      { amount: '20', reason: 'Kind krank' },
    ]);
    await waitFor(() => expect(screen.getAllByText('Partially-Refunded').length).toBeGreaterThan(0));
  }, 30_000);

  it('cancels a paid order only with a refund, after a confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderSetup('/en/backend/orders/edit/41', {
      'GET /api/orders/41': () => json({ data: detail() }),
      'POST /api/orders/41/cancel': () =>
        json({
          success: true,
          message: 'The order has been cancelled, CHF 69.50 refunded and its seats released.',
          data: detail({ payment_status: 'refunded', actions: { ...detail().actions, cancel: false, refund: false, resend: false } }),
        }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Order 12' });
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = (await screen.findAllByRole('dialog', { name: 'Cancel the order?' })).at(-1)!;
    expect(dialog).toHaveTextContent('Everything still paid (CHF 69.50) is refunded');
    await confirmDialog(user, 'Cancel the order?', 'Cancel order');
    expect(await screen.findByText('The order has been cancelled, CHF 69.50 refunded and its seats released.')).toBeInTheDocument();
    expect(requests(calls, 'POST', '/api/orders/41/cancel')[0]?.body).toEqual({ refund: true });
    // The status badge of the page's header shows the new state.
    await waitFor(() => expect(document.querySelector('[data-status]')).toHaveAttribute('data-status', 'refunded'));
  }, 20_000);

  it('revokes the customer links after a confirmation; the history shows it', async () => {
    const user = userEvent.setup({ delay: null });
    const revoked = {
      id: 3,
      type: 'links_revoked',
      actor: 'staff' as const,
      user_name: 'Olivia Muster',
      data: { link_version: 2 },
      created_at: '2026-03-03T11:00:00+01:00',
    };
    const { calls } = renderSetup('/en/backend/orders/edit/41', {
      'GET /api/orders/41': () => json({ data: detail() }),
      'POST /api/orders/41/revoke-links': () =>
        json({
          success: true,
          message: 'Every link sent so far for this order has been revoked.',
          data: detail({ events: [...detail().events, revoked] }),
        }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Order 12' });
    await user.click(screen.getByRole('button', { name: 'Revoke customer links' }));
    const dialog = (await screen.findAllByRole('dialog', { name: "Revoke the customer's links?" })).at(-1)!;
    expect(dialog).toHaveTextContent('stops working');
    expect(dialog).toHaveTextContent('"Resend confirmation" then sends the customer a new, working link.');
    expect(requests(calls, 'POST', '/api/orders/41/revoke-links')).toHaveLength(0);
    await confirmDialog(user, "Revoke the customer's links?", 'Revoke customer links');
    expect(await screen.findByText('Every link sent so far for this order has been revoked.')).toBeInTheDocument();
    const posts = requests(calls, 'POST', '/api/orders/41/revoke-links');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.url).toMatch(/^\/api\/orders\/41\/revoke-links\?language=en$/);
    const history = screen.getByRole('region', { name: 'History' });
    expect(await within(history).findByText('Customer links revoked')).toBeInTheDocument();
  }, 20_000);

  it('says so for an unknown order', async () => {
    renderSetup('/en/backend/orders/edit/999', { 'GET /api/orders/999': () => json({ message: 'Not Found' }, 404) });
    expect(await screen.findByText('This order does not exist (any more).')).toBeInTheDocument();
  });
});

describe('order helpers', () => {
  it('label statuses as the spec says', () => {
    expect(statusLabel('paid', '2026-01-01T00:00:00Z')).toBe('paid');
    expect(statusLabel('paid', null)).toBe('unpaid');
    expect(statusLabel('waiting', null)).toBe('unpaid');
    for (const s of ['cancelled', 'expired', 'error']) expect(statusLabel(s, null)).toBe('cancelled');
    expect(statusLabel('partially-refunded', 'x')).toBe('partially_refunded');
    expect(statusLabel('something-new', null)).toBeNull();
  });

  it('map answers between the form (f-keys) and the body, and the server’s paths back', () => {
    const values = orderToValues(detail());
    expect(values.answers).toEqual({ [`f${NOTE}`]: 'Friends' });
    expect(values.participants[0]!.answers).toEqual({ [`f${DIET}`]: 'vegan', [`f${ALLERGY}`]: 'Nuts' });
    expect(valuesToBody(values).participants[1]).toEqual({
      id: 502,
      firstname: 'Jon',
      lastname: 'Zwei',
      email: 'jon@example.com',
      answers: { [DIET]: 'none', [ALLERGY]: '' },
    });
    expect(formPath('answers.12')).toBe('answers.f12');
    expect(formPath('participants.3.answers.12.city')).toBe('participants.3.answers.f12.city');
    expect(formPath('customer.email')).toBe('customer.email');
  });
});
