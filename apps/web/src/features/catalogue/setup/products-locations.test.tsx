import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '../../../test/catalogue-fixtures';
import { json } from '../../../test/fake-fetch';
import { confirmDialog, listOf, renderSetup, requests, resetScreen, validation } from '../../../test/backoffice';

const mats = makeProduct(8, 'Mat', 12.5, { name: { de: 'Matte', en: 'Mat' }, scope: 'participant' });
const studio = {
  id: 2,
  name: { de: 'Studio', en: 'Studio' },
  name_text: 'Studio',
  address: 'Bahnhofstrasse 1',
  postal_code: '8001',
  city: 'Zürich',
  country: 'CH',
  directions: { de: 'Tram 4', en: 'Tram 4' },
  latitude: 47.37,
  longitude: null,
};

describe('products', () => {
  beforeAll(async () => {
    await import('../../../routes/backoffice/backoffice-group');
  });
  beforeEach(resetScreen);
  afterEach(() => vi.unstubAllGlobals());

  it('lists products with price, stock and status', async () => {
    renderSetup('/en/backend/course/options', {
      'GET /api/course/options': () =>
        json(listOf([mats, { ...mats, id: 9, name_text: 'Lunch', stock: 20, stock_available: 20, active: false }])),
    });
    const row = (await screen.findByRole('link', { name: 'Mat' })).closest('tr')!;
    expect(row).toHaveTextContent('CHF 12.50');
    expect(row).toHaveTextContent('Unlimited');
    expect(row).toHaveTextContent('Per participant');
    const lunch = screen.getByRole('link', { name: 'Lunch' }).closest('tr')!;
    expect(lunch).toHaveTextContent('20');
    expect(lunch).toHaveTextContent('Inactive');
  });

  it('creates a product: the price is sent with a dot, empty stock as unlimited; 422 beside the price', async () => {
    const user = userEvent.setup({ delay: null });
    let attempts = 0;
    const { calls, router } = renderSetup('/en/backend/course/option/create', {
      'POST /api/course/options': () =>
        ++attempts === 1
          ? validation({ price: ['The price must be at most 100000.'] })
          : json({ success: true, message: 'The product has been created.', data: mats }),
      'GET /api/course/options': () => json(listOf([mats])),
    });
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Matte');
    await user.click(screen.getAllByRole('radio', { name: /English/ })[0]!);
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Mat');
    await user.type(screen.getByRole('textbox', { name: /^Price \(CHF\)/ }), '12,50');
    await user.clear(screen.getByRole('textbox', { name: 'VAT rate' }));
    await user.type(screen.getByRole('textbox', { name: 'VAT rate' }), '8.1');
    await user.type(screen.getByRole('textbox', { name: /Maximum per order/ }), '3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The price must be at most 100000.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Price/ })).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The product has been created.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/backend/course/options'));
    expect(requests(calls, 'POST', '/api/course/options')[0]?.body).toEqual({
      name: { de: 'Matte', en: 'Mat' },
      description: { de: '', en: '' },
      price: '12.50',
      tax_rate: 8.1,
      stock: null,
      scope: 'order',
      min_per_order: 0,
      max_per_order: 3,
      active: true,
    });
  }, 20_000);
});

describe('locations', () => {
  beforeAll(async () => {
    await import('../../../routes/backoffice/backoffice-group');
  });
  beforeEach(resetScreen);
  afterEach(() => vi.unstubAllGlobals());

  it('searches locations by name through the column filter', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderSetup('/en/backend/course/locations', { 'GET /api/course/locations': () => json(listOf([studio])) });
    expect((await screen.findByRole('link', { name: 'Studio' })).closest('tr')).toHaveTextContent('8001 Zürich');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'stu{Enter}');
    await waitFor(() => expect(requests(calls, 'GET', '/api/course/locations').at(-1)?.url).toContain('columnFilters%5Bname%5D=stu'));
  });

  it('edits a location (country from the reference list) and shows the 422 of the postal code', async () => {
    const user = userEvent.setup({ delay: null });
    let attempts = 0;
    const { calls } = renderSetup('/en/backend/course/location/2', {
      'GET /api/course/locations/2': () => json({ data: studio }),
      'GET /api/srl/options/country': () =>
        json([
          { value: 'CH', label: 'Switzerland' },
          { value: 'DE', label: 'Germany' },
        ]),
      'PUT /api/course/locations/2': () =>
        ++attempts === 1
          ? validation({ postal_code: ['A German postal code has 5 digits.'] })
          : json({ success: true, message: 'The location has been saved.', data: studio }),
    });
    const city = await screen.findByRole('textbox', { name: /^City/ });
    expect(city).toHaveValue('Zürich');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Country/ })).toHaveValue('Switzerland'));
    await user.clear(city);
    await user.type(city, 'Basel');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A German postal code has 5 digits.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The location has been saved.')).toBeInTheDocument();
    expect(requests(calls, 'PUT', '/api/course/locations/2')[1]?.body).toEqual({
      name: { de: 'Studio', en: 'Studio' },
      address: 'Bahnhofstrasse 1',
      postal_code: '8001',
      city: 'Basel',
      country: 'CH',
      directions: { de: 'Tram 4', en: 'Tram 4' },
      latitude: 47.37,
      longitude: null,
    });
  });

  it('shows a refused delete and keeps the location', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup({ delay: null });
    renderSetup('/en/backend/course/locations', {
      'GET /api/course/locations': () => json(listOf([studio])),
      'DELETE /api/course/locations/2': () => json({ message: 'This location is still used.' }, 422),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Studio' }));
    await confirmDialog(user, 'Delete?', 'Delete');
    expect(await screen.findByText('This location is still used.')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByRole('link', { name: 'Studio' })).toBeInTheDocument();
  });

  it('tells an instructor that the role has no access', async () => {
    const { setAppState } = await import('../../../lib/app-state');
    const { loggedInState, makeTeam } = await import('../../../test/team-fixtures');
    setAppState(loggedInState(makeTeam(3, 'Yoga Zürich', 'instructor')));
    const { calls } = renderSetup('/en/backend/course/locations', {});
    expect(await screen.findByRole('heading', { level: 1, name: 'No access' })).toBeInTheDocument();
    expect(requests(calls, 'GET', '/api/course/locations')).toHaveLength(0);
  });
});
