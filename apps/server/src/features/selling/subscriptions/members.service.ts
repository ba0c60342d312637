import {
  pickText,
  type Language,
  type MemberCancelBody,
  type MemberCreditsBody,
  type MembershipEvent,
  type SubscriptionMember,
  type SubscriptionMemberDetail,
} from '@bookla/shared';
import { toZonedIso } from '@bookla/shared/zoned-time';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { memberships } from '../../../db/schema/index.ts';
import { AppError, notFound, validationError } from '../../../lib/app-error.ts';
import { refundByStaff, type OrderPaymentDeps } from '../orders/index.ts';
import { queueMembershipNotice } from '../notifications/index.ts';
import { queueMembershipMail } from './membership.mails.ts';
import * as repo from './subscriptions.repo.ts';
import { memberStatusFilter, type SubscriptionTeam } from './subscriptions.service.ts';

/**
 * Members of a subscription in the back office: the list, one member with the history, and what
 * staff may do (cancel to the period's end, cancel now with or without a refund of the last
 * payment, give credits back). Every change locks the membership row and writes its event in
 * the same transaction.
 */

function toMember(r: repo.MemberListRow, team: SubscriptionTeam, lang: Language): SubscriptionMember {
  const m = r.row;
  return {
    id: m.id,
    customer: { firstname: r.firstname, lastname: r.lastname, email: r.email },
    tier_id: m.tierId,
    tier_name: pickText(r.tierName, lang),
    status: m.status,
    current_period_start: toZonedIso(m.currentPeriodStart, team.timeZone),
    current_period_end: toZonedIso(m.currentPeriodEnd, team.timeZone),
    credits_left: m.creditsLeft,
    cancel_at_period_end: m.cancelAtPeriodEnd,
    // A card payment that kept no card renews by invoice (as before card renewals).
    renewal_method: m.renewalMethod === 'card' && !r.hasCard ? 'invoice' : m.renewalMethod,
    card_label: r.hasCard ? r.cardLabel : null,
    created_at: toZonedIso(m.createdAt, team.timeZone),
  };
}

async function subscriptionExists(db: DbOrTx, teamId: number, subscriptionId: number): Promise<void> {
  if (!(await repo.findSubscription(db, teamId, subscriptionId))) throw notFound();
}

export async function listMembers(
  db: Db,
  team: SubscriptionTeam,
  subscriptionId: number,
  q: { page: number; perPage: number; sort: repo.MemberListQuery['sort']; columnFilters: Record<string, string> },
  lang: Language,
): Promise<{ rows: SubscriptionMember[]; total: number }> {
  await subscriptionExists(db, team.id, subscriptionId);
  const status = memberStatusFilter(q.columnFilters.status);
  const tier = q.columnFilters.tier_id?.trim();
  const tierId = tier ? (/^\d{1,9}$/.test(tier) ? Number(tier) : -1) : undefined;
  if (status === null || tierId === -1) return { rows: [], total: 0 };
  const page = await repo.listMembers(db, team.id, subscriptionId, {
    page: q.page,
    perPage: q.perPage,
    sort: q.sort,
    search: q.columnFilters.search?.trim() || undefined,
    status,
    tierId,
  });
  return { rows: page.rows.map((r) => toMember(r, team, lang)), total: page.total };
}

export async function getMember(
  db: DbOrTx,
  team: SubscriptionTeam,
  subscriptionId: number,
  id: number,
  lang: Language,
): Promise<SubscriptionMemberDetail> {
  const found = await repo.findMember(db, team.id, subscriptionId, id);
  if (!found) throw notFound();
  const events = await repo.eventsOf(db, team.id, id);
  return {
    ...toMember(found, team, lang),
    events: events.map(
      ({ row, userName }): MembershipEvent => ({
        id: row.id,
        kind: row.kind,
        credits: row.credits,
        order_id: row.orderId,
        by: userName,
        note: row.note,
        created_at: toZonedIso(row.createdAt, team.timeZone),
      }),
    ),
  };
}

