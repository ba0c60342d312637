import type { Translated } from '@bookla/shared';
import { and, asc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { availableWithinCapacitySql, reservedSql } from './tickets.repo.ts';
import { activities, activitySessions, ticketReservations, tickets } from '../../../db/schema/index.ts';
import { preparedPerDb } from '../../../lib/sql.ts';

/** SQL of seat reservations (ticket_reservations). */

export type ReservationRow = typeof ticketReservations.$inferSelect;

/** Takes the ticket row lock; concurrent reservations of the same ticket wait here (NO KEY UPDATE: see lockTickets). */
export async function lockTicket(db: DbOrTx, teamId: number, ticketId: number): Promise<boolean> {
  const rows = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.teamId, teamId), eq(tickets.id, ticketId)))
    .for('no key update');
  return rows.length > 0;
}

/**
 * The ticket as it is now. Must run as its own statement after `lockTicket`: under READ
 * COMMITTED each statement sees what committed before it started, so this one sees the
 * reservations of every buyer who held the lock before us.
 */
export async function ticketState(db: DbOrTx, teamId: number, ticketId: number) {
  const [row] = await db
    .select({
      stock: tickets.stock,
      sold: tickets.sold,
      minPerOrder: tickets.minPerOrder,
      maxPerOrder: tickets.maxPerOrder,
      reserved: reservedSql(),
      onSale: sql<boolean>`(${tickets.saleStart} IS NULL OR ${tickets.saleStart} <= now())
        AND (${tickets.saleEnd} IS NULL OR ${tickets.saleEnd} > now())
        AND (${tickets.sessionId} IS NULL OR (${activitySessions.status} = 'scheduled' AND ${activitySessions.startsAt} > now()))`,
    })
    .from(tickets)
    .leftJoin(activitySessions, eq(activitySessions.id, tickets.sessionId))
    .where(and(eq(tickets.teamId, teamId), eq(tickets.id, ticketId)));
  return row ? { ...row, reserved: Number(row.reserved) } : undefined;
}

export async function insertReservation(
  db: DbOrTx,
  teamId: number,
  values: { ticketId: number; quantity: number; holder: string; minutes: number },
): Promise<ReservationRow> {
  const [row] = await db
    .insert(ticketReservations)
    .values({
      teamId,
      ticketId: values.ticketId,
      quantity: values.quantity,
      holder: values.holder,
      expiresAt: sql`now() + make_interval(mins => ${values.minutes})`,
    })
    .returning();
  return row!;
}

/**
 * Gives the holder's seats back: its live rows end now. They are kept (like expired ones) until the
 * purge, so the visitor's reservations of the last hour still count (`activityHolds` `recent`):
 * releasing and reserving again is no way round the bound on renewals.
 */
export async function releaseByHolder(db: DbOrTx, holder: string): Promise<number> {
  const rows = await db
    .update(ticketReservations)
    .set({ expiresAt: sql`now()` })
    .where(and(eq(ticketReservations.holder, holder), gt(ticketReservations.expiresAt, sql`now()`)))
    .returning({ id: ticketReservations.id });
  return rows.length;
}

/**
 * How long an expired reservation row stays (counting nothing but the visitor's reservations of
 * the last hour, `activityHolds`): the purge removes it after that.
 */
export const RESERVATION_MEMORY = sql`interval '1 hour'`;

export async function deleteExpired(db: DbOrTx): Promise<number> {
  const rows = await db
    .delete(ticketReservations)
    .where(lte(ticketReservations.expiresAt, sql`now() - ${RESERVATION_MEMORY}`))
    .returning({ id: ticketReservations.id });
  return rows.length;
}

// ─── Checkout (several tickets at once; the order placement takes seats here) ───

/** Whether a ticket can be bought now: sale window, booking opened, and a per-date ticket's date still ahead (minus the booking close). */
const onSaleSql = () => sql<boolean>`((${tickets.saleStart} IS NULL OR ${tickets.saleStart} <= now())
  AND (${tickets.saleEnd} IS NULL OR ${tickets.saleEnd} > now())
  AND (${activities.bookingOpensAt} IS NULL OR ${activities.bookingOpensAt} <= now())
  AND (${tickets.sessionId} IS NULL OR (${activitySessions.status} = 'scheduled'
    AND ${activitySessions.startsAt} - make_interval(mins => ${activities.bookingClosesMinutes}) > now())))`;

