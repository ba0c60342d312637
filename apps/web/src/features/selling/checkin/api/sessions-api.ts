import {
  checkinSessionSchema,
  checkinSessionTicketSchema,
  checkinSyncReplySchema,
  type CheckinScan,
  type CheckinSessionTicket,
  type CheckinSyncResult,
  checkinSyncBodySchema,
} from '@bookla/shared/checkin';
import { listReplySchema } from '@bookla/shared/replies';
import { api } from '../../../../lib/api-client';
import { fetchAllPages, useAllOptions } from '../../../../lib/list/use-all-options';

/** Query keys of the scanner; under `team`, so a switch of company drops them. */
export const checkinKeys = {
  all: ['team', 'checkin'] as const,
  sessions: (date: string) => [...checkinKeys.all, 'sessions', date] as const,
};

/** The dates of one day (`YYYY-MM-DD`, the team's zone) the user may check in for, earliest first. */
export function useCheckinSessions(date: string) {
  return useAllOptions({
    queryKey: checkinKeys.sessions(date),
    path: '/api/checkin/sessions',
    item: checkinSessionSchema,
    query: { columnFilters: { date }, sort: { field: 'starts_at', type: 'asc' } },
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
  });
}

const ticketsPath = (sessionId: number) => `/api/checkin/sessions/${sessionId}/tickets`;

/** Every ticket of a date (hashed codes), page by page. */
export function fetchSessionTickets(sessionId: number): Promise<CheckinSessionTicket[]> {
  return fetchAllPages(ticketsPath(sessionId), { item: checkinSessionTicketSchema, query: { sort: { field: 'id', type: 'asc' } } });
}

/** One ticket of the date by its code's hash (bought after the list was saved), or null. */
export async function findSessionTicket(sessionId: number, codeHash: string): Promise<CheckinSessionTicket | null> {
  const reply = await api.get(ticketsPath(sessionId), {
    query: { columnFilters: { code_hash: codeHash }, perPage: 1 },
    reply: listReplySchema(checkinSessionTicketSchema),
  });
  return reply.data[0] ?? null;
}

/** Sends scans made offline; one result per scan, in order. */
export async function syncScans(scans: CheckinScan[]): Promise<CheckinSyncResult[]> {
  const reply = await api.post('/api/checkin/sync', { scans }, { body: checkinSyncBodySchema, reply: checkinSyncReplySchema });
  return reply.data;
}
