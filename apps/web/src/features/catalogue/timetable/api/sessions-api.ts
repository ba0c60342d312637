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
  sessionBodySchema,
  sessionGenerateBodySchema,
} from '@bookla/shared/catalogue-timetable';
import { dataReplySchema, successSchema } from '@bookla/shared/replies';
import { z } from 'zod';
import { withConflicts } from '../../resources';
import { ticketKeys } from '../../tickets';
import { timetableKeys } from './timetable-keys';

const base = (activityId: number) => `/api/courses/${activityId}/sessions`;

/**
 * After any change of dates: the list, the drop-in tickets' sessions, the calendar, the
 * generator's preview (which dates exist) and the activity's publishing checklist.
 */
export function useAfterSessionsChange(activityId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: timetableKeys.sessions(activityId) }),
      queryClient.invalidateQueries({ queryKey: ticketKeys.tickets(activityId) }),
      queryClient.invalidateQueries({ queryKey: timetableKeys.calendar }),
      queryClient.invalidateQueries({ queryKey: timetableKeys.generatorPreview(activityId) }),
      queryClient.invalidateQueries({ queryKey: activityKeys.detail(activityId) }),
    ]);
}

export function useSessions(activityId: number) {
  return useQuery({
    queryKey: timetableKeys.sessions(activityId),
    queryFn: ({ signal }) => api.get(base(activityId), { signal, reply: dataReplySchema(z.array(sessionItemSchema)) }).then((r) => r.data),
  });
}

export function useAddSession(activityId: number) {
  const after = useAfterSessionsChange(activityId);
  return useMutation({
    mutationFn: (input: SessionBodyInput) => api.post(base(activityId), input, { body: sessionBodySchema, reply: sessionSavedReplySchema }),
    onSuccess: after,
  });
}

/** The timetable generator: with `preview` it only answers the dates it would create. */
export function useGenerateSessions(activityId: number) {
  const after = useAfterSessionsChange(activityId);
  return useMutation({
    mutationFn: (input: SessionGenerateInput) =>
      api.post(`${base(activityId)}/generate`, input, { body: sessionGenerateBodySchema, reply: sessionGenerateReplySchema }),
    onSuccess: (_reply, input) => (input.preview ? undefined : after()),
  });
}

/** Moves a date; with conflicts and without `confirm` the server changes nothing and lists them. */
export function useMoveSession(activityId: number) {
  const after = useAfterSessionsChange(activityId);
  return useMutation({
    mutationFn: ({ sessionId, ...input }: SessionBodyInput & { sessionId: number }) =>
      withConflicts(() => api.put(`${base(activityId)}/${sessionId}`, input, { body: sessionBodySchema, reply: sessionSaveReplySchema })),
    onSuccess: (reply) => (reply.success ? after() : undefined),
  });
}

export type SessionAction = 'cancel' | 'restore' | 'delete';

export function useSessionAction(activityId: number) {
  const after = useAfterSessionsChange(activityId);
  return useMutation({
    mutationFn: ({ sessionId, action }: { sessionId: number; action: SessionAction }) =>
      action === 'delete'
        ? api.delete(`${base(activityId)}/${sessionId}`, undefined, { reply: successSchema })
        : api.post(`${base(activityId)}/${sessionId}/${action}`, undefined, { reply: sessionSavedReplySchema }),
    onSuccess: after,
  });
}