/**
 * The start of the first session a ticket books: its own date, else the activity's next scheduled
 * date (null for an activity without dates). No hold (reservation, unpaid order, waiting-list
 * offer) lasts beyond it.
 */
export const firstSessionSql = () =>
  sql<Date | null>`coalesce(${activitySessions.startsAt}, (SELECT min(s.starts_at) FROM activity_sessions s
    WHERE s.activity_id = ${tickets.activityId} AND s.status = 'scheduled' AND s.starts_at > now()))`.mapWith(activitySessions.startsAt);

/** A ticket as a checkout sells it, with its activity. */
export interface SaleTicketRow {
  id: number;
  activityId: number;
  sessionId: number | null;
  name: Translated;
  priceMinor: number;
  currency: string;
  taxRateBp: number;
  minPerOrder: number;
  maxPerOrder: number | null;
  activityName: Translated;
  typeSetId: number;
  reservationMinutes: number;
  /** When the first session the ticket books starts (its date, or the activity's next scheduled one); null without dates. */
  firstSessionAt: Date | null;
  /** A public ticket of a published activity (what the shop shows). */
  sellable: boolean;
  onSale: boolean;
  /** Seats left by what is committed now (stock − sold − live reservations, within the activity's capacity): a hint, read without a lock. */
  available: number;
}

/** The team's tickets among `ids` with their activity (others' and unknown ids are left out). Reads, locks nothing. */
export async function saleTickets(db: DbOrTx, teamId: number, ids: readonly number[]): Promise<SaleTicketRow[]> {
  if (!ids.length) return [];
  return saleTicketsQuery(db, { teamId, ids: [...ids] });
}

// Every checkout reads its tickets: one prepared statement (lib/sql.ts), the ids as one array.
const saleTicketsQuery = preparedPerDb<{ teamId: number; ids: number[] }, SaleTicketRow[]>('sale_tickets', (db) => {
  const teamId = sql.placeholder('teamId');
  return db
    .select({
      id: tickets.id,
      activityId: tickets.activityId,
      sessionId: tickets.sessionId,
      name: tickets.name,
      priceMinor: tickets.priceMinor,
      currency: tickets.currency,
      taxRateBp: tickets.taxRateBp,
      minPerOrder: tickets.minPerOrder,
      maxPerOrder: tickets.maxPerOrder,
      activityName: activities.name,
      typeSetId: activities.typeSetId,
      reservationMinutes: activities.reservationMinutes,
      firstSessionAt: firstSessionSql(),
      sellable: sql<boolean>`(${tickets.visibility} = 'public' AND ${activities.status} = 'published')`,
      onSale: onSaleSql(),
      available: availableWithinCapacitySql(sql`${activities.capacity}`, sql`${activities.id}`),
    })
    .from(tickets)
    .innerJoin(activities, and(eq(activities.id, tickets.activityId), eq(activities.teamId, teamId)))
    .leftJoin(activitySessions, eq(activitySessions.id, tickets.sessionId))
    .where(and(eq(tickets.teamId, teamId), sql`${tickets.id} = ANY (${sql.placeholder('ids')}::int[])`));
});

/**
 * Locks the tickets' rows in ascending id order (LockRows runs above the sort), so two checkouts
 * that share tickets queue on the first shared one instead of deadlocking. Returns the ids locked.
 * FOR NO KEY UPDATE (what an UPDATE of `sold` takes anyway): it does not wait for the key-share
 * locks that rows referencing the ticket (order items of orders in progress) hold.
 */
export async function lockTickets(db: DbOrTx, teamId: number, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.teamId, teamId), inArray(tickets.id, [...ids])))
    .orderBy(asc(tickets.id))
    .for('no key update');
  return rows.map((r) => r.id);
}

export interface SeatState {
  id: number;
  stock: number;
  sold: number;
  /** Seats of every live reservation. */
  reserved: number;
}

/**
 * Stock, sold and live reservations now. After `lockTickets` it must be its own statement: under
 * READ COMMITTED it then sees everything committed by the buyers who held the locks before us.
 */
