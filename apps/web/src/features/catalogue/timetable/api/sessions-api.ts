import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { activityKeys } from '../../activities';
import {
  sessionGenerateReplySchema,
  sessionItemSchema,
  sessionSavedReplySchema,
  sessionSaveReplySchema,
  type SessionBodyInput,
  type SessionGenerateInput,
} from '@bookla/shared/catalogue-timetable';
import { dataReplySchema, successSchema } from '@bookla/shared/replies';
import { z } from 'zod';
import { withConflicts } from '../../resources';
import { ticketKeys } from '../../tickets';
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
      queryClient.invalidateQueries({ queryKey: activityKeys.detail(courseId) }),
    ]);
}

export function useSessions(courseId: number) {
  return useQuery({
    queryKey: timetableKeys.sessions(courseId),
    queryFn: ({ signal }) => api.get(base(courseId), { signal, reply: dataReplySchema(z.array(sessionItemSchema)) }).then((r) => r.data),
  });
}

export function useAddSession(courseId: number) {
  const after = useAfterSessionsChange(courseId);
  return useMutation({
    mutationFn: (input: SessionBodyInput) => api.post(base(courseId), input, { reply: sessionSavedReplySchema }),
    onSuccess: after,
  });
}

/** The timetable generator: with `preview` it only answers the dates it would create. */
export function useGenerateSessions(courseId: number) {
  const after = useAfterSessionsChange(courseId);
  return useMutation({
    mutationFn: (input: SessionGenerateInput) => api.post(`${base(courseId)}/generate`, input, { reply: sessionGenerateReplySchema }),
    onSuccess: (_reply, input) => (input.preview ? undefined : after()),
  });
}

/** Moves a date; with conflicts and without `confirm` the server changes nothing and lists them. */
export function useMoveSession(courseId: number) {
  const after = useAfterSessionsChange(courseId);
  return useMutation({
    mutationFn: ({ sessionId, ...input }: SessionBodyInput & { sessionId: number }) =>
      withConflicts(() => api.put(`${base(courseId)}/${sessionId}`, input, { reply: sessionSaveReplySchema })),
    onSuccess: (reply) => (reply.success ? after() : undefined),
  });
}

export type SessionAction = 'cancel' | 'restore' | 'delete';

export function useSessionAction(courseId: number) {
  const after = useAfterSessionsChange(courseId);
  return useMutation({
    mutationFn: ({ sessionId, action }: { sessionId: number; action: SessionAction }) =>
      action === 'delete'
        ? api.delete(`${base(courseId)}/${sessionId}`, undefined, { reply: successSchema })
        : api.post(`${base(courseId)}/${sessionId}/${action}`, undefined, { reply: sessionSavedReplySchema }),
    onSuccess: after,
  });
}
