import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { setAppState } from '../../lib/app-state';
import { isNoCompany, isTwoFactorRequired, refreshAppState } from './session-state';

/**
 * Watches every query and mutation of the back office for the two answers that concern the
 * whole session: 403 TWO_FACTOR_REQUIRED (the layout then sends the user to set up 2FA) and
 * 409 NO_COMPANY (the app state is read again, and the company check takes over).
 */
export function useTeamAccessErrors(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const handle = (error: unknown) => {
      if (isTwoFactorRequired(error)) setAppState({ two_factor_required: true });
      else if (isNoCompany(error)) void refreshAppState().catch((e: unknown) => console.error('Could not reload the app state', e));
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
