/** Query keys of the company area; everything under `team` is dropped on a switch of company. */
export const teamKeys = {
  all: ['team'] as const,
  general: () => [...teamKeys.all, 'general'] as const,
  billing: () => [...teamKeys.all, 'billing'] as const,
  features: () => [...teamKeys.all, 'features'] as const,
  settings: (teamId: number) => [...teamKeys.all, 'settings', teamId] as const,
  members: () => [...teamKeys.all, 'members'] as const,
  invitations: () => [...teamKeys.all, 'invitations'] as const,
};
