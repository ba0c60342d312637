import { useMutation } from '@tanstack/react-query';
import { dataReplySchema, successDataSchema } from '@bookla/shared/replies';
import { checkinRefusalSchema, checkinReplySchema, checkinTicketSchema, type CheckinTicket } from '@bookla/shared/selling';
import { api, ApiError, isApiError } from '../../../../lib/api-client';

/** What the result card shows of a ticket: from the server, or from the offline list (fewer details). */
export interface TicketView {
  participant: { firstname: string; lastname: string };
  activityName: string | null;
  ticketName: string;
  sessionStartsAt: string | null;
  orderNumber: number | null;
}

export const ticketView = (t: CheckinTicket): TicketView => ({
  participant: t.participant,
  activityName: t.activity.name,
  ticketName: t.ticket_name,
  sessionStartsAt: t.session_starts_at,
  orderNumber: t.order.number,
});

/**
 * Ticket check-in (CONTRACT §4): what a check-in ended in, as the result card shows it.
 * `offline`: decided from the date's saved list while offline (the sync confirms it later).
 */
export type CheckinOutcome =
  | { kind: 'checkedIn'; ticket: TicketView; checkedInAt: string; offline?: boolean }
  | { kind: 'already'; ticket: TicketView; checkedInAt: string; offline?: boolean }
  | { kind: 'unpaid'; ticket: TicketView; offline?: boolean }
  | { kind: 'cancelled'; ticket: TicketView; offline?: boolean }
  | { kind: 'undone'; ticket: TicketView }
  /** A ticket of another date or activity (known online), or one not on the saved list (offline). */
  | { kind: 'wrongSession'; ticket?: TicketView }
  /** Offline without a chosen date: the scan is kept and checked when back online. */
  | { kind: 'queued' }
  | { kind: 'notFound' }
  /** Anything else (no permission, server or network trouble): the server's message if it sent one. */
  | { kind: 'failed'; message?: string };

const path = (code: string) => `/api/tickets/${encodeURIComponent(code)}/checkin`;

/**
 * The server could not be reached: fetch itself failed (no network), or a proxy answered that the
 * server is down. The scanner then decides from its saved list.
 */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 502 || error.status === 503 || error.status === 504;
  return error instanceof TypeError;
}

/** A failed check-in call as an outcome (never for an unreachable server: the caller goes offline). */
export function failure(error: unknown): CheckinOutcome {
  if (isApiError(error, 404)) return { kind: 'notFound' };
  if (isApiError(error, 422)) {
    const refusal = checkinRefusalSchema.safeParse(error.body);
    if (refusal.success)
      return { kind: refusal.data.code === 'TICKET_CANCELLED' ? 'cancelled' : 'unpaid', ticket: ticketView(refusal.data.ticket) };
  }
  return { kind: 'failed', message: isApiError(error) && error.status < 500 ? error.message || undefined : undefined };
}

/** Checks a ticket in online; throws only when the server is unreachable (`isUnreachable`). */
export async function postCheckIn(code: string): Promise<CheckinOutcome> {
  try {
    const reply = await api.post(path(code), undefined, { reply: checkinReplySchema });
    const ticket = ticketView(reply.ticket);
    return { kind: reply.already_checked_in ? 'already' : 'checkedIn', ticket, checkedInAt: reply.checked_in_at };
  } catch (error) {
    if (isUnreachable(error)) throw error;
    return failure(error);
  }
}

/** Checks a ticket in; never throws (every ending is an outcome). */
export async function checkInTicket(code: string): Promise<CheckinOutcome> {
  try {
    return await postCheckIn(code);
  } catch {
    return { kind: 'failed' };
  }
}

/** The ticket as it is (nothing changes); null when not found. Throws when unreachable or on other errors. */
export async function lookUpTicket(code: string): Promise<CheckinTicket | null> {
  try {
    const reply = await api.get(`/api/tickets/${encodeURIComponent(code)}`, { reply: dataReplySchema(checkinTicketSchema) });
    return reply.data;
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}
/** Undoes a check-in; throws when it failed (the card keeps its state and says so). */
export async function undoCheckIn(code: string): Promise<CheckinOutcome> {
  const reply = await api.delete(path(code), undefined, { reply: successDataSchema(checkinTicketSchema) });
  return { kind: 'undone', ticket: ticketView(reply.data) };
}

/**
 * What the person at the door typed, pasted or scanned → the ticket code, or null when it is
 * none: a bare code, or a whole link `…/ticket/{code}/checkin` (as the QR code holds it).
 */
export function extractTicketCode(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  const fromLink = /\/ticket\/([^/?#\s]+)\/checkin(?:[/?#]|$)/.exec(text);
  let code = fromLink ? fromLink[1]! : text;
  try {
    code = decodeURIComponent(code);
  } catch {
    return null;
  }
  return /^[A-Za-z0-9_-]{8,64}$/.test(code) ? code : null;
}

/** The check-in call as a mutation (pending state for the button, the outcome as its data). */
export function useCheckIn() {
  return useMutation({ mutationFn: checkInTicket });
}

export function useUndoCheckIn() {
  return useMutation({ mutationFn: undoCheckIn });
}
