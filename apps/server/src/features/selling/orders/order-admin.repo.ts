import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { activities, bookingFields, orderItems, orderParticipants, orders } from '../../../db/schema/index.ts';

/**
 * SQL of the back office's order edit page and staff actions: the lines with their activity's
 * type set (for the booking fields), the fields' texts, the participants with their answers, the
 * changes staff make. Team id first everywhere.
 */

export type FieldRow = typeof bookingFields.$inferSelect;

/** The order's lines with the type set of their activity (null when the activity is gone). */
export async function orderLines(db: DbOrTx, teamId: number, orderId: number) {
  return db
    .select({ id: orderItems.id, activityId: orderItems.activityId, typeSetId: activities.typeSetId })
    .from(orderItems)
    .leftJoin(activities, and(eq(activities.id, orderItems.activityId), eq(activities.teamId, teamId)))
    .where(and(eq(orderItems.teamId, teamId), eq(orderItems.orderId, orderId)))
    .orderBy(asc(orderItems.sort), asc(orderItems.id));
}

/** Booking fields of the team by id (their labels, help and option texts). */
export async function fieldRows(db: DbOrTx, teamId: number, ids: readonly number[]): Promise<FieldRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(bookingFields)
    .where(and(eq(bookingFields.teamId, teamId), inArray(bookingFields.id, [...ids])));
}

/** The order's participants with their answers, in the order's order. */
export async function participantRows(db: DbOrTx, teamId: number, orderId: number) {
  return db
    .select({
      id: orderParticipants.id,
      orderItemId: orderParticipants.orderItemId,
      firstname: orderParticipants.firstname,
      lastname: orderParticipants.lastname,
      email: orderParticipants.email,
      answers: orderParticipants.answers,
    })
    .from(orderParticipants)
    .where(and(eq(orderParticipants.teamId, teamId), eq(orderParticipants.orderId, orderId)))
    .orderBy(asc(orderParticipants.sort), asc(orderParticipants.id));
}

export interface CustomerChange {
  salutation: string | null;
  firstname: string;
  lastname: string;
  email: string;
  phone: string | null;
  company: string | null;
  answers: Record<string, unknown>;
}

export async function updateCustomer(db: DbOrTx, teamId: number, orderId: number, change: CustomerChange): Promise<void> {
  await db
    .update(orders)
    // A plain copy: the answers come as null-prototype records, which the query builder cannot take.
    .set({ ...change, answers: { ...change.answers }, updatedAt: new Date() })
    .where(and(eq(orders.teamId, teamId), eq(orders.id, orderId)));
}

export interface ParticipantChange {
  firstname: string;
  lastname: string;
  email: string | null;
  answers: Record<string, unknown>;
}

export async function updateParticipant(
  db: DbOrTx,
  teamId: number,
  orderId: number,
  participantId: number,
  change: ParticipantChange,
): Promise<void> {
  await db
    .update(orderParticipants)
    .set({ ...change, answers: { ...change.answers } })
    .where(and(eq(orderParticipants.teamId, teamId), eq(orderParticipants.orderId, orderId), eq(orderParticipants.id, participantId)));
}

/** Which of these ids are the team's orders (mass actions and exports skip the others as not found). */
export async function teamOrderIds(db: DbOrTx, teamId: number, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.teamId, teamId), inArray(orders.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}

/** The money refunded per order, for these ids of the team. */
export async function refundedOf(db: DbOrTx, teamId: number, ids: readonly number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: orders.id, refunded: orders.refundedMinor })
    .from(orders)
    .where(and(eq(orders.teamId, teamId), inArray(orders.id, [...ids])));
  return new Map(rows.map((r) => [r.id, r.refunded]));
}
