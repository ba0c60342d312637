import type {
  Invitation,
  InviteInput,
  Member,
  RoleChangeInput,
  TeamBillingInput,
  TeamCreateInput,
  TeamFeatures,
  TeamGeneralInput,
  TeamSettings,
  TeamWithBilling,
} from '@bookla/shared/teams';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshAppState } from '../session-state';
import { teamKeys } from './team-keys';

interface Success {
  success: true;
  message?: string;
}
type General = Pick<TeamWithBilling, 'name' | 'phone_prefix' | 'phone_number' | 'currency' | 'languages' | 'time_zone'>;
/** The settings screens (team.manage) get the full record; the app state's `Team` may lack billing. */
type Billing = Pick<
  TeamWithBilling,
  'billing_address' | 'billing_address_line_2' | 'billing_city' | 'billing_state' | 'billing_postal_code' | 'billing_country' | 'vat_id'
>;

/** After a change that the sidebar, the team menu or the app state show. */
function useAfterTeamChange() {
  const queryClient = useQueryClient();
  return async (keys: readonly (readonly unknown[])[]) => {
    await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    await refreshAppState().catch((error: unknown) => console.error('Could not reload the app state', error));
  };
}

// ------------------------------------------------------------------ company

export function useCreateTeam() {
  return useMutation({
    mutationFn: (input: TeamCreateInput) => api.post<Success & { team_id: number }>('/api/team', input),
  });
}

export function useTeamGeneral() {
  return useQuery({
    queryKey: teamKeys.general(),
    queryFn: ({ signal }) => api.get<{ data: General }>('/api/team/general', { signal }).then((r) => r.data),
  });
}

export function useUpdateTeamGeneral() {
  const after = useAfterTeamChange();
  return useMutation({
    mutationFn: (input: TeamGeneralInput) => api.put<Success & { data: TeamWithBilling }>('/api/team/general', input),
    onSuccess: () => after([teamKeys.general()]),
  });
}

export function useTeamBilling() {
  return useQuery({
    queryKey: teamKeys.billing(),
    queryFn: ({ signal }) => api.get<{ data: Billing }>('/api/team/billing', { signal }).then((r) => r.data),
  });
}

export function useUpdateTeamBilling() {
  const after = useAfterTeamChange();
  return useMutation({
    mutationFn: (input: TeamBillingInput) => api.put<Success & { data: TeamWithBilling }>('/api/team/billing', input),
    onSuccess: () => after([teamKeys.billing()]),
  });
}

export function useUploadLogo() {
  const after = useAfterTeamChange();
  return useMutation({
    mutationFn: (dataUrl: string) => api.post<Success & { logo_url: string }>('/api/team/logo', { data_url: dataUrl }),
    onSuccess: () => after([]),
  });
}

export function useRemoveLogo() {
  const after = useAfterTeamChange();
  return useMutation({
    mutationFn: () => api.delete<Success & { logo_url: string }>('/api/team/logo'),
    onSuccess: () => after([]),
  });
}

export function useTeamSettings(teamId: number | undefined) {
  return useQuery({
    queryKey: teamKeys.settings(teamId ?? 0),
    queryFn: ({ signal }) => api.get<{ data: TeamSettings }>(`/api/team/${teamId}/additional/settings`, { signal }).then((r) => r.data),
    enabled: !!teamId,
  });
}

export function useUpdateSecurity(teamId: number | undefined) {
  const after = useAfterTeamChange();
  return useMutation({
    mutationFn: (requireTwoFactor: boolean) =>
      api.put<Success & { data: { require_2fa: boolean } }>('/api/team/security', { require_2fa: requireTwoFactor }),
    onSuccess: () => after([teamKeys.settings(teamId ?? 0)]),
  });
}

export function useTeamFeatures() {
  return useQuery({
    queryKey: teamKeys.features(),
    queryFn: ({ signal }) => api.get<{ data: TeamFeatures }>('/api/config/features', { signal }).then((r) => r.data),
  });
}

export function useUpdateTeamFeatures() {
  const after = useAfterTeamChange();
  return useMutation({
    mutationFn: (features: Partial<TeamFeatures>) => api.put<Success & { data: TeamFeatures }>('/api/config/features', features),
    onSuccess: () => after([teamKeys.features()]),
  });
}

// ------------------------------------------------------------------ staff and invitations

export function useMembers() {
  return useQuery({
    queryKey: teamKeys.members(),
    queryFn: ({ signal }) => api.get<{ data: Member[] }>('/api/team/members', { signal }).then((r) => r.data),
  });
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number } & RoleChangeInput) =>
      api.put<Success & { data: Member }>(`/api/team/members/${userId}`, { role }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.members() }),
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.delete<Success>(`/api/team/members/${userId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.members() }),
  });
}

export function useInvitations() {
  return useQuery({
    queryKey: teamKeys.invitations(),
    queryFn: ({ signal }) => api.get<{ data: Invitation[] }>('/api/team/invitations', { signal }).then((r) => r.data),
  });
}

export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteInput) => api.post<Success & { data: Invitation }>('/api/team/invitations', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.invitations() }),
  });
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<Success & { data: Invitation }>(`/api/team/invitations/${id}/resend`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.invitations() }),
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<Success>(`/api/team/invitations/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.invitations() }),
  });
}
