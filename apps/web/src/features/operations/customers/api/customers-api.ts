import {
  ADDITIONAL_SALES_SORT_FIELDS,
  additionalSalesReplySchema,
  customerOrderSchema,
  ORDER_CUSTOMER_SORT_FIELDS,
  orderCustomerSchema,
  PARTICIPANT_SORT_FIELDS,
  participantFiltersSchema,
  participantRowSchema,
  type ParticipantFilters,
} from '@bookla/shared/customers';
import { dataReplySchema, listReplySchema } from '@bookla/shared/replies';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { useLang } from '../../../../lib/language';
import { defineList, listApiQuery, type ListParams } from '../../../../lib/list/list-params';

/** Query keys of the customer lists; under `team`, so a switch of company drops them. */
export const customerKeys = {
  all: ['team', 'customers'] as const,
  additionalSales: (query: object) => [...customerKeys.all, 'additional-sales', query] as const,
  participants: (query: object) => [...customerKeys.all, 'participants', query] as const,
  participantFilters: (activityId: string, lang: string) => [...customerKeys.all, 'participant-filters', activityId, lang] as const,
  orderCustomers: (query: object) => [...customerKeys.all, 'order-customers', query] as const,
  customerOrders: (orderId: number, page: number) => [...customerKeys.all, 'customer-orders', orderId, page] as const,
};

/** `/backend/orders/additional_sales`: period, activity and product name; highest revenue first. */
export const additionalSalesListConfig = defineList({
  sortFields: ADDITIONAL_SALES_SORT_FIELDS,
  defaultSort: { field: 'revenue', type: 'desc' },
  perPage: 25,
  filters: { from: 'choice', to: 'choice', activity_id: 'choice', search: 'text' },
});
export type AdditionalSalesListParams = ListParams<
  (typeof ADDITIONAL_SALES_SORT_FIELDS)[number],
  keyof typeof additionalSalesListConfig.filters
>;

/** `/backend/customers/participant`: activity, date, payment status, check-in, search; newest booking first. */
export const participantListConfig = defineList({
  sortFields: PARTICIPANT_SORT_FIELDS,
  defaultSort: { field: 'id', type: 'desc' },
  perPage: 25,
  filters: { activity_id: 'choice', session_id: 'choice', status: 'choice', checked_in: 'choice', search: 'text' },
});
export type ParticipantListParams = ListParams<(typeof PARTICIPANT_SORT_FIELDS)[number], keyof typeof participantListConfig.filters>;

/** `/backend/customers/order`: search; latest order first. */
export const orderCustomerListConfig = defineList({
  sortFields: ORDER_CUSTOMER_SORT_FIELDS,
  defaultSort: { field: 'last_order_at', type: 'desc' },
  perPage: 25,
  filters: { search: 'text' },
});
export type OrderCustomerListParams = ListParams<(typeof ORDER_CUSTOMER_SORT_FIELDS)[number], keyof typeof orderCustomerListConfig.filters>;

const participantsReply = listReplySchema(participantRowSchema);
const orderCustomersReply = listReplySchema(orderCustomerSchema);
const customerOrdersReply = listReplySchema(customerOrderSchema);
const filtersReply = dataReplySchema(participantFiltersSchema);

/** The list's filters as the API reads them (the export sends the same). */
export function useAdditionalSales(params: AdditionalSalesListParams) {
  const query = listApiQuery(params);
  return useQuery({
    queryKey: customerKeys.additionalSales(query),
    queryFn: ({ signal }) => api.get('/api/orders/additional_sales', { signal, query, reply: additionalSalesReplySchema }),
    placeholderData: keepPreviousData,
  });
}

export function useParticipants(params: ParticipantListParams) {
  const query = listApiQuery(params);
  return useQuery({
    queryKey: customerKeys.participants(query),
    queryFn: ({ signal }) => api.get('/api/customers/participants', { signal, query, reply: participantsReply }),
    placeholderData: keepPreviousData,
  });
}

/** The viewer's activities (an instructor: theirs) and the chosen activity's dates. */
export function useParticipantFilters(activityId: string) {
  const lang = useLang();
  return useQuery<ParticipantFilters>({
    queryKey: customerKeys.participantFilters(activityId, lang),
    queryFn: ({ signal }) =>
      api
        .get('/api/customers/participants/filters', { signal, query: { activity_id: activityId || undefined }, reply: filtersReply })
        .then((r) => r.data),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useOrderCustomers(params: OrderCustomerListParams) {
  const query = listApiQuery(params);
  return useQuery({
    queryKey: customerKeys.orderCustomers(query),
    queryFn: ({ signal }) => api.get('/api/customers/orders', { signal, query, reply: orderCustomersReply }),
    placeholderData: keepPreviousData,
  });
}

/** The orders of the customer who placed order `orderId`; null: nothing asked. */
export function useCustomerOrders(orderId: number | null, page: number) {
  return useQuery({
    queryKey: customerKeys.customerOrders(orderId ?? 0, page),
    queryFn: ({ signal }) =>
      api.get(`/api/customers/orders/${orderId ?? 0}/orders`, { signal, query: { page, perPage: 10 }, reply: customerOrdersReply }),
    enabled: orderId !== null,
    placeholderData: keepPreviousData,
  });
}
