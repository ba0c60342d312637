import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  activityProductItemSchema,
  productItemSchema,
  ticketInputSchema,
  ticketItemSchema,
  type TicketInput,
  activityProductsBodySchema,
} from '@bookla/shared/catalogue-tickets';
import { dataReplySchema, successDataSchema, successSchema } from '@bookla/shared/replies';
import { z } from 'zod';
import { api } from '../../../../lib/api-client';
import { useLang } from '../../../../lib/language';
import { useAllOptions } from '../../../../lib/list/use-all-options';
import { activityKeys } from '../../activities';
import { RESOURCES, setupKeys } from '../../setup';

/** Tickets and products of one activity. */

/** Query keys of an activity's tickets and products (under `activityKeys.one(id)`). */
export const ticketKeys = {
  tickets: (activityId: number) => [...activityKeys.one(activityId), 'tickets'] as const,
  products: (activityId: number) => [...activityKeys.one(activityId), 'products'] as const,
};

const course = (activityId: number) => `/api/courses/${activityId}`;

export function useTickets(activityId: number) {
  return useQuery({
    queryKey: ticketKeys.tickets(activityId),
    queryFn: ({ signal }) =>
      api.get(`${course(activityId)}/tickets`, { signal, reply: dataReplySchema(z.array(ticketItemSchema)) }).then((r) => r.data),
  });
}

export function useSaveTicket(activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: TicketInput }) =>
      id
        ? api.put(`${course(activityId)}/tickets/${id}`, input, { body: ticketInputSchema, reply: successDataSchema(ticketItemSchema) })
        : api.post(`${course(activityId)}/tickets`, input, { body: ticketInputSchema, reply: successDataSchema(ticketItemSchema) }),
    // The publishing checklist follows the tickets on sale.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ticketKeys.tickets(activityId) }),
        queryClient.invalidateQueries({ queryKey: activityKeys.detail(activityId) }),
      ]),
  });
}

export function useDeleteTicket(activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`${course(activityId)}/tickets/${id}`, undefined, { reply: successSchema }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ticketKeys.tickets(activityId) }),
        queryClient.invalidateQueries({ queryKey: ticketKeys.products(activityId) }),
        queryClient.invalidateQueries({ queryKey: activityKeys.detail(activityId) }),
      ]),
  });
}

export function useActivityProducts(activityId: number) {
  return useQuery({
    queryKey: ticketKeys.products(activityId),
    queryFn: ({ signal }) =>
      api.get(`${course(activityId)}/products`, { signal, reply: dataReplySchema(z.array(activityProductItemSchema)) }).then((r) => r.data),
  });
}

/** Every product of the team (the choices to offer with an activity), cached with the setup's products. */
export function useProductOptions() {
  const lang = useLang();
  return useAllOptions({
    queryKey: setupKeys.options(RESOURCES.products, lang),
    path: RESOURCES.products.listPath,
    item: productItemSchema,
  });
}

export function useSaveActivityProducts(activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: { product_id: number; ticket_ids: number[] }[]) =>
      api.put(
        `${course(activityId)}/products`,
        { items },
        { body: activityProductsBodySchema, reply: successDataSchema(z.array(activityProductItemSchema)) },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.products(activityId) }),
  });
}
