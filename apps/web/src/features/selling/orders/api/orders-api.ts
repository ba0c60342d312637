import { activityListItemSchema } from '@bookla/shared/catalogue';
import {
  ORDER_ADMIN_SORT_FIELDS,
  orderAdminDetailSchema,
  orderBulkReplySchema,
  type OrderBulkBody,
  type OrderRefundBody,
  type OrderUpdateBody,
  orderUpdateBodySchema,
  orderRefundBodySchema,
  orderActionBodySchema,
  orderCancelBodySchema,
  orderBulkBodySchema,
} from '@bookla/shared/orders-admin';
import { dataReplySchema, listReplySchema, successDataSchema } from '@bookla/shared/replies';
import { orderSchema } from '@bookla/shared/selling';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, toQueryString } from '../../../../lib/api-client';
import { useLang } from '../../../../lib/language';
import { defineList, listApiQuery, type ListParams } from '../../../../lib/list/list-params';
import { useAllOptions } from '../../../../lib/list/use-all-options';
import { activityKeys } from '../../../catalogue/activities';

/** Query keys of the orders; under `team`, so a switch of company drops them. */
export const orderKeys = {
  all: ['team', 'orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (query: object) => [...orderKeys.lists(), query] as const,
  one: (id: number, lang: string) => [...orderKeys.all, 'one', id, lang] as const,
  ones: (id: number) => [...orderKeys.all, 'one', id] as const,
};

/**
 * `/backend/orders`: its address state (spec §9: 10 per page, id descending; text filters after
 * 1.5 s, choices and dates after 0.5 s).
 */
export const orderListConfig = defineList({
  sortFields: ORDER_ADMIN_SORT_FIELDS,
  defaultSort: { field: 'id', type: 'desc' },
  filters: {
    number: 'text',
    name: 'text',
    email: 'text',
    activity_id: 'choice',
    payment_status: 'choice',
    payment_type: 'choice',
    created_from: 'choice',
    created_to: 'choice',
  },
});

export type OrderListParams = ListParams<(typeof ORDER_ADMIN_SORT_FIELDS)[number], keyof typeof orderListConfig.filters>;

const listReply = listReplySchema(orderSchema);
const oneReply = dataReplySchema(orderAdminDetailSchema);
const changedReply = successDataSchema(orderAdminDetailSchema);

export function useOrderList(params: OrderListParams) {
  const lang = useLang();
  // A number typed with "#" is sent as typed; the server takes both.
  const query = { ...listApiQuery(params), language: lang };
  return useQuery({
    queryKey: orderKeys.list(query),
    queryFn: ({ signal }) => api.get('/api/orders', { signal, query, reply: listReply }),
    placeholderData: keepPreviousData,
  });
}

export function useOrder(id: number) {
  const lang = useLang();
  return useQuery({
    queryKey: orderKeys.one(id, lang),
    queryFn: ({ signal }) => api.get(`/api/orders/${id}`, { signal, query: { language: lang }, reply: oneReply }).then((r) => r.data),
  });
}

/** After a change: the order as the server now has it, and every list refreshed. */
function useOrderChanged() {
  const queryClient = useQueryClient();
  const lang = useLang();
  return (reply: { data: { id: number } } & object) => {
    queryClient.setQueryData(orderKeys.one(reply.data.id, lang), reply.data);
    return queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
  };
}

export function useUpdateOrder(id: number) {
  const changed = useOrderChanged();
  const lang = useLang();
  return useMutation({
    mutationFn: (body: OrderUpdateBody) =>
      api.put(`/api/orders/${id}`, body, { query: { language: lang }, body: orderUpdateBodySchema, reply: changedReply }),
    onSuccess: changed,
  });
}

export type OrderAction =
  | { kind: 'mark-paid' }
  | { kind: 'resend' }
  | { kind: 'revoke-links' }
  | { kind: 'cancel'; refund?: boolean }
  | { kind: 'refund'; body: OrderRefundBody };

/** One of the edit page's actions; the reply is the order as it is after it. */
export function useOrderAction(id: number) {
  const changed = useOrderChanged();
  const lang = useLang();
  return useMutation({
    mutationFn: (action: OrderAction) => {
      const options = { query: { language: lang }, reply: changedReply };
      const path = `/api/orders/${id}/${action.kind}`;
      if (action.kind === 'refund') return api.post(path, action.body, { ...options, body: orderRefundBodySchema });
      if (action.kind === 'cancel')
        return api.post(path, action.refund ? { refund: true } : {}, { ...options, body: orderCancelBodySchema });
      return api.post(path, {}, { ...options, body: orderActionBodySchema });
    },
    onSuccess: changed,
  });
}

export function useBulkOrders() {
  const queryClient = useQueryClient();
  const lang = useLang();
  return useMutation({
    mutationFn: (body: OrderBulkBody) =>
      api.post('/api/orders/bulk', body, { query: { language: lang }, body: orderBulkBodySchema, reply: orderBulkReplySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** The CSV of the selected orders (a plain link: the session cookie authenticates the download). */
export function exportUrl(ids: readonly number[], lang: string): string {
  return `/api/orders/export?${toQueryString({ ids: ids.join(','), format: 'csv', language: lang })}`;
}

/** A document of the order for staff (`tickets.pdf`, `invoice.pdf`, `receipt.pdf`, `credit-notes/{n}.pdf`). */
export const documentUrl = (id: number, file: 'tickets.pdf' | 'invoice.pdf' | 'receipt.pdf' | `credit-notes/${number}.pdf`) =>
  `/api/orders/${id}/${file}`;

const activityOption = activityListItemSchema.pick({ id: true, name_text: true });

/** Every activity of the company, for the activity filter (all pages). */
export function useActivityOptions() {
  const lang = useLang();
  return useAllOptions({ queryKey: [...activityKeys.all, 'options', lang], path: '/api/courses', item: activityOption });
}