export async function seatStates(db: DbOrTx, teamId: number, ids: readonly number[]): Promise<Map<number, SeatState>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: tickets.id, stock: tickets.stock, sold: tickets.sold, reserved: reservedSql() })
    .from(tickets)
    .where(and(eq(tickets.teamId, teamId), inArray(tickets.id, [...ids])));
  return new Map(rows.map((r) => [r.id, { ...r, reserved: Number(r.reserved) }]));
}

/**
 * The lock of `lockTickets` as a SELECT to run inside another statement (the checkout's write):
 * the tickets' rows in ascending id order, FOR NO KEY UPDATE.
 */
export function lockTicketsSql(teamId: number, ids: readonly number[]): SQL {
  return sql`SELECT ${tickets.id} FROM ${tickets} WHERE ${tickets.teamId} = ${teamId} AND ${inArray(tickets.id, [...ids])} ORDER BY ${tickets.id} FOR NO KEY UPDATE`;
}

/**
 * `addSoldWithin` for several tickets as one UPDATE (returns the id of every ticket it sold):
 * sold += n where sold + n + live reservations ≤ stock. Run it as its own statement after the
 * tickets are locked, so it sees every reservation and sale committed before the lock was ours.
 */
export function takeSeatsSql(teamId: number, lines: readonly { ticketId: number; quantity: number }[]): SQL {
  const wanted = sql.join(
    lines.map((l) => sql`(${l.ticketId}::int, ${l.quantity}::int)`),
    sql`, `,
  );
  return sql`UPDATE ${tickets} SET sold = ${tickets.sold} + w.n FROM (VALUES ${wanted}) AS w(id, n)
    WHERE ${tickets.teamId} = ${teamId} AND ${tickets.id} = w.id AND ${tickets.sold} + w.n + ${reservedSql()} <= ${tickets.stock}
    RETURNING ${tickets.id}`;
}

/**
 * The checkout's seats inside the one statement that places a direct order (migration 0012
 * `bookla_take_seats`): locks the tickets in ascending id order, then sells every line it can as a
 * statement of its own, so it counts every reservation and sale committed before the locks were
 * its. Selects `ids`, the tickets it sold (sorted).
 */
export function takeSeatsAtOnceSql(
  teamId: number,
  lines: readonly { ticketId: number; quantity: number }[],
  holder: { key: string | null; email: string | null; orderId: number },
): SQL {
  const ints = (values: readonly number[]) =>
    sql`ARRAY[${sql.join(
      values.map((v) => sql`${v}::int`),
      sql`, `,
    )}]::int[]`;
  return sql`SELECT bookla_take_seats(${teamId}::int, ${ints(lines.map((l) => l.ticketId))}, ${ints(lines.map((l) => l.quantity))},
    ${holder.key}::text, ${holder.email}::text, ${holder.orderId}::int) AS ids`;
}

/** Seats the holder's live reservations hold, per ticket. */
export async function liveHeldBy(db: DbOrTx, teamId: number, holder: string): Promise<Map<number, number>> {
  const rows = await db
    .select({ ticketId: ticketReservations.ticketId, quantity: sql<number>`sum(${ticketReservations.quantity})::int` })
    .from(ticketReservations)
    .where(and(eq(ticketReservations.teamId, teamId), eq(ticketReservations.holder, holder), gt(ticketReservations.expiresAt, sql`now()`)))
    .groupBy(ticketReservations.ticketId);
  return new Map(rows.map((r) => [r.ticketId, Number(r.quantity)]));
}

/** Removes the holder's reservations and says what they held: per ticket, the seats of those still live. */
export async function takeHeldBy(db: DbOrTx, teamId: number, holder: string): Promise<Map<number, number>> {
  const rows = await db
    .delete(ticketReservations)
    .where(and(eq(ticketReservations.teamId, teamId), eq(ticketReservations.holder, holder)))
    .returning({
      ticketId: ticketReservations.ticketId,
      quantity: ticketReservations.quantity,
      live: sql<boolean>`${ticketReservations.expiresAt} > now()`,
    });
  const held = new Map<number, number>();
  for (const r of rows) if (r.live) held.set(r.ticketId, (held.get(r.ticketId) ?? 0) + r.quantity);
  return held;
}

