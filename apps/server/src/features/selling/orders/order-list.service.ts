import {
  minorToDecimal,
  minorToString,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUS_VALUES,
  type Language,
  type Order,
  type PublicOrder,
  type OrderAdminSortField,
  type OrderDetail,
  type PaymentProvider,
  type PaymentStatus,
} from '@bookla/shared';
import type { Db } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { orderByLink } from './order-links.ts';
import { endUnpaidOrder, markOrderPaid, type SellingDeps } from './order-state.service.ts';
import { loadOrder, loadOrderRow, loadOrders, toPublicOrder } from './order-view.ts';
import * as repo from './order-list.repo.ts';

/**
 * The read side of selling and the back office's order calls: the order list and detail
 * (`nav.orders`), staff recording a payment or cancelling an unpaid order, and the customer's
 * order page behind its link. State changes go through order-state.service.ts.
 */

const iso = (d: Date) => d.toISOString();

export interface OrderListInput {
  page: number;
  perPage: number;
  sort: { field: OrderAdminSortField; type: 'asc' | 'desc' };
  columnFilters: Record<string, string>;
}

/**
 * A comma separated choice of known values (`payment_status`, `payment_type`): unknown values are
 * ignored; only unknown values: match nothing rather than everything (an empty list).
 */
function choiceFilter<T extends string>(raw: string | undefined, known: readonly T[]): T[] | undefined {
  if (!raw) return undefined;
  const wanted = raw.split(',').map((s) => s.trim().toLowerCase());
  const chosen = known.filter((s) => wanted.includes(s));
  return chosen.length ? chosen : wanted.some(Boolean) ? [] : undefined;
}

const text = (raw: string | undefined) => raw?.trim().slice(0, 200) || undefined;

/**
 * One page of the team's orders (the list's query is checked by `orderAdminListQuerySchema`:
 * number, activity and dates are well-formed here). Dates are days in the team's time zone.
 */
