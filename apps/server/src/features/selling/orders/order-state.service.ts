import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { OrderEventType, PaymentProvider, PaymentStatus } from '@bookla/shared';
import type { Config } from '../../../config/env.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { orderEvents, orderItems, orderProducts, orders, payments, products, tickets } from '../../../db/schema/index.ts';
import { returnDiscountUse, takeDiscountUse } from '../discounts/index.ts';
import { ReservationError, takeSeats } from '../../catalogue/tickets/index.ts';
import { queueLineCheck } from '../waitinglist/index.ts';
import { takeProductStock } from './orders.repo.ts';
import { orderMails, type OrderEndedBy } from './order-mails-port.ts';
import { orderMemberships } from './order-memberships-port.ts';
import { returnCredits } from './member-seats.ts';
import { queueProviderNotice } from './provider-notice-job.ts';
import type { OrderRow } from './order-view.ts';
import type { Bind } from '../../../lib/sql.ts';
import { withActingToken } from '../../../lib/acting-token.ts';

/**
 * Every change of an order's payment status goes through here: one transaction that locks the
 * order row, checks the transition, moves seats, writes the order event log and queues the mail.
 * Each function is idempotent: called twice (a webhook replayed, two staff clicks) it changes
 * nothing the second time and says so (`changed: false`).
 *
 *   waiting → paid | declined | cancelled | expired | error      (seats released unless paid)
 *   paid    → refunded | partially-refunded                      (full refund releases seats; each refund mails its credit note)
 *   free    is final (cancellation of free and paid orders belongs to operations)
 */

export interface SellingDeps {
  db: Db;
  config: Pick<Config, 'appUrl' | 'appName' | 'mailFrom' | 'sessionSecret'>;
}

export interface OrderActor {
  actor: 'customer' | 'staff' | 'provider' | 'system';
  userId?: number | null;
}

export interface StateChange {
  changed: boolean;
  status: PaymentStatus;
}

const ENDED: readonly PaymentStatus[] = ['declined', 'cancelled', 'expired', 'error'];

export async function recordOrderEvent(
  db: DbOrTx,
  teamId: number,
  orderId: number,
  type: OrderEventType,
  who: OrderActor,
  data: Record<string, unknown> = {},
): Promise<void> {
  await orderEventInsert(db, teamId, orderId, type, who, data);
}

/** The INSERT of `recordOrderEvent`, unexecuted (for a statement that writes more than the event). */
export function orderEventInsert(
  db: DbOrTx,
  teamId: number,
  orderId: number,
  type: OrderEventType,
  who: OrderActor,
  data: Record<string, unknown> = {},
  bind: Bind = (v) => v,
) {
  return db.insert(orderEvents).values({
    teamId: bind(teamId),
    orderId: bind(orderId),
    type,
    actor: who.actor,
    userId: bind(who.userId ?? null),
    data: bind(withActingToken(data)),
  });
}

async function lockOrder(tx: DbOrTx, teamId: number, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.teamId, teamId), eq(orders.id, orderId)))
    .for('update');
  return row;
}

