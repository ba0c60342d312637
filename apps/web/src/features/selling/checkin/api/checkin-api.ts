import { useMutation } from '@tanstack/react-query';
import { successDataSchema } from '@bookla/shared/replies';
import { checkinRefusalSchema, checkinReplySchema, checkinTicketSchema, type CheckinTicket } from '@bookla/shared/selling';
import { api, isApiError } from '../../../../lib/api-client';

/** Ticket check-in (CONTRACT §4): what a check-in call ended in, as the result card shows it. */
export type CheckinOutcome =
  | { kind: 'checkedIn'; ticket: CheckinTicket; checkedInAt: string }
  | { kind: 'already'; ticket: CheckinTicket; checkedInAt: string }
  | { kind: 'unpaid'; ticket: CheckinTicket }
  | { kind: 'cancelled'; ticket: CheckinTicket }
  | { kind: 'undone'; ticket: CheckinTicket }
  | { kind: 'notFound' }
  /** Anything else (no permission, server or network trouble): the server's message if it sent one. */
  | { kind: 'failed'; message?: string };

const path = (code: string) => `/api/tickets/${encodeURIComponent(code)}/checkin`;

function failure(error: unknown): CheckinOutcome {
  if (isApiError(error, 404)) return { kind: 'notFound' };
  if (isApiError(error, 422)) {
    const refusal = checkinRefusalSchema.safeParse(error.body);
    if (refusal.success) return { kind: refusal.data.code === 'TICKET_CANCELLED' ? 'cancelled' : 'unpaid', ticket: refusal.data.ticket };
  }
  return { kind: 'failed', message: isApiError(error) && error.status < 500 ? error.message || undefined : undefined };
}

/** Checks a ticket in; never throws (every ending is an outcome). */
export async function checkInTicket(code: string): Promise<CheckinOutcome> {
  try {
    const reply = await api.post(path(code), undefined, { reply: checkinReplySchema });
    return { kind: reply.already_checked_in ? 'already' : 'checkedIn', ticket: reply.ticket, checkedInAt: reply.checked_in_at };
  } catch (error) {
    return failure(error);
  }
}

/** Undoes a check-in; throws when it failed (the card keeps its state and says so). */
export async function undoCheckIn(code: string): Promise<CheckinOutcome> {
  const reply = await api.delete(path(code), undefined, { reply: successDataSchema(checkinTicketSchema) });
  return { kind: 'undone', ticket: reply.data };
}

/**
 * What the person at the door typed or pasted → the ticket code, or null when it is none: a bare
 * code, or a whole link `…/ticket/{code}/checkin` (as the QR code holds it).
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
