import type { appStateSchema } from '@bookla/shared/app-state';
import { ErrorCodes } from '@bookla/shared/errors';
import type { okReplySchema } from '@bookla/shared/replies';
import type { teamSwitchReplySchema } from '@bookla/shared/teams';
import type { QueryClient } from '@tanstack/react-query';
import { api, isApiError, refreshCsrfCookie } from '../../lib/api-client';
import { clearAuth, parseAppState, setAppState, type AppState } from '../../lib/app-state';

/**
 * Reads the app state again (`GET /api/srl/state`) after something that changes it: a switch
 * of company, a new company, settings, two-factor. Fields the reply leaves out are reset, so
 * nothing of the previous company lingers.
 */
export async function refreshAppState(): Promise<AppState> {
  const next = parseAppState(await api.get<typeof appStateSchema>('/api/srl/state', { language: false }));
  if (!next.authenticated) {
    clearAuth();
  } else {
    setAppState({
      role: undefined,
      team: undefined,
      teams: undefined,
      features: undefined,
      team_settings: undefined,
      permissions: undefined,
      two_factor_required: undefined,
      ...next,
    });
  }
  return next;
}

/**
 * Makes another company of the user the current one, then reloads the app state. Cached data
 * of the previous company is dropped (and what is on screen fetched again).
 */
export async function switchTeam(teamId: number, queryClient: QueryClient): Promise<void> {
  await api.post<typeof teamSwitchReplySchema>(`/api/srl/team/switch/${teamId}`);
  await refreshAppState();
  void queryClient.resetQueries();
}

/**
 * Spec §7: a fresh CSRF cookie, then `POST /api/srl/logout` (an expired session counts as logged
 * out). Then the state is cleared and `leave` goes to the login page; the cache is dropped only
 * after that, so the screens still mounted until then do not ask again (and get a 401).
 */
export async function logout(queryClient: QueryClient, leave: () => Promise<void>): Promise<void> {
  await refreshCsrfCookie();
  try {
    await api.post<typeof okReplySchema>('/api/srl/logout');
  } catch (error) {
    if (!isApiError(error, 401)) throw error;
  }
  clearAuth();
  await leave();
  queryClient.clear();
}

/** 403 `{code: 'TWO_FACTOR_REQUIRED'}`: the company requires 2FA and the user has none yet. */
export function isTwoFactorRequired(error: unknown): boolean {
  return isApiError(error, 403) && error.code === ErrorCodes.TWO_FACTOR_REQUIRED;
}

/** 409 `{code: 'NO_COMPANY'}`: the session has no current company. */
export function isNoCompany(error: unknown): boolean {
  return isApiError(error, 409) && error.code === ErrorCodes.NO_COMPANY;
}
