import { activityFieldsSchema } from '@bookla/shared/catalogue-setup';
import { dataReplySchema, successDataSchema } from '@bookla/shared/replies';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { activityKeys } from '../../activities';
import { RESOURCES, useAllSetupItems } from './setup-api';

/** The booking fields of one activity (its fields tab) and the team's fields to choose from. */

/** Query keys of an activity's booking fields (under `activityKeys.one(id)`). */
export const activityFieldKeys = {
  fields: (courseId: number) => [...activityKeys.one(courseId), 'fields'] as const,
};

const course = (courseId: number) => `/api/courses/${courseId}`;

export function useCourseFields(courseId: number) {
  return useQuery({
    queryKey: activityFieldKeys.fields(courseId),
    queryFn: ({ signal }) =>
      api.get(`${course(courseId)}/fields`, { signal, reply: dataReplySchema(activityFieldsSchema) }).then((r) => r.data),
  });
}

/** All booking fields of the team (the choices for extra fields). */
export function useAllFields() {
  return useAllSetupItems(RESOURCES.fields);
}

export function useSaveCourseFields(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fieldIds: number[]) =>
      api.put(`${course(courseId)}/fields`, { field_ids: fieldIds }, { reply: successDataSchema(activityFieldsSchema) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityFieldKeys.fields(courseId) }),
  });
}
