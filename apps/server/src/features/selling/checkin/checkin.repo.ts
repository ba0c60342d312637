import type { PaymentStatus } from '@bookla/shared';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { activitySessions, orderEvents, orderItems, orderParticipants, orders } from '../../../db/schema/index.ts';
import { withActingToken } from '../../../lib/acting-token.ts';

/** SQL of ticket check-in: participants found by their ticket code, within one team. */

export interface TicketRow {
  participantId: number;
  code: string;
  firstname: string;
  lastname: string;
  checkedInAt: Date | null;
  orderId: number;
  orderNumber: number;
  paymentStatus: PaymentStatus;
  paidAt: Date | null;
  /** A test-mode order: no real money, never checked in (issue 20). */
  isTest: boolean;
  orderCreatedAt: Date;
  activityId: number | null;
  activityName: Record<string, string>;
  ticketName: Record<string, string>;
  /** The line's date, else the activity's first scheduled date (a ticket for the whole activity). */
  sessionStartsAt: Date | null;
}

export interface Visibility {
  /** Only tickets of activities this user is assigned to (role instructor); null: every ticket of the team. */
  instructorId: number | null;
}

/**
 * The ticket with this exact code in the team, or undefined (another team's, unknown, or of an
 * activity an instructor is not assigned to: all the same to the caller).
 */
export async function findTicket(db: DbOrTx, teamId: number, code: string, visibility: Visibility): Promise<TicketRow | undefined> {
  const instructorOnly =
    visibility.instructorId === null
      ? sql`true`
      : sql`EXISTS (SELECT 1 FROM activity_instructors ai
          WHERE ai.team_id = ${teamId} AND ai.activity_id = ${orderItems.activityId} AND ai.user_id = ${visibility.instructorId})`;
  const firstSession = sql<Date | null>`(SELECT min(s.starts_at) FROM activity_sessions s
    WHERE s.team_id = ${teamId} AND s.activity_id = ${orderItems.activityId} AND s.status = 'scheduled')`.mapWith(
    activitySessions.startsAt,
  );
  const [row] = await db
    .select({
      participantId: orderParticipants.id,
      code: orderParticipants.ticketCode,
      firstname: orderParticipants.firstname,
      lastname: orderParticipants.lastname,
      checkedInAt: orderParticipants.checkedInAt,
      orderId: orders.id,
      orderNumber: orders.number,
      paymentStatus: orders.paymentStatus,
      paidAt: orders.paidAt,
      isTest: orders.isTest,
      orderCreatedAt: orders.createdAt,
      activityId: orderItems.activityId,
      activityName: orderItems.activityName,
      ticketName: orderItems.ticketName,
      sessionStartsAt: activitySessions.startsAt,
      firstSessionStartsAt: firstSession,
    })
    .from(orderParticipants)
    .innerJoin(orders, and(eq(orders.id, orderParticipants.orderId), eq(orders.teamId, teamId)))
    .innerJoin(orderItems, and(eq(orderItems.id, orderParticipants.orderItemId), eq(orderItems.teamId, teamId)))
    .leftJoin(activitySessions, and(eq(activitySessions.id, orderItems.sessionId), eq(activitySessions.teamId, teamId)))
    .where(and(eq(orderParticipants.teamId, teamId), eq(orderParticipants.ticketCode, code), instructorOnly));
  if (!row) return undefined;
  const { firstSessionStartsAt, ...ticket } = row;
  return { ...ticket, sessionStartsAt: ticket.sessionStartsAt ?? firstSessionStartsAt };
}

/**
 * Checks the participant in unless someone already did: the condition on `checked_in_at` makes
 * two scanners at once give one check-in. Returns the new time, or undefined when it was set.
 */
export async function markCheckedIn(db: DbOrTx, teamId: number, participantId: number, userId: number | null): Promise<Date | undefined> {
  const [row] = await db
    .update(orderParticipants)
    .set({ checkedInAt: sql`now()`, checkedInBy: userId })
    .where(and(eq(orderParticipants.teamId, teamId), eq(orderParticipants.id, participantId), isNull(orderParticipants.checkedInAt)))
    .returning({ checkedInAt: orderParticipants.checkedInAt });
  return row?.checkedInAt ?? undefined;
}

/** When the participant was checked in (null: not, or not any more). */
export async function checkedInAt(db: DbOrTx, teamId: number, participantId: number): Promise<Date | null> {
  const [row] = await db
    .select({ checkedInAt: orderParticipants.checkedInAt })
    .from(orderParticipants)
    .where(and(eq(orderParticipants.teamId, teamId), eq(orderParticipants.id, participantId)));
  return row?.checkedInAt ?? null;
}

/** The participant's check-in time, with the row locked until the transaction ends (an offline scan's sync decides on it). */
export async function lockCheckIn(db: DbOrTx, teamId: number, participantId: number): Promise<{ checkedInAt: Date | null } | undefined> {
  const [row] = await db
    .select({ checkedInAt: orderParticipants.checkedInAt })
    .from(orderParticipants)
    .where(and(eq(orderParticipants.teamId, teamId), eq(orderParticipants.id, participantId)))
    .for('update');
  return row;
}

/** Sets the check-in time (the row is locked by `lockCheckIn`: the caller decided it is the first scan). */
export async function setCheckedInAt(db: DbOrTx, teamId: number, participantId: number, userId: number | null, at: Date): Promise<void> {
  await db
    .update(orderParticipants)
    .set({ checkedInAt: at, checkedInBy: userId })
    .where(and(eq(orderParticipants.teamId, teamId), eq(orderParticipants.id, participantId)));
}

/** Clears a check-in; returns the time it had, or undefined when it was not checked in. */
export async function clearCheckIn(db: DbOrTx, teamId: number, participantId: number): Promise<Date | undefined> {
  const [before] = await db
    .select({ checkedInAt: orderParticipants.checkedInAt })
    .from(orderParticipants)
    .where(and(eq(orderParticipants.teamId, teamId), eq(orderParticipants.id, participantId), isNotNull(orderParticipants.checkedInAt)))
    .for('update');
  if (!before?.checkedInAt) return undefined;
  await db
    .update(orderParticipants)
    .set({ checkedInAt: null, checkedInBy: null })
    .where(and(eq(orderParticipants.teamId, teamId), eq(orderParticipants.id, participantId)));
  return before.checkedInAt;
}

export async function insertOrderEvent(
  db: DbOrTx,
  teamId: number,
  event: { orderId: number; type: 'checked_in' | 'updated'; userId: number | null; data: Record<string, unknown> },
): Promise<void> {
  await db
    .insert(orderEvents)
    .values({ teamId, orderId: event.orderId, type: event.type, userId: event.userId, actor: 'staff', data: withActingToken(event.data) });
}
