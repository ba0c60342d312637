import { dataReplySchema, successDataSchema, successSchema } from '@bookla/shared/replies';
import { tierBodySchema, tierItemSchema, tierUpdateBodySchema, type TierBody } from '@bookla/shared/subscriptions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { subscriptionKeys } from './subscriptions-api';

const oneReply = dataReplySchema(tierItemSchema);
const savedReply = successDataSchema(tierItemSchema);

/** One tier of a subscription, to fill its form (once: a refetch must not look like a change). */
export function useTier(sid: number, id: number | null) {
  return useQuery({
    queryKey: subscriptionKeys.tier(sid, id ?? 0),
    queryFn: ({ signal }) => api.get(`/api/subscriptions/${sid}/tiers/${id ?? 0}`, { signal, reply: oneReply }).then((r) => r.data),
    enabled: id !== null,
    staleTime: Infinity,
  });
}

/** The subscription's detail (its tiers), the lists' counts and the statistics follow a tier change. */
function useAfterTierChange(sid: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: subscriptionKeys.one(sid) }),
      queryClient.invalidateQueries({ queryKey: subscriptionKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: subscriptionKeys.stats() }),
    ]);
}

/** `POST` (no id) or `PUT` (an id). */
export function useSaveTier(sid: number) {
  const queryClient = useQueryClient();
  const refresh = useAfterTierChange(sid);
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TierBody }) =>
      id === null
        ? api.post(`/api/subscriptions/${sid}/tiers`, body, { body: tierBodySchema, reply: savedReply })
        : api.put(`/api/subscriptions/${sid}/tiers/${id}`, body, { body: tierUpdateBodySchema, reply: savedReply }),
    onSuccess: (reply) => {
      queryClient.setQueryData(subscriptionKeys.tier(sid, reply.data.id), reply.data);
      return refresh();
    },
  });
}

export function useDeleteTier(sid: number) {
  const queryClient = useQueryClient();
  const refresh = useAfterTierChange(sid);
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/subscriptions/${sid}/tiers/${id}`, undefined, { reply: successSchema }),
    onSuccess: (_reply, id) => {
      queryClient.removeQueries({ queryKey: subscriptionKeys.tier(sid, id) });
      return refresh();
    },
  });
}
