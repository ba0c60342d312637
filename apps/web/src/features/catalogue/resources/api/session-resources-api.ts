import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import {
  bulkSessionResourcesReplySchema,
  sessionSaveReplySchema,
  bulkSessionResourcesBodySchema,
  sessionResourcesBodySchema,
} from '@bookla/shared/catalogue-timetable';
import { useAfterSessionsChange } from '../../timetable';
import { withConflicts } from './conflicts';

/** The resources a session uses (`PUT /api/courses/:id/sessions/…/resources`), refused on conflicts unless confirmed. */

const base = (activityId: number) => `/api/courses/${activityId}/sessions`;

export interface ResourceItem {
  resource_id: number;
  quantity: number;
}

export type ApplyTo = 'one' | 'following' | 'all';

/** The same resources for several dates at once; conflicts over all of them come back first. */
export function useSaveResourcesForMany(activityId: number) {
  const after = useAfterSessionsChange(activityId);
  return useMutation({
    mutationFn: ({ sessionIds, items, confirm }: { sessionIds: number[]; items: ResourceItem[]; confirm?: boolean }) =>
      withConflicts(() =>
        api.put(
          `${base(activityId)}/resources`,
          { session_ids: sessionIds, items, ...(confirm ? { confirm: true } : {}) },
          { body: bulkSessionResourcesBodySchema, reply: bulkSessionResourcesReplySchema },
        ),
      ),
    onSuccess: (reply) => (reply.success ? after() : undefined),
  });
}

export function useSaveSessionResources(activityId: number) {
  const after = useAfterSessionsChange(activityId);
  return useMutation({
    mutationFn: ({ sessionId, items, confirm }: { sessionId: number; items: ResourceItem[]; confirm?: boolean }) =>
      withConflicts(() =>
        api.put(`${base(activityId)}/${sessionId}/resources`, confirm ? { items, confirm: true } : { items }, {
          body: sessionResourcesBodySchema,
          reply: sessionSaveReplySchema,
        }),
      ),
    onSuccess: (reply) => (reply.success ? after() : undefined),
  });
}
