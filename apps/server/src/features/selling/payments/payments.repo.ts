import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { PaymentAttemptStatus } from '@bookla/shared';
import type { DbOrTx } from '../../../db/client.ts';
import { orders, paymentEvents, payments, teams } from '../../../db/schema/index.ts';
import type { OnlineProvider, PaymentRow } from './adapters.ts';

/**
 * SQL of payment attempts and handled provider events. Scoped by team, except the few lookups
 * whose job is to find the team (marked "resolves the team"): their answer only chooses which
 * team's secret checks the request, it is never trusted on its own.
 */

export async function findPayment(db: DbOrTx, teamId: number, paymentId: number): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.teamId, teamId), eq(payments.id, paymentId)));
  return row;
}

/** The newest pending attempt of an order with a provider. */
export async function findPendingPayment(
  db: DbOrTx,
  teamId: number,
  orderId: number,
  provider: OnlineProvider,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.teamId, teamId), eq(payments.orderId, orderId), eq(payments.provider, provider), eq(payments.status, 'pending')))
    .orderBy(desc(payments.id))
    .limit(1);
  return row;
}

export async function findPaymentByExternalPaymentId(
  db: DbOrTx,
  teamId: number,
  provider: OnlineProvider,
  externalPaymentId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.teamId, teamId), eq(payments.provider, provider), eq(payments.externalPaymentId, externalPaymentId)))
    .orderBy(desc(payments.id))
    .limit(1);
  return row;
}

/** Resolves the team: a payment attempt by its id alone (the test-mode page's token is checked after). */
export async function findPaymentAnyTeam(db: DbOrTx, paymentId: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return row;
}

export async function teamName(db: DbOrTx, teamId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId));
  return row?.name;
}

/** The hosted page is open: its id and address. */
export async function saveStarted(
  db: DbOrTx,
  teamId: number,
  paymentId: number,
  values: { externalId: string; checkoutUrl: string },
): Promise<void> {
  await db
    .update(payments)
    .set({ externalId: values.externalId, checkoutUrl: values.checkoutUrl, updatedAt: new Date() })
    .where(and(eq(payments.teamId, teamId), eq(payments.id, paymentId)));
}

/** Keeps the provider's payment id (for refunds) on an attempt that does not have one yet. */
export async function saveExternalPaymentId(db: DbOrTx, teamId: number, paymentId: number, externalPaymentId: string): Promise<void> {
  await db
    .update(payments)
    .set({ externalPaymentId, updatedAt: new Date() })
    .where(and(eq(payments.teamId, teamId), eq(payments.id, paymentId), isNull(payments.externalPaymentId)));
}

export async function setPaymentStatus(db: DbOrTx, teamId: number, paymentId: number, status: PaymentAttemptStatus): Promise<void> {
  await db
    .update(payments)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(payments.teamId, teamId), eq(payments.id, paymentId)));
}

/**
 * Makes an unpaid order's hold last at least until `until` (the provider's page must stay open
 * that long). Only ever lengthens it, and only while the order is still waiting.
 */
export async function extendHold(db: DbOrTx, teamId: number, orderId: number, until: Date): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ holdUntil: until, updatedAt: new Date() })
    .where(
      and(
        eq(orders.teamId, teamId),
        eq(orders.id, orderId),
        eq(orders.paymentStatus, 'waiting'),
        or(isNull(orders.holdUntil), lt(orders.holdUntil, until)),
      ),
    )
    .returning({ id: orders.id });
  return rows.length > 0;
}

/** Whether the team handled this event already (replay keys are per team: another team's same id is another event). */
export async function eventSeen(db: DbOrTx, teamId: number, provider: OnlineProvider, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.teamId, teamId), eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)));
  return !!row;
}

/** Records a handled event of the team; a second record of the same event is a no-op. */
export async function recordEvent(
  db: DbOrTx,
  values: { teamId: number; provider: OnlineProvider; eventId: string; type: string; orderId: number | null },
): Promise<void> {
  await db
    .insert(paymentEvents)
    .values({
      teamId: values.teamId,
      provider: values.provider,
      eventId: values.eventId,
      type: values.type.slice(0, 100),
      orderId: values.orderId,
    })
    .onConflictDoNothing();
}
