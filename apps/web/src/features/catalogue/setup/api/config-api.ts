import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { activityDefaultsSchema } from '@bookla/shared/catalogue-activities';
import { dataReplySchema, successDataSchema } from '@bookla/shared/replies';
import { setupKeys } from './setup-api';

/** `GET/PUT /api/config/course/defaults`: the values new activities start with. */
export function useActivityDefaults() {
  return useQuery({
    queryKey: setupKeys.defaults(),
    queryFn: ({ signal }) =>
      api.get('/api/config/course/defaults', { signal, reply: dataReplySchema(activityDefaultsSchema) }).then((r) => r.data),
    staleTime: Infinity,
  });
}

export function useSaveActivityDefaults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => api.put('/api/config/course/defaults', body, { reply: successDataSchema(activityDefaultsSchema) }),
    onSuccess: (reply) => {
      queryClient.setQueryData(setupKeys.defaults(), reply.data);
    },
  });
}
