import { activityFieldsSchema, activityFieldsBodySchema } from '@bookla/shared/catalogue-setup';
import { dataReplySchema, successDataSchema } from '@bookla/shared/replies';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { activityKeys } from '../../activities';
import { RESOURCES, useAllSetupItems } from './setup-api';

/** The booking fields of one activity (its fields tab) and the team's fields to choose from. */

/** Query keys of an activity's booking fields (under `activityKeys.one(id)`). */
export const activityFieldKeys = {
  fields: (activityId: number) => [...activityKeys.one(activityId), 'fields'] as const,
};

const course = (activityId: number) => `/api/courses/${activityId}`;

export function useActivityFields(activityId: number) {
  return useQuery({
    queryKey: activityFieldKeys.fields(activityId),
    queryFn: ({ signal }) =>
      api.get(`${course(activityId)}/fields`, { signal, reply: dataReplySchema(activityFieldsSchema) }).then((r) => r.data),
  });
}

/** All booking fields of the team (the choices for extra fields). */
export function useAllFields() {
  return useAllSetupItems(RESOURCES.fields);
}

export function useSaveActivityFields(activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fieldIds: number[]) =>
      api.put(
        `${course(activityId)}/fields`,
        { field_ids: fieldIds },
        { body: activityFieldsBodySchema, reply: successDataSchema(activityFieldsSchema) },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityFieldKeys.fields(activityId) }),
  });
}