/** Seats and products an order holds, per ticket/product (summed). */
async function heldQuantities(tx: DbOrTx, orderId: number) {
  const items = await tx
    .select({ ticketId: orderItems.ticketId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const extras = await tx
    .select({ productId: orderProducts.productId, quantity: orderProducts.quantity })
    .from(orderProducts)
    .where(eq(orderProducts.orderId, orderId));
  const sum = (rows: { id: number | null; quantity: number }[]) => {
    const m = new Map<number, number>();
    for (const r of rows) if (r.id !== null) m.set(r.id, (m.get(r.id) ?? 0) + r.quantity);
    // Lock in id order everywhere, so two transactions never wait for each other in a circle.
    return [...m.entries()].sort((a, b) => a[0] - b[0]);
  };
  return {
    tickets: sum(items.map((i) => ({ id: i.ticketId, quantity: i.quantity }))),
    products: sum(extras.map((p) => ({ id: p.productId, quantity: p.quantity }))),
  };
}

/** Gives an order's seats and products back to stock. */
async function releaseHeld(tx: DbOrTx, teamId: number, orderId: number): Promise<void> {
  const held = await heldQuantities(tx, orderId);
  for (const [ticketId, n] of held.tickets)
    await tx
      .update(tickets)
      .set({ sold: sql`${tickets.sold} - ${n}` })
      .where(and(eq(tickets.teamId, teamId), eq(tickets.id, ticketId)));
  for (const [productId, n] of held.products)
    await tx
      .update(products)
      .set({ sold: sql`${products.sold} - ${n}` })
      .where(and(eq(products.teamId, teamId), eq(products.id, productId)));
  // Seats booked with a membership give their credits back (once per seat).
  await returnCredits(tx, teamId, orderId);
  // The freed seats go to the waiting list: a job, once this transaction committed.
  if (held.tickets.length)
    await queueLineCheck(
      tx,
      teamId,
      held.tickets.map(([ticketId]) => ticketId),
    );
}

/** One of an order's seats, products or its discount use is gone: nothing is taken back. */
class NoLongerAvailable extends Error {}

/**
 * Takes an order's seats, products and discount use again (a payment that arrived after the
 * order expired), by the checkout's own rules: the tickets locked in id order, then a conditional
 * UPDATE that also counts live reservations. All or nothing (a savepoint): returns false when
 * any seat or product is gone or the discount is used up meanwhile.
 */
async function retakeHeld(tx: DbOrTx, teamId: number, orderId: number, discountId: number | null): Promise<boolean> {
  const held = await heldQuantities(tx, orderId);
  try {
    await tx.transaction(async (sp) => {
      await takeSeats(
        sp,
        teamId,
        held.tickets.map(([ticketId, quantity]) => ({ ticketId, quantity })),
      );
      for (const [productId, n] of held.products) if (!(await takeProductStock(sp, teamId, productId, n))) throw new NoLongerAvailable();
      // The expiry gave the discount use back: count it again, within max_uses like at checkout.
      if (discountId !== null && !(await takeDiscountUse(sp, teamId, discountId))) throw new NoLongerAvailable();
    });
    return true;
  } catch (err) {
    if (err instanceof NoLongerAvailable || err instanceof ReservationError) return false;
    throw err;
  }
}

export interface MarkPaidInput {
  teamId: number;
  orderId: number;
  who: OrderActor;
  /** The payment attempt that succeeded (its row is marked succeeded). */
  paymentId?: number | null;
  /** Staff recording a payment by hand (invoice paid by bank transfer): payment_type stays, a manual payment row is written. */
  provider?: PaymentProvider;
  externalPaymentId?: string | null;
}

/**
 * `waiting` → `paid`: sets paid_at, ends the hold, queues the confirmation with the tickets.
 * Already paid (or free): no change. Ended (expired/declined…) but the money came anyway: the
 * seats are taken again if still there, else the order goes to `error` for staff to refund.
 */
export async function markOrderPaid(deps: SellingDeps, input: MarkPaidInput): Promise<StateChange> {
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.teamId, input.orderId);
    if (!order) throw new RangeError(`order ${input.orderId} of team ${input.teamId} not found`);
    if (order.paymentStatus !== 'waiting' && !ENDED.includes(order.paymentStatus)) return { changed: false, status: order.paymentStatus };
    if (ENDED.includes(order.paymentStatus)) {
      if (order.paymentStatus === 'error' || !(await retakeHeld(tx, input.teamId, order.id, order.discountId))) {
        if (order.paymentStatus !== 'error') {
          await tx.update(orders).set({ paymentStatus: 'error', updatedAt: new Date() }).where(eq(orders.id, order.id));
          await recordOrderEvent(tx, input.teamId, order.id, 'payment_failed', input.who, {
            reason: 'paid_after_seats_released',
            refund_needed: true,
          });
        }
        return { changed: order.paymentStatus !== 'error', status: 'error' };
      }
    }
    const now = new Date();
    await tx
      .update(orders)
      .set({ paymentStatus: 'paid', paidAt: now, holdUntil: null, cancelledAt: null, updatedAt: now })
      .where(eq(orders.id, order.id));
    if (input.paymentId)
      await tx
        .update(payments)
        .set({ status: 'succeeded', checkoutUrl: null, externalPaymentId: input.externalPaymentId ?? undefined, updatedAt: now })
        .where(and(eq(payments.id, input.paymentId), eq(payments.orderId, order.id)));
    else
      await tx.insert(payments).values({
        teamId: input.teamId,
        orderId: order.id,
        provider: input.provider ?? 'manual',
        status: 'succeeded',
        amountMinor: order.totalMinor,
        currency: order.currency,
      });
    await recordOrderEvent(tx, input.teamId, order.id, 'paid', input.who, {
      from: order.paymentStatus,
      provider: input.provider ?? order.paymentType,
      amount_minor: order.totalMinor,
    });
    await orderMails().queue(tx, deps.config, input.teamId, order.id, 'paid');
    // The provider hears of a paid order once (an invoice order was told when placed).
    await queueProviderNotice(tx, input.teamId, order.id, 'placed');
    // A subscription tier's order makes (or renews) its membership now (order-memberships-port.ts).
    if (await hasTierLines(tx, order.id)) await orderMemberships().settled(tx, input.teamId, order.id);
    return { changed: true, status: 'paid' };
  });
}

