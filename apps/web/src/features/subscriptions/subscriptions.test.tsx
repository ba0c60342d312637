import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { translateValidation } from '../../lib/forms';
import { json } from '../../test/fake-fetch';
import { confirmDialog, listOf, pick, renderSetup, requests, resetScreen, validation } from '../../test/backoffice';
import { itemOf, pottery, stats, yoga } from './subscription-fixtures';
import { subscriptionBody, tierBody, blankTier } from './subscription-values';

const activities = listOf([
  { id: 7, name_text: 'Morning yoga' },
  { id: 8, name_text: 'Pottery' },
]);
const typeSets = listOf([{ id: 2, name: 'Course', kind: 'course' as const }]);

describe('subscriptions list', () => {
  beforeAll(async () => {
    await import('../../routes/backoffice/backoffice-group');
  });
  beforeEach(resetScreen);
  afterEach(() => vi.unstubAllGlobals());

  it('shows the figures, the members per tier and a row per subscription', async () => {
    renderSetup('/en/backend/subscriptions', {
      'GET /api/subscriptions': () => json(listOf([itemOf(yoga), pottery])),
      'GET /api/subscriptions/stats': () => json({ data: stats }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscriptions' })).toBeInTheDocument();
    const row = (await screen.findByRole('link', { name: 'Yoga unlimited' })).closest('tr')!;
    expect(screen.getByRole('link', { name: 'Yoga unlimited' })).toHaveAttribute('href', '/en/backend/subscription/4');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Yoga unlimited', 'Published', '2', '15', '01/10/2026', 'EditDelete']);
    const other = screen.getByRole('link', { name: 'Pottery' }).closest('tr')!;
    expect(within(other).getByText('Draft')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New subscription' })).toHaveAttribute('href', '/en/backend/subscription/create');

    const figures = screen.getByRole('region', { name: 'Subscription figures' });
    expect(await within(figures).findByText('Monthly recurring revenue')).toBeInTheDocument();
    const figure = (label: string) => within(figures).getAllByText(label)[0]!.parentElement!;
    expect(figure('Active members')).toHaveTextContent('14');
    expect(figure('Payment overdue')).toHaveTextContent('1');
    // Minor units in the team's currency, as the UI language writes money (CHF 1’234.50).
    expect(figure('Monthly recurring revenue')).toHaveTextContent(/CHF\s1.234\.50/);
    expect(figure('Churn')).toHaveTextContent('4.5%');

    // Active members per tier: bars with the names and numbers as a list.
    const chart = within(figures).getByRole('region', { name: 'Active members per tier' });
    expect(
      within(within(chart).getByRole('list', { name: 'Active members per tier' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Monthly unlimited12', '10-class pass2']);
  });

  it('searches by name and filters by status through the column filters; sorts by a header', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderSetup('/en/backend/subscriptions', {
      'GET /api/subscriptions': () => json(listOf([itemOf(yoga)])),
      'GET /api/subscriptions/stats': () => json({ data: { ...stats, tiers: [] } }),
    });
    await screen.findByRole('link', { name: 'Yoga unlimited' });
    expect(requests(calls, 'GET', '/api/subscriptions')[0]?.url).toContain('sort%5Bfield%5D=created_at&sort%5Btype%5D=desc');
    await user.type(screen.getByRole('searchbox', { name: 'Search name' }), 'yo{Enter}');
    await waitFor(() => expect(requests(calls, 'GET', '/api/subscriptions').at(-1)?.url).toContain('columnFilters%5Bname%5D=yo'));
    await pick(user, 'Status', 'Published');
    await waitFor(() => expect(requests(calls, 'GET', '/api/subscriptions').at(-1)?.url).toContain('columnFilters%5Bstatus%5D=published'));
    await user.click(screen.getByRole('button', { name: 'Members' }));
    await waitFor(() =>
      expect(requests(calls, 'GET', '/api/subscriptions').at(-1)?.url).toContain('sort%5Bfield%5D=member_count&sort%5Btype%5D=asc'),
    );
  });

  it('deletes after a confirmation; one with members is refused with the server’s reason (409)', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderSetup('/en/backend/subscriptions', {
      'GET /api/subscriptions': () => json(listOf([itemOf(yoga), pottery])),
      'GET /api/subscriptions/stats': () => json({ data: stats }),
      'DELETE /api/subscriptions/4': () => json({ message: 'This subscription has 15 members and cannot be deleted.' }, 409),
      'DELETE /api/subscriptions/5': () => json({ success: true, message: 'The subscription has been deleted.' }),
    });
    await screen.findByRole('link', { name: 'Yoga unlimited' });
    await user.click(screen.getByRole('button', { name: 'Delete Yoga unlimited' }));
    await confirmDialog(user, 'Delete subscription?', 'Delete');
    expect(await screen.findByText('This subscription has 15 members and cannot be deleted.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete Pottery' }));
    await confirmDialog(user, 'Delete subscription?', 'Delete');
    expect(await screen.findByText('The subscription has been deleted.')).toBeInTheDocument();
    expect(requests(calls, 'DELETE', '/api/subscriptions/4')).toHaveLength(1);
    expect(requests(calls, 'DELETE', '/api/subscriptions/5')).toHaveLength(1);
  });

  it('tells an instructor that the role has no access', async () => {
    const { setAppState } = await import('../../lib/app-state');
    const { loggedInState, makeTeam } = await import('../../test/team-fixtures');
    setAppState(loggedInState(makeTeam(3, 'Yoga Zürich', 'instructor')));
    const { calls } = renderSetup('/en/backend/subscriptions', {});
    expect(await screen.findByRole('heading', { level: 1, name: 'No access' })).toBeInTheDocument();
    expect(requests(calls, 'GET', '/api/subscriptions')).toEqual([]);
  });
});

describe('subscription form', () => {
  beforeAll(async () => {
    await import('../../routes/backoffice/backoffice-group');
  });
  beforeEach(resetScreen);
  afterEach(() => vi.unstubAllGlobals());

  it('creates a subscription: names in each team language, coverage and status; then opens its page', async () => {
    const user = userEvent.setup({ delay: null });
    let attempts = 0;
    const { calls, router } = renderSetup('/en/backend/subscription/create', {
      'GET /api/courses': () => json(activities),
      'GET /api/course/type_sets': () => json(typeSets),
      'POST /api/subscriptions': () =>
        ++attempts === 1
          ? validation({ 'type_set_ids.0': ['This type set does not exist in your company.'] })
          : json({ success: true, message: 'The subscription has been created.', data: yoga }),
      'GET /api/subscriptions/4': () => json({ data: yoga }),
      'GET /api/subscriptions/4/members': () => json(listOf([])),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'New subscription' })).toBeInTheDocument();
    expect(screen.getByText('No activity and no type set: every activity is covered.')).toBeInTheDocument();

    // The name is required in every team language (de and en): nothing is sent without it.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('This field is required.')).length).toBeGreaterThan(0);
    expect(requests(calls, 'POST', '/api/subscriptions')).toEqual([]);

    const name = screen.getByRole('group', { name: 'Name' });
    await user.type(within(name).getByRole('textbox'), 'Yoga unbegrenzt');
    await user.click(within(name).getByRole('radio', { name: /English/ }));
    await user.type(within(name).getByRole('textbox'), 'Yoga unlimited');
    await pick(user, 'Covered activities', 'Morning yoga');
    await pick(user, 'Covered type sets', 'Course');
    await user.click(screen.getByRole('radio', { name: 'Published' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // A 422 on one id of the list shows at its picker.
    expect(await screen.findByText('This type set does not exist in your company.')).toBeInTheDocument();
    expect(requests(calls, 'POST', '/api/subscriptions')[0]?.body).toEqual({
      name: { de: 'Yoga unbegrenzt', en: 'Yoga unlimited' },
      description: null,
      activity_ids: [7],
      type_set_ids: [2],
      status: 'published',
    });

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The subscription has been created.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/backend/subscription/4'));
    // Its page, where the tiers are added (text queries: cheaper than roles on the busy page).
    expect(await screen.findByText('Edit subscription', { selector: 'h1' })).toBeInTheDocument();
    expect(await screen.findByText('Tiers', { selector: 'h2' })).toBeInTheDocument();
  });

  it('edits a subscription with PUT and lists its tiers (credits "Unlimited", links to each tier)', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderSetup('/en/backend/subscription/4', {
      'GET /api/courses': () => json(activities),
      'GET /api/course/type_sets': () => json(typeSets),
      'GET /api/subscriptions/4': () => json({ data: yoga }),
      'GET /api/subscriptions/4/members': () => json(listOf([])),
      'PUT /api/subscriptions/4': () =>
        json({ success: true, message: 'The subscription has been saved.', data: { ...yoga, status: 'draft' } }),
    });
    expect(await screen.findByDisplayValue('Yoga unbegrenzt')).toBeInTheDocument();
    expect(await screen.findByText('Morning yoga', { selector: '.mantine-Pill-label' })).toBeInTheDocument();

    const tiers = screen.getByRole('region', { name: 'Tiers' });
    const monthlyRow = within(tiers).getByRole('rowheader', { name: 'Monthly unlimited' }).closest('tr')!;
    expect(
      within(monthlyRow)
        .getAllByRole('cell')
        .map((c) => c.textContent?.replace(/\s/g, ' ')),
    ).toEqual(['CHF 89.00', 'Monthly', 'Unlimited', '–', '1', 'Yes', '12', 'Edit']);
    const passRow = within(tiers).getByRole('rowheader', { name: '10-class pass' }).closest('tr')!;
    expect(
      within(passRow)
        .getAllByRole('cell')
        .map((c) => c.textContent?.replace(/\s/g, ' ')),
    ).toEqual(['CHF 200.00', 'One-off pass', '10', '180', '2', 'No', '3', 'Edit']);
    expect(within(tiers).getByRole('link', { name: 'Edit 10-class pass' })).toHaveAttribute('href', '/en/backend/subscription/4/tier/12');
    expect(within(tiers).getByRole('link', { name: 'New tier' })).toHaveAttribute('href', '/en/backend/subscription/4/tier/create');

    await user.click(screen.getByRole('radio', { name: 'Draft' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The subscription has been saved.')).toBeInTheDocument();
    expect(requests(calls, 'PUT', '/api/subscriptions/4')[0]?.body).toEqual({
      name: { de: 'Yoga unbegrenzt', en: 'Yoga unlimited' },
      description: { de: 'Alle Yogaklassen', en: 'All yoga classes' },
      activity_ids: [7],
      type_set_ids: [],
      status: 'draft',
    });
  });

  it('shows a clear message for an unknown subscription', async () => {
    renderSetup('/en/backend/subscription/99', {
      'GET /api/subscriptions/99': () => json({ message: 'Not Found' }, 404),
      'GET /api/courses': () => json(activities),
    });
    expect(await screen.findByText('This subscription does not exist (any more).')).toBeInTheDocument();
  });
});

describe('subscription values', () => {
  it('send an empty description as none and ids as numbers', () => {
    expect(
      subscriptionBody({
        name: { de: 'A', en: 'B' },
        description: { de: ' ', en: '' },
        activity_ids: ['3'],
        type_set_ids: ['5'],
        status: 'draft',
      }),
    ).toEqual({ name: { de: 'A', en: 'B' }, description: null, activity_ids: [3], type_set_ids: [5], status: 'draft' });
  });

  it('send valid days for a one-off pass only, and null credits for unlimited', () => {
    const base = { ...blankTier(['de']), name: { de: 'X' }, price: '10', valid_days: 30, credits: 8 };
    expect(tierBody({ ...base, interval: 'once', unlimited: false })).toMatchObject({ valid_days: 30, credits: 8 });
    expect(tierBody({ ...base, interval: 'month', unlimited: true })).toMatchObject({ valid_days: null, credits: null });
    expect(tierBody({ ...base, interval: 'year', unlimited: false, tax_rate: ' ' })).toMatchObject({
      valid_days: null,
      credits: 8,
      tax_rate: null,
    });
  });

  it('translate the server’s subscription messages as the web knows them', () => {
    expect(translateValidation('subscriptions:validation.valid_days_required')).toBe('Enter how many days a one-off pass is valid.');
  });
});
