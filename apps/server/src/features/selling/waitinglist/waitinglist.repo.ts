import type { Language, Translated, WaitingListActor, WaitingListEventType, WaitingListStatus } from '@bookla/shared';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import {
  activities,
  activitySessions,
  teams,
  ticketReservations,
  tickets,
  waitingListEntries,
  waitingListEvents,
} from '../../../db/schema/index.ts';
import { availableSql, lockTicketsSql } from '../../catalogue/tickets/index.ts';
import { withActingToken } from '../../../lib/acting-token.ts';

/**
 * SQL of the waiting list: entries, their events, and the seats an offer holds (rows of
 * `ticket_reservations` under the entry's `offer_holder`, counted like any reservation). Every
 * function takes the team id first.
 */

export type EntryRow = typeof waitingListEntries.$inferSelect;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The same line: same activity, same date (null = the whole activity). */
const sameSession = (sessionId: number | null) =>
  sessionId === null ? sql`${waitingListEntries.sessionId} IS NULL` : eq(waitingListEntries.sessionId, sessionId);

// ─── Activities and tickets ─────────────────────────────────────────────────

export interface LineActivity {
  id: number;
  teamId: number;
  kind: 'course' | 'event';
  status: string;
  name: Translated;
  waitingList: boolean;
  offerHours: number;
  /** The team's waiting-list feature (Configuration → Features). */
  featureOn: boolean;
  teamName: string;
  timeZone: string;
  /** The team's billing country (how English dates are written in mails). */
  country: string;
  currency: string;
  languages: Language[];
}

/** The activity of a line with what offers and mails need; undefined when not the team's. */
export async function lineActivity(db: DbOrTx, teamId: number, activityId: number): Promise<LineActivity | undefined> {
  const [row] = await db
    .select({
      id: activities.id,
      teamId: activities.teamId,
      kind: activities.kind,
      status: activities.status,
      name: activities.name,
      waitingList: activities.waitingList,
      offerHours: activities.waitingListOfferHours,
      featureOn: sql<boolean>`coalesce((${teams.features}->>'waiting_list')::boolean, true)`,
      teamName: teams.name,
      timeZone: teams.timeZone,
      country: teams.billingCountry,
      currency: teams.currency,
      languages: teams.languages,
    })
    .from(activities)
    .innerJoin(teams, eq(teams.id, activities.teamId))
    .where(and(eq(activities.teamId, teamId), eq(activities.id, activityId)));
  return row;
}

/** Whether new offers and sign-ups are open: published, waiting list on, feature on. */
export const lineOpen = (a: LineActivity) => a.status === 'published' && a.waitingList && a.featureOn;

export async function sessionOf(db: DbOrTx, teamId: number, activityId: number, sessionId: number) {
  const [row] = await db
    .select({ id: activitySessions.id, startsAt: activitySessions.startsAt, status: activitySessions.status })
    .from(activitySessions)
    .where(and(eq(activitySessions.teamId, teamId), eq(activitySessions.activityId, activityId), eq(activitySessions.id, sessionId)));
  return row;
}

/**
 * Locks every ticket row of the activity (ascending ids, FOR NO KEY UPDATE, as the checkout does):
 * whatever moves an offer's seats runs under these locks, so concurrent runs queue here and each
 * sees the reservations and sales committed before it.
 */
export async function lockActivityTickets(db: DbOrTx, teamId: number, activityId: number): Promise<void> {
  const ids = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.teamId, teamId), eq(tickets.activityId, activityId)))
    .orderBy(asc(tickets.id));
  if (ids.length)
    await db.execute(
      lockTicketsSql(
        teamId,
        ids.map((r) => r.id),
      ),
    );
}

export interface SeatTicket {
  id: number;
  sessionId: number | null;
  name: Translated;
  priceMinor: number;
  currency: string;
  minPerOrder: number;
  maxPerOrder: number | null;
  /** A public ticket the shop sells now (sale window, booking window, a date still ahead). */
  onSale: boolean;
  /** stock − sold − live reservations. */
  available: number;
}

const onSaleSql = () => sql<boolean>`(${tickets.visibility} = 'public'
  AND (${tickets.saleStart} IS NULL OR ${tickets.saleStart} <= now())
  AND (${tickets.saleEnd} IS NULL OR ${tickets.saleEnd} > now())
  AND (${activities.bookingOpensAt} IS NULL OR ${activities.bookingOpensAt} <= now())
  AND (${tickets.sessionId} IS NULL OR (${activitySessions.status} = 'scheduled'
    AND ${activitySessions.startsAt} - make_interval(mins => ${activities.bookingClosesMinutes}) > now())))`;

