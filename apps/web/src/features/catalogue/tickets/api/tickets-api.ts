import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrapData } from '../../../../lib/api-client';
import type { ActivityProductItem, ProductItem, TicketBody, TicketItem } from '@bookla/shared/catalogue-tickets';
import { courseKeys } from '../../activities';
import type { Success } from '../../timetable';

/** Tickets and products of one activity. */

/** Query keys of an activity's tickets and products (under the activity's `['course', id]`). */
export const ticketKeys = {
  tickets: (courseId: number) => [...courseKeys.one(courseId), 'tickets'] as const,
  products: (courseId: number) => [...courseKeys.one(courseId), 'products'] as const,
  productOptions: () => ['catalogue', 'product-options'] as const,
};

const course = (courseId: number) => `/api/courses/${courseId}`;
/** Choice lists are short; one page of the largest size holds them. */
const ALL = { page: 1, perPage: 100 };

export function useTickets(courseId: number) {
  return useQuery({
    queryKey: ticketKeys.tickets(courseId),
    queryFn: ({ signal }) => api.get<{ data: TicketItem[] }>(`${course(courseId)}/tickets`, { signal }).then((r) => r.data),
  });
}

export function useSaveTicket(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: TicketBody }) =>
      id
        ? api.put<Success & { data?: TicketItem }>(`${course(courseId)}/tickets/${id}`, input)
        : api.post<Success & { data?: TicketItem }>(`${course(courseId)}/tickets`, input),
    // The publishing checklist follows the tickets on sale.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ticketKeys.tickets(courseId) }),
        queryClient.invalidateQueries({ queryKey: courseKeys.detail(courseId) }),
      ]),
  });
}

export function useDeleteTicket(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<Success>(`${course(courseId)}/tickets/${id}`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ticketKeys.tickets(courseId) }),
        queryClient.invalidateQueries({ queryKey: ticketKeys.products(courseId) }),
        queryClient.invalidateQueries({ queryKey: courseKeys.detail(courseId) }),
      ]),
  });
}

export function useCourseProducts(courseId: number) {
  return useQuery({
    queryKey: ticketKeys.products(courseId),
    queryFn: ({ signal }) =>
      api.get<{ data: ActivityProductItem[] } | ActivityProductItem[]>(`${course(courseId)}/products`, { signal }).then(unwrapData),
  });
}

export function useProductOptions() {
  return useQuery({
    queryKey: ticketKeys.productOptions(),
    queryFn: ({ signal }) => api.get<{ data: ProductItem[] }>('/api/course/options', { signal, query: ALL }).then((r) => r.data),
  });
}

export function useSaveCourseProducts(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: { product_id: number; ticket_ids: number[] }[]) => api.put<Success>(`${course(courseId)}/products`, { items }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.products(courseId) }),
  });
}
