import {
  calendarSessionSchema,
  sessionBodySchema,
  sessionSaveReplySchema,
  type CalendarSession,
  type SessionSaveReply,
} from '@bookla/shared/catalogue-timetable';
import { dataReplySchema } from '@bookla/shared/replies';
import { z } from 'zod';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { withConflicts } from '../../resources';
import { timetableKeys } from './timetable-keys';

export type { CalendarSession };

/** The calendar's filters as the URL and the feed carry them (ids as text, `''` = all). */
export interface CalendarFilters {
  type_set_id: string;
  location_id: string;
  instructor_id: string;
  resource_id: string;
}

export const FILTER_KEYS = ['type_set_id', 'location_id', 'instructor_id', 'resource_id'] as const;

/** The visible range as days in the team's zone (`to` inclusive). */
export interface CalendarRange {
  from: string;
  to: string;
}

export const calendarKeys = {
  sessions: (range: CalendarRange, filters: CalendarFilters) => [...timetableKeys.calendar, 'sessions', range, filters] as const,
};

/** `GET /api/calendar/sessions`: the sessions of every activity in the range, filtered. */
export function useCalendarSessions(range: CalendarRange | null, filters: CalendarFilters) {
  return useQuery<CalendarSession[]>({
    queryKey: calendarKeys.sessions(range ?? { from: '', to: '' }, filters),
    queryFn: ({ signal }) =>
      api
        .get('/api/calendar/sessions', { signal, query: { ...range, ...filters }, reply: dataReplySchema(z.array(calendarSessionSchema)) })
        .then((r) => r.data),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

export type MoveReply = SessionSaveReply;

/** Moves a session by drag and drop; conflicts come back unsaved unless `confirm` is set. */
export function moveCalendarSession(
  session: { activityId: number; sessionId: number },
  times: { starts_at: string; ends_at: string },
  confirm: boolean,
): Promise<MoveReply> {
  return withConflicts(() =>
    api.put(`/api/courses/${session.activityId}/sessions/${session.sessionId}`, confirm ? { ...times, confirm: true } : times, {
      body: sessionBodySchema,
      reply: sessionSaveReplySchema,
    }),
  );
}
