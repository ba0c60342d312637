import {
  CODE_HASH_PATTERN,
  PAID_STATUSES,
  pickText,
  zonedParts,
  zonedTimeToUtc,
  type CheckinSession,
  type CheckinSessionTicket,
  type CheckinTicketState,
  type Language,
  type PaymentStatus,
} from '@bookla/shared';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../lib/app-error.ts';
import * as repo from './checkin-sessions.repo.ts';
import { CANCELLED_STATUSES, instructorIdOf, type Staff } from './checkin.service.ts';

/**
 * The scanner's sessions (issue 11): which dates a door person can check in for, with the
 * running count, and a date's participants for the offline cache — with hashed ticket codes only
 * (see `@bookla/shared` checkin.ts). Instructors see the dates of their own activities; another
 * team's or another instructor's date is not found.
 */

export function ticketState(status: PaymentStatus): CheckinTicketState {
  if (PAID_STATUSES.includes(status)) return 'valid';
  return CANCELLED_STATUSES.includes(status) ? 'cancelled' : 'unpaid';
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` → that day in the zone [start, next day's start); anything else → null. */
function dayRange(text: string, zone: string): { from: Date; to: Date } | null {
  const m = DAY.exec(text.trim());
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return {
    from: zonedTimeToUtc({ year, month, day, hour: 0, minute: 0 }, zone),
    to: zonedTimeToUtc({ year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate(), hour: 0, minute: 0 }, zone),
  };
}

function startOfToday(zone: string, now = new Date()): Date {
  const p = zonedParts(now, zone);
  return zonedTimeToUtc({ year: p.year, month: p.month, day: p.day, hour: 0, minute: 0 }, zone);
}

export interface SessionListInput {
  page: number;
  perPage: number;
  sort: { field: 'starts_at' | 'id'; type: 'asc' | 'desc' };
  columnFilters: Record<string, string>;
}

export async function listSessions(
  db: Db,
  staff: Staff & { timeZone: string },
  input: SessionListInput,
  lang: Language,
): Promise<{ rows: CheckinSession[]; total: number }> {
  const f = input.columnFilters;
  // A malformed filter falls back to the default (CONTRACT §2): from today on.
  const range = (f.date && dayRange(f.date, staff.timeZone)) || { from: startOfToday(staff.timeZone), to: null };
  const activityId = f.activity_id && /^\d{1,9}$/.test(f.activity_id.trim()) ? Number(f.activity_id) : undefined;
  const { rows, total } = await repo.listSessions(db, staff.teamId, {
    page: input.page,
    perPage: input.perPage,
    sort: input.sort,
    ...range,
    activityId,
    name: f.name?.trim() || undefined,
    instructorId: instructorIdOf(staff),
  });
  return {
    rows: rows.map((r) => ({
      id: r.id,
      activity: { id: r.activityId, name: pickText(r.activityName, lang) },
      starts_at: r.startsAt.toISOString(),
      ends_at: r.endsAt.toISOString(),
      expected_count: r.expected,
      checked_in_count: r.checkedIn,
    })),
    total,
  };
}

export interface SessionTicketInput {
  page: number;
  perPage: number;
  sort: { field: 'id' | 'lastname'; type: 'asc' | 'desc' };
  columnFilters: Record<string, string>;
}

export async function listSessionTickets(
  db: Db,
  staff: Staff,
  sessionId: number,
  input: SessionTicketInput,
  lang: Language,
): Promise<{ rows: CheckinSessionTicket[]; total: number }> {
  const session = await repo.findSession(db, staff.teamId, sessionId, instructorIdOf(staff));
  if (!session) throw notFound();
  const hash = input.columnFilters.code_hash?.trim().toLowerCase();
  if (hash !== undefined && !CODE_HASH_PATTERN.test(hash)) return { rows: [], total: 0 };
  const { rows, total } = await repo.listSessionTickets(db, staff.teamId, session, {
    page: input.page,
    perPage: input.perPage,
    sort: input.sort,
    codeHash: hash,
  });
  return {
    rows: rows.map((r) => ({
      code_hash: r.codeHash,
      firstname: r.firstname,
      lastname: r.lastname,
      ticket_name: pickText(r.ticketName, lang),
      order_number: r.orderNumber,
      status: ticketState(r.paymentStatus),
      checked_in_at: r.checkedInAt?.toISOString() ?? null,
    })),
    total,
  };
}
