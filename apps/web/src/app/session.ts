import type { QueryClient } from '@tanstack/react-query';
import { clearAuth } from '../lib/app-state';
import { currentLanguage } from '../lib/language';

/**
 * Spec §4: a 401 from any call logs the user out and sends them to login with status
 * `expired`. Cached data of the old session is dropped so the next user cannot see it.
 */
export function createUnauthorizedHandler(
  navigate: (to: string) => unknown,
  getPathname: () => string,
  queryClient: QueryClient,
): () => void {
  return () => {
    clearAuth();
    queryClient.clear();
    // Already on the login page (e.g. its own checks): stay, no redirect loop.
    if (/^\/[a-z]{2}\/login(\/|$)/.test(getPathname())) return;
    void navigate(`/${currentLanguage()}/login/expired`);
  };
}
