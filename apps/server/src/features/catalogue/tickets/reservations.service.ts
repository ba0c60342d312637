import { DEFAULT_RESERVATION_MINUTES, encodeMessage, ErrorCodes } from '@bookla/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { AppError, notFound, validationError } from '../../../lib/app-error.ts';
import * as repo from './reservations.repo.ts';
import type { ReservationRow } from './reservations.repo.ts';

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
    if (input.quantity < t.minPerOrder || (t.maxPerOrder !== null && input.quantity > t.maxPerOrder)) {
      const message =
        t.maxPerOrder === null
          ? encodeMessage('tickets:validation.quantity_min', { min: t.minPerOrder })
          : encodeMessage('tickets:validation.quantity_range', { min: t.minPerOrder, max: t.maxPerOrder });
      throw validationError({ quantity: [message] });
    }
    if (!t.onSale) throw new ReservationError(ErrorCodes.OFF_SALE);
    const available = Math.max(0, t.stock - t.sold - t.reserved);
    if (input.quantity > available) throw new ReservationError(ErrorCodes.SOLD_OUT, { available });
    return repo.insertReservation(tx, input.teamId, { ticketId: input.ticketId, quantity: input.quantity, holder: input.holder, minutes });
  });
}

/** Gives back every seat a checkout holds (cancelled or completed checkout). Returns how many rows. */
export async function releaseReservations(db: Db, holder: string): Promise<number> {
  return repo.deleteByHolder(db, holder);
}

/** Deletes expired reservations (they no longer count anyway). Returns how many. */
export async function purgeExpiredReservations(db: Db): Promise<number> {
  return repo.deleteExpired(db);
}

/** Runs the purge every `intervalMs` (started from app.ts when the job loop runs); returns stop. */
export function scheduleReservationPurge(db: Db, log: FastifyBaseLogger, intervalMs = 60_000): () => void {
  const timer = setInterval(() => {
    purgeExpiredReservations(db).then(
      (n) => n && log.debug({ purged: n }, 'expired reservations purged'),
      (err: unknown) => log.warn({ err }, 'reservation purge failed'),
    );
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
