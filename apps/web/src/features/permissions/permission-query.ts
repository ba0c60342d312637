import type { Permission } from '@bookla/shared/permissions';
import type { okReplySchema } from '@bookla/shared/replies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../lib/api-client';
import { useAppState } from '../../lib/app-state';

/** Per company, role and name: switching the company or a new role asks again. */
export const permissionKeys = {
  all: ['permission'] as const,
  one: (teamId: number | null, name: string, role: string | null = null) => [...permissionKeys.all, teamId, role, name] as const,
};

/**
 * `GET /api/srl/permission/{name}`: 200 grants, 403 denies. Any other failure is passed on,
 * and the caller treats it as "not granted" (spec §8: a failed check hides the element).
 */
export async function fetchPermission(name: string, signal?: AbortSignal): Promise<boolean> {
  try {
    await api.get<typeof okReplySchema>(`/api/srl/permission/${encodeURIComponent(name)}`, { signal, language: false });
    return true;
  } catch (error) {
    if (isApiError(error, 403)) return false;
    throw error;
  }
}

export function permissionQuery(name: Permission, teamId: number | null, role: string | null = null) {
  return queryOptions({
    queryKey: permissionKeys.one(teamId, name, role),
    queryFn: ({ signal }) => fetchPermission(name, signal),
    // Roles change rarely; a switch of company has its own key, a role change a reload.
    staleTime: 5 * 60_000,
  });
}

/**
 * Spec §6, element-level check: whether the server grants the permission (decision 011). The
 * answer is the server's own list, sent with the app state (`permissions`, computed by the same
 * `can()` as `GET /api/srl/permission/{name}`) and replaced whenever the app state is read again
 * (login, company switch, role or two-factor change), so no element costs a request. Only an app
 * state without that list (an older server's injected block) asks the server per name, once per
 * company, role and name. `false` while asking and after a failure (spec §8: the element is removed).
 */
export function usePermissionCheck(name: Permission): boolean {
  const { authenticated, team, role, permissions } = useAppState();
  const fromState = Array.isArray(permissions);
  // Not after logout: the screen may still be mounted for a moment, and the answer would be a 401.
  const { data } = useQuery({
    ...permissionQuery(name, team?.id ?? null, role ?? null),
    enabled: authenticated && !fromState,
  });
  if (!authenticated) return false;
  return fromState ? permissions.includes(name) : data === true;
}

/**
 * From the app state's list (rendered at once, e.g. the sidebar and row actions). Same answer as
 * `usePermissionCheck` whenever the state carries the list.
 */
export function useHasPermission(name: Permission): boolean {
  const { permissions } = useAppState();
  return !!permissions?.includes(name);
}
