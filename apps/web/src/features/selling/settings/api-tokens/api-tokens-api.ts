import { apiTokenCreatedSchema, apiTokenCreateSchema, apiTokenSchema, type ApiTokenCreate } from '@bookla/shared/api-tokens';
import { dataReplySchema, successSchema } from '@bookla/shared/replies';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../../lib/api-client';
import { sellingSettingsKeys } from '../api/settings-api';

/** The team's API tokens (CONTRACT §8): list, create (the secret comes back once), revoke. */
const keys = {
  all: [...sellingSettingsKeys.all, 'api-tokens'] as const,
};

export function useApiTokens() {
  return useQuery({
    queryKey: keys.all,
    queryFn: ({ signal }) => api.get('/api/tokens', { signal, reply: dataReplySchema(z.array(apiTokenSchema)) }).then((r) => r.data),
  });
}

export function useApiTokenActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: keys.all });
  return {
    create: useMutation({
      mutationFn: (body: ApiTokenCreate) => api.post('/api/tokens', body, { body: apiTokenCreateSchema, reply: apiTokenCreatedSchema }),
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: (id: number) => api.delete(`/api/tokens/${id}`, undefined, { reply: successSchema }),
      onSuccess: refresh,
    }),
  };
}
