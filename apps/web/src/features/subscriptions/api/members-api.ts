import { dataReplySchema, listReplySchema, successDataSchema } from '@bookla/shared/replies';
import {
  SUBSCRIPTION_MEMBER_SORT_FIELDS,
  memberCancelBodySchema,
  memberCreditsBodySchema,
  subscriptionMemberDetailSchema,
  subscriptionMemberSchema,
  type MemberCancelBody,
  type MemberCreditsBody,
  type SubscriptionMemberDetail,
} from '@bookla/shared/subscriptions';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { defineList, listApiQuery, type ListParams } from '../../../lib/list/list-params';
import { subscriptionKeys } from './subscriptions-api';

/**
 * The members table of a subscription's page: its address state (newest first; search on name or
 * e-mail, status and tier filters). The subscription's id is in the path, not a filter.
 */
export const memberListConfig = defineList({
  sortFields: SUBSCRIPTION_MEMBER_SORT_FIELDS,
  defaultSort: { field: 'created_at', type: 'desc' },
  filters: { search: 'text', status: 'choice', tier_id: 'choice' },
});

export type MemberListParams = ListParams<(typeof SUBSCRIPTION_MEMBER_SORT_FIELDS)[number], keyof typeof memberListConfig.filters>;

const listReply = listReplySchema(subscriptionMemberSchema);
const oneReply = dataReplySchema(subscriptionMemberDetailSchema);
const changedReply = successDataSchema(subscriptionMemberDetailSchema);

export function useMemberList(sid: number, params: MemberListParams) {
  const query = listApiQuery(params);
  return useQuery({
    queryKey: subscriptionKeys.memberList(sid, query),
    queryFn: ({ signal }) => api.get(`/api/subscriptions/${sid}/members`, { signal, query, reply: listReply }),
    placeholderData: keepPreviousData,
  });
}

export function useMember(sid: number, id: number | null) {
  return useQuery({
    queryKey: subscriptionKeys.member(sid, id ?? 0),
    queryFn: ({ signal }) => api.get(`/api/subscriptions/${sid}/members/${id ?? 0}`, { signal, reply: oneReply }).then((r) => r.data),
    enabled: id !== null,
  });
}

/** After an action the detail shows the server's answer; the list, the counts and the figures follow. */
function useAfterMemberChange(sid: number) {
  const queryClient = useQueryClient();
  return (member: SubscriptionMemberDetail) => {
    queryClient.setQueryData(subscriptionKeys.member(sid, member.id), member);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: [...subscriptionKeys.members(sid), 'list'] }),
      queryClient.invalidateQueries({ queryKey: subscriptionKeys.one(sid) }),
      queryClient.invalidateQueries({ queryKey: subscriptionKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: subscriptionKeys.stats() }),
    ]);
  };
}

export function useCancelMember(sid: number) {
  const refresh = useAfterMemberChange(sid);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: MemberCancelBody }) =>
      api.post(`/api/subscriptions/${sid}/members/${id}/cancel`, body, { body: memberCancelBodySchema, reply: changedReply }),
    onSuccess: (reply) => refresh(reply.data),
  });
}

export function useGiveCredits(sid: number) {
  const refresh = useAfterMemberChange(sid);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: MemberCreditsBody }) =>
      api.post(`/api/subscriptions/${sid}/members/${id}/credits`, body, { body: memberCreditsBodySchema, reply: changedReply }),
    onSuccess: (reply) => refresh(reply.data),
  });
}
