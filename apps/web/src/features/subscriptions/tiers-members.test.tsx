import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/fake-fetch';
import { confirmDialog, listOf, renderSetup, requests, resetScreen, validation } from '../../test/backoffice';
import { lea, leaDetail, leaMonthly, pass, tom, yoga } from './subscription-fixtures';

const saved = (message: string) => () => json({ success: true, message, data: pass });

describe('tier form', () => {
  beforeAll(async () => {
    await import('../../routes/backoffice/backoffice-group');
  });
  beforeEach(resetScreen);
  afterEach(() => vi.unstubAllGlobals());

  it('creates a monthly tier: no valid days, unlimited credits as null, the company’s tax rate', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, router } = renderSetup('/en/backend/subscription/4/tier/create', {
      'GET /api/subscriptions/4': () => json({ data: yoga }),
      'GET /api/subscriptions/4/members': () => json(listOf([])),
      'GET /api/courses': () => json(listOf([])),
      'GET /api/course/type_sets': () => json(listOf([])),
      'POST /api/subscriptions/4/tiers': saved('The tier has been created.'),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'New tier' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Back to Yoga unlimited' })).toHaveAttribute('href', '/en/backend/subscription/4');
    const name = screen.getByRole('group', { name: 'Name' });
    await user.type(within(name).getByRole('textbox'), 'Monatlich');
    await user.click(within(name).getByRole('radio', { name: /English/ }));
    await user.type(within(name).getByRole('textbox'), 'Monthly');
    await user.type(screen.getByRole('textbox', { name: /^Price/ }), '89,50');
    expect(screen.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    expect(screen.queryByRole('textbox', { name: /^Valid days/ })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /^Unlimited/ })).toBeChecked();
    expect(screen.getByText('e.g. 2 = member + 1 guest')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The tier has been created.')).toBeInTheDocument();
    expect(requests(calls, 'POST', '/api/subscriptions/4/tiers')[0]?.body).toEqual({
      name: { de: 'Monatlich', en: 'Monthly' },
      price: '89.50',
      interval: 'month',
      valid_days: null,
      credits: null,
      seats_per_booking: 1,
      tax_rate: null,
      active: true,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/backend/subscription/4'));
  });

  it('a one-off pass needs its valid days; limited credits are sent as a number', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderSetup('/en/backend/subscription/4/tier/create', {
      'GET /api/subscriptions/4': () => json({ data: yoga }),
      'GET /api/subscriptions/4/members': () => json(listOf([])),
      'GET /api/courses': () => json(listOf([])),
      'GET /api/course/type_sets': () => json(listOf([])),
      'POST /api/subscriptions/4/tiers': saved('The tier has been created.'),
    });
    const name = await screen.findByRole('group', { name: 'Name' });
    await user.type(within(name).getByRole('textbox'), '10er-Abo');
    await user.click(within(name).getByRole('radio', { name: /English/ }));
    await user.type(within(name).getByRole('textbox'), '10-class pass');
    await user.type(screen.getByRole('textbox', { name: /^Price/ }), '200');
    await user.click(screen.getByRole('radio', { name: 'One-off pass' }));
    await user.click(screen.getByRole('switch', { name: /^Unlimited/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // Shown and required for a pass only; so are the credits once "Unlimited" is off.
    const validDays = screen.getByRole('textbox', { name: /^Valid days/ });
    const credits = screen.getByRole('textbox', { name: /^Credits/ });
    await waitFor(() => expect(validDays).toHaveAttribute('aria-invalid', 'true'));
    expect(credits).toHaveAttribute('aria-invalid', 'true');
    expect(requests(calls, 'POST', '/api/subscriptions/4/tiers')).toEqual([]);

    await user.type(validDays, '180');
    await user.type(credits, '10');
    const seats = screen.getByRole('textbox', { name: /^Seats per booking/ });
    await user.clear(seats);
    await user.type(seats, '2');
    await user.type(screen.getByRole('textbox', { name: /^VAT rate/ }), '8.1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The tier has been created.')).toBeInTheDocument();
    expect(requests(calls, 'POST', '/api/subscriptions/4/tiers')[0]?.body).toEqual({
      name: { de: '10er-Abo', en: '10-class pass' },
      price: '200',
      interval: 'once',
      valid_days: 180,
      credits: 10,
      seats_per_booking: 2,
      tax_rate: '8.1',
      active: true,
    });
  });

  it('edits a pass into a yearly tier: valid days go (null), the server’s 422 shows at its field', async () => {
    const user = userEvent.setup({ delay: null });
    let attempts = 0;
    const { calls } = renderSetup('/en/backend/subscription/4/tier/12', {
      'GET /api/subscriptions/4': () => json({ data: yoga }),
      'GET /api/subscriptions/4/tiers/12': () => json({ data: pass }),
      'PUT /api/subscriptions/4/tiers/12': () =>
        ++attempts === 1 ? validation({ price: ['The price must be at least 0.50.'] }) : saved('The tier has been saved.')(),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit tier' })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('10er-Abo')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Valid days/ })).toHaveValue('180');
    expect(screen.getByRole('switch', { name: /^Unlimited/ })).not.toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Yearly' }));
    expect(screen.queryByRole('textbox', { name: /^Valid days/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: /^Active/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The price must be at least 0.50.')).toBeInTheDocument();
    expect(requests(calls, 'PUT', '/api/subscriptions/4/tiers/12')[0]?.body).toEqual({
      name: { de: '10er-Abo', en: '10-class pass' },
      price: '200',
      interval: 'year',
      valid_days: null,
      credits: 10,
      seats_per_booking: 2,
      tax_rate: '8.1',
      active: true,
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The tier has been saved.')).toBeInTheDocument();
  });

  it('a tier with members is not deleted: the server’s 409 message shows', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, router } = renderSetup('/en/backend/subscription/4/tier/12', {
      'GET /api/subscriptions/4': () => json({ data: yoga }),
      'GET /api/subscriptions/4/tiers/12': () => json({ data: pass }),
      'DELETE /api/subscriptions/4/tiers/12': () => json({ message: 'This tier has 3 members and cannot be deleted.' }, 409),
    });
    await screen.findByDisplayValue('10er-Abo');
    await user.click(screen.getByRole('button', { name: 'Delete tier' }));
    await confirmDialog(user, 'Delete tier?', 'Delete tier');
    expect(await screen.findByText('This tier has 3 members and cannot be deleted.')).toBeInTheDocument();
    expect(requests(calls, 'DELETE', '/api/subscriptions/4/tiers/12')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/en/backend/subscription/4/tier/12');
  });
});

describe('members of a subscription', () => {
  beforeAll(async () => {
    await import('../../routes/backoffice/backoffice-group');
  });
  beforeEach(resetScreen);
  afterEach(() => vi.unstubAllGlobals());

  const server = (extra: Record<string, Parameters<typeof renderSetup>[1][string]> = {}) => ({
    'GET /api/subscriptions/4': () => json({ data: yoga }),
    'GET /api/courses': () => json(listOf([])),
    'GET /api/course/type_sets': () => json(listOf([])),
    'GET /api/subscriptions/4/members': () => json(listOf([lea, tom])),
    'GET /api/subscriptions/4/members/31': () => json({ data: leaDetail }),
    'GET /api/subscriptions/4/members/32': () => json({ data: { ...tom, events: [] } }),
    ...extra,
  });

  it('lists the members and filters them by search, status and tier', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderSetup('/en/backend/subscription/4', server());
    const members = await screen.findByRole('region', { name: 'Members' });
    const row = (await within(members).findByRole('button', { name: 'Lea Meier' })).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Lea Meier', 'lea@example.ch', '10-class pass', 'Active', '30/04/2027', 'Does not renew', '4', 'Details']);
    const other = within(members).getByRole('button', { name: 'Tom Keller' }).closest('tr')!;
    expect(other).toHaveTextContent('Payment overdue');
    // Renewed by card: the provider's brand and last digits.
    expect(other).toHaveTextContent('Card visa •••• 4242');
    expect(other).toHaveTextContent('Unlimited');

    await user.type(within(members).getByRole('searchbox', { name: 'Search name or e-mail' }), 'lea{Enter}');
    await waitFor(() =>
      expect(requests(calls, 'GET', '/api/subscriptions/4/members').at(-1)?.url).toContain('columnFilters%5Bsearch%5D=lea'),
    );
    await user.click(within(members).getByRole('combobox', { name: 'Tier' }));
    await user.click(await screen.findByRole('option', { name: '10-class pass', hidden: true }));
    await waitFor(() =>
      expect(requests(calls, 'GET', '/api/subscriptions/4/members').at(-1)?.url).toContain('columnFilters%5Btier_id%5D=12'),
    );
    await user.click(within(members).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Payment overdue', hidden: true }));
    await waitFor(() =>
      expect(requests(calls, 'GET', '/api/subscriptions/4/members').at(-1)?.url).toContain('columnFilters%5Bstatus%5D=past_due'),
    );
  });

  it('opens a member with the history; cancels at period end and now with a refund, showing the server’s messages', async () => {
    const user = userEvent.setup({ delay: null });
    const { events: _events, ...leaMonthlyRow } = leaMonthly;
    const { calls } = renderSetup(
      '/en/backend/subscription/4',
      server({
        'GET /api/subscriptions/4/members': () => json(listOf([leaMonthlyRow, tom])),
        'GET /api/subscriptions/4/members/31': () => json({ data: leaMonthly }),
        'POST /api/subscriptions/4/members/31/cancel': (call) =>
          (call.body as { mode: string }).mode === 'period_end'
            ? json({
                success: true,
                message: 'The membership ends on 30/04/2027.',
                data: { ...leaMonthly, cancel_at_period_end: true },
              })
            : json({
                success: true,
                message: 'The membership has been cancelled and the last payment refunded.',
                data: { ...leaMonthly, status: 'cancelled' },
              }),
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Lea Meier' }));
    const drawer = (await screen.findAllByRole('dialog', { name: 'Lea Meier' })).at(-1)!;
    const history = await within(drawer).findByRole('list', { name: 'History' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((li) => li.firstElementChild?.firstElementChild?.textContent),
    ).toEqual(['Credit used', 'Purchased']);
    expect(within(history).getByText('Credits: −1')).toBeInTheDocument();
    expect(within(history).getByRole('link', { name: 'Order 501' })).toHaveAttribute('href', '/en/backend/orders/edit/501');

    await user.click(within(drawer).getByRole('button', { name: 'Cancel at period end' }));
    await confirmDialog(user, 'Cancel at the end of the period?', 'Cancel at period end');
    expect(await screen.findByText('The membership ends on 30/04/2027.')).toBeInTheDocument();
    expect(requests(calls, 'POST', '/api/subscriptions/4/members/31/cancel')[0]?.body).toEqual({ mode: 'period_end' });
    await waitFor(() => expect(within(drawer).getByRole('button', { name: 'Cancel at period end' })).toBeDisabled());

    await user.click(within(drawer).getByRole('checkbox', { name: 'Refund the last payment' }));
    await user.click(within(drawer).getByRole('button', { name: 'Cancel now' }));
    expect((await screen.findAllByRole('dialog', { name: 'Cancel now?' })).at(-1)).toHaveTextContent('the last payment is refunded');
    await confirmDialog(user, 'Cancel now?', 'Cancel now');
    expect(await screen.findByText('The membership has been cancelled and the last payment refunded.')).toBeInTheDocument();
    expect(requests(calls, 'POST', '/api/subscriptions/4/members/31/cancel')[1]?.body).toEqual({ mode: 'now', refund: true });
    // A cancelled membership has no actions any more.
    await waitFor(() => expect(within(drawer).queryByRole('button', { name: 'Cancel now' })).not.toBeInTheDocument());
  });

  it('gives credits back with a note (limited tiers only); a refusal shows the server’s message', async () => {
    const user = userEvent.setup({ delay: null });
    let attempts = 0;
    const { calls } = renderSetup(
      '/en/backend/subscription/4',
      server({
        'POST /api/subscriptions/4/members/31/credits': () =>
          ++attempts === 1
            ? json({ message: 'The membership has ended: no credits can be given back.' }, 409)
            : json({ success: true, message: '2 credits have been given back.', data: { ...leaDetail, credits_left: 6 } }),
      }),
    );
    // A member of an unlimited tier: nothing to give back.
    await user.click(await screen.findByRole('button', { name: 'Tom Keller' }));
    let drawer = (await screen.findAllByRole('dialog', { name: 'Tom Keller' })).at(-1)!;
    expect(await within(drawer).findByRole('button', { name: 'Cancel now' })).toBeInTheDocument();
    expect(within(drawer).queryByRole('group', { name: 'Give credits back' })).not.toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Details of Lea Meier' }));
    drawer = (await screen.findAllByRole('dialog', { name: 'Lea Meier' })).at(-1)!;
    const give = await within(drawer).findByRole('group', { name: 'Give credits back' });
    // A one-off pass never renews: only "Cancel now" stops it.
    expect(within(drawer).queryByRole('button', { name: 'Cancel at period end' })).not.toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Cancel now' })).toBeInTheDocument();
    const count = within(give).getByRole('textbox', { name: /^Credits/ });
    await user.clear(count);
    await user.type(count, '2');
    await user.type(within(give).getByRole('textbox', { name: 'Note (optional)' }), 'Class cancelled by the studio');
    await user.click(within(give).getByRole('button', { name: 'Give credits back' }));
    expect((await screen.findAllByRole('dialog', { name: 'Give credits back?' })).at(-1)).toHaveTextContent(
      'Lea Meier gets 2 credits back.',
    );
    await confirmDialog(user, 'Give credits back?', 'Give credits back');
    expect(await screen.findByText('The membership has ended: no credits can be given back.')).toBeInTheDocument();

    await user.click(within(give).getByRole('button', { name: 'Give credits back' }));
    await confirmDialog(user, 'Give credits back?', 'Give credits back');
    expect(await screen.findByText('2 credits have been given back.')).toBeInTheDocument();
    expect(requests(calls, 'POST', '/api/subscriptions/4/members/31/credits').map((c) => c.body)).toEqual([
      { credits: 2, note: 'Class cancelled by the studio' },
      { credits: 2, note: 'Class cancelled by the studio' },
    ]);
    // The drawer shows the server's answer.
    await waitFor(() => expect(within(drawer).getByRole('rowheader', { name: 'Credits left' }).closest('tr')).toHaveTextContent('6'));
  });

  it('exports the members with the list’s filters and the subscription', async () => {
    const user = userEvent.setup({ delay: null });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export-1'), revokeObjectURL: vi.fn() }));
    const exports: unknown[] = [];
    renderSetup(
      '/en/backend/subscription/4?status=active',
      server({
        'POST /api/exports': (call) => {
          exports.push(call.body);
          return new Response('name,email\n', {
            headers: { 'Content-Type': 'text/csv', 'content-disposition': 'attachment; filename="members.csv"' },
          });
        },
      }),
    );
    const members = await screen.findByRole('region', { name: 'Members' });
    await user.click(within(members).getByRole('button', { name: 'Export members' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV (comma-separated)', hidden: true }));
    await waitFor(() =>
      expect(exports).toEqual([{ type: 'subscription_members', format: 'csv', columnFilters: { status: 'active', subscription_id: '4' } }]),
    );
    vi.restoreAllMocks();
  });
});
