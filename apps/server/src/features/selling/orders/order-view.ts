import { asc, and, eq, inArray } from 'drizzle-orm';
import { creditNoteNumber, minorToDecimal, pickText, bpToPercent, type Language, type Order, type PublicOrder } from '@bookla/shared';
import type { DbOrTx } from '../../../db/client.ts';
import { orderEvents, orderItems, orderParticipants, orderProducts, orders } from '../../../db/schema/index.ts';

/**
 * An order as CONTRACT §4's Order: the back office and the customer's order page read the same
 * shape. Names are the ones copied at the time of sale, in the requested language.
 */

export type OrderRow = typeof orders.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function loadOrderRow(db: DbOrTx, teamId: number, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.teamId, teamId), eq(orders.id, orderId)));
  return row;
}

/** An order by its public id (order links); the caller checks the link's token against it. */
export async function loadOrderRowByPublicId(db: DbOrTx, publicId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.publicId, publicId));
  return row;
}

/** The Order for anonymous callers: `id` is the public id, the sequential id stays inside (shared `publicOrderSchema`). */
export function toPublicOrder(order: Order, row: Pick<OrderRow, 'publicId'>): PublicOrder {
  return { ...order, id: row.publicId };
}

/** The Order reply, or undefined when the team has no such order. */
export async function loadOrder(db: DbOrTx, teamId: number, orderId: number, lang?: Language): Promise<Order | undefined> {
  const order = await loadOrderRow(db, teamId, orderId);
  if (!order) return undefined;
  // One after the other: called within transactions too, where they share one connection.
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.sort), asc(orderItems.id));
  const participants = await db
    .select()
    .from(orderParticipants)
    .where(eq(orderParticipants.orderId, orderId))
    .orderBy(asc(orderParticipants.sort), asc(orderParticipants.id));
  const extras = await db.select().from(orderProducts).where(eq(orderProducts.orderId, orderId)).orderBy(asc(orderProducts.id));
  const refunds = order.refundedMinor > 0 ? await loadRefunds(db, teamId, [orderId]) : [];
  return toOrder(order, items, participants, extras, lang ?? order.language, refunds);
}

/** A refund step of an order (its `refunded` history entry): each is one credit note. */
export interface RefundStep {
  orderId: number;
  amountMinor: number;
  createdAt: Date;
}

/** The refund steps of these orders, oldest first (the order's n-th is its credit note n). */
export async function loadRefunds(db: DbOrTx, teamId: number, orderIds: readonly number[]): Promise<RefundStep[]> {
  if (!orderIds.length) return [];
  const rows = await db
    .select({ orderId: orderEvents.orderId, data: orderEvents.data, createdAt: orderEvents.createdAt })
    .from(orderEvents)
    .where(and(eq(orderEvents.teamId, teamId), inArray(orderEvents.orderId, [...orderIds]), eq(orderEvents.type, 'refunded')))
    .orderBy(asc(orderEvents.id));
  return rows.map((r) => ({ orderId: r.orderId, amountMinor: Number(r.data.amount_minor ?? 0), createdAt: r.createdAt }));
}

/** Several orders at once (lists), in the given id order. */
export async function loadOrders(db: DbOrTx, teamId: number, ids: readonly number[], lang: Language): Promise<Order[]> {
  if (!ids.length) return [];
  const [rows, items, participants, extras] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(and(eq(orders.teamId, teamId), inArray(orders.id, [...ids]))),
    db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.teamId, teamId), inArray(orderItems.orderId, [...ids])))
      .orderBy(asc(orderItems.sort), asc(orderItems.id)),
    db
      .select()
      .from(orderParticipants)
      .where(and(eq(orderParticipants.teamId, teamId), inArray(orderParticipants.orderId, [...ids])))
      .orderBy(asc(orderParticipants.sort), asc(orderParticipants.id)),
    db
      .select()
      .from(orderProducts)
      .where(and(eq(orderProducts.teamId, teamId), inArray(orderProducts.orderId, [...ids])))
      .orderBy(asc(orderProducts.id)),
  ]);
  const refunded = rows.filter((r) => r.refundedMinor > 0).map((r) => r.id);
  const refunds = await loadRefunds(db, teamId, refunded);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const of = <T extends { orderId: number }>(list: T[]) => list.filter((x) => x.orderId === id);
    return [toOrder(row, of(items), of(participants), of(extras), lang, of(refunds))];
  });
}

