import type { Language, MembershipEventKind, MembershipStatus } from '@bookla/shared';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import {
  activities,
  customers,
  membershipEvents,
  memberships,
  payments,
  subscriptions,
  subscriptionTiers,
  typeSets,
  users,
} from '../../../db/schema/index.ts';
import { likePattern, pickedText } from '../../../lib/sql.ts';

/** SQL of subscriptions, tiers and memberships. Every function takes the team id first. */

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type TierRow = typeof subscriptionTiers.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;
export type SubscriptionValues = Pick<SubscriptionRow, 'name' | 'description' | 'activityIds' | 'typeSetIds' | 'status'>;
export type TierValues = Omit<TierRow, 'id' | 'teamId' | 'subscriptionId' | 'sort' | 'createdAt' | 'updatedAt'>;

/** Memberships that count as members: active, or waiting for a renewal's payment. */
const holding = (column: SQL | typeof memberships.status) => sql`${column} IN ('active', 'past_due')`;

const tierCount = sql<number>`(SELECT count(*)::int FROM subscription_tiers t WHERE t.subscription_id = "subscriptions"."id")`;
const subscriptionMembers = sql<number>`(SELECT count(*)::int FROM memberships m WHERE m.subscription_id = "subscriptions"."id" AND ${holding(sql`m.status`)})`;

export interface SubscriptionListQuery {
  page: number;
  perPage: number;
  sort: { field: 'created_at' | 'id' | 'name' | 'status' | 'member_count'; type: 'asc' | 'desc' };
  name?: string;
  status?: string;
  lang: Language;
}

export async function listSubscriptions(db: DbOrTx, teamId: number, q: SubscriptionListQuery) {
  const where: SQL[] = [eq(subscriptions.teamId, teamId)];
  if (q.name) where.push(sql`${pickedText(subscriptions.name, q.lang)} ILIKE ${likePattern(q.name)}`);
  if (q.status) where.push(eq(subscriptions.status, q.status as SubscriptionRow['status']));
  const sortColumn = {
    created_at: sql`${subscriptions.createdAt}`,
    id: sql`${subscriptions.id}`,
    name: pickedText(subscriptions.name, q.lang),
    status: sql`${subscriptions.status}`,
    member_count: subscriptionMembers,
  }[q.sort.field];
  const dir = q.sort.type === 'asc' ? sql`ASC` : sql`DESC`;
  const rows = await db
    .select({ row: subscriptions, tierCount, memberCount: subscriptionMembers })
    .from(subscriptions)
    .where(and(...where))
    .orderBy(sql`${sortColumn} ${dir}`, sql`${subscriptions.id} ${dir}`)
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(and(...where));
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findSubscription(db: DbOrTx, teamId: number, id: number, lock = false) {
  const query = db
    .select({ row: subscriptions, tierCount, memberCount: subscriptionMembers })
    .from(subscriptions)
    .where(and(eq(subscriptions.teamId, teamId), eq(subscriptions.id, id)));
  const [found] = lock ? await query.for('update', { of: subscriptions }) : await query;
  return found;
}

export async function insertSubscription(db: DbOrTx, teamId: number, values: SubscriptionValues): Promise<number> {
  const [row] = await db
    .insert(subscriptions)
    .values({ teamId, ...values })
    .returning({ id: subscriptions.id });
  return row!.id;
}

export async function updateSubscription(db: DbOrTx, teamId: number, id: number, values: SubscriptionValues): Promise<void> {
  await db
    .update(subscriptions)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(subscriptions.teamId, teamId), eq(subscriptions.id, id)));
}

