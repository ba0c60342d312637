import {
  NOTIFICATION_EVENTS,
  roleHas,
  type DateFormatPreference,
  type Language,
  type NotificationDelivery,
  type NotificationEvent,
  type Role,
  type Translated,
} from '@bookla/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import {
  customers,
  memberships,
  subscriptions,
  subscriptionTiers,
  teamMembers,
  teamNotificationEvents,
  teamNotificationRecipients,
  teamNotificationSettings,
  teams,
  users,
  waitingListEntries,
} from '../../../db/schema/index.ts';
import { executePrepared } from '../../../lib/sql.ts';

/** SQL of the provider notifications; every function takes the team first. */

/** Every event, in the shared order (a team without saved settings gets new events as they come). */
export const DEFAULT_EVENTS: readonly NotificationEvent[] = NOTIFICATION_EVENTS;

export interface SettingsRow {
  events: NotificationEvent[];
  delivery: NotificationDelivery;
}

export async function findSettings(db: DbOrTx, teamId: number): Promise<SettingsRow | undefined> {
  const [row] = await db
    .select({ events: teamNotificationSettings.events, delivery: teamNotificationSettings.delivery })
    .from(teamNotificationSettings)
    .where(eq(teamNotificationSettings.teamId, teamId));
  return row;
}

export interface MemberRow {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  role: Role;
  language: Language;
  /** The member's date format (decision 021): English dates of a staff mail follow it. */
  dateFormat: DateFormatPreference | null;
  chosen: boolean;
}

/** Whether a member's role may receive notifications: the roles that see orders (not instructors). */
export const mayReceive = (role: Role) => roleHas(role, 'nav.orders');