/** Whether the order bought a subscription tier (CONTRACT §5). */
async function hasTierLines(tx: DbOrTx, orderId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), isNotNull(orderItems.subscriptionTierId)))
    .limit(1);
  return !!row;
}

export interface EndOrderInput {
  teamId: number;
  orderId: number;
  status: 'declined' | 'cancelled' | 'expired' | 'error';
  who: OrderActor;
  reason?: string;
}

/**
 * An unpaid order ends: its seats, products and discount use go back, its open payment attempts
 * end, the customer is told (cancelled/expired). Only from `waiting`; anything else: no change.
 */
export async function endUnpaidOrder(deps: SellingDeps, input: EndOrderInput): Promise<StateChange> {
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.teamId, input.orderId);
    if (!order) throw new RangeError(`order ${input.orderId} of team ${input.teamId} not found`);
    if (order.paymentStatus !== 'waiting') return { changed: false, status: order.paymentStatus };
    await endLocked(tx, deps, order, input);
    return { changed: true, status: input.status };
  });
}

async function endLocked(tx: DbOrTx, deps: SellingDeps, order: OrderRow, input: EndOrderInput): Promise<void> {
  const now = new Date();
  await tx
    .update(orders)
    .set({ paymentStatus: input.status, holdUntil: null, cancelledAt: now, updatedAt: now })
    .where(eq(orders.id, order.id));
  await tx
    .update(payments)
    .set({ status: input.status === 'expired' ? 'expired' : 'failed', checkoutUrl: null, updatedAt: now })
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending')));
  const type: OrderEventType = input.status === 'expired' ? 'expired' : input.status === 'cancelled' ? 'cancelled' : 'payment_failed';
  await recordOrderEvent(tx, order.teamId, order.id, type, input.who, {
    from: order.paymentStatus,
    to: input.status,
    reason: input.reason ?? null,
  });
  // The mail says why, in the customer's terms (issue 22 item 8).
  await orderMails().queue(tx, deps.config, order.teamId, order.id, 'ended', { endedBy: endedBy(input) });
  // A failed or declined payment ended no order the provider counted on: no notice for those.
  if (input.status === 'cancelled' || input.status === 'expired')
    await queueProviderNotice(tx, order.teamId, order.id, 'cancelled', { by: endedBy(input) });
  // Last: the ticket and discount rows are what buyers of the same sale wait for; locked only
  // for the few statements until the commit.
  await releaseHeld(tx, order.teamId, order.id);
  if (order.discountId) await returnDiscountUse(tx, order.teamId, order.discountId);
}

/** Who ended the order, as its mail tells the customer: she did, the organiser did, or it was not paid (expired, declined, failed). */
function endedBy(input: Pick<EndOrderInput, 'who'>): OrderEndedBy {
  if (input.who.actor === 'customer') return 'customer';
  if (input.who.actor === 'staff') return 'organiser';
  return 'unpaid';
}

/** Ends every unpaid order whose hold ran out (several instances: SKIP LOCKED). Returns how many. */
export async function expireDueOrders(deps: SellingDeps, limit = 100): Promise<number> {
  const due = await deps.db
    .select({ id: orders.id, teamId: orders.teamId })
    .from(orders)
    .where(and(eq(orders.paymentStatus, 'waiting'), lte(orders.holdUntil, sql`now()`)))
    .limit(limit);
  let n = 0;
  for (const o of due) {
    const changed = await deps.db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, o.id), eq(orders.paymentStatus, 'waiting'), lte(orders.holdUntil, sql`now()`)))
        .for('update', { skipLocked: true });
      if (!order) return false;
      await endLocked(tx, deps, order, { teamId: o.teamId, orderId: o.id, status: 'expired', who: { actor: 'system' } });
      return true;
    });
    if (changed) n++;
  }
  return n;
}

export interface RefundInput {
  teamId: number;
  orderId: number;
  /** Minor units; omitted: whatever is left to refund. */
  amountMinor?: number;
  who: OrderActor;
  externalRefundId?: string | null;
}

/** Whether a refund step with this provider key is in the order's history already. */
async function refundKeySeen(tx: DbOrTx, orderId: number, refundKey: string): Promise<boolean> {
  const seen = await tx
    .select({ id: orderEvents.id })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, 'refunded'), sql`${orderEvents.data}->>'refund_id' = ${refundKey}`))
    .limit(1);
  return seen.length > 0;
}