/**
 * The activity's tickets with what is free now, in the shop's order. After `lockActivityTickets`
 * run it as its own statement: it then sees everything committed before the locks were ours.
 */
export async function seatTickets(db: DbOrTx, teamId: number, activityId: number): Promise<SeatTicket[]> {
  const rows = await db
    .select({
      id: tickets.id,
      sessionId: tickets.sessionId,
      name: tickets.name,
      priceMinor: tickets.priceMinor,
      currency: tickets.currency,
      minPerOrder: tickets.minPerOrder,
      maxPerOrder: tickets.maxPerOrder,
      onSale: onSaleSql(),
      available: availableSql(),
    })
    .from(tickets)
    .innerJoin(activities, eq(activities.id, tickets.activityId))
    .leftJoin(activitySessions, eq(activitySessions.id, tickets.sessionId))
    .where(and(eq(tickets.teamId, teamId), eq(tickets.activityId, activityId)))
    .orderBy(asc(tickets.sort), asc(tickets.id));
  return rows.map((r) => ({ ...r, available: Number(r.available) }));
}

// ─── Entries ────────────────────────────────────────────────────────────────

/**
 * Serializes the sign-ups of one line until the transaction ends, so ids (the line's order) and
 * the positions told in the mails agree, and one address is not listed twice.
 */
export async function lockLine(db: DbOrTx, teamId: number, activityId: number, sessionId: number | null): Promise<void> {
  await db.execute(
    sql`SELECT pg_advisory_xact_lock(hashtext('waiting_list_line'), hashtext(${`${teamId}:${activityId}:${sessionId ?? 0}`}))`,
  );
}

/** An entry of this address still in the line (waiting or offered). */
export async function listedEntry(db: DbOrTx, teamId: number, activityId: number, sessionId: number | null, email: string) {
  const [row] = await db
    .select({ id: waitingListEntries.id })
    .from(waitingListEntries)
    .where(
      and(
        eq(waitingListEntries.teamId, teamId),
        eq(waitingListEntries.activityId, activityId),
        sameSession(sessionId),
        inArray(waitingListEntries.status, ['waiting', 'offered']),
        sql`lower(${waitingListEntries.email}) = lower(${email})`,
      ),
    )
    .limit(1);
  return row;
}

export async function insertEntry(db: DbOrTx, values: typeof waitingListEntries.$inferInsert): Promise<EntryRow> {
  const [row] = await db.insert(waitingListEntries).values(values).returning();
  return row!;
}

/** Place among those still waiting in the entry's line (1 = next). */
export async function positionOf(db: DbOrTx, entry: Pick<EntryRow, 'id' | 'teamId' | 'activityId' | 'sessionId'>): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(waitingListEntries)
    .where(
      and(
        eq(waitingListEntries.teamId, entry.teamId),
        eq(waitingListEntries.activityId, entry.activityId),
        sameSession(entry.sessionId),
        eq(waitingListEntries.status, 'waiting'),
        sql`${waitingListEntries.id} <= ${entry.id}`,
      ),
    );
  return Number(row?.n ?? 0);
}

export async function findEntry(db: DbOrTx, teamId: number, id: number): Promise<EntryRow | undefined> {
  const [row] = await db
    .select()
    .from(waitingListEntries)
    .where(and(eq(waitingListEntries.teamId, teamId), eq(waitingListEntries.id, id)));
  return row;
}

/** The entry whose removal link carries this token's hash (any team: the link names no team). */
export async function entryByRemovalHash(db: DbOrTx, id: number, hash: string): Promise<EntryRow | undefined> {
  const [row] = await db
    .select()
    .from(waitingListEntries)
    .where(and(eq(waitingListEntries.id, id), eq(waitingListEntries.removalTokenHash, hash)));
  return row;
}

/** The team's entry whose current offer link carries this token's hash. */
export async function entryByOfferHash(db: DbOrTx, teamId: number, id: number, hash: string): Promise<EntryRow | undefined> {
  const [row] = await db
    .select()
    .from(waitingListEntries)
    .where(and(eq(waitingListEntries.teamId, teamId), eq(waitingListEntries.id, id), eq(waitingListEntries.offerTokenHash, hash)));
  return row;
}

/** Waiting entries of the activity (every line of it), in line order. */
export async function waitingEntries(db: DbOrTx, teamId: number, activityId: number): Promise<EntryRow[]> {
  return db
    .select()
    .from(waitingListEntries)
    .where(
      and(eq(waitingListEntries.teamId, teamId), eq(waitingListEntries.activityId, activityId), eq(waitingListEntries.status, 'waiting')),
    )
    .orderBy(asc(waitingListEntries.id));
}