/** Deletes a subscription no membership ever held (one statement: a purchase at the same moment is not lost). */
export async function deleteSubscriptionWithoutMembers(db: DbOrTx, teamId: number, id: number): Promise<'deleted' | 'members' | 'missing'> {
  const deleted = await db
    .delete(subscriptions)
    .where(
      and(
        eq(subscriptions.teamId, teamId),
        eq(subscriptions.id, id),
        sql`NOT EXISTS (SELECT 1 FROM memberships m WHERE m.subscription_id = ${id})`,
      ),
    )
    .returning({ id: subscriptions.id });
  if (deleted.length) return 'deleted';
  return (await findSubscription(db, teamId, id)) ? 'members' : 'missing';
}

/** The ids of `ids` that are activities (or type sets) of the team. */
export async function ownActivityIds(db: DbOrTx, teamId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.teamId, teamId), inArray(activities.id, ids)));
  return new Set(rows.map((r) => r.id));
}
export async function ownTypeSetIds(db: DbOrTx, teamId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: typeSets.id })
    .from(typeSets)
    .where(and(eq(typeSets.teamId, teamId), inArray(typeSets.id, ids)));
  return new Set(rows.map((r) => r.id));
}

// ─── Tiers ──────────────────────────────────────────────────────────────────

const tierMembers = sql<number>`(SELECT count(*)::int FROM memberships m WHERE m.tier_id = "subscription_tiers"."id" AND ${holding(sql`m.status`)})`;

export async function tiersOf(db: DbOrTx, teamId: number, subscriptionIds: number[]) {
  if (!subscriptionIds.length) return [];
  return db
    .select({ row: subscriptionTiers, memberCount: tierMembers })
    .from(subscriptionTiers)
    .where(and(eq(subscriptionTiers.teamId, teamId), inArray(subscriptionTiers.subscriptionId, subscriptionIds)))
    .orderBy(asc(subscriptionTiers.subscriptionId), asc(subscriptionTiers.sort), asc(subscriptionTiers.id));
}

export async function findTier(db: DbOrTx, teamId: number, subscriptionId: number, id: number) {
  const [found] = await db
    .select({ row: subscriptionTiers, memberCount: tierMembers })
    .from(subscriptionTiers)
    .where(and(eq(subscriptionTiers.teamId, teamId), eq(subscriptionTiers.subscriptionId, subscriptionId), eq(subscriptionTiers.id, id)));
  return found;
}

export async function insertTier(db: DbOrTx, teamId: number, subscriptionId: number, values: TierValues): Promise<number> {
  const [row] = await db
    .insert(subscriptionTiers)
    .values({
      teamId,
      subscriptionId,
      ...values,
      sort: sql`(SELECT coalesce(max(sort), 0) + 1 FROM subscription_tiers WHERE subscription_id = ${subscriptionId})`,
    })
    .returning({ id: subscriptionTiers.id });
  return row!.id;
}

export async function updateTier(db: DbOrTx, teamId: number, id: number, values: TierValues): Promise<void> {
  await db
    .update(subscriptionTiers)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(subscriptionTiers.teamId, teamId), eq(subscriptionTiers.id, id)));
}

export async function deleteTierWithoutMembers(
  db: DbOrTx,
  teamId: number,
  subscriptionId: number,
  id: number,
): Promise<'deleted' | 'members' | 'missing'> {
  const deleted = await db
    .delete(subscriptionTiers)
    .where(
      and(
        eq(subscriptionTiers.teamId, teamId),
        eq(subscriptionTiers.subscriptionId, subscriptionId),
        eq(subscriptionTiers.id, id),
        sql`NOT EXISTS (SELECT 1 FROM memberships m WHERE m.tier_id = ${id})`,
        sql`NOT EXISTS (SELECT 1 FROM order_items i WHERE i.subscription_tier_id = ${id})`,
      ),
    )
    .returning({ id: subscriptionTiers.id });
  if (deleted.length) return 'deleted';
  return (await findTier(db, teamId, subscriptionId, id)) ? 'members' : 'missing';
}

// ─── Members ────────────────────────────────────────────────────────────────

export interface MemberListQuery {
  page: number;
  perPage: number;
  sort: { field: 'created_at' | 'id' | 'current_period_end' | 'status' | 'email' | 'lastname'; type: 'asc' | 'desc' };
  search?: string;
  status?: MembershipStatus;
  tierId?: number;
}

