import { useSyncExternalStore } from 'react';

const noop = () => () => {};

/**
 * False in the server's HTML and while React hydrates it, true once the page is live (and always
 * true for a page rendered in the browser). What only the browser knows (the history entry's state,
 * say) is shown once this is true, so the first render matches the server's HTML: a mismatch would
 * make React throw that HTML away, with what the visitor typed into it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