/**
 * Records a refund (the money moved at the provider, or by hand): `partially-refunded` until the
 * whole total is back, then `refunded`, which also releases the seats. Idempotent per
 * `externalRefundId` when given.
 */
export async function recordRefund(deps: SellingDeps, input: RefundInput): Promise<StateChange> {
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.teamId, input.orderId);
    if (!order) throw new RangeError(`order ${input.orderId} of team ${input.teamId} not found`);
    if (order.paymentStatus !== 'paid' && order.paymentStatus !== 'partially-refunded')
      return { changed: false, status: order.paymentStatus };
    if (input.externalRefundId && (await refundKeySeen(tx, order.id, input.externalRefundId)))
      return { changed: false, status: order.paymentStatus };
    const left = order.totalMinor - order.refundedMinor;
    const amount = Math.min(left, input.amountMinor ?? left);
    if (amount <= 0) return { changed: false, status: order.paymentStatus };
    const refunded = order.refundedMinor + amount;
    const status: PaymentStatus = refunded >= order.totalMinor ? 'refunded' : 'partially-refunded';
    if (status === 'refunded') await releaseHeld(tx, order.teamId, order.id);
    await tx.update(orders).set({ paymentStatus: status, refundedMinor: refunded, updatedAt: new Date() }).where(eq(orders.id, order.id));
    const credit = await nextCreditNote(tx, order.id);
    await recordOrderEvent(tx, order.teamId, order.id, 'refunded', input.who, {
      amount_minor: amount,
      refunded_minor: refunded,
      refund_id: input.externalRefundId ?? null,
      credit_note: credit,
    });
    // The customer gets the refund's credit note (issue 22 item 4).
    await orderMails().queue(tx, deps.config, order.teamId, order.id, 'refunded');
    await queueProviderNotice(tx, order.teamId, order.id, 'refunded', {
      amount_minor: amount,
      refunded_minor: refunded,
      credit_note: credit,
      by: input.who.actor,
    });
    return { changed: true, status };
  });
}

/** The place of the order's next refund among its refunds: its credit note's index (1, 2, …). Under the order's lock. */
async function nextCreditNote(tx: DbOrTx, orderId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, 'refunded')));
  return (row?.n ?? 0) + 1;
}

// ─── Staff (operations): refunds with the money moved at the provider, cancelling a free order ──

/** Why a refund changed nothing: the order is not paid, nothing is left to refund, or more was asked than is left. */
export type RefundRefusal = 'not_paid' | 'nothing_left' | 'too_much';

export interface StaffRefundInput {
  teamId: number;
  orderId: number;
  /** Minor units, above 0; omitted: everything still refundable. */
  amountMinor?: number;
  who: OrderActor;
  /** How the money moved (recorded in the history): the provider's name, or `record` (only recorded). */
  method: string;
  reason?: string | null;
  /**
   * The provider's key of this refund step (the money already moved: payments/refunds.ts asks the
   * provider before, never while the order is locked). The same key its refund webhook reports: a
   * step already recorded under it changes nothing.
   */
  refundKey?: string;
  /**
   * false: the caller tells the customer itself, with the credit note attached (a customer's
   * cancellation). Default: the refund's own mail with its credit note (`refunded`).
   */
  mail?: boolean;
}

export interface StaffRefundResult extends StateChange {
  refusal?: RefundRefusal;
  /** What this call refunded, and what is still refundable after it. */
  amountMinor: number;
  leftMinor: number;
  /** The credit note of this refund (its index among the order's), when it changed the order. */
  creditNote?: number;
}

/**
 * A refund by staff, full or partial (`paid`/`partially-refunded` only): at most paid minus
 * refunded; the money moved before (payments/refunds.ts, outside this lock), then `partially-refunded`, or `refunded` with
 * the seats released, and the `refunded` event with the staff member. Two at once for one order:
 * the second waits for the first and sees what is left.
 */
