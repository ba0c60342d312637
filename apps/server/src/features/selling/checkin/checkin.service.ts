import {
  ErrorCodes,
  PAID_STATUSES,
  pickText,
  type CheckinReply,
  type CheckinTicket,
  type Language,
  type PaymentStatus,
  type Role,
} from '@bookla/shared';
import type { Db } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import * as repo from './checkin.repo.ts';
import type { TicketRow } from './checkin.repo.ts';

/**
 * Ticket check-in (CONTRACT §4): staff with `nav.courses` look a ticket up by its code and check
 * it in once. An instructor only sees tickets of the activities they are assigned to; anything
 * else is "not found", like another team's or an unknown code. Codes carry ≥ 128 random bits
 * and are only ever matched exactly, so they cannot be guessed or enumerated.
 */

export interface Staff {
  teamId: number;
  userId: number | null;
  role: Role;
}

/** What a ticket code may look like (base64url, as issued); anything else cannot exist. */
export const CODE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** Statuses whose tickets are void: the order was cancelled, refunded, ran out or failed. */
export const CANCELLED_STATUSES: readonly PaymentStatus[] = ['cancelled', 'refunded', 'expired', 'error'];

export function toTicket(row: TicketRow, lang: Language, checkedInAt: Date | null = row.checkedInAt): CheckinTicket {
  return {
    code: row.code,
    participant: { firstname: row.firstname, lastname: row.lastname },
    activity: { id: row.activityId, name: pickText(row.activityName, lang) },
    ticket_name: pickText(row.ticketName, lang),
    session_starts_at: row.sessionStartsAt?.toISOString() ?? null,
    order: {
      id: row.orderId,
      number: row.orderNumber,
      payment_status: row.paymentStatus,
      paid_at: row.paidAt?.toISOString() ?? null,
    },
    checked_in_at: checkedInAt?.toISOString() ?? null,
  };
}

/** Only the activities an instructor is assigned to; every activity for the other roles. */
export const instructorIdOf = (staff: Staff): number | null => (staff.role === 'instructor' ? staff.userId : null);

/** The ticket if this staff member may see it; undefined for another team's, an unknown or a malformed code. */
export async function findVisibleTicket(db: Db, staff: Staff, code: string): Promise<TicketRow | undefined> {
  if (!CODE_PATTERN.test(code)) return undefined;
  return repo.findTicket(db, staff.teamId, code, { instructorId: instructorIdOf(staff) });
}

async function findVisible(db: Db, staff: Staff, code: string): Promise<TicketRow> {
  const row = await findVisibleTicket(db, staff, code);
  if (!row) throw notFound();
  return row;
}

/** The ticket as it is (nothing changes). */
export async function getTicket(db: Db, staff: Staff, code: string, lang: Language): Promise<CheckinTicket> {
  return toTicket(await findVisible(db, staff, code), lang);
}

/**
 * Checks a ticket in. 422 `TICKET_CANCELLED` for a cancelled, refunded or expired order, 422
 * `TICKET_UNPAID` for one not (yet) paid; both carry the ticket so the door sees who it is.
 * A second check-in is no error: it answers `already_checked_in` with the first time.
 */
export async function checkIn(db: Db, staff: Staff, code: string, lang: Language): Promise<CheckinReply> {
  const row = await findVisible(db, staff, code);
  // A test-mode order's tickets were never paid with real money: the door refuses them.
  if (row.isTest)
    throw new AppError('VALIDATION_FAILED', 'checkin:test_order', {
      extra: { success: false, code: ErrorCodes.TICKET_UNPAID, ticket: toTicket(row, lang) },
    });
  if (!PAID_STATUSES.includes(row.paymentStatus)) {
    const cancelled = CANCELLED_STATUSES.includes(row.paymentStatus);
    throw new AppError('VALIDATION_FAILED', cancelled ? 'checkin:cancelled' : 'checkin:unpaid', {
      extra: { success: false, code: cancelled ? ErrorCodes.TICKET_CANCELLED : ErrorCodes.TICKET_UNPAID, ticket: toTicket(row, lang) },
    });
  }
  return db.transaction(async (tx) => {
    // Someone may undo a check-in between our update and our read: then try again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const now = await repo.markCheckedIn(tx, staff.teamId, row.participantId, staff.userId);
      if (now) {
        await repo.insertOrderEvent(tx, staff.teamId, {
          orderId: row.orderId,
          type: 'checked_in',
          userId: staff.userId,
          data: { participant_id: row.participantId },
        });
        return { success: true as const, ticket: toTicket(row, lang, now), checked_in_at: now.toISOString(), already_checked_in: false };
      }
      const first = await repo.checkedInAt(tx, staff.teamId, row.participantId);
      if (first)
        return { success: true as const, ticket: toTicket(row, lang, first), checked_in_at: first.toISOString(), already_checked_in: true };
    }
    throw new Error(`check-in of participant ${row.participantId} kept changing under us`);
  });
}

/** Undoes a mistaken check-in (nothing to undo: the ticket as it is). */
export async function undoCheckIn(db: Db, staff: Staff, code: string, lang: Language): Promise<CheckinTicket> {
  const row = await findVisible(db, staff, code);
  return db.transaction(async (tx) => {
    const was = await repo.clearCheckIn(tx, staff.teamId, row.participantId);
    if (was) {
      await repo.insertOrderEvent(tx, staff.teamId, {
        orderId: row.orderId,
        type: 'updated',
        userId: staff.userId,
        data: { undo_checkin: true, participant_id: row.participantId, checked_in_at: was.toISOString() },
      });
    }
    return toTicket(row, lang, null);
  });
}