/** The team's members who may receive notifications, with whether they are chosen; by name. */
export async function listMembers(db: DbOrTx, teamId: number): Promise<MemberRow[]> {
  const rows = await db
    .select({
      id: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
      email: users.email,
      role: teamMembers.role,
      language: users.language,
      dateFormat: users.dateFormat,
      chosen: sql<boolean>`${teamNotificationRecipients.userId} IS NOT NULL`,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .leftJoin(
      teamNotificationRecipients,
      and(eq(teamNotificationRecipients.teamId, teamMembers.teamId), eq(teamNotificationRecipients.userId, teamMembers.userId)),
    )
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(users.lastname), asc(users.firstname), asc(users.id));
  return rows.filter((r) => mayReceive(r.role)).map((r) => ({ ...r, chosen: !!r.chosen }));
}

/**
 * Who is told: the chosen members still in the team (in a role that sees orders); while none of
 * them is left (nobody chose, or everybody chosen left the team), the owners.
 */
export function recipientsOf(members: readonly MemberRow[]): MemberRow[] {
  const chosen = members.filter((m) => m.chosen);
  return chosen.length ? chosen : members.filter((m) => m.role === 'owner');
}

/** Writes the settings and the recipient list (in the caller's transaction). */
export async function saveSettings(
  tx: DbOrTx,
  teamId: number,
  values: { events: NotificationEvent[]; delivery: NotificationDelivery; recipients: number[]; digestFrom: string | null },
): Promise<void> {
  const now = new Date();
  await tx
    .insert(teamNotificationSettings)
    .values({ teamId, events: values.events, delivery: values.delivery, lastDigestOn: values.digestFrom, updatedAt: now })
    .onConflictDoUpdate({
      target: teamNotificationSettings.teamId,
      set: {
        events: values.events,
        delivery: values.delivery,
        // Switching to the digest: the first one covers the day of the switch, not the days before
        // (their events were mailed one by one). Staying on it keeps the fence where it is.
        lastDigestOn: sql`CASE WHEN ${teamNotificationSettings.delivery} = 'digest' THEN ${teamNotificationSettings.lastDigestOn} ELSE ${values.digestFrom}::date END`,
        updatedAt: now,
      },
    });
  await tx.delete(teamNotificationRecipients).where(eq(teamNotificationRecipients.teamId, teamId));
  if (values.recipients.length) await tx.insert(teamNotificationRecipients).values(values.recipients.map((userId) => ({ teamId, userId })));
}

/** The team's name and time zone. */
export async function findTeam(db: DbOrTx, teamId: number): Promise<{ name: string; timeZone: string; country: string } | undefined> {
  const [row] = await db
    .select({ name: teams.name, timeZone: teams.timeZone, country: teams.billingCountry })
    .from(teams)
    .where(eq(teams.id, teamId));
  return row;
}

/** The local date (YYYY-MM-DD) in a time zone, `days` from the day of `at`. */
export async function localDate(db: DbOrTx, timeZone: string, at: Date, days = 0): Promise<string> {
  const [row] = await executePrepared<{ day: string }>(
    db,
    sql`SELECT to_char((${at.toISOString()}::timestamptz AT TIME ZONE ${timeZone})::date + ${days}::int, 'YYYY-MM-DD') AS day`,
  );
  return row!.day;
}

/** Whether the order was booked through a waiting-list offer. */
export async function fromWaitingList(db: DbOrTx, teamId: number, orderId: number): Promise<boolean> {
  const rows = await db
    .select({ id: waitingListEntries.id })
    .from(waitingListEntries)
    .where(and(eq(waitingListEntries.teamId, teamId), eq(waitingListEntries.orderId, orderId)))
    .limit(1);
  return rows.length > 0;
}

export interface NoticeEventInsert {
  key: string;
  event: NotificationEvent;
  /** The order it concerns, or the membership (one of the two). */
  orderId: number | null;
  membershipId?: number | null;
  data: Record<string, unknown>;
  occurredAt: Date;
}

/** Records the event once per key; false when it was recorded already (a job that ran twice). */
export async function recordEvent(tx: DbOrTx, teamId: number, e: NoticeEventInsert): Promise<boolean> {
  const rows = await tx
    .insert(teamNotificationEvents)
    .values({
      teamId,
      key: e.key,
      event: e.event,
      orderId: e.orderId,
      membershipId: e.membershipId ?? null,
      data: e.data,
      occurredAt: e.occurredAt,
    })
    .onConflictDoNothing({ target: [teamNotificationEvents.teamId, teamNotificationEvents.key] })
    .returning({ id: teamNotificationEvents.id });
  return rows.length > 0;
}

/** Whether an event with this key was recorded. */
export async function eventRecorded(db: DbOrTx, teamId: number, key: string): Promise<boolean> {
  const rows = await db
    .select({ id: teamNotificationEvents.id })
    .from(teamNotificationEvents)
    .where(and(eq(teamNotificationEvents.teamId, teamId), eq(teamNotificationEvents.key, key)))
    .limit(1);
  return rows.length > 0;
}

// ─── The daily digest ───────────────────────────────────────────────────────

/**
 * Teams on the digest whose previous local day has not been claimed yet, once their local time
 * is past `fromHour` (the digest goes out in the morning; late jobs of the evening are in by then).
 */
export async function dueDigests(db: DbOrTx, now: Date, fromHour: number, limit: number): Promise<{ teamId: number; day: string }[]> {
  const local = sql`(${now.toISOString()}::timestamptz AT TIME ZONE t.time_zone)`;
  const rows = await executePrepared<{ team_id: number; day: string }>(
    db,
    sql`SELECT s.team_id, to_char(${local}::date - 1, 'YYYY-MM-DD') AS day
      FROM team_notification_settings s JOIN teams t ON t.id = s.team_id
      WHERE s.delivery = 'digest' AND extract(hour FROM ${local}) >= ${fromHour}::int
        AND (s.last_digest_on IS NULL OR s.last_digest_on < ${local}::date - 1)
      ORDER BY s.team_id LIMIT ${limit}::int`,
  );
  return rows.map((r) => ({ teamId: Number(r.team_id), day: String(r.day) }));
}

/**
 * Claims the team's digest of `day` (a conditional UPDATE: of several instances or runs, exactly
 * one gets the row, the others wait for its transaction and then find the day claimed). Part of
 * the transaction that writes the digest's mails: rolled back, the day is unclaimed again.
 */
export async function claimDigest(tx: DbOrTx, teamId: number, day: string): Promise<boolean> {
  const rows = await tx
    .update(teamNotificationSettings)
    .set({ lastDigestOn: day })
    .where(
      and(
        eq(teamNotificationSettings.teamId, teamId),
        eq(teamNotificationSettings.delivery, 'digest'),
        sql`(${teamNotificationSettings.lastDigestOn} IS NULL OR ${teamNotificationSettings.lastDigestOn} < ${day}::date)`,
      ),
    )
    .returning({ teamId: teamNotificationSettings.teamId });
  return rows.length > 0;
}

export interface EventRow {
  event: NotificationEvent;
  orderId: number | null;
  membershipId: number | null;
  data: Record<string, unknown>;
  occurredAt: Date;
}

/** The team's events of one local day, of the given kinds, oldest first. */
export async function eventsOfDay(
  db: DbOrTx,
  teamId: number,
  day: string,
  timeZone: string,
  events: readonly NotificationEvent[],
): Promise<EventRow[]> {
  if (!events.length) return [];
  return db
    .select({
      event: teamNotificationEvents.event,
      orderId: teamNotificationEvents.orderId,
      membershipId: teamNotificationEvents.membershipId,
      data: teamNotificationEvents.data,
      occurredAt: teamNotificationEvents.occurredAt,
    })
    .from(teamNotificationEvents)
    .where(
      and(
        eq(teamNotificationEvents.teamId, teamId),
        inArray(teamNotificationEvents.event, [...events]),
        sql`${teamNotificationEvents.occurredAt} >= (${day}::date::timestamp AT TIME ZONE ${timeZone})`,
        sql`${teamNotificationEvents.occurredAt} < ((${day}::date + 1)::timestamp AT TIME ZONE ${timeZone})`,
      ),
    )
    .orderBy(asc(teamNotificationEvents.occurredAt), asc(teamNotificationEvents.id));
}

/** Events older than `days` are of no use to a digest any more (they only deduplicate late job runs). */
export async function purgeOldEvents(db: DbOrTx, days: number): Promise<void> {
  await db.execute(sql`DELETE FROM team_notification_events WHERE occurred_at < now() - ${days}::int * interval '1 day'`);
}

// ─── Memberships ────────────────────────────────────────────────────────────

export interface MembershipSnapshot {
  subscriptionId: number;
  customer: string;
  subscription: Translated;
  tier: Translated;
  status: string;
  cancelAtPeriodEnd: boolean;
  pastDueSince: Date | null;
  isTest: boolean;
}

/** What a membership's notice shows: the member, the subscription and tier, its state now. */
export async function findMembership(db: DbOrTx, teamId: number, membershipId: number): Promise<MembershipSnapshot | undefined> {
  const [row] = await db
    .select({
      subscriptionId: memberships.subscriptionId,
      firstname: customers.firstname,
      lastname: customers.lastname,
      company: customers.company,
      subscription: subscriptions.name,
      tier: subscriptionTiers.name,
      status: memberships.status,
      cancelAtPeriodEnd: memberships.cancelAtPeriodEnd,
      pastDueSince: memberships.pastDueSince,
      isTest: memberships.isTest,
    })
    .from(memberships)
    .innerJoin(customers, eq(customers.id, memberships.customerId))
    .innerJoin(subscriptions, eq(subscriptions.id, memberships.subscriptionId))
    .innerJoin(subscriptionTiers, eq(subscriptionTiers.id, memberships.tierId))
    .where(and(eq(memberships.teamId, teamId), eq(memberships.id, membershipId)));
  if (!row) return undefined;
  const { firstname, lastname, company, ...rest } = row;
  return { ...rest, customer: [`${firstname} ${lastname}`.trim(), company].filter(Boolean).join(', ') };
}