export async function refundOrder(deps: SellingDeps, input: StaffRefundInput): Promise<StaffRefundResult> {
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.teamId, input.orderId);
    if (!order) throw new RangeError(`order ${input.orderId} of team ${input.teamId} not found`);
    const left = order.totalMinor - order.refundedMinor;
    const refused = (refusal: RefundRefusal): StaffRefundResult => ({
      changed: false,
      status: order.paymentStatus,
      refusal,
      amountMinor: 0,
      leftMinor: Math.max(0, left),
    });
    // The provider's webhook recorded this very step already (it came first): done.
    if (input.refundKey && (await refundKeySeen(tx, order.id, input.refundKey)))
      return { changed: false, status: order.paymentStatus, amountMinor: input.amountMinor ?? 0, leftMinor: Math.max(0, left) };
    if (order.paymentStatus !== 'paid' && order.paymentStatus !== 'partially-refunded') return refused('not_paid');
    if (left <= 0) return refused('nothing_left');
    const amount = input.amountMinor ?? left;
    if (amount <= 0 || amount > left) return refused('too_much');
    const refunded = order.refundedMinor + amount;
    const status: PaymentStatus = refunded >= order.totalMinor ? 'refunded' : 'partially-refunded';
    if (status === 'refunded') await releaseHeld(tx, order.teamId, order.id);
    await tx.update(orders).set({ paymentStatus: status, refundedMinor: refunded, updatedAt: new Date() }).where(eq(orders.id, order.id));
    const creditNote = await nextCreditNote(tx, order.id);
    await recordOrderEvent(tx, order.teamId, order.id, 'refunded', input.who, {
      amount_minor: amount,
      refunded_minor: refunded,
      refund_id: input.refundKey ?? null,
      method: input.method,
      reason: input.reason ?? null,
      credit_note: creditNote,
    });
    if (input.mail !== false) await orderMails().queue(tx, deps.config, order.teamId, order.id, 'refunded');
    // A customer's cancellation paid by invoice or by hand is recorded as owed: the organiser has to transfer it.
    const requested = input.reason === 'customer_cancellation_transfer_due';
    await queueProviderNotice(tx, order.teamId, order.id, 'refunded', {
      amount_minor: amount,
      refunded_minor: refunded,
      credit_note: creditNote,
      requested,
      by: input.who.actor,
    });
    return { changed: true, status, amountMinor: amount, leftMinor: left - amount, creditNote };
  });
}

/**
 * Staff cancel a free order: its seats, products and discount use go back, the customer is told.
 * Only from `free`; anything else: no change.
 */
export async function cancelFreeOrder(
  deps: SellingDeps,
  input: { teamId: number; orderId: number; who: OrderActor; reason?: string },
): Promise<StateChange> {
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.teamId, input.orderId);
    if (!order) throw new RangeError(`order ${input.orderId} of team ${input.teamId} not found`);
    if (order.paymentStatus !== 'free') return { changed: false, status: order.paymentStatus };
    await endLocked(tx, deps, order, { ...input, status: 'cancelled' });
    return { changed: true, status: 'cancelled' };
  });
}

// ─── Customers (self-service cancellation): a late cancellation keeps the money ──

/**
 * A paid order cancelled by its customer after the free cancellation window, where the activity
 * allows that without a refund: `cancelled`, its seats, products and discount use go back (through
 * `releaseHeld`, like every release), the money stays (`paid_at` and `refunded_minor` unchanged;
 * the event records what was kept). Only from `paid`/`partially-refunded`; anything else: no
 * change. `within` runs in the same transaction after the change (the customer's mail).
 */
export async function cancelPaidOrderKeepingPayment(
  deps: SellingDeps,
  input: {
    teamId: number;
    orderId: number;
    who: OrderActor;
    reason?: string;
    within?: (tx: DbOrTx, order: OrderRow) => Promise<void>;
  },
): Promise<StateChange> {
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.teamId, input.orderId);
    if (!order) throw new RangeError(`order ${input.orderId} of team ${input.teamId} not found`);
    if (order.paymentStatus !== 'paid' && order.paymentStatus !== 'partially-refunded')
      return { changed: false, status: order.paymentStatus };
    const now = new Date();
    await tx
      .update(orders)
      .set({ paymentStatus: 'cancelled', holdUntil: null, cancelledAt: now, updatedAt: now })
      .where(eq(orders.id, order.id));
    await recordOrderEvent(tx, order.teamId, order.id, 'cancelled', input.who, {
      from: order.paymentStatus,
      to: 'cancelled',
      reason: input.reason ?? null,
      refund: 'none',
      kept_minor: order.totalMinor - order.refundedMinor,
    });
    await input.within?.(tx, order);
    await queueProviderNotice(tx, order.teamId, order.id, 'cancelled', {
      by: input.who.actor === 'customer' ? 'customer' : 'organiser',
      kept_minor: order.totalMinor - order.refundedMinor,
    });
    await releaseHeld(tx, order.teamId, order.id);
    if (order.discountId) await returnDiscountUse(tx, order.teamId, order.discountId);
    return { changed: true, status: 'cancelled' };
  });
}
