import { z } from 'zod';
import { listQuerySchema } from './pagination.ts';
import { checkinTicketSchema } from './selling.ts';

/**
 * The check-in scanner (issue 11): the sessions a door person checks in for, a session's tickets
 * for the offline cache, and the sync of scans queued while offline. The single check-in call
 * itself (`POST /api/tickets/{code}/checkin`, CONTRACT §4) keeps its shapes in `selling.ts`.
 *
 * Offline cache and hashed codes (decided): the session's list carries no ticket codes, only
 * `code_hash` = lowercase hex SHA-256 of the code's UTF-8 bytes. A code has ≥ 128 random bits, so
 * the hash cannot be turned back into a code, and a stolen or forgotten device holds nothing that
 * checks a ticket in or opens its page. The scanner hashes what it scans and looks the hash up.
 * Only scans made while offline are kept with their real code (the sync needs it), until synced.
 */

export const CODE_HASH_PATTERN = /^[0-9a-f]{64}$/;

/** Whether a ticket lets its holder in: paid (or free), not (yet) paid, or void. */
export const CHECKIN_TICKET_STATES = ['valid', 'unpaid', 'cancelled'] as const;
export type CheckinTicketState = (typeof CHECKIN_TICKET_STATES)[number];

// ─── Sessions to check in for ───────────────────────────────────────────────

/** A date of an activity, with how many of its valid tickets are checked in. */
export const checkinSessionSchema = z.object({
  id: z.number(),
  activity: z.object({ id: z.number(), name: z.string() }),
  starts_at: z.string(),
  ends_at: z.string(),
  /** Participants with a valid (paid or free) ticket for this date: its own or one for the whole activity. */
  expected_count: z.number(),
  checked_in_count: z.number(),
});
export type CheckinSession = z.infer<typeof checkinSessionSchema>;

export const CHECKIN_SESSION_SORT_FIELDS = ['starts_at', 'id'] as const;
/**
 * `GET /api/checkin/sessions`: scheduled dates the user may check in for (instructors: their
 * activities). `columnFilters[date]` (`YYYY-MM-DD`, the team's zone; default: from today on),
 * `columnFilters[activity_id]`, `columnFilters[name]` (activity name contains).
 */
export const checkinSessionListQuerySchema = listQuerySchema(CHECKIN_SESSION_SORT_FIELDS, 'starts_at', 100);

// ─── A session's tickets (the offline cache) ────────────────────────────────

export const checkinSessionTicketSchema = z.object({
  /** Hex SHA-256 of the ticket code (see above); never the code itself. */
  code_hash: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  ticket_name: z.string(),
  order_number: z.number(),
  status: z.enum(CHECKIN_TICKET_STATES),
  checked_in_at: z.string().nullable(),
});
export type CheckinSessionTicket = z.infer<typeof checkinSessionTicketSchema>;

export const CHECKIN_SESSION_TICKET_SORT_FIELDS = ['id', 'lastname'] as const;
/**
 * `GET /api/checkin/sessions/{sessionId}/tickets`: every participant of that date (valid,
 * unpaid and cancelled, so the door can say which). `columnFilters[code_hash]` finds one.
 */
export const checkinSessionTicketListQuerySchema = listQuerySchema(CHECKIN_SESSION_TICKET_SORT_FIELDS, 'id', 100);

// ─── Sync of offline scans ──────────────────────────────────────────────────

export const MAX_SYNC_SCANS = 500;

export const checkinScanSchema = z.strictObject({
  /** The ticket code as scanned (a code that cannot exist is `not_found`, not a validation error). */
  code: z.string().trim().min(1).max(500),
  /** When the door person scanned it (the device's clock; the server keeps it within the order's life and now). */
  scanned_at: z.iso.datetime({ offset: true }),
});
export type CheckinScan = z.infer<typeof checkinScanSchema>;

/** `POST /api/checkin/sync`: scans queued while offline, oldest first or in any order. */
export const checkinSyncBodySchema = z.strictObject({
  scans: z.array(checkinScanSchema).min(1).max(MAX_SYNC_SCANS),
});
export type CheckinSyncBody = z.infer<typeof checkinSyncBodySchema>;

/**
 * What became of one scan. The first scan wins: `checked_in` means this scan's time is the
 * ticket's check-in time (also when the same scan is sent again); `already_checked_in` means an
 * earlier check-in stands, with its time in `checked_in_at` (a conflict to show).
 */
export const CHECKIN_SYNC_RESULTS = ['checked_in', 'already_checked_in', 'unpaid', 'cancelled', 'not_found'] as const;
export type CheckinSyncResultKind = (typeof CHECKIN_SYNC_RESULTS)[number];

export const checkinSyncResultSchema = z.object({
  code: z.string(),
  scanned_at: z.string(),
  result: z.enum(CHECKIN_SYNC_RESULTS),
  checked_in_at: z.string().nullable(),
  /** The ticket as the check-in shows it; null when not found. */
  ticket: checkinTicketSchema.nullable(),
});
export type CheckinSyncResult = z.infer<typeof checkinSyncResultSchema>;

/** One result per scan, in the order of the request. */
export const checkinSyncReplySchema = z.object({ data: z.array(checkinSyncResultSchema) });
export type CheckinSyncReply = z.infer<typeof checkinSyncReplySchema>;
