import type { ResourceGroupItem } from '@bookla/shared/catalogue-timetable';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { useLang } from '../../../../lib/language';
import { RESOURCES, setupKeys } from '../../setup';
import type { ResourceBooking } from '../types';

/** Choice lists are short; one page of the largest size holds them. */
const ALL = { page: 1, perPage: 100 };

/** The team's resource groups with their resources (the choices of a session's resources). */
export function useResourceGroups(enabled = true) {
  return useQuery({
    queryKey: ['catalogue', 'resource-groups'],
    queryFn: ({ signal }) => api.get<{ data: ResourceGroupItem[] }>('/api/sa/resources', { signal, query: ALL }).then((r) => r.data),
    enabled,
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
