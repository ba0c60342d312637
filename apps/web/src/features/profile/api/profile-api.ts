import type { PasswordChangeInput, Profile, ProfileInput, SessionInfo } from '@bookla/shared/teams';
import type { TwoFactorDisableInput } from '@bookla/shared/auth';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

interface Success {
  success: true;
  message?: string;
}

export const profileKeys = {
  all: ['profile'] as const,
  me: () => [...profileKeys.all, 'me'] as const,
  sessions: () => [...profileKeys.all, 'sessions'] as const,
};

export function useProfile() {
  return useQuery({
    queryKey: profileKeys.me(),
    queryFn: ({ signal }) => api.get<{ data: Profile }>('/api/profile', { signal }).then((r) => r.data),
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => api.put<Success & { data: Profile }>('/api/profile', input),
    onSuccess: (result) => queryClient.setQueryData(profileKeys.me(), result.data),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordChangeInput) => api.put<Success>('/api/profile/password', input),
    // The other sessions were ended.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions() }),
  });
}

export function useSessions() {
  return useQuery({
    queryKey: profileKeys.sessions(),
    queryFn: ({ signal }) => api.get<{ data: SessionInfo[] }>('/api/profile/sessions', { signal }).then((r) => r.data),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<Success>(`/api/profile/sessions/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions() }),
  });
}

export interface TwoFactorSetup {
  secret: string;
  otpauth_url: string;
}

export const twoFactorApi = {
  setup: () => api.post<TwoFactorSetup>('/api/srl/two-factor/setup'),
  confirm: (code: string) => api.post<Success & { recovery_codes: string[] }>('/api/srl/two-factor/confirm', { code }),
  disable: (input: TwoFactorDisableInput) => api.post<Success>('/api/srl/two-factor/disable', input),
};
