import { sql } from 'drizzle-orm';
import type { Plan } from '@bookla/shared';
import type { Db } from '../db/client.ts';
import { orders, paymentRefunds, payments, teamPlanChanges } from '../db/schema/index.ts';

/**
 * Rows for the platform billing's tests (features/platform): paid orders with their fee at a given
 * moment, provider refunds, plan changes. Inserted directly: the checkout, refunds and plan calls
 * are tested through their own routes.
 */

export async function setPlanFrom(db: Db, teamId: number, plan: Plan, effectiveFrom: string): Promise<void> {
  await db.insert(teamPlanChanges).values({ teamId, plan, effectiveFrom });
}

export interface PaidOrderOptions {
  paidAt: Date;
  totalMinor: number;
  feeMinor: number;
  currency?: string;
  isTest?: boolean;
}

/** A paid order of the team at `paidAt` (its own order number, the next after the team's highest). */
export async function makePaidOrder(db: Db, teamId: number, o: PaidOrderOptions): Promise<{ id: number }> {
  const [order] = await db
    .insert(orders)
    .values({
      teamId,
      number: sql`(SELECT coalesce(max(number), 1000) + 1 FROM orders WHERE team_id = ${teamId})`,
      firstname: 'Anna',
      lastname: 'Muster',
      email: 'anna@example.com',
      language: 'de',
      currency: o.currency ?? 'CHF',
      paymentType: o.isTest ? 'test' : 'stripe',
      paymentStatus: 'paid',
      paidAt: o.paidAt,
      subtotalMinor: o.totalMinor,
      totalMinor: o.totalMinor,
      platformFeeMinor: o.feeMinor,
      isTest: o.isTest ?? false,
      createdAt: o.paidAt,
    })
    .returning({ id: orders.id });
  return order!;
}

/** A succeeded provider refund of `amountMinor` of the order at `at`. */
export async function makeRefund(db: Db, teamId: number, orderId: number, amountMinor: number, at: Date): Promise<void> {
  const [payment] = await db
    .insert(payments)
    .values({ teamId, orderId, provider: 'stripe', status: 'succeeded', amountMinor: 1_000_000, currency: 'CHF' })
    .returning({ id: payments.id });
  await db.insert(paymentRefunds).values({
    teamId,
    orderId,
    paymentId: payment!.id,
    provider: 'stripe',
    amountMinor,
    status: 'succeeded',
    idempotencyKey: `refund-${orderId}-${at.getTime()}-${Math.random().toString(36).slice(2)}`,
    createdAt: at,
    updatedAt: at,
  });
  await db.execute(sql`UPDATE orders SET refunded_minor = refunded_minor + ${amountMinor} WHERE id = ${orderId}`);
}
