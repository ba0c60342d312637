import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ActivityKind, Translated } from '@bookla/shared';
import type { DbOrTx } from '../../../db/client.ts';
import { activities, activitySessions, locations, orderEvents, orders, teams } from '../../../db/schema/index.ts';

/** SQL of the order documents and mails: the issuing team and the schedule behind each order line. */

export interface DocumentTeamRow {
  id: number;
  name: string;
  logoPath: string | null;
  currency: string;
  timeZone: string;
  billingAddress: string;
  billingAddressLine2: string | null;
  billingCity: string;
  billingPostalCode: string;
  billingCountry: string;
  vatId: string | null;
}

export async function findTeam(db: DbOrTx, teamId: number): Promise<DocumentTeamRow | undefined> {
  const [row] = await db
    .select({
      id: teams.id,
      name: teams.name,
      logoPath: teams.logoPath,
      currency: teams.currency,
      timeZone: teams.timeZone,
      billingAddress: teams.billingAddress,
      billingAddressLine2: teams.billingAddressLine2,
      billingCity: teams.billingCity,
      billingPostalCode: teams.billingPostalCode,
      billingCountry: teams.billingCountry,
      vatId: teams.vatId,
    })
    .from(teams)
    .where(eq(teams.id, teamId));
  return row;
}

export interface ActivityInfo {
  id: number;
  kind: ActivityKind;
  location: { name: Translated; address: string | null; postalCode: string; city: string; country: string } | null;
}

export interface SessionRow {
  id: number;
  activityId: number;
  startsAt: Date;
  endsAt: Date;
  status: string;
}

/** The activities of the given ids with their location (the team's only). */
export async function findActivities(db: DbOrTx, teamId: number, ids: readonly number[]): Promise<ActivityInfo[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({
      id: activities.id,
      kind: activities.kind,
      locationName: locations.name,
      address: locations.address,
      postalCode: locations.postalCode,
      city: locations.city,
      country: locations.country,
    })
    .from(activities)
    .leftJoin(locations, and(eq(locations.id, activities.locationId), eq(locations.teamId, teamId)))
    .where(and(eq(activities.teamId, teamId), inArray(activities.id, [...ids])));
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    location:
      r.locationName && r.postalCode !== null && r.city !== null && r.country !== null
        ? { name: r.locationName, address: r.address, postalCode: r.postalCode, city: r.city, country: r.country }
        : null,
  }));
}

/** Sessions by id (a drop-in or event ticket's own date), whatever their status. */
export async function findSessions(db: DbOrTx, teamId: number, ids: readonly number[]): Promise<SessionRow[]> {
  if (!ids.length) return [];
  return db
    .select({
      id: activitySessions.id,
      activityId: activitySessions.activityId,
      startsAt: activitySessions.startsAt,
      endsAt: activitySessions.endsAt,
      status: activitySessions.status,
    })
    .from(activitySessions)
    .where(and(eq(activitySessions.teamId, teamId), inArray(activitySessions.id, [...ids])));
}

/** Every scheduled session of the activities (a ticket for the whole activity covers them all), in time order. */
export async function scheduledSessionsOf(db: DbOrTx, teamId: number, activityIds: readonly number[]): Promise<SessionRow[]> {
  if (!activityIds.length) return [];
  return db
    .select({
      id: activitySessions.id,
      activityId: activitySessions.activityId,
      startsAt: activitySessions.startsAt,
      endsAt: activitySessions.endsAt,
      status: activitySessions.status,
    })
    .from(activitySessions)
    .where(
      and(
        eq(activitySessions.teamId, teamId),
        inArray(activitySessions.activityId, [...activityIds]),
        eq(activitySessions.status, 'scheduled'),
      ),
    )
    .orderBy(asc(activitySessions.startsAt), asc(activitySessions.id));
}

/**
 * The team of an order, for the public document links: the order id and its token are all the
 * customer has. The token is checked before this is asked, so it reveals nothing.
 */
export async function findOrderTeamId(db: DbOrTx, orderId: number): Promise<number | undefined> {
  const [row] = await db.select({ teamId: orders.teamId }).from(orders).where(eq(orders.id, orderId));
  return row?.teamId;
}

/** The order's history: a mail about it was queued (kind, outbox id, attached documents). */
export async function recordMailQueued(
  db: DbOrTx,
  teamId: number,
  orderId: number,
  data: { occasion: string; kind: string; email_id: number; attachments: string[] },
): Promise<void> {
  await db.insert(orderEvents).values({ teamId, orderId, type: 'mail_queued', actor: 'system', data });
}