/** sold += n, only while sold + n + live reservations stays within stock. Run it under the ticket's lock (see seatStates). */
export async function addSoldWithin(db: DbOrTx, teamId: number, ticketId: number, n: number): Promise<boolean> {
  const rows = await db
    .update(tickets)
    .set({ sold: sql`${tickets.sold} + ${n}` })
    .where(and(eq(tickets.teamId, teamId), eq(tickets.id, ticketId), sql`${tickets.sold} + ${n} + ${reservedSql()} <= ${tickets.stock}`))
    .returning({ id: tickets.id });
  return rows.length > 0;
}

/**
 * One reservation row per ticket of a checkout, all ending together `minutes` from now, or at
 * `endBy` (the first booked session's start) when that is sooner.
 */
export async function insertReservations(
  db: DbOrTx,
  teamId: number,
  holder: string,
  minutes: number,
  items: readonly { ticketId: number; quantity: number }[],
  opts: { holderKey?: string | null; endBy?: Date | null } = {},
): Promise<ReservationRow[]> {
  const end = opts.endBy
    ? sql`least(now() + make_interval(mins => ${minutes}), ${opts.endBy.toISOString()}::timestamptz)`
    : sql`now() + make_interval(mins => ${minutes})`;
  return db
    .insert(ticketReservations)
    .values(
      items.map((i) => ({
        teamId,
        ticketId: i.ticketId,
        quantity: i.quantity,
        holder,
        holderKey: opts.holderKey ?? null,
        expiresAt: end,
      })),
    )
    .returning();
}

/**
 * Locks the activities' rows in ascending id order (FOR NO KEY UPDATE). Every path that takes
 * seats under an activity's capacity or a visitor's share locks its activities first, then its
 * tickets: two such paths never wait for each other in a circle.
 */
export async function lockActivities(db: DbOrTx, teamId: number, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.teamId, teamId), inArray(activities.id, [...ids])))
    .orderBy(asc(activities.id))
    .for('no key update');
}

export interface ActivityHold {
  id: number;
  capacity: number | null;
  /** The activity's own limit, or null for the default. */
  holdLimit: number | null;
  /** Seats the visitor holds unpaid now (`bookla_held_by`; 0 without a key). */
  held: number;
  /** Seats the visitor reserved within the last hour, live or not (0 without a key). */
  recent: number;
}

/**
 * The activities' capacity and the visitor's share. After `lockActivities` it must be its own
 * statement, so it sees what was committed by those who held the locks before us.
 */
export async function activityHolds(
  db: DbOrTx,
  teamId: number,
  ids: readonly number[],
  key: string | null,
): Promise<Map<number, ActivityHold>> {
  if (!ids.length) return new Map();
  // Spelled out: drizzle leaves columns unqualified in a one-table select, and the subquery has its own `id`s.
  const activityId = sql`${sql.identifier('activities')}.${sql.identifier('id')}`;
  const rows = await db
    .select({
      id: activities.id,
      capacity: activities.capacity,
      holdLimit: activities.holdLimit,
      held: key === null ? sql<number>`0` : sql<number>`bookla_held_by(${teamId}::int, ${activityId}, ${key}::text, NULL::text)`,
      recent:
        key === null
          ? sql<number>`0`
          : sql<number>`(SELECT coalesce(sum(r.quantity), 0)::int FROM ticket_reservations r JOIN tickets t ON t.id = r.ticket_id
              WHERE r.team_id = ${teamId} AND r.holder_key = ${key} AND r.created_at > now() - ${RESERVATION_MEMORY}
                AND t.activity_id = ${activityId})`,
    })
    .from(activities)
    .where(and(eq(activities.teamId, teamId), inArray(activities.id, [...ids])));
  return new Map(rows.map((r) => [r.id, { ...r, held: Number(r.held), recent: Number(r.recent) }]));
}

/**
 * Seats of an activity taken or reserved on a date (`bookla_activity_used`, migration 0013: the
 * date's tickets plus the whole-activity ones; for a whole-activity ticket, the fullest date).
 * After `lockActivities`, as a statement of its own.
 */
export async function activityUsed(db: DbOrTx, activityId: number, sessionId: number | null): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`bookla_activity_used(${activityId}::int, ${sessionId}::int)` })
    .from(sql`(SELECT 1) AS one`);
  return Number(row!.n);
}
