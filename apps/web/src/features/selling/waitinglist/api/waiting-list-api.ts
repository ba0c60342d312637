import {
  WAITING_LIST_SORT_FIELDS,
  waitingListEntryDetailSchema,
  waitingListEntrySchema,
  waitingListFiltersSchema,
  type WaitingListFilters,
} from '@bookla/shared/waiting-list';
import { dataReplySchema, listReplySchema, successDataSchema } from '@bookla/shared/replies';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { useLang } from '../../../../lib/language';
import { defineList, listApiQuery, type ListParams } from '../../../../lib/list/list-params';

/** Query keys of the waiting list; under `team`, so a switch of company drops them. */
export const waitingListKeys = {
  all: ['team', 'waiting-list'] as const,
  lists: () => [...waitingListKeys.all, 'list'] as const,
  list: (query: object) => [...waitingListKeys.lists(), query] as const,
  filters: (activityId: string, lang: string) => [...waitingListKeys.all, 'filters', activityId, lang] as const,
  one: (id: number, lang: string) => [...waitingListKeys.all, 'one', id, lang] as const,
};

/** `/backend/customers/waitinglist`: activity, date (`none`: the whole activity), status, search; line order first. */
export const waitingListConfig = defineList({
  sortFields: WAITING_LIST_SORT_FIELDS,
  defaultSort: { field: 'id', type: 'asc' },
  perPage: 25,
  filters: { activity_id: 'choice', session_id: 'choice', status: 'choice', search: 'text' },
});
export type WaitingListParams = ListParams<(typeof WAITING_LIST_SORT_FIELDS)[number], keyof typeof waitingListConfig.filters>;

const listReply = listReplySchema(waitingListEntrySchema);
const oneReply = dataReplySchema(waitingListEntryDetailSchema);
const changedReply = successDataSchema(waitingListEntryDetailSchema);
const filtersReply = dataReplySchema(waitingListFiltersSchema);

export function useWaitingList(params: WaitingListParams) {
  const query = listApiQuery(params);
  return useQuery({
    queryKey: waitingListKeys.list(query),
    queryFn: ({ signal }) => api.get('/api/waitinglist', { signal, query, reply: listReply }),
    placeholderData: keepPreviousData,
  });
}

/** The activities with a waiting list (or entries) and the chosen activity's dates. */
export function useWaitingListFilters(activityId: string) {
  const lang = useLang();
  return useQuery<WaitingListFilters>({
    queryKey: waitingListKeys.filters(activityId, lang),
    queryFn: ({ signal }) =>
      api
        .get('/api/waitinglist/filters', { signal, query: { activity_id: activityId || undefined }, reply: filtersReply })
        .then((r) => r.data),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** One entry with its history; `null`: none open. */
export function useWaitingListEntry(id: number | null) {
  const lang = useLang();
  return useQuery({
    queryKey: waitingListKeys.one(id ?? 0, lang),
    queryFn: ({ signal }) => api.get(`/api/waitinglist/${id ?? 0}`, { signal, reply: oneReply }).then((r) => r.data),
    enabled: id !== null,
  });
}

/** Offers an entry its seats now (`offer`) or takes it off the list (`remove`); the list and the entry are read again. */
export function useEntryAction(action: 'offer' | 'remove') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`/api/waitinglist/${id}/${action}`, undefined, { reply: changedReply }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitingListKeys.all }),
  });
}