export type ItemRow = typeof orderItems.$inferSelect;
export type ParticipantRow = typeof orderParticipants.$inferSelect;
export type ProductRow = typeof orderProducts.$inferSelect;

export function toOrder(
  order: OrderRow,
  items: ItemRow[],
  participants: ParticipantRow[],
  extras: ProductRow[],
  lang: Language,
  refunds: readonly RefundStep[] = [],
): Order {
  const money = (minor: number) => minorToDecimal(minor, order.currency);
  const paidMinor = order.paidAt ? order.totalMinor : 0;
  const option = (p: ProductRow) => ({
    product_id: p.productId,
    name: pickText(p.name, lang),
    quantity: p.quantity,
    price: money(p.unitPriceMinor),
    total: money(p.totalMinor),
  });
  // VAT per rate over every line (tickets and products), as invoices list it.
  const perRate = new Map<number, { tax: number; gross: number }>();
  const addTax = (rateBp: number, tax: number, gross: number) => {
    const sum = perRate.get(rateBp) ?? { tax: 0, gross: 0 };
    sum.tax += tax;
    sum.gross += gross;
    perRate.set(rateBp, sum);
  };
  for (const i of items) addTax(i.taxRateBp, i.taxMinor, i.totalMinor);
  for (const p of extras) addTax(p.taxRateBp, p.taxMinor, p.totalMinor);
  return {
    id: order.id,
    number: order.number,
    created_at: order.createdAt.toISOString(),
    company: order.company,
    salutation: order.salutation,
    firstname: order.firstname,
    lastname: order.lastname,
    email: order.email,
    phone: order.phone,
    language: order.language,
    currency: order.currency,
    payment_type: order.paymentType,
    payment_status: order.paymentStatus,
    paid_at: iso(order.paidAt),
    hold_until: iso(order.holdUntil),
    invoice_due_at: iso(order.invoiceDueAt),
    order_items: items.map((i) => {
      const activityName = pickText(i.activityName, lang);
      const ticketName = pickText(i.ticketName, lang);
      return {
        id: i.id,
        ticket_id: i.ticketId,
        activity_id: i.activityId,
        session_id: i.sessionId,
        name: ticketName ? `${activityName} – ${ticketName}` : activityName,
        activity_name: activityName,
        ticket_name: ticketName,
        quantity: i.quantity,
        price: money(i.unitPriceMinor),
        total: money(i.totalMinor),
        tax_rate: bpToPercent(i.taxRateBp),
        options: extras.filter((p) => p.orderItemId === i.id).map(option),
        participants: participants
          .filter((p) => p.orderItemId === i.id)
          .map((p) => ({
            id: p.id,
            firstname: p.firstname,
            lastname: p.lastname,
            email: p.email,
            ticket_code: p.ticketCode,
            checked_in_at: iso(p.checkedInAt),
          })),
      };
    }),
    options: extras.filter((p) => p.orderItemId === null).map(option),
    subtotal: money(order.subtotalMinor),
    discount_code: order.discountCode,
    discount_total: money(order.discountTotalMinor),
    tax_total: money(order.taxTotalMinor),
    taxes: [...perRate.entries()]
      .filter(([rate]) => rate > 0)
      .sort((a, b) => b[0] - a[0])
      .map(([rate, s]) => ({ rate: bpToPercent(rate), tax: money(s.tax), gross: money(s.gross) })),
    total: money(order.totalMinor),
    total_minor: order.totalMinor,
    paid: money(paidMinor),
    refunded: money(order.refundedMinor),
    remaining: money(Math.max(0, paidMinor - order.refundedMinor)),
    credit_notes: refunds.map((r, i) => ({
      index: i + 1,
      number: creditNoteNumber(order.number, i + 1),
      amount: money(r.amountMinor),
      created_at: r.createdAt.toISOString(),
    })),
  };
}
