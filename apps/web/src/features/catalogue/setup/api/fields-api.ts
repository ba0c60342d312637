import type { ActivityFields, FieldItem } from '@bookla/shared/catalogue-setup';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrapData } from '../../../../lib/api-client';
import { courseKeys } from '../../activities';
import type { Success } from '../../timetable';

/** The booking fields of one activity (its fields tab) and the team's fields to choose from. */

/** Query keys of an activity's booking fields (under the activity's `['course', id]`). */
export const activityFieldKeys = {
  fields: (courseId: number) => [...courseKeys.one(courseId), 'fields'] as const,
};

const course = (courseId: number) => `/api/courses/${courseId}`;
/** Choice lists are short; one page of the largest size holds them. */
const ALL = { page: 1, perPage: 100 };

export function useCourseFields(courseId: number) {
  return useQuery({
    queryKey: activityFieldKeys.fields(courseId),
    queryFn: ({ signal }) => api.get<{ data: ActivityFields } | ActivityFields>(`${course(courseId)}/fields`, { signal }).then(unwrapData),
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityFieldKeys.fields(courseId) }),
  });
}
