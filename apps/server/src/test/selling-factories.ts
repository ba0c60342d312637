import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { includedTaxMinor, SEAT_HOLDING_STATUSES, type Language, type PaymentProvider, type PaymentStatus } from '@bookla/shared';
import type { Db } from '../db/client.ts';
import { activities, orderItems, orderParticipants, orders, tickets } from '../db/schema/index.ts';
import { nextOrderNumber } from '../features/selling/orders/order-write.repo.ts';

/**
 * Orders inserted directly, for tests of what comes after the checkout (check-in, documents,
 * payments, lists). They follow the checkout's rules: a number from the team's counter, one
 * participant per seat with a random ticket code, and the seats taken (`tickets.sold`) while the
 * status holds them. The checkout itself is tested through its own calls.
 */
export interface MakeOrderOptions {
  ticketId: number;
  /** One per seat; default one participant "Anna Muster". */
  participants?: { firstname: string; lastname: string; email?: string | null }[];
  paymentStatus?: PaymentStatus;
  paymentType?: PaymentProvider;
  language?: Language;
  email?: string;
  /** Unpaid orders: when the hold ends (default in 1 hour). */
  holdUntil?: Date | null;
}

export async function makeOrder(db: Db, teamId: number, opts: MakeOrderOptions) {
  const participants = opts.participants ?? [{ firstname: 'Anna', lastname: 'Muster' }];
  const status = opts.paymentStatus ?? 'paid';
  const quantity = participants.length;
  return db.transaction(async (tx) => {
    const [ticket] = await tx.select().from(tickets).where(eq(tickets.id, opts.ticketId));
    if (!ticket || ticket.teamId !== teamId) throw new Error(`ticket ${opts.ticketId} is not team ${teamId}'s`);
    const [activity] = await tx.select().from(activities).where(eq(activities.id, ticket.activityId));
    if (SEAT_HOLDING_STATUSES.includes(status))
      await tx
        .update(tickets)
        .set({ sold: sql`${tickets.sold} + ${quantity}` })
        .where(eq(tickets.id, ticket.id));
    const number = await nextOrderNumber(tx, teamId);
    const total = ticket.priceMinor * quantity;
    const tax = includedTaxMinor(total, ticket.taxRateBp);
    const now = new Date();
    const [order] = await tx
      .insert(orders)
      .values({
        teamId,
        number,
        firstname: 'Anna',
        lastname: 'Muster',
        email: opts.email ?? 'anna@example.com',
        language: opts.language ?? 'de',
        currency: ticket.currency,
        paymentType: opts.paymentType ?? (total === 0 ? 'free' : 'invoice'),
        paymentStatus: status,
        paidAt: status === 'paid' ? now : null,
        subtotalMinor: total,
        taxTotalMinor: tax,
        totalMinor: total,
        holdUntil: status === 'waiting' ? (opts.holdUntil === undefined ? new Date(Date.now() + 3600_000) : opts.holdUntil) : null,
      })
      .returning();
    const [item] = await tx
      .insert(orderItems)
      .values({
        teamId,
        orderId: order!.id,
        ticketId: ticket.id,
        activityId: ticket.activityId,
        sessionId: ticket.sessionId,
        activityName: activity!.name as Record<string, string>,
        ticketName: ticket.name as Record<string, string>,
        unitPriceMinor: ticket.priceMinor,
        quantity,
        totalMinor: total,
        taxRateBp: ticket.taxRateBp,
        taxMinor: tax,
      })
      .returning();
    const people = await tx
      .insert(orderParticipants)
      .values(
        participants.map((p, i) => ({
          teamId,
          orderId: order!.id,
          orderItemId: item!.id,
          firstname: p.firstname,
          lastname: p.lastname,
          email: p.email ?? null,
          ticketCode: randomBytes(18).toString('base64url'),
          sort: i,
        })),
      )
      .returning();
    return { order: order!, item: item!, participants: people };
  });
}