/** The membership row, locked for the change (404 for another team's or subscription's). */
async function lockMembership(tx: DbOrTx, teamId: number, subscriptionId: number, id: number) {
  const [row] = await tx
    .select()
    .from(memberships)
    .where(and(eq(memberships.teamId, teamId), eq(memberships.subscriptionId, subscriptionId), eq(memberships.id, id)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

const ended = (status: string) => status === 'cancelled' || status === 'expired';

/**
 * Cancels a membership. `period_end`: no renewal, the member keeps it to the period's end
 * (409 when it already ends). `now`: ends it at once; with `refund` the last paid order of the
 * membership is refunded in full through the order's refund (credit note, mail, the provider's
 * refund for online payments) after the membership ended — a refused refund leaves the
 * membership ended and answers the refund's error.
 */
export async function cancelMember(
  deps: OrderPaymentDeps,
  team: SubscriptionTeam,
  subscriptionId: number,
  id: number,
  userId: number | null,
  body: MemberCancelBody,
  lang: Language,
): Promise<{ detail: SubscriptionMemberDetail; refundedOrderId: number | null }> {
  const { db } = deps;
  const refundOrderId = await db.transaction(async (tx) => {
    const m = await lockMembership(tx, team.id, subscriptionId, id);
    if (ended(m.status)) throw new AppError('CONFLICT', 'subscriptions:member.already_ended');
    if (body.mode === 'period_end') {
      if (m.cancelAtPeriodEnd) throw new AppError('CONFLICT', 'subscriptions:member.already_cancelled');
      await tx.update(memberships).set({ cancelAtPeriodEnd: true, updatedAt: new Date() }).where(eq(memberships.id, m.id));
      await repo.insertEvent(tx, team.id, m.id, { kind: 'cancel_scheduled', userId, periodEnd: m.currentPeriodEnd });
      await queueMembershipMail(tx, deps.config, m.id, 'cancel_scheduled');
      await queueMembershipNotice(tx, team.id, m.id, 'cancelled', new Date(), { by: 'staff', mode: 'period_end' });
      return null;
    }
    const now = new Date();
    await tx
      .update(memberships)
      .set({ status: 'cancelled', cancelAtPeriodEnd: true, endedAt: now, updatedAt: now })
      .where(eq(memberships.id, m.id));
    await repo.insertEvent(tx, team.id, m.id, { kind: 'cancelled', userId, note: body.refund ? 'refund' : null });
    await queueMembershipMail(tx, deps.config, m.id, 'cancelled');
    await queueMembershipNotice(tx, team.id, m.id, 'cancelled', now, { by: 'staff', mode: 'now' });
    if (!body.refund) return null;
    return lastPaidOrder(tx, team.id, m);
  });
  if (body.refund && refundOrderId === null) {
    return { detail: await getMember(db, team, subscriptionId, id, lang), refundedOrderId: null };
  }
  if (refundOrderId !== null) await refundByStaff(deps, team.id, refundOrderId, userId, { reason: null });
  return { detail: await getMember(db, team, subscriptionId, id, lang), refundedOrderId: refundOrderId };
}

/** The membership's latest order that still has money to give back (renewal invoice, else the purchase). */
async function lastPaidOrder(tx: DbOrTx, teamId: number, m: typeof memberships.$inferSelect): Promise<number | null> {
  const rows = await tx.execute(sql`
    SELECT o.id FROM orders o
    WHERE o.team_id = ${teamId}
      AND o.payment_status IN ('paid', 'partially-refunded') AND o.total_minor > o.refunded_minor
      AND (o.id = ${m.orderId} OR o.id = ${m.renewalOrderId}
        OR o.id IN (SELECT e.order_id FROM membership_events e WHERE e.membership_id = ${m.id} AND e.order_id IS NOT NULL))
    ORDER BY o.id DESC LIMIT 1`);
  const row = (rows as unknown as { rows: { id: number }[] }).rows[0];
  return row ? Number(row.id) : null;
}

/** Gives credits back to a membership with limited credits (unlimited ones: 422). */
export async function grantCredits(
  db: Db,
  team: SubscriptionTeam,
  subscriptionId: number,
  id: number,
  userId: number | null,
  body: MemberCreditsBody,
  lang: Language,
): Promise<SubscriptionMemberDetail> {
  await db.transaction(async (tx) => {
    const m = await lockMembership(tx, team.id, subscriptionId, id);
    if (m.creditsLeft === null) throw validationError({ credits: ['subscriptions:validation.credits_unlimited'] });
    if (ended(m.status)) throw new AppError('CONFLICT', 'subscriptions:member.already_ended');
    await tx
      .update(memberships)
      .set({ creditsLeft: sql`${memberships.creditsLeft} + ${body.credits}`, updatedAt: new Date() })
      .where(eq(memberships.id, m.id));
    await repo.insertEvent(tx, team.id, m.id, { kind: 'credits_granted', credits: body.credits, userId, note: body.note ?? null });
  });
  return getMember(db, team, subscriptionId, id, lang);
}

/**
 * A shop customer cancels their own membership to the end of its period (CONTRACT §5: "until the
 * customer or staff cancels (to the period's end)"): 404 for another customer's or team's, 409
 * when it has ended or is already cancelled. The member is told by mail.
 */
export async function cancelOwnMembership(
  deps: Pick<OrderPaymentDeps, 'db' | 'config'>,
  teamId: number,
  customerId: number,
  id: number,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [m] = await tx
      .select()
      .from(memberships)
      .where(and(eq(memberships.teamId, teamId), eq(memberships.customerId, customerId), eq(memberships.id, id)))
      .for('update');
    if (!m) throw notFound();
    if (ended(m.status)) throw new AppError('CONFLICT', 'subscriptions:member.already_ended');
    if (m.cancelAtPeriodEnd) throw new AppError('CONFLICT', 'subscriptions:member.already_cancelled');
    await tx.update(memberships).set({ cancelAtPeriodEnd: true, updatedAt: new Date() }).where(eq(memberships.id, m.id));
    await repo.insertEvent(tx, teamId, m.id, { kind: 'cancel_scheduled', periodEnd: m.currentPeriodEnd, note: 'by_customer' });
    await queueMembershipMail(tx, deps.config, m.id, 'cancel_scheduled');
    await queueMembershipNotice(tx, teamId, m.id, 'cancelled', new Date(), { by: 'customer', mode: 'period_end' });
  });
}
