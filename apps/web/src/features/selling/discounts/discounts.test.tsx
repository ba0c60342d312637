import type { Discount } from '@bookla/shared/selling';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fake-fetch';
import { confirmDialog, listOf, renderSetup, requests, resetScreen, validation } from '../../../test/backoffice';
import { discountStatus } from './components/discounts-list';
import { discountBody, generateCode } from './discount-values';

const summer: Discount = {
  id: 4,
  code: 'SOMMER10',
  name: 'Summer campaign',
  type: 'percent',
  value: 10.5,
  currency: 'CHF',
  max_uses: 5,
  used_count: 3,
  valid_from: '2026-06-01T00:00:00+02:00',
  valid_until: '2026-08-31T23:59:00+02:00',
  activity_ids: [7],
  active: true,
  revenue: 180.5,
  created_at: '2026-05-01T10:00:00+02:00',
};
const fixed: Discount = {
  ...summer,
  id: 5,
  code: 'FIX20',
  name: null,
  type: 'fixed',
  value: 20,
  max_uses: null,
  used_count: 0,
  valid_from: null,
  valid_until: null,
  activity_ids: [],
  active: false,
  revenue: 0,
};
const activities = listOf([
  { id: 7, name_text: 'Morning yoga' },
  { id: 8, name_text: 'Pottery' },
]);

