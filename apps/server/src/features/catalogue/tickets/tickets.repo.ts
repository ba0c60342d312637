import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { activities, activitySessions, tickets } from '../../../db/schema/index.ts';

/** SQL of tickets. Every function takes the team id first. */

export type TicketRow = typeof tickets.$inferSelect;
export type TicketValues = Omit<typeof tickets.$inferInsert, 'id' | 'teamId' | 'activityId' | 'sold' | 'sort' | 'createdAt' | 'updatedAt'>;

/**
 * `"tickets"."id"` spelled out: drizzle leaves columns unqualified in the select list of a
 * one-table query, and a bare "id" inside the subquery would mean the reservation's id.
 */
const TICKET_ID = sql`${sql.identifier('tickets')}.${sql.identifier('id')}`;

/**
 * Seats held by unexpired reservations of a ticket: a correlated sum over the
 * (ticket_id, expires_at) index, computed in the query that reads the ticket, never stored.
 */
export function reservedSql(): SQL<number> {
  return sql<number>`(SELECT coalesce(sum(r.quantity), 0)::int FROM ticket_reservations r WHERE r.ticket_id = ${TICKET_ID} AND r.expires_at > now())`;
}

/** stock − sold − reserved, never negative. */
export function availableSql(reserved: SQL<number> = reservedSql()): SQL<number> {
  return sql<number>`greatest(${tickets.stock} - ${tickets.sold} - ${reserved}, 0)::int`;
}

/**
 * A ticket's seats left within its activity's capacity (migration 0013: `capacity` null = only
 * the ticket's stock limits). `capacity` and `activityId` are SQL for the ticket's activity, so
 * a query without the activities table joined passes a subquery.
 */
export function availableWithinCapacitySql(capacity: SQL, activityId: SQL): SQL<number> {
  return sql<number>`CASE WHEN ${capacity} IS NULL THEN ${availableSql()}
    ELSE least(${availableSql()}, greatest(${capacity} - bookla_activity_used(${activityId}, ${tickets.sessionId}), 0)) END`;
}

export interface TicketWithStock extends TicketRow {
  reserved: number;
  available: number;
}

/** Two separate SQL objects: drizzle maps a select field per object, so one must not appear twice. */
const withStock = () => ({ ticket: tickets, reserved: reservedSql(), available: availableSql(reservedSql()) });

const flatten = (r: { ticket: TicketRow; reserved: number; available: number }): TicketWithStock => ({
  ...r.ticket,
  reserved: Number(r.reserved),
  available: Number(r.available),
});

export async function findActivity(db: DbOrTx, teamId: number, activityId: number) {
  const [row] = await db
    .select({ id: activities.id, kind: activities.kind })
    .from(activities)
    .where(and(eq(activities.teamId, teamId), eq(activities.id, activityId)));
  return row;
}

export async function listTickets(db: DbOrTx, teamId: number, activityId: number): Promise<TicketWithStock[]> {
  const rows = await db
    .select(withStock())
    .from(tickets)
    .where(and(eq(tickets.teamId, teamId), eq(tickets.activityId, activityId)))
    .orderBy(asc(tickets.sort), asc(tickets.id));
  return rows.map(flatten);
}

export async function findTicket(db: DbOrTx, teamId: number, activityId: number, id: number): Promise<TicketWithStock | undefined> {
  const [row] = await db
    .select(withStock())
    .from(tickets)
    .where(and(eq(tickets.teamId, teamId), eq(tickets.activityId, activityId), eq(tickets.id, id)));
  return row ? flatten(row) : undefined;
}

/** Locks the ticket row for the rest of the transaction (stock changes vs. sales). */
export async function lockTicket(db: DbOrTx, teamId: number, activityId: number, id: number): Promise<TicketRow | undefined> {
  const [row] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.teamId, teamId), eq(tickets.activityId, activityId), eq(tickets.id, id)))
    .for('update');
  return row;
}

export async function sessionOfActivity(db: DbOrTx, teamId: number, activityId: number, sessionId: number) {
  const [row] = await db
    .select({ id: activitySessions.id })
    .from(activitySessions)
    .where(and(eq(activitySessions.teamId, teamId), eq(activitySessions.activityId, activityId), eq(activitySessions.id, sessionId)));
  return row;
}

export async function insertTicket(db: DbOrTx, teamId: number, activityId: number, values: TicketValues): Promise<number> {
  const [row] = await db
    .insert(tickets)
    .values({
      ...values,
      teamId,
      activityId,
      sort: sql`(SELECT coalesce(max(t.sort), 0) + 1 FROM tickets t WHERE t.activity_id = ${activityId})`,
    })
    .returning({ id: tickets.id });
  return row!.id;
}

export async function updateTicket(db: DbOrTx, teamId: number, activityId: number, id: number, values: TicketValues): Promise<boolean> {
  const rows = await db
    .update(tickets)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(tickets.teamId, teamId), eq(tickets.activityId, activityId), eq(tickets.id, id)))
    .returning({ id: tickets.id });
  return rows.length > 0;
}

/** Deletes only an unsold ticket (the condition is part of the statement: no race with a sale). */
export async function deleteUnsoldTicket(db: DbOrTx, teamId: number, activityId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(tickets)
    .where(and(eq(tickets.teamId, teamId), eq(tickets.activityId, activityId), eq(tickets.id, id), eq(tickets.sold, 0)))
    .returning({ id: tickets.id });
  return rows.length > 0;
}
