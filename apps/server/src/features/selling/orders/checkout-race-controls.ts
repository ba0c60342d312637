import { ErrorCodes } from '@bookla/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { discounts, memberships, orderNumberCounters, orders, tickets } from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/app-error.ts';
import { availableSql, lockTicketsSql, ReservationError, takeSeatsSql } from '../../catalogue/tickets/index.ts';
import { discountCodeRefused, discountUseSql } from '../discounts/index.ts';
import { takeCreditsSql } from './member-seats.ts';
import { takeAndNumber, writeOrderAndLock } from './order-write.repo.ts';

const membershipUsedUp = () => new AppError('CONFLICT', 'checkout:membership_used_up');
import { orderSideRows, orderWrite, productStockOf, shortfallError, type OrderWriteStep } from './place-order.service.ts';

/**
 * Tests only: the race tests' controls (checkout-races.test.ts). A race test proves its harness
 * can see a race by running it once without the protection: these writes replace the checkout's
 * own (`placeOrder`'s `write` argument) with one that takes seats, discount uses or the order
 * number by read-then-write, without lock or condition. Production code has no switch for it.
 */

export interface Unlocked {
  /** Seats by read-then-write without lock or condition. */
  seats?: boolean;
  /** Discount uses by read-then-write without condition. */
  discounts?: boolean;
  /** Order numbers by read-then-write. */
  numbers?: boolean;
  /** Membership credits by read-then-write without condition. */
  credits?: boolean;
}

/** Each membership's credits as read now (the control reads first, before the order's own row locks). */
async function readCredits(db: DbOrTx, uses: readonly { membershipId: number; n: number }[]) {
  const read = new Map<number, number | null>();
  for (const u of uses) {
    const [row] = await db.select({ left: memberships.creditsLeft }).from(memberships).where(eq(memberships.id, u.membershipId));
    if (row) read.set(u.membershipId, row.left);
  }
  return read;
}

/** Writes read − n without lock or condition (more bookings than credits when raced). */
async function creditsByReadThenWrite(
  db: DbOrTx,
  uses: readonly { membershipId: number; n: number }[],
  read: ReadonlyMap<number, number | null>,
): Promise<boolean> {
  for (const u of uses) {
    if (!read.has(u.membershipId)) return false;
    const left = read.get(u.membershipId)!;
    if (left === null) continue;
    if (left < u.n) return false;
    await db
      .update(memberships)
      .set({ creditsLeft: left - u.n })
      .where(eq(memberships.id, u.membershipId));
  }
  return true;
}

/**
 * Read stock, sold and live reservations, then write sold = read + n, without lock or condition
 * (lost updates when raced: more seats sold than exist). Sequentially it still refuses SOLD_OUT.
 */
async function seatsByReadThenWrite(db: DbOrTx, teamId: number, lines: readonly { ticketId: number; quantity: number }[]): Promise<void> {
  const ids = lines.map((l) => l.ticketId);
  const rows = await db
    .select({ id: tickets.id, sold: tickets.sold, available: availableSql() })
    .from(tickets)
    .where(and(eq(tickets.teamId, teamId), inArray(tickets.id, ids)))
    .orderBy(asc(tickets.id));
  const now = new Map(rows.map((r) => [r.id, { sold: r.sold, available: Number(r.available) }]));
  for (const line of lines) {
    const s = now.get(line.ticketId);
    if (!s || line.quantity > s.available)
      throw new ReservationError(ErrorCodes.SOLD_OUT, { available: s?.available ?? 0, ticket_id: line.ticketId });
    await db
      .update(tickets)
      .set({ sold: s.sold + line.quantity })
      .where(and(eq(tickets.teamId, teamId), eq(tickets.id, line.ticketId)));
  }
}

/** Read the use count, write read + 1 without the max_uses condition (more uses than allowed when raced). */
async function discountUseByReadThenWrite(db: DbOrTx, teamId: number, discountId: number): Promise<boolean> {
  const where = and(eq(discounts.teamId, teamId), eq(discounts.id, discountId));
  const [row] = await db.select({ usedCount: discounts.usedCount, maxUses: discounts.maxUses }).from(discounts).where(where);
  if (!row || (row.maxUses !== null && row.usedCount >= row.maxUses)) return false;
  await db
    .update(discounts)
    .set({ usedCount: row.usedCount + 1 })
    .where(where);
  return true;
}

/** Read the last number, write read + 1 (duplicates when raced). */
async function numberByReadThenWrite(db: DbOrTx, teamId: number, orderId: number): Promise<number> {
  const [row] = await db
    .select({ n: orderNumberCounters.lastNumber })
    .from(orderNumberCounters)
    .where(eq(orderNumberCounters.teamId, teamId));
  const n = (row?.n ?? 0) + 1;
  await db
    .insert(orderNumberCounters)
    .values({ teamId, lastNumber: n })
    .onConflictDoUpdate({ target: orderNumberCounters.teamId, set: { lastNumber: n } });
  await db
    .update(orders)
    .set({ number: n })
    .where(and(eq(orders.teamId, teamId), eq(orders.id, orderId)));
  return n;
}

/** A direct order's write (no reservation) with the chosen protections off, in a transaction. */
export function unlockedWrite(off: Unlocked): OrderWriteStep {
  return (db, teamId, body, prepared) =>
    db.transaction(async (tx) => {
      const { cart, orderId, credits } = prepared;
      const seats = cart.items.map((i) => ({ ticketId: i.id, quantity: i.quantity }));
      const productStock = productStockOf(cart);
      const creditsRead = credits && off.credits ? await readCredits(tx, credits.uses) : new Map<number, number | null>();
      await writeOrderAndLock(tx, {
        ...orderWrite(tx, teamId, body, prepared),
        also: orderSideRows(tx, teamId, body, prepared),
        lockTickets: off.seats
          ? null
          : lockTicketsSql(
              teamId,
              seats.map((s) => s.ticketId),
            ),
        productIds: productStock.map((p) => p.productId),
      });
      if (off.seats) await seatsByReadThenWrite(tx, teamId, seats);
      if (cart.discount && off.discounts && !(await discountUseByReadThenWrite(tx, teamId, cart.discount.id))) throw discountCodeRefused();
      if (credits && off.credits && !(await creditsByReadThenWrite(tx, credits.uses, creditsRead))) throw membershipUsedUp();
      const taken = await takeAndNumber(tx, teamId, orderId, {
        seats: off.seats ? null : takeSeatsSql(teamId, seats),
        products: productStock,
        discount: cart.discount && !off.discounts ? discountUseSql(teamId, cart.discount.id) : null,
        credits: credits && !off.credits ? takeCreditsSql(teamId, credits.customerId, credits.uses) : null,
        number: !off.numbers,
      });
      if (credits && !off.credits && taken.creditIds.length !== credits.uses.length) throw membershipUsedUp();
      const refused = await shortfallError(
        tx,
        teamId,
        { seats: off.seats ? [] : seats, productStock, discount: !!cart.discount && !off.discounts },
        taken,
      );
      if (refused) throw refused;
      return off.numbers ? numberByReadThenWrite(tx, teamId, orderId) : taken.number!;
    });
}