/**
 * Ends the activity's offers that ran out or whose seats were given back (the reservation was
 * released): `expired` (the offer link then shows that). Returns them with the reason.
 */
export async function endStaleOffers(db: DbOrTx, teamId: number, activityId: number) {
  const rows = await db
    .update(waitingListEntries)
    .set({ status: 'expired', updatedAt: sql`now()` })
    .where(
      and(
        eq(waitingListEntries.teamId, teamId),
        eq(waitingListEntries.activityId, activityId),
        eq(waitingListEntries.status, 'offered'),
        sql`(${waitingListEntries.offerExpiresAt} <= now() OR NOT EXISTS (SELECT 1 FROM ticket_reservations r
          WHERE r.holder = ${waitingListEntries.offerHolder} AND r.team_id = ${teamId} AND r.expires_at > now()))`,
      ),
    )
    .returning({
      id: waitingListEntries.id,
      holder: waitingListEntries.offerHolder,
      due: sql<boolean>`${waitingListEntries.offerExpiresAt} <= now()`,
    });
  return rows;
}

/**
 * waiting (or one of `from`) → offered, with the new link's hash and holder; the offer ends
 * `hours` from now. Returns when it ends, or undefined when the entry had moved on meanwhile.
 */
export async function markOffered(
  db: DbOrTx,
  teamId: number,
  id: number,
  from: readonly WaitingListStatus[],
  offer: { tokenHash: string; holder: string; hours: number; activityId: number; sessionId: number | null },
): Promise<Date | undefined> {
  // No offer holds seats past the first session it books (its date, or the activity's next one).
  const firstSession =
    offer.sessionId !== null
      ? sql`(SELECT s.starts_at FROM activity_sessions s WHERE s.id = ${offer.sessionId})`
      : sql`(SELECT min(s.starts_at) FROM activity_sessions s WHERE s.activity_id = ${offer.activityId} AND s.status = 'scheduled' AND s.starts_at > now())`;
  const [row] = await db
    .update(waitingListEntries)
    .set({
      status: 'offered',
      offerTokenHash: offer.tokenHash,
      offerHolder: offer.holder,
      offeredAt: sql`now()`,
      offerExpiresAt: sql`least(now() + make_interval(hours => ${offer.hours}), ${firstSession})`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(waitingListEntries.teamId, teamId), eq(waitingListEntries.id, id), inArray(waitingListEntries.status, [...from])))
    .returning({ expiresAt: waitingListEntries.offerExpiresAt });
  return row?.expiresAt ?? undefined;
}

/** waiting/offered → removed. Returns the entry as it was (its holder), or undefined when it had left the line already. */
export async function markRemoved(db: DbOrTx, teamId: number, id: number) {
  const [before] = await db
    .select({ status: waitingListEntries.status, holder: waitingListEntries.offerHolder })
    .from(waitingListEntries)
    .where(and(eq(waitingListEntries.teamId, teamId), eq(waitingListEntries.id, id)))
    .for('update');
  if (!before || (before.status !== 'waiting' && before.status !== 'offered')) return undefined;
  await db
    .update(waitingListEntries)
    .set({ status: 'removed', updatedAt: sql`now()` })
    .where(and(eq(waitingListEntries.teamId, teamId), eq(waitingListEntries.id, id)));
  return before;
}

/**
 * The order placed with an offer's seats: offered → booked with the order, and its event, in one
 * statement. Returns the entry's id, or undefined when no offer of this holder was open.
 */
export async function markBooked(db: DbOrTx, teamId: number, holder: string, orderId: number): Promise<number | undefined> {
  const result = await db.execute(sql`
    WITH booked AS (
      UPDATE waiting_list_entries SET status = 'booked', order_id = ${orderId}, updated_at = now()
      WHERE team_id = ${teamId} AND offer_holder = ${holder} AND status = 'offered'
      RETURNING id, team_id)
    INSERT INTO waiting_list_events (team_id, entry_id, type, actor, data)
    SELECT team_id, id, 'booked', 'customer', jsonb_build_object('order_id', ${orderId}::int) FROM booked
    RETURNING entry_id`);
  const row = rowsOf<{ entry_id: number }>(result)[0];
  return row ? Number(row.entry_id) : undefined;
}

// ─── Held seats ─────────────────────────────────────────────────────────────

export async function holdSeats(
  db: DbOrTx,
  teamId: number,
  hold: { ticketId: number; quantity: number; holder: string; expiresAt: Date },
): Promise<void> {
  await db.insert(ticketReservations).values({ teamId, ...hold });
}

