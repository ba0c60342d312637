import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { CourseDefaults } from '../types';
import { setupKeys, type Success } from './setup-api';

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
