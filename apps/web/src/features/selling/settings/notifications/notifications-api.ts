import { notificationSettingsSchema } from '@bookla/shared/notifications';
import { dataReplySchema, successDataSchema } from '@bookla/shared/replies';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { sellingSettingsKeys } from '../api/settings-api';

/** `GET/PUT /api/config/notifications`: who of the staff is mailed about orders, of what, and how. */
const notificationsKey = () => [...sellingSettingsKeys.all, 'notifications'] as const;

export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationsKey(),
    queryFn: ({ signal }) =>
      api.get('/api/config/notifications', { signal, reply: dataReplySchema(notificationSettingsSchema) }).then((r) => r.data),
  });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => api.put('/api/config/notifications', body, { reply: successDataSchema(notificationSettingsSchema) }),
    onSuccess: (reply) => queryClient.setQueryData(notificationsKey(), reply.data),
  });
}
