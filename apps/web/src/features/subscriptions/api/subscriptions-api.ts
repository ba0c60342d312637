import { activityListItemSchema } from '@bookla/shared/catalogue';
import { dataReplySchema, listReplySchema, successDataSchema, successSchema } from '@bookla/shared/replies';
import {
  SUBSCRIPTION_SORT_FIELDS,
  subscriptionDetailSchema,
  subscriptionItemSchema,
  subscriptionStatsSchema,
  subscriptionUpdateBodySchema,
  subscriptionBodySchema,
  type SubscriptionBody,
} from '@bookla/shared/subscriptions';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLang } from '../../../lib/language';
import { defineList, listApiQuery, type ListParams } from '../../../lib/list/list-params';
import { useAllOptions } from '../../../lib/list/use-all-options';
import { activityKeys } from '../../catalogue/activities';

/**
 * Query keys of the subscriptions, their tiers and members; under `team`, so a switch of company
 * drops them. A subscription's detail carries its tiers, so tier changes refresh it too.
 */
export const subscriptionKeys = {
  all: ['team', 'subscriptions'] as const,
  lists: () => [...subscriptionKeys.all, 'list'] as const,
  list: (query: object) => [...subscriptionKeys.lists(), query] as const,
  stats: () => [...subscriptionKeys.all, 'stats'] as const,
  one: (id: number) => [...subscriptionKeys.all, 'one', id] as const,
  tier: (sid: number, id: number) => [...subscriptionKeys.all, 'tier', sid, id] as const,
  members: (sid: number) => [...subscriptionKeys.all, 'members', sid] as const,
  memberList: (sid: number, query: object) => [...subscriptionKeys.members(sid), 'list', query] as const,
  member: (sid: number, id: number) => [...subscriptionKeys.members(sid), 'one', id] as const,
};

/** `/backend/subscriptions`: its address state (newest first; search on the name, status filter). */
export const subscriptionListConfig = defineList({
  sortFields: SUBSCRIPTION_SORT_FIELDS,
  defaultSort: { field: 'created_at', type: 'desc' },
  filters: { name: 'text', status: 'choice' },
});

export type SubscriptionListParams = ListParams<(typeof SUBSCRIPTION_SORT_FIELDS)[number], keyof typeof subscriptionListConfig.filters>;

const listReply = listReplySchema(subscriptionItemSchema);
const oneReply = dataReplySchema(subscriptionDetailSchema);
const savedReply = successDataSchema(subscriptionDetailSchema);
const statsReply = dataReplySchema(subscriptionStatsSchema);

export function useSubscriptionList(params: SubscriptionListParams) {
  const query = listApiQuery(params);
  return useQuery({
    queryKey: subscriptionKeys.list(query),
    queryFn: ({ signal }) => api.get('/api/subscriptions', { signal, query, reply: listReply }),
    placeholderData: keepPreviousData,
  });
}

export function useSubscriptionStats() {
  return useQuery({
    queryKey: subscriptionKeys.stats(),
    queryFn: ({ signal }) => api.get('/api/subscriptions/stats', { signal, reply: statsReply }).then((r) => r.data),
  });
}

/**
 * A subscription with its tiers. The form is filled from it once (react-hook-form keeps its
 * values), while the tiers table follows refetches after a tier was saved.
 */
export function useSubscription(id: number | null) {
  return useQuery({
    queryKey: subscriptionKeys.one(id ?? 0),
    queryFn: ({ signal }) => api.get(`/api/subscriptions/${id ?? 0}`, { signal, reply: oneReply }).then((r) => r.data),
    enabled: id !== null,
  });
}

/** `POST` (no id) or `PUT` (an id). */
export function useSaveSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: SubscriptionBody }) =>
      id === null
        ? api.post('/api/subscriptions', body, { body: subscriptionBodySchema, reply: savedReply })
        : api.put(`/api/subscriptions/${id}`, body, { body: subscriptionUpdateBodySchema, reply: savedReply }),
    onSuccess: (reply) => {
      queryClient.setQueryData(subscriptionKeys.one(reply.data.id), reply.data);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.stats() }),
      ]);
    },
  });
}

export function useDeleteSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/subscriptions/${id}`, undefined, { reply: successSchema }),
    onSuccess: (_reply, id) => {
      queryClient.removeQueries({ queryKey: subscriptionKeys.one(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.stats() }),
      ]);
    },
  });
}

const activityOption = activityListItemSchema.pick({ id: true, name_text: true });

/** Every activity of the company, for the "covered activities" picker (all pages, as the discounts' picker). */
export function useActivityOptions() {
  const lang = useLang();
  return useAllOptions({ queryKey: [...activityKeys.all, 'options', lang], path: '/api/courses', item: activityOption });
}
