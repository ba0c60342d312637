import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { TicketBody } from '@bookla/shared/catalogue-tickets';
import type {
  ActivityFields,
  ActivityProductItem,
  FieldItem,
  ProductItem,
  ResourceGroupItem,
  Success,
  TicketItem,
} from '../schedule-types';
import { tabKeys } from './tab-keys';

/** Tickets, booking fields, products and the resource choices of one activity. */

const course = (courseId: number) => `/api/courses/${courseId}`;
/** Choice lists are short; one page of the largest size holds them. */
const ALL = { page: 1, perPage: 100 };

export function useTickets(courseId: number) {
  return useQuery({
    queryKey: tabKeys.tickets(courseId),
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
        queryClient.invalidateQueries({ queryKey: tabKeys.tickets(courseId) }),
        queryClient.invalidateQueries({ queryKey: tabKeys.detail(courseId) }),
      ]),
  });
}

export function useDeleteTicket(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<Success>(`${course(courseId)}/tickets/${id}`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tabKeys.tickets(courseId) }),
        queryClient.invalidateQueries({ queryKey: tabKeys.products(courseId) }),
        queryClient.invalidateQueries({ queryKey: tabKeys.detail(courseId) }),
      ]),
  });
}

export function useCourseFields(courseId: number) {
  return useQuery({
    queryKey: tabKeys.fields(courseId),
    queryFn: ({ signal }) => api.get<{ data: ActivityFields } | ActivityFields>(`${course(courseId)}/fields`, { signal }).then(unwrap),
  });
}

/** All booking fields of the team (the choices for extra fields). */
export function useAllFields() {
  return useQuery({
    queryKey: ['catalogue', 'fields'],
    queryFn: ({ signal }) => api.get<{ data: FieldItem[] }>('/api/course/fields', { signal, query: ALL }).then((r) => r.data),
  });
}

export function useSaveCourseFields(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fieldIds: number[]) => api.put<Success>(`${course(courseId)}/fields`, { field_ids: fieldIds }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tabKeys.fields(courseId) }),
  });
}

export function useCourseProducts(courseId: number) {
  return useQuery({
    queryKey: tabKeys.products(courseId),
    queryFn: ({ signal }) =>
      api.get<{ data: ActivityProductItem[] } | ActivityProductItem[]>(`${course(courseId)}/products`, { signal }).then(unwrap),
  });
}

export function useProductOptions() {
  return useQuery({
    queryKey: tabKeys.productOptions(),
    queryFn: ({ signal }) => api.get<{ data: ProductItem[] }>('/api/course/options', { signal, query: ALL }).then((r) => r.data),
  });
}

export function useSaveCourseProducts(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: { product_id: number; ticket_ids: number[] }[]) => api.put<Success>(`${course(courseId)}/products`, { items }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tabKeys.products(courseId) }),
  });
}

export function useResourceGroups(enabled = true) {
  return useQuery({
    queryKey: tabKeys.resourceGroups(),
    queryFn: ({ signal }) => api.get<{ data: ResourceGroupItem[] }>('/api/sa/resources', { signal, query: ALL }).then((r) => r.data),
    enabled,
  });
}

/** The agreed reply is the bare record; a `{data}` wrapper (the usual reply shape) is read too. */
function unwrap<T extends object>(reply: { data: T } | T): T {
  return 'data' in reply && !Array.isArray(reply) ? (reply as { data: T }).data : (reply as T);
}
