import {
  minorToDecimal,
  type AdditionalSale,
  type AdditionalSalesSortField,
  type AdditionalSalesTotal,
  type Language,
} from '@bookla/shared';
import type { Db } from '../../../db/client.ts';
import * as repo from './additional-sales.repo.ts';
import type { AdditionalSalesDbRow, AdditionalSalesFilters } from './additional-sales.repo.ts';
import { readFilters } from './filters.ts';

/**
 * Additional sales (`/backend/orders/additional_sales`, `nav.orders`): products sold with paid
 * orders per product and activity, for a period (the order date in the team's time zone), with
 * the sums over the whole filtered list. Revenue is what the product lines were sold for after
 * their share of a discount (VAT included); a later partial refund of the order is not spread
 * over its lines.
 */

/** `columnFilters` → the repo's filters; one 422 naming every malformed one. */
export function additionalSalesFilters(columnFilters: Record<string, string>, timeZone: string): AdditionalSalesFilters {
  const read = readFilters(columnFilters);
  const range = read.dateRange(timeZone);
  const filters = {
    from: range.from,
    until: range.until,
    activityId: read.id('activity_id'),
    productId: read.id('product_id'),
    search: read.search(),
  };
  read.done();
  return filters;
}

export function toAdditionalSale(r: AdditionalSalesDbRow, id: number): AdditionalSale {
  return {
    id,
    product_id: r.productId,
    product_name: r.productName,
    activity_id: r.activityId,
    activity_name: r.activityName,
    quantity: r.quantity,
    revenue: minorToDecimal(r.revenueMinor, r.currency),
    tax: minorToDecimal(r.taxMinor, r.currency),
    currency: r.currency,
    order_count: r.orderCount,
  };
}

export interface AdditionalSalesInput {
  page: number;
  perPage: number;
  sort: { field: AdditionalSalesSortField; type: 'asc' | 'desc' };
  columnFilters: Record<string, string>;
}

export async function listAdditionalSales(
  db: Db,
  team: { id: number; timeZone: string },
  input: AdditionalSalesInput,
  lang: Language,
): Promise<{ rows: AdditionalSale[]; total: number; totals: AdditionalSalesTotal[] }> {
  const filters = additionalSalesFilters(input.columnFilters, team.timeZone);
  const offset = (input.page - 1) * input.perPage;
  const [rows, sums] = await Promise.all([
    repo.additionalSalesRows(db, team.id, filters, { sort: input.sort, limit: input.perPage, offset }, lang),
    repo.additionalSalesTotals(db, team.id, filters, lang),
  ]);
  return {
    rows: rows.map((r, i) => toAdditionalSale(r, offset + i + 1)),
    total: sums.rows,
    totals: sums.totals.map((t) => ({
      currency: t.currency,
      quantity: t.quantity,
      revenue: minorToDecimal(t.revenueMinor, t.currency),
      tax: minorToDecimal(t.taxMinor, t.currency),
    })),
  };
}
