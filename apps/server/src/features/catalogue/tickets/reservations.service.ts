import { randomBytes } from 'node:crypto';
import { DEFAULT_MAX_PER_ORDER, DEFAULT_RESERVATION_MINUTES, encodeMessage, ErrorCodes, HOLD_LIMIT_DEFAULT } from '@bookla/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError, notFound, validationError } from '../../../lib/app-error.ts';
import { schedulePeriodic } from '../../../lib/periodic.ts';
import type { Holder } from './holder.ts';
import * as repo from './reservations.repo.ts';
import type { ReservationRow, SaleTicketRow } from './reservations.repo.ts';

/**
 * Seats held by a started checkout. Availability is stock − sold − live reservations, read
 * while the ticket row is locked, so concurrent buyers queue on the lock and the last seat
 * goes to exactly one of them. Expired reservations simply stop counting; the purge only
 * keeps the table small.
 */

export type ReservationFailure = typeof ErrorCodes.SOLD_OUT | typeof ErrorCodes.OFF_SALE;

/** A reservation refused for a reason a checkout shows and branches on (`code` in the reply). */
export class ReservationError extends AppError {
  constructor(
    readonly reason: ReservationFailure,
    params: Record<string, unknown> = {},
  ) {
    super('CONFLICT', reason === ErrorCodes.SOLD_OUT ? 'tickets:reservation.sold_out' : 'tickets:reservation.off_sale', {
      params,
      extra: { code: reason, ...params },
    });
  }
}

/**
 * The visitor already holds `held` unpaid seats of the activity (reservations, unpaid orders) and
 * may hold `limit` at once (409 HOLD_LIMIT): not SOLD_OUT, the seats may well be there for others.
 */
export function holdLimitError(limit: number, held: number): AppError {
  return new AppError('CONFLICT', 'tickets:reservation.hold_limit', {
    params: { limit, held },
    extra: { code: ErrorCodes.HOLD_LIMIT, limit, held },
  });
}

/**
 * How many seats of an activity one visitor may reserve within an hour, as a multiple of its hold
 * limit: a reservation ends after the activity's minutes and the visitor may start again (an
 * abandoned checkout, a changed mind), but not keep seats from others by reserving them again and
 * again — that is what bounds "renewing" a reservation.
 */
export const RESERVATION_ROUNDS_PER_HOUR = 3;

/** The quantity refusal of a ticket line: between min and max per order (max DEFAULT_MAX_PER_ORDER when the ticket sets none). */
export function quantityMessage(min: number, max: number | null): string {
  return encodeMessage('tickets:validation.quantity_range', { min, max: max ?? DEFAULT_MAX_PER_ORDER });
}

const outsideRange = (quantity: number, min: number, max: number | null) => quantity < min || quantity > (max ?? DEFAULT_MAX_PER_ORDER);

export interface ReserveInput {
  teamId: number;
  ticketId: number;
  quantity: number;
  /** Groups the reservations of one checkout (e.g. the pending order's token). */
  holder: string;
  /** How long the seats are held (the activity's reservation_minutes). */
  minutes?: number;
}

/**
 * Reserves seats or throws: 404 for an unknown ticket (or another team's), 422 for a quantity
 * outside min/max per order, ReservationError OFF_SALE outside the sale window or for a past or
 * cancelled date, SOLD_OUT when fewer seats are left (`available` tells how many).
 */
