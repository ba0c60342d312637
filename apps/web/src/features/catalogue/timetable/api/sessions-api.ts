import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { courseKeys } from '../../activities';
import { withConflicts, type ConflictReply } from '../../resources';
import { ticketKeys } from '../../tickets';
import type { CourseSession, GeneratedDate, GenerateInput, SessionTimes, Success } from '../types';
import { timetableKeys } from './timetable-keys';

const base = (courseId: number) => `/api/courses/${courseId}/sessions`;

/**
 * After any change of dates: the list, the drop-in tickets' sessions, the calendar, the
 * generator's preview (which dates exist) and the activity's publishing checklist.
 */
export function useAfterSessionsChange(courseId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: timetableKeys.sessions(courseId) }),
      queryClient.invalidateQueries({ queryKey: ticketKeys.tickets(courseId) }),
      queryClient.invalidateQueries({ queryKey: timetableKeys.calendar }),
      queryClient.invalidateQueries({ queryKey: timetableKeys.generatorPreview(courseId) }),
      queryClient.invalidateQueries({ queryKey: courseKeys.detail(courseId) }),
    ]);
}

export function useSessions(courseId: number) {
  return useQuery({
    queryKey: timetableKeys.sessions(courseId),
    queryFn: ({ signal }) => api.get<{ data: CourseSession[] }>(base(courseId), { signal }).then((r) => r.data),
  });
}

export function useAddSession(courseId: number) {
  const after = useAfterSessionsChange(courseId);
  return useMutation({
    mutationFn: (input: SessionTimes) => api.post<Success & { data?: CourseSession }>(base(courseId), input),
    onSuccess: after,
  });
}

/** The timetable generator: with `preview` it only answers the dates it would create. */
export function useGenerateSessions(courseId: number) {
  const after = useAfterSessionsChange(courseId);
  return useMutation({
    mutationFn: (input: GenerateInput) => api.post<{ data: GeneratedDate[]; message?: string }>(`${base(courseId)}/generate`, input),
    onSuccess: (_reply, input) => (input.preview ? undefined : after()),
  });
}

export type MoveReply = (Success & { data?: CourseSession }) | ConflictReply;

/** Moves a date; with conflicts and without `confirm` the server changes nothing and lists them. */
export function useMoveSession(courseId: number) {
  const after = useAfterSessionsChange(courseId);
  return useMutation({
    mutationFn: ({ sessionId, ...input }: SessionTimes & { sessionId: number; confirm?: boolean }) =>
      withConflicts(() => api.put<MoveReply>(`${base(courseId)}/${sessionId}`, input)),
    onSuccess: (reply) => (reply.success ? after() : undefined),
  });
}

export type SessionAction = 'cancel' | 'restore' | 'delete';

export function useSessionAction(courseId: number) {
  const after = useAfterSessionsChange(courseId);
  return useMutation({
    mutationFn: ({ sessionId, action }: { sessionId: number; action: SessionAction }) =>
      action === 'delete'
        ? api.delete<Success>(`${base(courseId)}/${sessionId}`)
        : api.post<Success>(`${base(courseId)}/${sessionId}/${action}`),
    onSuccess: after,
  });
}
