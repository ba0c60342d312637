import { resourceBookingSchema, resourceGroupItemSchema } from '@bookla/shared/catalogue-timetable';
import { dataReplySchema } from '@bookla/shared/replies';
import { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { useLang } from '../../../../lib/language';
import { useAllOptions } from '../../../../lib/list/use-all-options';
import { RESOURCES, setupKeys } from '../../setup';

/** The team's resource groups with their resources (the choices of a session's resources). */
export function useResourceGroups(enabled = true) {
  const lang = useLang();
  return useAllOptions({
    queryKey: setupKeys.options(RESOURCES.resources, lang),
    path: RESOURCES.resources.listPath,
    item: resourceGroupItemSchema,
    enabled,
  });
}

/** `GET /api/sa/resources/:id/bookings?from&to`: sessions using the group's resources, with conflicts. */
export function useResourceBookings(groupId: number, from: string, to: string) {
  const lang = useLang();
  return useQuery({
    queryKey: [...setupKeys.resource(RESOURCES.resources), 'bookings', groupId, from, to, lang],
    queryFn: ({ signal }) =>
      api
        .get(`/api/sa/resources/${groupId}/bookings`, {
          signal,
          query: { from, to },
          reply: dataReplySchema(z.array(resourceBookingSchema)),
        })
        .then((r) => r.data),
    enabled: Boolean(from && to && from <= to),
  });
}