export async function reserveSeats(db: Db, input: ReserveInput): Promise<ReservationRow> {
  const minutes = input.minutes ?? DEFAULT_RESERVATION_MINUTES;
  if (!Number.isSafeInteger(input.quantity) || input.quantity < 1)
    throw validationError({ quantity: [encodeMessage('tickets:validation.quantity_min', { min: 1 })] });
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > 1440) throw new RangeError(`reservation minutes out of range: ${minutes}`);
  if (!input.holder || input.holder.length > 64) throw new RangeError('reservation holder must be 1–64 characters');
  return db.transaction(async (tx) => {
    if (!(await repo.lockTicket(tx, input.teamId, input.ticketId))) throw notFound();
    const t = await repo.ticketState(tx, input.teamId, input.ticketId);
    if (!t) throw notFound();
    if (outsideRange(input.quantity, t.minPerOrder, t.maxPerOrder))
      throw validationError({ quantity: [quantityMessage(t.minPerOrder, t.maxPerOrder)] });
    if (!t.onSale) throw new ReservationError(ErrorCodes.OFF_SALE);
    const available = Math.max(0, t.stock - t.sold - t.reserved);
    if (input.quantity > available) throw new ReservationError(ErrorCodes.SOLD_OUT, { available });
    return repo.insertReservation(tx, input.teamId, { ticketId: input.ticketId, quantity: input.quantity, holder: input.holder, minutes });
  });
}

/** Gives back every seat a checkout holds (cancelled or completed checkout). Returns how many rows. */
export async function releaseReservations(db: Db, holder: string): Promise<number> {
  return repo.releaseByHolder(db, holder);
}

/** Deletes expired reservations (they no longer count anyway). Returns how many. */
export async function purgeExpiredReservations(db: Db): Promise<number> {
  return repo.deleteExpired(db);
}

/** Runs the purge every `intervalMs` (started from app.ts when the job loop runs), on one instance at a time; returns stop. */
export function scheduleReservationPurge(db: Db, log: FastifyBaseLogger, intervalMs = 60_000): () => void {
  return schedulePeriodic(db, log, {
    name: 'reservations.purge',
    intervalMs,
    run: async () => {
      const n = await purgeExpiredReservations(db);
      if (n) log.debug({ purged: n }, 'expired reservations purged');
    },
  });
}

// ─── Checkout: several tickets at once ──────────────────────────────────────

export type { SaleTicketRow };

/** A ticket line of a checkout: the ticket, how many, and where it was first named in the body (`items.N`). */
export interface SaleItem extends SaleTicketRow {
  quantity: number;
  index: number;
}

/** The reservation behind an order ran out (or never existed): the checkout starts again. */
export const reservationExpired = () => new AppError('CONFLICT', 'checkout:order_expired', { extra: { code: ErrorCodes.ORDER_EXPIRED } });

/** Same ticket named twice: one line with the quantities added, at the first one's index. */
export function mergeItems(
  items: readonly { ticket_id: number; quantity: number }[],
): { ticketId: number; quantity: number; index: number }[] {
  const byId = new Map<number, { ticketId: number; quantity: number; index: number }>();
  items.forEach((item, index) => {
    const line = byId.get(item.ticket_id);
    if (line) line.quantity += item.quantity;
    else byId.set(item.ticket_id, { ticketId: item.ticket_id, quantity: item.quantity, index });
  });
  return [...byId.values()];
}

/**
 * The lines of a checkout as the shop may sell them, or throws: 422 at `<path>.N.ticket_id` for
 * a ticket that is not a public ticket of a published activity of this team, 422 at
 * `<path>.N.quantity` outside the ticket's min/max per order (after merging duplicates); with
 * `requireOnSale`, ReservationError OFF_SALE (409, `ticket_id`) outside its sale or booking window.
 */