export async function listOrders(
  db: Db,
  team: { id: number; timeZone: string },
  input: OrderListInput,
  lang: Language,
): Promise<{ rows: Order[]; total: number }> {
  const f = input.columnFilters;
  const statuses = choiceFilter<PaymentStatus>(f.payment_status, PAYMENT_STATUS_VALUES);
  const types = choiceFilter<PaymentProvider>(f.payment_type, PAYMENT_PROVIDERS);
  if ((statuses && !statuses.length) || (types && !types.length)) return { rows: [], total: 0 };
  const number = text(f.number)?.replace(/^#\s*/, '');
  const { ids, total } = await repo.listOrderIds(db, team.id, {
    page: input.page,
    perPage: input.perPage,
    sort: input.sort,
    filters: {
      statuses,
      types,
      search: text(f.search),
      number: number ? Number(number) : undefined,
      name: text(f.name),
      email: text(f.email),
      activityId: f.activity_id ? Number(f.activity_id) : undefined,
      createdFrom: text(f.created_from),
      createdTo: text(f.created_to),
      timeZone: team.timeZone,
    },
  });
  return { rows: await loadOrders(db, team.id, ids, lang), total };
}

/** One order of the team with its history, payment attempts and the platform's fee; 404 for another team's. */
export async function getOrderDetail(db: Db, teamId: number, orderId: number, lang: Language): Promise<OrderDetail> {
  const row = await loadOrderRow(db, teamId, orderId);
  if (!row) throw notFound();
  const [order, events, attempts] = await Promise.all([
    loadOrder(db, teamId, orderId, lang),
    repo.orderEventRows(db, teamId, orderId),
    repo.orderPaymentRows(db, teamId, orderId),
  ]);
  if (!order) throw notFound();
  return {
    ...order,
    events: events.map((e) => ({
      id: e.id,
      type: e.type,
      actor: e.actor,
      user_name: e.firstname !== null || e.lastname !== null ? `${e.firstname ?? ''} ${e.lastname ?? ''}`.trim() : null,
      data: { ...e.data },
      created_at: iso(e.createdAt),
    })),
    payments: attempts.map((p) => ({
      id: p.id,
      provider: p.provider,
      status: p.status,
      amount: minorToDecimal(p.amountMinor, p.currency),
      created_at: iso(p.createdAt),
    })),
    platform_fee: minorToDecimal(row.platformFeeMinor, row.currency),
  };
}

const conflict = (key: string) => new AppError('CONFLICT', key);

/**
 * Staff record the payment of an unpaid order (an invoice paid by bank transfer): a `manual`
 * payment, the `paid` event with the staff member, the confirmation with the tickets. Only from
 * `waiting`; anything else answers 409 and changes nothing.
 */
export async function markPaidByStaff(deps: SellingDeps, teamId: number, orderId: number, userId: number | null): Promise<void> {
  const row = await loadOrderRow(deps.db, teamId, orderId);
  if (!row) throw notFound();
  if (row.paymentStatus !== 'waiting') throw conflictForMarkPaid(row.paymentStatus);
  const result = await markOrderPaid(deps, { teamId, orderId, who: { actor: 'staff', userId }, provider: 'manual' });
  // Another request (a second click, a webhook) changed it between the read and the lock.
  if (!result.changed) throw conflictForMarkPaid(result.status);
}

function conflictForMarkPaid(status: PaymentStatus): AppError {
  const ended: readonly PaymentStatus[] = ['declined', 'cancelled', 'expired', 'error'];
  return conflict(ended.includes(status) ? 'orders:mark_paid.ended' : 'orders:mark_paid.already_paid');
}

/**
 * Staff cancel an unpaid order: its seats, products and discount use go back, the customer is
 * told. A paid order must be refunded first (409); an ended one answers 409 as well.
 */
export async function cancelByStaff(deps: SellingDeps, teamId: number, orderId: number, userId: number | null): Promise<void> {
  const row = await loadOrderRow(deps.db, teamId, orderId);
  if (!row) throw notFound();
  if (row.paymentStatus !== 'waiting') throw conflictForCancel(row.paymentStatus);
  const result = await endUnpaidOrder(deps, {
    teamId,
    orderId,
    status: 'cancelled',
    who: { actor: 'staff', userId },
    reason: 'cancelled_by_staff',
  });
  if (!result.changed) throw conflictForCancel(result.status);
}

function conflictForCancel(status: PaymentStatus): AppError {
  if (status === 'paid' || status === 'partially-refunded') return conflict('orders:cancel.paid');
  if (status === 'declined' || status === 'cancelled' || status === 'expired' || status === 'error') return conflict('orders:cancel.ended');
  return conflict('orders:cancel.not_unpaid');
}

/**
 * The customer's order behind its link (`orderByLink`): a malformed or unknown public id, a wrong,
 * missing or revoked token answer the same 404. Shown in `lang` when given, else in the order's
 * language; `id` is the public id.
 */
export async function getPublicOrder(
  deps: SellingDeps,
  publicId: string,
  token: string | undefined,
  lang?: Language,
): Promise<PublicOrder> {
  const { teamId, id: orderId } = await orderByLink(deps, publicId, token, 'view');
  const order = await loadOrder(deps.db, teamId, orderId, lang);
  if (!order) throw notFound();
  return toPublicOrder(order, { publicId });
}

/**
 * The customer cancels an order that is not paid yet (an invoice not paid, an online payment
 * not finished): its seats go back at once instead of at the due date. A paid order is refunded
 * by the provider (operations), so it answers 409 here.
 */
export async function cancelPublicOrder(
  deps: SellingDeps,
  publicId: string,
  token: string | undefined,
  lang?: Language,
): Promise<PublicOrder> {
  // A change: within the link's change window, or with a fresh token (403 LINK_STALE past it).
  const { teamId, id: orderId } = await orderByLink(deps, publicId, token, 'change');
  const result = await endUnpaidOrder(deps, { teamId, orderId, status: 'cancelled', who: { actor: 'customer' }, reason: 'customer' });
  if (!result.changed) throw new AppError('CONFLICT', 'orders:cancel.not_unpaid');
  const order = await loadOrder(deps.db, teamId, orderId, lang);
  if (!order) throw notFound();
  return toPublicOrder(order, { publicId });
}

/** An amount for a message: `CHF 12.50`. */
export function formatAmount(minor: number, currency: string): string {
  return `${currency} ${minorToString(minor, currency)}`;
}
