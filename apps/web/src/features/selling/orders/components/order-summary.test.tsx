import type { OrderAdminDetail } from '@bookla/shared/orders-admin';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../../test/render';
import { OrderSummary } from './order-summary';

/** The fields the summary reads of an order (a CHF 240 course, one seat). */
function order(taxes: { rate: number; tax: number; gross: number }[], taxRate: number): OrderAdminDetail {
  return {
    currency: 'CHF',
    order_items: [{ id: 1, name: 'Pottery – Course', quantity: 1, price: 240, total: 240, tax_rate: taxRate, options: [] }],
    options: [],
    subtotal: 240,
    discount_code: null,
    discount_total: 0,
    total: 240,
    tax_total: taxes.reduce((sum, x) => sum + x.tax, 0),
    taxes,
    refunded: 0,
    platform_fee: 2.4,
  } as unknown as OrderAdminDetail;
}

const show = (o: OrderAdminDetail) => renderRoutes([{ path: '/:lang/order', element: <OrderSummary order={o} /> }], '/en/order');

describe('the order summary in the back office (issue 22 item 1)', () => {
  it('mentions no VAT for an order of a company not registered for VAT', async () => {
    show(order([], 0));
    const items = await screen.findByRole('region', { name: 'Items' });
    expect(items).toHaveTextContent('CHF 240.00 each');
    expect(items).not.toHaveTextContent(/VAT/);
  });

  it('shows the rate per line and the VAT it contains for a registered company', async () => {
    show(order([{ rate: 8.1, tax: 17.98, gross: 240 }], 8.1));
    const items = await screen.findByRole('region', { name: 'Items' });
    expect(items).toHaveTextContent('CHF 240.00 each · VAT 8.1%');
    expect(items).toHaveTextContent('incl. VAT 8.1% on CHF 240.00');
  });
});