describe('discounts list', () => {
  beforeAll(async () => {
    await import('../../../routes/backoffice/backoffice-group');
  });
  beforeEach(resetScreen);
  afterEach(() => vi.unstubAllGlobals());

  it('shows code, value, validity, uses, revenue and status per row', async () => {
    renderSetup('/en/backend/discounts', { 'GET /api/discounts': () => json(listOf([summer, fixed])) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Discounts' })).toBeInTheDocument();
    const row = (await screen.findByRole('link', { name: 'SOMMER10' })).closest('tr')!;
    expect(screen.getByRole('link', { name: 'SOMMER10' })).toHaveAttribute('href', '/en/backend/discount/edit/4');
    expect(row).toHaveTextContent('Summer campaign');
    expect(row).toHaveTextContent('10.5%');
    // In the team's time zone (Europe/Zurich), the UI language's format.
    expect(row).toHaveTextContent('01/06/2026 00:00 – 31/08/2026 23:59');
    expect(row).toHaveTextContent('3 / 5');
    expect(row).toHaveTextContent('CHF 180.50');
    const other = screen.getByRole('link', { name: 'FIX20' }).closest('tr')!;
    expect(other).toHaveTextContent('CHF 20.00');
    expect(other).toHaveTextContent('0 (no limit)');
    expect(other).toHaveTextContent('Always');
    expect(within(other).getByText('Inactive')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create discount code' })).toHaveAttribute('href', '/en/backend/discount/create');
  });

  it('searches by code and filters by status through the column filters; sorts by a header', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderSetup('/en/backend/discounts', { 'GET /api/discounts': () => json(listOf([summer])) });
    await screen.findByRole('link', { name: 'SOMMER10' });
    expect(requests(calls, 'GET', '/api/discounts')[0]?.url).toContain('sort%5Bfield%5D=created_at&sort%5Btype%5D=desc');
    await user.type(screen.getByRole('searchbox', { name: 'Search code' }), 'som{Enter}');
    await waitFor(() => expect(requests(calls, 'GET', '/api/discounts').at(-1)?.url).toContain('columnFilters%5Bcode%5D=som'));
    await user.click(screen.getByRole('button', { name: 'Code' }));
    await waitFor(() => expect(requests(calls, 'GET', '/api/discounts').at(-1)?.url).toContain('sort%5Bfield%5D=code&sort%5Btype%5D=asc'));
  });

  it('deletes after a confirmation; a used code is refused with the server’s reason', async () => {
    const user = userEvent.setup({ delay: null });
    let deletes = 0;
    const { calls } = renderSetup('/en/backend/discounts', {
      'GET /api/discounts': () => json(listOf([summer, fixed])),
      'DELETE /api/discounts/4': () => {
        deletes++;
        return json({ message: 'This discount code has already been used 3 times and cannot be deleted. Deactivate it instead.' }, 409);
      },
      'DELETE /api/discounts/5': () => json({ success: true, message: 'The discount code has been deleted.' }),
    });
    await screen.findByRole('link', { name: 'SOMMER10' });
    await user.click(screen.getByRole('button', { name: 'Delete SOMMER10' }));
    await confirmDialog(user, 'Delete discount code?', 'Delete');
    expect(await screen.findByText(/already been used 3 times/)).toBeInTheDocument();
    expect(deletes).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Delete FIX20' }));
    await confirmDialog(user, 'Delete discount code?', 'Delete');
    expect(await screen.findByText('The discount code has been deleted.')).toBeInTheDocument();
    expect(requests(calls, 'DELETE', '/api/discounts/5')).toHaveLength(1);
  });

  it('tells an instructor that the role has no access', async () => {
    const { setAppState } = await import('../../../lib/app-state');
    const { loggedInState, makeTeam } = await import('../../../test/team-fixtures');
    setAppState(loggedInState(makeTeam(3, 'Yoga Zürich', 'instructor')));
    const { calls } = renderSetup('/en/backend/discounts', {});
    expect(await screen.findByRole('heading', { level: 1, name: 'No access' })).toBeInTheDocument();
    expect(requests(calls, 'GET', '/api/discounts')).toEqual([]);
  });
});

describe('discount form', () => {
  beforeAll(async () => {
    await import('../../../routes/backoffice/backoffice-group');
  });
  beforeEach(resetScreen);
  afterEach(() => vi.unstubAllGlobals());

  it('creates a code: the 422 on the code shows at the field; then saves and goes to the list', async () => {
    const user = userEvent.setup({ delay: null });
    let attempts = 0;
    const { calls, router } = renderSetup('/en/backend/discount/create', {
      'GET /api/courses': () => json(activities),
      'POST /api/discounts': () =>
        ++attempts === 1
          ? validation({ code: ['This code already exists in your company.'] })
          : json({ success: true, message: 'The discount code has been created.', data: fixed }),
      'GET /api/discounts': () => json(listOf([fixed])),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'New discount code' })).toBeInTheDocument();
    const code = screen.getByRole('textbox', { name: /^Code/ });
    await user.type(code, 'fix20');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Spring');
    await user.click(screen.getByRole('radio', { name: 'Fixed amount' }));
    await user.type(screen.getByRole('textbox', { name: /^Discount amount/ }), '20,5');
    await user.type(screen.getByRole('spinbutton', { name: /Maximum uses/ }), '50');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('This code already exists in your company.')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(requests(calls, 'POST', '/api/discounts')[0]?.body).toEqual({
      code: 'fix20',
      name: 'Spring',
      type: 'fixed',
      value: '20.5',
      max_uses: 50,
      valid_from: null,
      valid_until: null,
      activity_ids: [],
      active: true,
    });

    await user.clear(code);
    await user.type(code, 'FIX21');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The discount code has been created.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/backend/discounts'));
    expect(requests(calls, 'POST', '/api/discounts')[1]?.body).toMatchObject({ code: 'FIX21' });
  }, 20_000);

  it('checks the code format before sending, and generates a code on request', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderSetup('/en/backend/discount/create', { 'GET /api/courses': () => json(activities) });
    const code = await screen.findByRole('textbox', { name: /^Code/ });
    await user.type(code, 'a b');
    await user.type(screen.getByRole('textbox', { name: /^Discount in percent/ }), '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Use 2 to 40 letters, digits, - or _, starting with a letter or digit.')).toBeInTheDocument();
    expect(requests(calls, 'POST', '/api/discounts')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Generate a random code' }));
    expect((code as HTMLInputElement).value).toMatch(/^[A-Z2-9]{8}$/);
    await waitFor(() => expect(code).not.toHaveAttribute('aria-invalid', 'true'));
  });

  it('edits a code: values and dates in the team’s zone; activities picked; saved with PUT', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderSetup('/en/backend/discount/edit/4', {
      'GET /api/discounts/4': () => json({ data: summer }),
      'GET /api/courses': () => json(activities),
      'PUT /api/discounts/4': () => json({ success: true, message: 'The discount code has been saved.', data: summer }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit discount code' })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('SOMMER10')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Percent' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /^Discount in percent/ })).toHaveValue('10,5');
    expect(screen.getByText(/Used 3 times so far/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Valid from' })).toHaveValue('01/06/2026 00:00');
    // The chosen activity shows as a pill of the picker, by its name once the options are loaded.
    expect(await screen.findByText('Morning yoga', { selector: '.mantine-Pill-label' })).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: /^Active/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The discount code has been saved.')).toBeInTheDocument();
    expect(requests(calls, 'PUT', '/api/discounts/4')[0]?.body).toEqual({
      code: 'SOMMER10',
      name: 'Summer campaign',
      type: 'percent',
      value: '10.5',
      max_uses: 5,
      valid_from: '2026-06-01T00:00',
      valid_until: '2026-08-31T23:59',
      activity_ids: [7],
      active: false,
    });
  }, 20_000);

  it('shows a clear message for an unknown code id', async () => {
    renderSetup('/en/backend/discount/edit/99', {
      'GET /api/discounts/99': () => json({ message: 'Not Found' }, 404),
      'GET /api/courses': () => json(activities),
    });
    expect(await screen.findByText('This discount code does not exist (any more).')).toBeInTheDocument();
  });
});

describe('discount helpers', () => {
  it('derive the status a buyer meets', () => {
    const now = Date.parse('2026-07-01T12:00:00Z');
    expect(discountStatus(summer, now)).toBe('active');
    expect(discountStatus({ ...summer, active: false }, now)).toBe('inactive');
    expect(discountStatus({ ...summer, used_count: 5 }, now)).toBe('usedUp');
    expect(discountStatus(summer, Date.parse('2026-09-01T00:00:00Z'))).toBe('expired');
    expect(discountStatus(summer, Date.parse('2026-05-01T00:00:00Z'))).toBe('scheduled');
  });

  it('build the request body and readable random codes', () => {
    expect(
      discountBody({
        code: ' abc ',
        name: ' ',
        type: 'percent',
        value: '5',
        max_uses: '',
        valid_from: '',
        valid_until: '2026-01-01T00:00',
        activity_ids: ['3'],
        active: true,
      }),
    ).toMatchObject({ code: 'abc', name: null, max_uses: null, valid_from: null, valid_until: '2026-01-01T00:00', activity_ids: [3] });
    const codes = new Set(Array.from({ length: 50 }, () => generateCode()));
    expect(codes.size).toBe(50);
    for (const c of codes) expect(c).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{8}$/);
    // Bytes beyond the last full multiple of the alphabet are drawn again (no bias).
    let calls = 0;
    const code = generateCode(2, (n) => (calls++ === 0 ? new Uint8Array(n).fill(255) : new Uint8Array(n).fill(1)));
    expect(code).toBe('BB');
  });
});
