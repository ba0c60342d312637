import { activityListItemSchema } from '@bookla/shared/catalogue';
import { dataReplySchema, listReplySchema, successDataSchema, successSchema } from '@bookla/shared/replies';
import { DISCOUNT_SORT_FIELDS, discountSchema, type DiscountBody, discountBodySchema } from '@bookla/shared/selling';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { useLang } from '../../../../lib/language';
import { defineList, listApiQuery, type ListParams } from '../../../../lib/list/list-params';
import { useAllOptions } from '../../../../lib/list/use-all-options';
import { activityKeys } from '../../../catalogue/activities';

/** Query keys of the discount codes; under `team`, so a switch of company drops them. */
export const discountKeys = {
  all: ['team', 'discounts'] as const,
  lists: () => [...discountKeys.all, 'list'] as const,
  list: (query: object) => [...discountKeys.lists(), query] as const,
  one: (id: number) => [...discountKeys.all, 'one', id] as const,
};

/** `/backend/discounts`: its address state (newest first; search on the code, status filter). */
export const discountListConfig = defineList({
  sortFields: DISCOUNT_SORT_FIELDS,
  defaultSort: { field: 'created_at', type: 'desc' },
  filters: { code: 'text', active: 'choice' },
});

export type DiscountListParams = ListParams<(typeof DISCOUNT_SORT_FIELDS)[number], keyof typeof discountListConfig.filters>;

const listReply = listReplySchema(discountSchema);
const oneReply = dataReplySchema(discountSchema);
const savedReply = successDataSchema(discountSchema);

export function useDiscountList(params: DiscountListParams) {
  const query = listApiQuery(params);
  return useQuery({
    queryKey: discountKeys.list(query),
    queryFn: ({ signal }) => api.get('/api/discounts', { signal, query, reply: listReply }),
    placeholderData: keepPreviousData,
  });
}

export function useDiscount(id: number | null) {
  return useQuery({
    queryKey: discountKeys.one(id ?? 0),
    queryFn: ({ signal }) => api.get(`/api/discounts/${id ?? 0}`, { signal, reply: oneReply }).then((r) => r.data),
    enabled: id !== null,
    // A form is filled from it once; a background refetch must not look like a change.
    staleTime: Infinity,
  });
}

/** `POST` (no id) or `PUT` (an id). */
export function useSaveDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: DiscountBody }) =>
      id === null
        ? api.post('/api/discounts', body, { body: discountBodySchema, reply: savedReply })
        : api.put(`/api/discounts/${id}`, body, { body: discountBodySchema, reply: savedReply }),
    onSuccess: (reply) => {
      // The form opened again shows what was saved (its record query never refetches on its own).
      queryClient.setQueryData(discountKeys.one(reply.data.id), reply.data);
      return queryClient.invalidateQueries({ queryKey: discountKeys.lists() });
    },
  });
}

export function useDeleteDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/discounts/${id}`, undefined, { reply: successSchema }),
    onSuccess: (_reply, id) => {
      queryClient.removeQueries({ queryKey: discountKeys.one(id) });
      return queryClient.invalidateQueries({ queryKey: discountKeys.lists() });
    },
  });
}

const activityOption = activityListItemSchema.pick({ id: true, name_text: true });

/** Every activity of the company, for the "valid for" picker (all pages). */
export function useActivityOptions() {
  const lang = useLang();
  return useAllOptions({ queryKey: [...activityKeys.all, 'options', lang], path: '/api/courses', item: activityOption });
}
