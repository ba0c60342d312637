import type { Permission } from '@bookla/shared/permissions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../lib/api-client';
import { useAppState } from '../../lib/app-state';

/** Per company and name: switching the company asks again. */
export const permissionKeys = {
  all: ['permission'] as const,
  one: (teamId: number | null, name: string) => [...permissionKeys.all, teamId, name] as const,
};

/**
 * `GET /api/srl/permission/{name}`: 200 grants, 403 denies. Any other failure is passed on,
 * and the caller treats it as "not granted" (spec §8: a failed check hides the element).
 */
export async function fetchPermission(name: string, signal?: AbortSignal): Promise<boolean> {
  try {
    await api.get(`/api/srl/permission/${encodeURIComponent(name)}`, { signal, language: false });
    return true;
  } catch (error) {
    if (isApiError(error, 403)) return false;
    throw error;
  }
}

export function permissionQuery(name: Permission, teamId: number | null) {
  return queryOptions({
    queryKey: permissionKeys.one(teamId, name),
    queryFn: ({ signal }) => fetchPermission(name, signal),
    // Roles change rarely; a switch of company has its own key, a role change a reload.
    staleTime: 5 * 60_000,
  });
}

/** Whether the server grants the permission; `false` while asking and after a failure. */
export function usePermissionCheck(name: Permission): boolean {
  const { authenticated, team } = useAppState();
  // Not after logout: the screen may still be mounted for a moment, and the answer would be a 401.
  const { data } = useQuery({ ...permissionQuery(name, team?.id ?? null), enabled: authenticated });
  return data === true;
}

/**
 * From the app state's list (rendered at once, e.g. the sidebar); element-level checks still
 * ask the server with `usePermissionCheck`.
 */
export function useHasPermission(name: Permission): boolean {
  const { permissions } = useAppState();
  return !!permissions?.includes(name);
}
