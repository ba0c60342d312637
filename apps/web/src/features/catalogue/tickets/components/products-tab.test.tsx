import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../../lib/language';
import { listOf } from '../../../../test/backoffice';
import { makeProduct } from '../../../../test/catalogue-fixtures';
import { json, type FakeCall } from '../../../../test/fake-fetch';
import { fakeApi } from '../../../../test/team-fixtures';
import { ProductsTab } from './products-tab';
import { loginOwner, makeTicket, pick, renderTab } from '../../../../test/activity-tabs';

const product = (id: number, name: string, price: number) => makeProduct(id, name, price, { name: { en: name } });
const catalogue = [product(1, 'Yoga mat', 15), product(2, 'Lunch', 22)];

/** `PUT /api/courses/5/products` as the server answers it: the offered products with their tickets. */
const saveProducts = (call: FakeCall) => {
  const { items } = call.body as { items: { product_id: number; ticket_ids: number[] }[] };
  const data = items.map(({ product_id, ticket_ids }) => {
    const p = catalogue.find((c) => c.id === product_id)!;
    return {
      product_id,
      name: p.name_text,
      price: p.price,
      price_minor: p.price_minor,
      currency: p.currency,
      active: p.active,
      ticket_ids,
    };
  });
  return json({ success: true, message: 'The products have been saved.', data });
};

describe('products tab', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    notifications.clean();
    loginOwner();
    await applyLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers products, restricts one to a ticket and replaces the list on save', async () => {
    const { calls } = fakeApi({
      'GET /api/courses/5/products': () =>
        json({ data: [{ product_id: 1, name: 'Yoga mat', price: 15, price_minor: 1500, currency: 'CHF', active: true, ticket_ids: [] }] }),
      'GET /api/course/options': () => json(listOf(catalogue)),
      'GET /api/courses/5/tickets': () => json({ data: [makeTicket(1), makeTicket(2, { name: { en: 'Drop-in' }, name_text: 'Drop-in' })] }),
      'PUT /api/courses/5/products': saveProducts,
    });
    renderTab(<ProductsTab activityId={5} canEdit />);
    const mat = (await screen.findByText('Yoga mat', { selector: 'p' })).closest('tr')!;
    expect(within(mat).getByText(/CHF\s15\.00/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await pick(screen.getByRole('combobox', { name: 'Products offered' }), 'Lunch');
    const lunch = (await screen.findByText('Lunch', { selector: 'p' })).closest('tr')!;
    await pick(within(lunch).getByRole('combobox', { name: 'Tickets for Lunch' }), 'Drop-in');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The products have been saved.')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      items: [
        { product_id: 1, ticket_ids: [] },
        { product_id: 2, ticket_ids: [2] },
      ],
    });
  });

  it('removes a product', async () => {
    const { calls } = fakeApi({
      'GET /api/courses/5/products': () =>
        json({ data: [{ product_id: 1, name: 'Yoga mat', price: 15, price_minor: 1500, currency: 'CHF', active: true, ticket_ids: [1] }] }),
      'GET /api/course/options': () => json(listOf([product(1, 'Yoga mat', 15)])),
      'GET /api/courses/5/tickets': () => json({ data: [makeTicket(1)] }),
      'PUT /api/courses/5/products': saveProducts,
    });
    renderTab(<ProductsTab activityId={5} canEdit />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove product Yoga mat' }));
    expect(screen.getByText('No products are offered with this activity.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ items: [] }));
  });

  it('read-only: shows which tickets a product goes with', async () => {
    fakeApi({
      'GET /api/courses/5/products': () =>
        json({ data: [{ product_id: 1, name: 'Yoga mat', price: 15, price_minor: 1500, currency: 'CHF', active: true, ticket_ids: [1] }] }),
      'GET /api/course/options': () => json(listOf([])),
      'GET /api/courses/5/tickets': () => json({ data: [makeTicket(1)] }),
    });
    renderTab(<ProductsTab activityId={5} canEdit={false} />);
    expect(await screen.findByText('Whole course')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});