export async function loadSaleItems(
  db: DbOrTx,
  teamId: number,
  items: readonly { ticket_id: number; quantity: number }[],
  opts: { path?: string; requireOnSale?: boolean; refuseSoldOut?: boolean } = {},
): Promise<SaleItem[]> {
  const path = opts.path ?? 'items';
  const lines = mergeItems(items);
  const rows = new Map(
    (
      await repo.saleTickets(
        db,
        teamId,
        lines.map((l) => l.ticketId),
      )
    ).map((r) => [r.id, r]),
  );
  if (opts.refuseSoldOut) {
    // A late buyer of a rush learns it first, from this read (no lock): see refuseIfSoldOut.
    for (const line of lines) {
      const row = rows.get(line.ticketId);
      if (row?.sellable && line.quantity > row.available)
        throw new ReservationError(ErrorCodes.SOLD_OUT, { available: row.available, ticket_id: line.ticketId });
    }
  }
  const fields: Record<string, string[]> = {};
  const out: SaleItem[] = [];
  for (const line of lines) {
    const row = rows.get(line.ticketId);
    if (!row || !row.sellable) {
      fields[`${path}.${line.index}.ticket_id`] = ['checkout:validation.ticket_unavailable'];
      continue;
    }
    // After merging: seven lines of 100 of one ticket are one line of 700, refused here.
    if (outsideRange(line.quantity, row.minPerOrder, row.maxPerOrder)) {
      fields[`${path}.${line.index}.quantity`] = [quantityMessage(row.minPerOrder, row.maxPerOrder)];
      continue;
    }
    out.push({ ...row, quantity: line.quantity, index: line.index });
  }
  if (Object.keys(fields).length) throw validationError(fields);
  if (opts.requireOnSale) {
    const off = out.find((i) => !i.onSale);
    if (off) throw new ReservationError(ErrorCodes.OFF_SALE, { ticket_id: off.id });
  }
  return out;
}

export interface CheckoutReservation {
  token: string;
  expiresAt: Date;
  items: SaleItem[];
}

/**
 * The locks a reservation takes before it counts seats, capacity and the visitor's share, in a
 * fixed order so concurrent checkouts never deadlock: `activityIds` then `ticketIds`, each
 * ascending. The activity's lock is what serialises buyers of different tickets of one activity.
 */
export type HoldLocks = (tx: DbOrTx, teamId: number, activityIds: readonly number[], ticketIds: readonly number[]) => Promise<void>;

/** The reservation's locks: the activities, then the tickets (FOR NO KEY UPDATE), ascending ids. */
export const lockActivitiesAndTickets: HoldLocks = async (tx, teamId, activityIds, ticketIds) => {
  await repo.lockActivities(tx, teamId, activityIds);
  await repo.lockTickets(tx, teamId, ticketIds);
};

/**
 * Holds the seats of a started checkout (several tickets) in one transaction: every line or
 * none. The activities, then the tickets are locked in ascending id order; then, for each ticket,
 * stock − sold − live reservations must cover the quantity, and for each activity its capacity
 * the seats of all its tickets, else SOLD_OUT (409, `available`, `ticket_id`); the visitor
 * (`holder.key`) may hold at most the activity's hold limit unpaid and reserve at most
 * RESERVATION_ROUNDS_PER_HOUR times that within an hour, else HOLD_LIMIT (409). All rows share a
 * new random token (32 bytes, base64url) as holder and end together after the shortest reservation
 * time of the activities involved, or at the first booked session's start when that is sooner.
 * `locks` is the reservation's own (`lockActivitiesAndTickets`); only the hold race tests' controls
 * pass another (hold-limits-race-controls.ts): nothing here knows about tests.
 */
