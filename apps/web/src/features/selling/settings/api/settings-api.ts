import { dataReplySchema, successDataSchema } from '@bookla/shared/replies';
import { integrationSettingsSchema, taxSettingsSchema } from '@bookla/shared/selling';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** `GET/PUT /api/config/tax` and `/api/config/integration`: the company's selling settings. */
export const sellingSettingsKeys = {
  all: ['selling-settings'] as const,
  tax: () => [...sellingSettingsKeys.all, 'tax'] as const,
  integration: () => [...sellingSettingsKeys.all, 'integration'] as const,
};

export function useTaxSettings() {
  return useQuery({
    queryKey: sellingSettingsKeys.tax(),
    queryFn: ({ signal }) => api.get('/api/config/tax', { signal, reply: dataReplySchema(taxSettingsSchema) }).then((r) => r.data),
  });
}

export function useSaveTaxSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => api.put('/api/config/tax', body, { reply: successDataSchema(taxSettingsSchema) }),
    onSuccess: (reply) => queryClient.setQueryData(sellingSettingsKeys.tax(), reply.data),
  });
}

export function useIntegrationSettings() {
  return useQuery({
    queryKey: sellingSettingsKeys.integration(),
    queryFn: ({ signal }) =>
      api.get('/api/config/integration', { signal, reply: dataReplySchema(integrationSettingsSchema) }).then((r) => r.data),
  });
}

export function useSaveIntegrationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => api.put('/api/config/integration', body, { reply: successDataSchema(integrationSettingsSchema) }),
    onSuccess: (reply) => queryClient.setQueryData(sellingSettingsKeys.integration(), reply.data),
  });
}
