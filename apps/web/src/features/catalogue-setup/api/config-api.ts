import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLang } from '../../../lib/language';
import type { CourseDefaults, ResourceBooking } from '../types';
import { RESOURCES, setupKeys, type Success } from './setup-api';

/** `GET/PUT /api/config/course/defaults`: the values new activities start with. */
export function useCourseDefaults() {
  return useQuery({
    queryKey: setupKeys.defaults(),
    queryFn: ({ signal }) => api.get<{ data: CourseDefaults }>('/api/config/course/defaults', { signal }).then((r) => r.data),
    staleTime: Infinity,
  });
}

export function useSaveCourseDefaults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => api.put<Success<CourseDefaults>>('/api/config/course/defaults', body),
    onSuccess: (reply) => {
      if (reply.data) queryClient.setQueryData(setupKeys.defaults(), reply.data);
    },
  });
}

/** `GET /api/sa/resources/:id/bookings?from&to`: sessions using the group's resources, with conflicts. */
export function useResourceBookings(groupId: number, from: string, to: string) {
  const lang = useLang();
  return useQuery({
    queryKey: [...setupKeys.resource(RESOURCES.resources), 'bookings', groupId, from, to, lang],
    queryFn: ({ signal }) =>
      api.get<{ data: ResourceBooking[] }>(`/api/sa/resources/${groupId}/bookings`, { signal, query: { from, to } }).then((r) => r.data),
    enabled: Boolean(from && to && from <= to),
  });
}
