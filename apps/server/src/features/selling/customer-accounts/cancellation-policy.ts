import type { CancellationMode, CancellationRefusal, PaymentStatus, CustomerRefundMethod } from '@bookla/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { activities, activitySessions, orderItems } from '../../../db/schema/index.ts';
import type { OrderRow } from '../orders/index.ts';

/**
 * The cancellation policy of an order (issue 12): each activity says how many hours before its
 * first session a customer may cancel with a full refund (`cancel_free_hours`; null = no
 * self-service) and whether a later cancellation is still allowed without a refund
 * (`cancel_late_allowed`). A drop-in ticket counts from its own session. An order of several
 * activities takes the strictest: the earliest end of a free window, late cancellation only if
 * every activity allows it, no self-service if one activity offers none. Once a booked session
 * has begun, nothing can be cancelled here.
 */

export interface Policy {
  /** Every activity of the order offers self-service cancellation. */
  offered: boolean;
  /** End of the free window; null when no booked activity has a dated session yet. */
  freeUntil: Date | null;
  lateAllowed: boolean;
  /** The first booked session has begun. */
  started: boolean;
}

interface ItemRef {
  orderId: number;
  activityId: number | null;
  sessionId: number | null;
}
interface ActivityPolicy {
  cancelFreeHours: number | null;
  cancelLateAllowed: boolean;
  firstStart: Date | null;
}

/** The policy of each order from its lines (pure: the loaders below fetch the rows). */
export function combinePolicy(
  items: readonly ItemRef[],
  activityPolicies: ReadonlyMap<number, ActivityPolicy>,
  sessionStarts: ReadonlyMap<number, Date>,
  now: Date,
): Policy {
  let offered = items.length > 0;
  let lateAllowed = true;
  let freeUntil: Date | null = null;
  let started = false;
  for (const item of items) {
    const policy = item.activityId === null ? undefined : activityPolicies.get(item.activityId);
    if (!policy || policy.cancelFreeHours === null) {
      offered = false;
      continue;
    }
    lateAllowed &&= policy.cancelLateAllowed;
    const start = (item.sessionId !== null ? sessionStarts.get(item.sessionId) : undefined) ?? policy.firstStart;
    if (!start) continue;
    if (start.getTime() <= now.getTime()) started = true;
    const end = new Date(start.getTime() - policy.cancelFreeHours * 3600_000);
    if (!freeUntil || end < freeUntil) freeUntil = end;
  }
  return { offered, freeUntil, lateAllowed: offered && lateAllowed, started };
}

/** The policies of several orders of one team, in three queries. */
export async function loadPolicies(
  db: DbOrTx,
  teamId: number,
  orderIds: readonly number[],
  now = new Date(),
): Promise<Map<number, Policy>> {
  if (!orderIds.length) return new Map();
  const items = await db
    .select({ orderId: orderItems.orderId, activityId: orderItems.activityId, sessionId: orderItems.sessionId })
    .from(orderItems)
    .where(and(eq(orderItems.teamId, teamId), inArray(orderItems.orderId, [...orderIds])));
  const activityIds = [...new Set(items.flatMap((i) => (i.activityId === null ? [] : [i.activityId])))];
  const sessionIds = [...new Set(items.flatMap((i) => (i.sessionId === null ? [] : [i.sessionId])))];
  const policyRows = activityIds.length
    ? await db
        .select({
          id: activities.id,
          cancelFreeHours: activities.cancelFreeHours,
          cancelLateAllowed: activities.cancelLateAllowed,
          // Table-qualified by hand: inside a selected expression drizzle writes a column without its table.
          firstStart: sql<
            Date | string | null
          >`(SELECT min(s.starts_at) FROM ${activitySessions} s WHERE s.activity_id = "activities"."id" AND s.status = 'scheduled')`,
        })
        .from(activities)
        .where(and(eq(activities.teamId, teamId), inArray(activities.id, activityIds)))
    : [];
  const sessionRows = sessionIds.length
    ? await db
        .select({ id: activitySessions.id, startsAt: activitySessions.startsAt })
        .from(activitySessions)
        .where(and(eq(activitySessions.teamId, teamId), inArray(activitySessions.id, sessionIds)))
    : [];
  const policies = new Map(
    policyRows.map((r) => [r.id, { ...r, firstStart: r.firstStart === null ? null : new Date(r.firstStart) } satisfies ActivityPolicy]),
  );
  const starts = new Map(sessionRows.map((s) => [s.id, s.startsAt]));
  return new Map(
    orderIds.map((id) => [
      id,
      combinePolicy(
        items.filter((i) => i.orderId === id),
        policies,
        starts,
        now,
      ),
    ]),
  );
}

const HOLDING: readonly PaymentStatus[] = ['free', 'waiting', 'paid', 'partially-refunded'];

export interface QuoteCore {
  allowed: boolean;
  reason: CancellationRefusal | null;
  mode: CancellationMode | null;
  refundMinor: number;
  refundMethod: CustomerRefundMethod | null;
  keptMinor: number;
  freeUntil: Date | null;
  lateAllowed: boolean;
}

/**
 * What cancelling this order now would do. Paid money comes back in full inside the free window:
 * online (to the card or TWINT at the provider it was paid with; test mode) or paid back by the organiser (invoice,
 * manual; recorded at once and shown in the order's history). After the window, with late
 * cancellation allowed, the booking ends and the money stays.
 */
export function quoteFor(order: OrderRow, policy: Policy, refundsOnline: boolean, now: Date): QuoteCore {
  const base = { refundMinor: 0, refundMethod: null, keptMinor: 0, freeUntil: policy.freeUntil, lateAllowed: policy.lateAllowed };
  const refuse = (reason: CancellationRefusal): QuoteCore => ({ ...base, allowed: false, reason, mode: null });
  if (!HOLDING.includes(order.paymentStatus)) return refuse('ended');
  if (!policy.offered) return refuse('not_offered');
  if (policy.started) return refuse('started');
  const paid = order.paymentStatus === 'paid' || order.paymentStatus === 'partially-refunded';
  const left = Math.max(0, order.totalMinor - order.refundedMinor);
  const inWindow = !policy.freeUntil || now.getTime() < policy.freeUntil.getTime();
  if (inWindow) {
    if (!paid || left === 0) return { ...base, allowed: true, reason: null, mode: 'cancel' };
    const online = order.paymentType === 'test' || refundsOnline;
    return { ...base, allowed: true, reason: null, mode: 'refund', refundMinor: left, refundMethod: online ? 'online' : 'provider' };
  }
  if (!policy.lateAllowed) return refuse('window_passed');
  if (!paid || left === 0) return { ...base, allowed: true, reason: null, mode: 'cancel' };
  return { ...base, allowed: true, reason: null, mode: 'no_refund', keptMinor: left };
}
