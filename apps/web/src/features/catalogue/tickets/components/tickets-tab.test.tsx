import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../../lib/language';
import { json, type FakeCall } from '../../../../test/fake-fetch';
import { fakeApi } from '../../../../test/team-fixtures';
import { loginOwner, makeSession, makeTicket, renderTab } from '../../../../test/activity-tabs';
import { TicketsTab } from './tickets-tab';

const BASE = '/api/courses/5';
const writes = (calls: FakeCall[]) => calls.filter((c) => c.method !== 'GET' && !c.url.startsWith('/sanctum'));
const session = makeSession(11, '2026-03-02T19:00:00+01:00', '2026-03-02T20:30:00+01:00');
const whole = makeTicket(1);
const dropIn = makeTicket(2, {
  session_id: 11,
  name: { de: 'Einzeleintritt', en: 'Drop-in' },
  name_text: 'Drop-in',
  price: 25,
  price_minor: 2500,
  stock: 5,
  sold: 5,
  stock_reserved: 0,
  stock_available: 0,
});

describe('tickets tab', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    notifications.clean();
    loginOwner();
    await applyLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('groups whole-activity and drop-in tickets and shows sold, reserved and available', async () => {
    fakeApi({
      [`GET ${BASE}/tickets`]: () => json({ data: [whole, dropIn] }),
      [`GET ${BASE}/sessions`]: () => json({ data: [session] }),
    });
    renderTab(<TicketsTab activityId={5} canEdit />);
    const wholeSection = await screen.findByRole('region', { name: 'Tickets for the whole activity' });
    const row = within(wholeSection).getByText('Whole course').closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent?.replace(/\s/g, ' '));
    expect(cells).toEqual(['Whole course', 'CHF 240.00', '12', '3', '1', '8', 'Always', 'EditDelete']);
    const dropInSection = screen.getByRole('region', { name: 'Drop-in tickets for single dates' });
    expect(await within(dropInSection).findByRole('heading', { name: '02/03/2026 19:00 – 20:30' })).toBeInTheDocument();
    expect(within(dropInSection).getByText('Drop-in')).toBeInTheDocument();
  });

  it('creates a drop-in ticket: names in every team language, price with a comma sent with a dot', async () => {
    const { calls } = fakeApi({
      [`GET ${BASE}/tickets`]: () => json({ data: [] }),
      [`GET ${BASE}/sessions`]: () => json({ data: [session] }),
      [`POST ${BASE}/tickets`]: () =>
        json({
          success: true,
          message: 'The ticket has been created.',
          data: makeTicket(3, {
            session_id: 11,
            name: { de: 'Schnupperlektion', en: 'Trial lesson' },
            name_text: 'Trial lesson',
            price: 12.5,
            price_minor: 1250,
            stock: 8,
            sold: 0,
            stock_reserved: 0,
            stock_available: 8,
            tax_rate: 8.1,
            max_per_order: 4,
          }),
        }),
    });
    renderTab(<TicketsTab activityId={5} canEdit />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'New ticket' });
    await userEvent.type(within(dialog).getByLabelText('Name (Deutsch)'), 'Schnupperlektion');
    await userEvent.click(within(within(dialog).getByRole('group', { name: 'Name' })).getByRole('radio', { name: /English/ }));
    await userEvent.type(within(dialog).getByLabelText('Name (English)'), 'Trial lesson');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Valid for/ }), '02/03/2026 19:00 – 20:30');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Price/ }), '12.50');
    expect(within(dialog).getByRole('textbox', { name: /Price/ })).toHaveValue('12,50');
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: /Stock/ }), '8');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /VAT rate/ }), '8.1');
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: /Maximum per order/ }), '4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The ticket has been created.')).toBeInTheDocument();
    expect(writes(calls)[0]?.body).toMatchObject({
      name: { de: 'Schnupperlektion', en: 'Trial lesson' },
      price: '12.50',
      stock: 8,
      session_id: 11,
      tax_rate: '8.1',
      min_per_order: 1,
      max_per_order: 4,
      sale_start: null,
      sale_end: null,
      visibility: 'public',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('checks the required fields before sending', async () => {
    const { calls } = fakeApi({
      [`GET ${BASE}/tickets`]: () => json({ data: [] }),
      [`GET ${BASE}/sessions`]: () => json({ data: [] }),
    });
    renderTab(<TicketsTab activityId={5} canEdit />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'New ticket' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('radio', { name: /Deutsch, has an error/ })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: /Price/ })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('spinbutton', { name: /Stock/ })).toHaveAttribute('aria-invalid', 'true');
    expect(writes(calls)).toHaveLength(0);
  });

  it("edits a ticket and shows the server's field errors", async () => {
    const { calls } = fakeApi({
      [`GET ${BASE}/tickets`]: () => json({ data: [whole] }),
      [`GET ${BASE}/sessions`]: () => json({ data: [] }),
      [`PUT ${BASE}/tickets/1`]: () =>
        json({ message: 'The given data was invalid.', errors: { stock: ['The stock cannot be lower than the 3 tickets sold.'] } }, 422),
    });
    renderTab(<TicketsTab activityId={5} canEdit />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit ticket Whole course' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit ticket' });
    expect(within(dialog).getByLabelText('Name (Deutsch)')).toHaveValue('Kurs komplett');
    expect(within(dialog).getByRole('textbox', { name: /Price/ })).toHaveValue('240');
    const stock = within(dialog).getByRole('spinbutton', { name: /Stock/ });
    await userEvent.clear(stock);
    await userEvent.type(stock, '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The stock cannot be lower than the 3 tickets sold.')).toBeInTheDocument();
    expect(writes(calls)[0]).toMatchObject({ method: 'PUT', body: { stock: 2, tax_rate: '8.1', price: '240' } });
  });

  it('a sold ticket cannot be deleted: the server says why', async () => {
    fakeApi({
      [`GET ${BASE}/tickets`]: () => json({ data: [dropIn] }),
      [`GET ${BASE}/sessions`]: () => json({ data: [session] }),
      [`DELETE ${BASE}/tickets/2`]: () => json({ message: 'Tickets that have been sold cannot be deleted.' }, 422),
    });
    renderTab(<TicketsTab activityId={5} canEdit />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete ticket Drop-in' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete ticket?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Tickets that have been sold cannot be deleted.')).toBeInTheDocument();
  });

  it('read-only: no add, edit or delete; a drop-in ticket of an unlisted date is still shown', async () => {
    fakeApi({
      [`GET ${BASE}/tickets`]: () => json({ data: [whole, dropIn] }),
      [`GET ${BASE}/sessions`]: () => json({ data: [] }),
    });
    renderTab(<TicketsTab activityId={5} canEdit={false} />);
    expect(await screen.findByText('Whole course')).toBeInTheDocument();
    const other = screen.getByRole('region', { name: 'Other dates' });
    expect(within(other).getByText('Drop-in')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