const memberColumns = {
  row: memberships,
  firstname: customers.firstname,
  lastname: customers.lastname,
  email: customers.email,
  tierName: subscriptionTiers.name,
  /** The saved card's brand and last digits, as the provider told them (card renewals). */
  cardLabel: payments.cardLabel,
  hasCard: sql<boolean>`${payments.savedCard} IS NOT NULL`,
};

export async function listMembers(db: DbOrTx, teamId: number, subscriptionId: number, q: MemberListQuery) {
  const where: SQL[] = [eq(memberships.teamId, teamId), eq(memberships.subscriptionId, subscriptionId)];
  if (q.status) where.push(eq(memberships.status, q.status));
  if (q.tierId) where.push(eq(memberships.tierId, q.tierId));
  if (q.search) {
    const like = likePattern(q.search);
    where.push(sql`(${customers.email} ILIKE ${like} OR (${customers.firstname} || ' ' || ${customers.lastname}) ILIKE ${like})`);
  }
  const sortColumn = {
    created_at: sql`${memberships.createdAt}`,
    id: sql`${memberships.id}`,
    current_period_end: sql`${memberships.currentPeriodEnd}`,
    status: sql`${memberships.status}`,
    email: sql`lower(${customers.email})`,
    lastname: sql`lower(${customers.lastname})`,
  }[q.sort.field];
  const dir = q.sort.type === 'asc' ? sql`ASC` : sql`DESC`;
  const rows = await db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(customers, eq(customers.id, memberships.customerId))
    .innerJoin(subscriptionTiers, eq(subscriptionTiers.id, memberships.tierId))
    .leftJoin(payments, eq(payments.id, memberships.cardPaymentId))
    .where(and(...where))
    .orderBy(sql`${sortColumn} ${dir}`, sql`${memberships.id} ${dir}`)
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(memberships)
    .innerJoin(customers, eq(customers.id, memberships.customerId))
    .where(and(...where));
  return { rows, total: Number(total?.n ?? 0) };
}

export type MemberListRow = Awaited<ReturnType<typeof listMembers>>['rows'][number];

export async function findMember(db: DbOrTx, teamId: number, subscriptionId: number, id: number) {
  const [found] = await db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(customers, eq(customers.id, memberships.customerId))
    .innerJoin(subscriptionTiers, eq(subscriptionTiers.id, memberships.tierId))
    .leftJoin(payments, eq(payments.id, memberships.cardPaymentId))
    .where(and(eq(memberships.teamId, teamId), eq(memberships.subscriptionId, subscriptionId), eq(memberships.id, id)));
  return found;
}

export async function eventsOf(db: DbOrTx, teamId: number, membershipId: number) {
  return db
    .select({ row: membershipEvents, userName: sql<string | null>`nullif(trim(${users.firstname} || ' ' || ${users.lastname}), '')` })
    .from(membershipEvents)
    .leftJoin(users, eq(users.id, membershipEvents.userId))
    .where(and(eq(membershipEvents.teamId, teamId), eq(membershipEvents.membershipId, membershipId)))
    .orderBy(sql`${membershipEvents.id} DESC`);
}

export interface EventValues {
  kind: MembershipEventKind;
  credits?: number;
  orderId?: number | null;
  participantId?: number | null;
  userId?: number | null;
  periodEnd?: Date | null;
  note?: string | null;
}

export async function insertEvent(db: DbOrTx, teamId: number, membershipId: number, e: EventValues): Promise<void> {
  await db.insert(membershipEvents).values({
    teamId,
    membershipId,
    kind: e.kind,
    credits: e.credits ?? 0,
    orderId: e.orderId ?? null,
    participantId: e.participantId ?? null,
    userId: e.userId ?? null,
    periodEnd: e.periodEnd ?? null,
    note: e.note ?? null,
  });
}
