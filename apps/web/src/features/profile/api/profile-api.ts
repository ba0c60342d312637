import {
  twoFactorCodeSchema,
  twoFactorConfirmReplySchema,
  twoFactorDisableSchema,
  twoFactorSetupReplySchema,
  type TwoFactorDisableInput,
} from '@bookla/shared/auth';
import { dataReplySchema, successDataSchema, successSchema } from '@bookla/shared/replies';
import {
  passwordChangeSchema,
  profileReplySchema,
  profileSchema,
  sessionInfoSchema,
  type PasswordChangeInput,
  type ProfileInput,
} from '@bookla/shared/teams';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

export const profileKeys = {
  all: ['profile'] as const,
  me: () => [...profileKeys.all, 'me'] as const,
  sessions: () => [...profileKeys.all, 'sessions'] as const,
};

export function useProfile() {
  return useQuery({
    queryKey: profileKeys.me(),
    queryFn: ({ signal }) => api.get('/api/profile', { signal, reply: dataReplySchema(profileReplySchema) }).then((r) => r.data),
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) =>
      api.put('/api/profile', input, { body: profileSchema, reply: successDataSchema(profileReplySchema) }),
    onSuccess: (result) => queryClient.setQueryData(profileKeys.me(), result.data),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordChangeInput) =>
      api.put('/api/profile/password', input, { body: passwordChangeSchema, reply: successSchema }),
    // The other sessions were ended.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions() }),
  });
}

export function useSessions() {
  return useQuery({
    queryKey: profileKeys.sessions(),
    queryFn: ({ signal }) =>
      api.get('/api/profile/sessions', { signal, reply: dataReplySchema(z.array(sessionInfoSchema)) }).then((r) => r.data),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/profile/sessions/${encodeURIComponent(id)}`, undefined, { reply: successSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions() }),
  });
}

export const twoFactorApi = {
  setup: () => api.post('/api/srl/two-factor/setup', undefined, { reply: twoFactorSetupReplySchema }),
  confirm: (code: string) =>
    api.post('/api/srl/two-factor/confirm', { code }, { body: twoFactorCodeSchema, reply: twoFactorConfirmReplySchema }),
  disable: (input: TwoFactorDisableInput) =>
    api.post('/api/srl/two-factor/disable', input, { body: twoFactorDisableSchema, reply: successSchema }),
};
