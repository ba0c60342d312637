import { listReplySchema, successDataSchema, successSchema } from '@bookla/shared/replies';
import {
  webhookCreatedSchema,
  webhookCreateSchema,
  webhookDeliverySchema,
  webhookSchema,
  webhookUpdatedSchema,
  webhookUpdateSchema,
  type WebhookCreate,
  type WebhookUpdate,
} from '@bookla/shared/webhooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { sellingSettingsKeys } from '../api/settings-api';

/** The team's webhooks (CONTRACT §8): endpoints, their delivery log, test events and resends. */
const keys = {
  all: [...sellingSettingsKeys.all, 'webhooks'] as const,
  list: () => [...keys.all, 'list'] as const,
  deliveries: (id: number, page: number) => [...keys.all, id, 'deliveries', page] as const,
};

export function useWebhooks() {
  return useQuery({
    queryKey: keys.list(),
    queryFn: ({ signal }) =>
      api.get('/api/webhooks', { signal, query: { perPage: 100 }, reply: listReplySchema(webhookSchema) }).then((r) => r.data),
  });
}

export function useWebhookDeliveries(id: number, page: number) {
  return useQuery({
    queryKey: keys.deliveries(id, page),
    queryFn: ({ signal }) =>
      api.get(`/api/webhooks/${id}/deliveries`, { signal, query: { page, perPage: 10 }, reply: listReplySchema(webhookDeliverySchema) }),
    placeholderData: keepPreviousData,
    // The sweep delivers within seconds: the log follows while it is open.
    refetchInterval: 5_000,
  });
}

export function useWebhookActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: keys.all });
  return {
    create: useMutation({
      mutationFn: (body: WebhookCreate) => api.post('/api/webhooks', body, { body: webhookCreateSchema, reply: webhookCreatedSchema }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: WebhookUpdate }) =>
        api.put(`/api/webhooks/${id}`, body, { body: webhookUpdateSchema, reply: successDataSchema(webhookUpdatedSchema) }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api.delete(`/api/webhooks/${id}`, undefined, { reply: successSchema }),
      onSuccess: refresh,
    }),
    test: useMutation({
      mutationFn: (id: number) => api.post(`/api/webhooks/${id}/test`, undefined, { reply: successSchema }),
      onSuccess: refresh,
    }),
    resend: useMutation({
      mutationFn: ({ id, deliveryId }: { id: number; deliveryId: number }) =>
        api.post(`/api/webhooks/${id}/deliveries/${deliveryId}/resend`, undefined, { reply: successDataSchema(webhookDeliverySchema) }),
      onSuccess: refresh,
    }),
  };
}
