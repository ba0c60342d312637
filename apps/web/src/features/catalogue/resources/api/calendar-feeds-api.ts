import { instructorFeedCreatedSchema, instructorFeedSchema } from '@bookla/shared/calendar';
import { dataReplySchema, successDataSchema, successSchema } from '@bookla/shared/replies';
import { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { useLang } from '../../../../lib/language';

const feedsKey = (groupId: number) => ['resources', 'calendar-feeds', groupId] as const;

/** `GET /api/sa/resources/:id/calendar-feeds`: the group's instructors and whether each has a private calendar feed. */
export function useInstructorFeeds(groupId: number) {
  const lang = useLang();
  return useQuery({
    queryKey: [...feedsKey(groupId), lang],
    queryFn: ({ signal }) =>
      api
        .get(`/api/sa/resources/${groupId}/calendar-feeds`, { signal, reply: dataReplySchema(z.array(instructorFeedSchema)) })
        .then((r) => r.data),
  });
}

/** Makes a new private address (the previous one stops working); its reply is the only time the address is shown. */
export function useCreateInstructorFeed(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (resourceId: number) =>
      api.post(`/api/sa/instructors/${resourceId}/calendar-feed`, undefined, { reply: successDataSchema(instructorFeedCreatedSchema) }),
    onSuccess: () => client.invalidateQueries({ queryKey: feedsKey(groupId) }),
  });
}

/** Revokes the address: calendars that subscribed to it get nothing from now on. */
export function useRevokeInstructorFeed(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (resourceId: number) => api.delete(`/api/sa/instructors/${resourceId}/calendar-feed`, undefined, { reply: successSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: feedsKey(groupId) }),
  });
}
