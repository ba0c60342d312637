import { dataReplySchema, successDataSchema, successSchema } from '@bookla/shared/replies';
import {
  invitationSchema,
  inviteSchema,
  memberSchema,
  roleChangeSchema,
  teamBillingReplySchema,
  teamBillingSchema,
  teamCreateSchema,
  teamCreateReplySchema,
  teamFeaturesSchema,
  teamGeneralReplySchema,
  teamGeneralSchema,
  teamLogoReplySchema,
  teamLogoSchema,
  teamSecuritySchema,
  teamSettingsSchema,
  teamWithBillingSchema,
  type InviteInput,
  type RoleChangeInput,
  type TeamBillingInput,
  type TeamCreateInput,
  type TeamFeatures,
  type TeamGeneralInput,
  teamFeaturesUpdateSchema,
} from '@bookla/shared/teams';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { refreshAppState } from '../session-state';
import { teamKeys } from './team-keys';

const teamSaved = successDataSchema(teamWithBillingSchema);
const invitationSaved = successDataSchema(invitationSchema);

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
    mutationFn: (input: TeamCreateInput) => api.post('/api/team', input, { body: teamCreateSchema, reply: teamCreateReplySchema }),
  });
}

export function useTeamGeneral() {
  return useQuery({
    queryKey: teamKeys.general(),
    queryFn: ({ signal }) => api.get('/api/team/general', { signal, reply: dataReplySchema(teamGeneralReplySchema) }).then((r) => r.data),
  });
}

export function useUpdateTeamGeneral() {
  const after = useAfterTeamChange();
  return useMutation({
    mutationFn: (input: TeamGeneralInput) => api.put('/api/team/general', input, { body: teamGeneralSchema, reply: teamSaved }),
    onSuccess: () => after([teamKeys.general()]),
  });
}

export function useTeamBilling() {
  return useQuery({
    queryKey: teamKeys.billing(),
    queryFn: ({ signal }) => api.get('/api/team/billing', { signal, reply: dataReplySchema(teamBillingReplySchema) }).then((r) => r.data),
  });
}

export function useUpdateTeamBilling() {
  const after = useAfterTeamChange();
  return useMutation({
    mutationFn: (input: TeamBillingInput) => api.put('/api/team/billing', input, { body: teamBillingSchema, reply: teamSaved }),
    onSuccess: () => after([teamKeys.billing()]),
  });
}

export function useUploadLogo() {
  const after = useAfterTeamChange();
  return useMutation({
    mutationFn: (dataUrl: string) =>
      api.post('/api/team/logo', { data_url: dataUrl }, { body: teamLogoSchema, reply: teamLogoReplySchema }),
    onSuccess: () => after([]),
  });
}

export function useRemoveLogo() {
  const after = useAfterTeamChange();
  return useMutation({
    mutationFn: () => api.delete('/api/team/logo', undefined, { reply: teamLogoReplySchema }),
    onSuccess: () => after([]),
  });
}

export function useTeamSettings(teamId: number | undefined) {
  return useQuery({
    queryKey: teamKeys.settings(teamId ?? 0),
    queryFn: ({ signal }) =>
      api.get(`/api/team/${teamId}/additional/settings`, { signal, reply: dataReplySchema(teamSettingsSchema) }).then((r) => r.data),
    enabled: !!teamId,
  });
}

export function useUpdateSecurity(teamId: number | undefined) {
  const after = useAfterTeamChange();
  return useMutation({
    mutationFn: (requireTwoFactor: boolean) =>
      api.put(
        '/api/team/security',
        { require_2fa: requireTwoFactor },
        { body: teamSecuritySchema, reply: successDataSchema(teamSecuritySchema) },
      ),
    onSuccess: () => after([teamKeys.settings(teamId ?? 0)]),
  });
}

export function useTeamFeatures() {
  return useQuery({
    queryKey: teamKeys.features(),
    queryFn: ({ signal }) => api.get('/api/config/features', { signal, reply: dataReplySchema(teamFeaturesSchema) }).then((r) => r.data),
  });
}

export function useUpdateTeamFeatures() {
  const after = useAfterTeamChange();
  return useMutation({
    mutationFn: (features: Partial<TeamFeatures>) =>
      api.put('/api/config/features', features, { body: teamFeaturesUpdateSchema, reply: successDataSchema(teamFeaturesSchema) }),
    onSuccess: () => after([teamKeys.features()]),
  });
}

// ------------------------------------------------------------------ staff and invitations

export function useMembers() {
  return useQuery({
    queryKey: teamKeys.members(),
    queryFn: ({ signal }) => api.get('/api/team/members', { signal, reply: dataReplySchema(z.array(memberSchema)) }).then((r) => r.data),
  });
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number } & RoleChangeInput) =>
      api.put(`/api/team/members/${userId}`, { role }, { body: roleChangeSchema, reply: successDataSchema(memberSchema) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.members() }),
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.delete(`/api/team/members/${userId}`, undefined, { reply: successSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.members() }),
  });
}

export function useInvitations() {
  return useQuery({
    queryKey: teamKeys.invitations(),
    queryFn: ({ signal }) =>
      api.get('/api/team/invitations', { signal, reply: dataReplySchema(z.array(invitationSchema)) }).then((r) => r.data),
  });
}

export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteInput) => api.post('/api/team/invitations', input, { body: inviteSchema, reply: invitationSaved }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.invitations() }),
  });
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`/api/team/invitations/${id}/resend`, undefined, { reply: invitationSaved }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.invitations() }),
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/team/invitations/${id}`, undefined, { reply: successSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.invitations() }),
  });
}
