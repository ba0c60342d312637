import { and, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { reservedSql } from './tickets.repo.ts';
import { activitySessions, ticketReservations, tickets } from '../../../db/schema/index.ts';

/** SQL of seat reservations (ticket_reservations). */

export type ReservationRow = typeof ticketReservations.$inferSelect;

/** Takes the ticket row lock; concurrent reservations of the same ticket wait here. */
export async function lockTicket(db: DbOrTx, teamId: number, ticketId: number): Promise<boolean> {
  const rows = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.teamId, teamId), eq(tickets.id, ticketId)))
    .for('update');
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

export async function deleteByHolder(db: DbOrTx, holder: string): Promise<number> {
  const rows = await db.delete(ticketReservations).where(eq(ticketReservations.holder, holder)).returning({ id: ticketReservations.id });
  return rows.length;
}

export async function deleteExpired(db: DbOrTx): Promise<number> {
  const rows = await db
    .delete(ticketReservations)
    .where(lte(ticketReservations.expiresAt, sql`now()`))
    .returning({ id: ticketReservations.id });
  return rows.length;
}
