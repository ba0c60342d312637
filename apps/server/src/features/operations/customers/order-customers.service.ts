import {
  minorToDecimal,
  toZonedIso,
  toZonedIsoOrNull,
  type CustomerOrder,
  type Language,
  type OrderCustomer,
  type OrderCustomerSortField,
} from '@bookla/shared';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../lib/app-error.ts';
import { readFilters } from './filters.ts';
import * as repo from './order-customers.repo.ts';

/**
 * Order customers (`/backend/customers/order`, `nav.customers.order`): the people who ordered,
 * one per e-mail address (case-insensitive: `Anna@Example.com` and `anna@example.com` are one
 * customer), with how many orders they placed, how many were paid, what they paid (minus
 * refunds, in the team's currency) and their latest order. Their orders are listed from any one
 * of them (`/api/customers/orders/{orderId}/orders`), so another team's order id is not found.
 */

export interface CustomerTeam {
  id: number;
  currency: string;
  timeZone: string;
}

export interface OrderCustomerListInput {
  page: number;
  perPage: number;
  sort: { field: OrderCustomerSortField; type: 'asc' | 'desc' };
  columnFilters: Record<string, string>;
}

export async function listOrderCustomers(
  db: Db,
  team: CustomerTeam,
  input: OrderCustomerListInput,
): Promise<{ rows: OrderCustomer[]; total: number }> {
  const { rows, total } = await repo.orderCustomerPage(db, team.id, {
    page: input.page,
    perPage: input.perPage,
    sort: input.sort,
    search: readFilters(input.columnFilters).search(),
    currency: team.currency,
  });
  return {
    rows: rows.map((r) => ({
      id: r.lastId,
      email: r.email,
      firstname: r.firstname,
      lastname: r.lastname,
      company: r.company,
      phone: r.phone,
      order_count: r.orderCount,
      paid_order_count: r.paidOrderCount,
      total_paid: minorToDecimal(r.totalPaidMinor, team.currency),
      currency: team.currency,
      first_order_at: toZonedIso(r.firstOrderAt, team.timeZone),
      last_order_at: toZonedIso(r.lastOrderAt, team.timeZone),
      last_order_id: r.lastId,
      last_order_number: r.lastNumber,
    })),
    total,
  };
}

/** The orders of the customer who placed order `orderId` (same e-mail, any case), newest first. */
export async function customerOrders(
  db: Db,
  team: CustomerTeam,
  orderId: number,
  page: { page: number; perPage: number },
  lang: Language,
): Promise<{ rows: CustomerOrder[]; total: number }> {
  const email = await repo.orderEmail(db, team.id, orderId);
  if (email === undefined) throw notFound();
  const { rows, total } = await repo.ordersOfEmail(db, team.id, email, page.page, page.perPage, lang);
  return {
    rows: rows.map((o) => ({
      id: o.id,
      number: o.number,
      created_at: toZonedIso(o.createdAt, team.timeZone),
      payment_status: o.paymentStatus,
      paid_at: toZonedIsoOrNull(o.paidAt, team.timeZone),
      payment_type: o.paymentType,
      total: minorToDecimal(o.totalMinor, o.currency),
      refunded: minorToDecimal(o.refundedMinor, o.currency),
      currency: o.currency,
      activities: [...o.activities].filter(Boolean),
    })),
    total,
  };
}