export async function reserveItems(
  db: Db,
  teamId: number,
  items: readonly { ticket_id: number; quantity: number }[],
  holder: Pick<Holder, 'key'> = { key: null },
  locks: HoldLocks = lockActivitiesAndTickets,
): Promise<CheckoutReservation> {
  const token = randomBytes(32).toString('base64url');
  return db.transaction(async (tx) => {
    const lines = await loadSaleItems(tx, teamId, items, { requireOnSale: true });
    const ids = lines.map((l) => l.id).sort((a, b) => a - b);
    const activityIds = [...new Set(lines.map((l) => l.activityId))].sort((a, b) => a - b);
    await locks(tx, teamId, activityIds, ids);
    const states = await repo.seatStates(tx, teamId, ids);
    for (const line of [...lines].sort((a, b) => a.id - b.id)) {
      const s = states.get(line.id);
      const available = s ? Math.max(0, s.stock - s.sold - s.reserved) : 0;
      if (line.quantity > available) throw new ReservationError(ErrorCodes.SOLD_OUT, { available, ticket_id: line.id });
    }
    const holds = await repo.activityHolds(tx, teamId, activityIds, holder.key);
    for (const activityId of activityIds) {
      const a = holds.get(activityId)!;
      const mine = lines.filter((l) => l.activityId === activityId);
      const wanted = mine.reduce((sum, l) => sum + l.quantity, 0);
      // Capacity per date (as bookla_take_seats counts it): all the activity's seats of the request against each date it books.
      if (a.capacity !== null)
        for (const sessionId of new Set(mine.map((l) => l.sessionId))) {
          const used = await repo.activityUsed(tx, activityId, sessionId);
          if (used + wanted > a.capacity)
            throw new ReservationError(ErrorCodes.SOLD_OUT, {
              available: Math.max(0, a.capacity - used),
              ticket_id: mine.find((l) => l.sessionId === sessionId)!.id,
            });
        }
      const limit = a.holdLimit ?? HOLD_LIMIT_DEFAULT;
      if (holder.key !== null && (a.held + wanted > limit || a.recent + wanted > limit * RESERVATION_ROUNDS_PER_HOUR))
        throw holdLimitError(limit, a.held);
    }
    const minutes = Math.min(...lines.map((l) => l.reservationMinutes));
    const starts = lines.map((l) => l.firstSessionAt?.getTime()).filter((t): t is number => t !== undefined);
    const rows = await repo.insertReservations(
      tx,
      teamId,
      token,
      minutes,
      lines.map((l) => ({ ticketId: l.id, quantity: l.quantity })),
      { holderKey: holder.key, endBy: starts.length ? new Date(Math.min(...starts)) : null },
    );
    return { token, expiresAt: rows[0]!.expiresAt, items: lines };
  });
}

/**
 * The checkout's seats in two statements of its own transaction (see place-order.service.ts):
 * `lockTicketsSql` goes into the statement that writes the order; after it, `takeSeatsSql`
 * sells every line or reports which it could not; with a reservation, `takeHeldSeats` first
 * removes the holder's rows and says which were still live.
 */
export { lockTicketsSql, takeSeatsAtOnceSql, takeSeatsSql } from './reservations.repo.ts';
export const takeHeldSeats = (tx: DbOrTx, teamId: number, holder: string) => repo.takeHeldBy(tx, teamId, holder);

/** The SOLD_OUT refusal for a ticket, with the seats left now (`available`). */
export async function soldOutError(db: DbOrTx, teamId: number, ticketId: number): Promise<ReservationError> {
  const s = (await repo.seatStates(db, teamId, [ticketId])).get(ticketId);
  return new ReservationError(ErrorCodes.SOLD_OUT, { available: s ? Math.max(0, s.stock - s.sold - s.reserved) : 0, ticket_id: ticketId });
}

/** The seats a checkout token holds now (live reservations), per ticket; empty when it ran out. */
export async function heldSeats(db: DbOrTx, teamId: number, holder: string): Promise<Map<number, number>> {
  return repo.liveHeldBy(db, teamId, holder);
}

/**
 * Takes the seats of an order inside its transaction (`tickets.sold += n`): locks the tickets in
 * ascending id order, then per line a conditional UPDATE: sold + n + live reservations ≤ stock,
 * else SOLD_OUT with `available` and `ticket_id`. No path sells past stock. (A checkout converting
 * its reservation takes them with `takeHeldSeats` and `takeSeatsSql` in its own statements.)
 */
export async function takeSeats(tx: DbOrTx, teamId: number, items: readonly { ticketId: number; quantity: number }[]): Promise<void> {
  const lines = [...items].sort((a, b) => a.ticketId - b.ticketId);
  await repo.lockTickets(
    tx,
    teamId,
    lines.map((l) => l.ticketId),
  );
  for (const line of lines) {
    // A statement after the lock: it sees every reservation committed by those who held it before.
    if (await repo.addSoldWithin(tx, teamId, line.ticketId, line.quantity)) continue;
    throw await soldOutError(tx, teamId, line.ticketId);
  }
}
