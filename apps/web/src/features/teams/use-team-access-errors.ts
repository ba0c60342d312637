import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isApiError } from '../../lib/api-client';
import { setAppState } from '../../lib/app-state';
import { isNoCompany, isTwoFactorRequired, refreshAppState } from './session-state';

/**
 * Watches every query and mutation of the back office for the answers that concern the whole
 * session: 403 TWO_FACTOR_REQUIRED (the layout then sends the user to set up 2FA), 409 NO_COMPANY
 * (the app state is read again, and the company check takes over) and any other 403 (the role may
 * have changed meanwhile: the app state, and with it the permission set, is read again).
 */
export function useTeamAccessErrors(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let reloading: Promise<unknown> | null = null;
    const reload = () => {
      // One reload at a time: several calls failing together ask once.
      reloading ??= refreshAppState()
        .catch((e: unknown) => console.error('Could not reload the app state', e))
        .finally(() => (reloading = null));
    };
    const handle = (error: unknown) => {
      if (isTwoFactorRequired(error)) setAppState({ two_factor_required: true });
      else if (isNoCompany(error) || isApiError(error, 403)) reload();
    };
    const offQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') handle(event.action.error);
    });
    const offMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') handle(event.action.error);
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [queryClient]);
}