export async function releaseHolder(db: DbOrTx, teamId: number, holder: string): Promise<void> {
  await db.delete(ticketReservations).where(and(eq(ticketReservations.teamId, teamId), eq(ticketReservations.holder, holder)));
}

/** What a holder's live reservations hold, with the tickets' names and prices. */
export async function heldItems(db: DbOrTx, teamId: number, holder: string) {
  return db
    .select({
      ticketId: ticketReservations.ticketId,
      quantity: sql<number>`sum(${ticketReservations.quantity})::int`,
      expiresAt: sql<Date>`min(${ticketReservations.expiresAt})`.mapWith(ticketReservations.expiresAt),
      name: tickets.name,
      priceMinor: tickets.priceMinor,
      currency: tickets.currency,
    })
    .from(ticketReservations)
    .innerJoin(tickets, eq(tickets.id, ticketReservations.ticketId))
    .where(and(eq(ticketReservations.teamId, teamId), eq(ticketReservations.holder, holder), sql`${ticketReservations.expiresAt} > now()`))
    .groupBy(ticketReservations.ticketId, tickets.name, tickets.priceMinor, tickets.currency, tickets.sort)
    .orderBy(asc(tickets.sort), asc(ticketReservations.ticketId));
}

// ─── Events ─────────────────────────────────────────────────────────────────

export async function recordEvent(
  db: DbOrTx,
  teamId: number,
  entryId: number,
  type: WaitingListEventType,
  who: { actor: WaitingListActor; userId?: number | null },
  data: Record<string, unknown> = {},
): Promise<void> {
  await db
    .insert(waitingListEvents)
    .values({ teamId, entryId, type, actor: who.actor, userId: who.userId ?? null, data: withActingToken(data) });
}

// ─── What the engine should look at ─────────────────────────────────────────

export interface LineKey {
  teamId: number;
  activityId: number;
}

const keysOf = (result: unknown): LineKey[] =>
  rowsOf<{ team_id: number; activity_id: number }>(result).map((r) => ({ teamId: Number(r.team_id), activityId: Number(r.activity_id) }));

/** Activities with an offer that ran out or whose seats were released. */
export async function activitiesWithStaleOffers(db: DbOrTx, limit: number): Promise<LineKey[]> {
  return keysOf(
    await db.execute(sql`SELECT DISTINCT e.team_id, e.activity_id FROM waiting_list_entries e
      WHERE e.status = 'offered' AND (e.offer_expires_at <= now() OR NOT EXISTS (SELECT 1 FROM ticket_reservations r
        WHERE r.holder = e.offer_holder AND r.team_id = e.team_id AND r.expires_at > now()))
      LIMIT ${limit}`),
  );
}

/**
 * Activities open for offers with a waiting entry whose seats a ticket of its line has free now
 * (released or expired reservations, raised stock): a read without locks, the engine decides.
 */
export async function activitiesWithFreeSeats(db: DbOrTx, limit: number): Promise<LineKey[]> {
  const free: SQL = availableSql();
  return keysOf(
    await db.execute(sql`SELECT DISTINCT e.team_id, e.activity_id FROM waiting_list_entries e
      JOIN activities a ON a.id = e.activity_id AND a.team_id = e.team_id AND a.status = 'published' AND a.waiting_list
      JOIN teams tm ON tm.id = e.team_id AND coalesce((tm.features->>'waiting_list')::boolean, true)
      JOIN tickets ON tickets.activity_id = e.activity_id AND tickets.team_id = e.team_id
        AND tickets.session_id IS NOT DISTINCT FROM e.session_id AND tickets.visibility = 'public'
      WHERE e.status = 'waiting' AND ${free} >= e.quantity
      LIMIT ${limit}`),
  );
}

/** Of these tickets, the activities that have a line (waiting or offered entries). */
export async function activitiesWithLines(db: DbOrTx, teamId: number, ticketIds: readonly number[]): Promise<number[]> {
  if (!ticketIds.length) return [];
  const rows = await db
    .selectDistinct({ activityId: tickets.activityId })
    .from(tickets)
    .where(
      and(
        eq(tickets.teamId, teamId),
        inArray(tickets.id, [...ticketIds]),
        sql`EXISTS (SELECT 1 FROM waiting_list_entries e WHERE e.team_id = ${teamId} AND e.activity_id = ${tickets.activityId}
          AND e.status IN ('waiting', 'offered'))`,
      ),
    );
  return rows.map((r) => r.activityId);
}
