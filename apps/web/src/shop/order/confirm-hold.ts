import { useEffect } from 'react';
import { request } from '../api';

/**
 * The order page opened from the confirmation mail carries `confirm` (issue 20 item 1): an unpaid
 * invoice order from an address nobody had confirmed holds its seats for 30 minutes only, until
 * this page POSTs the key (a mail scanner's GET of the link changes nothing). The key then leaves
 * the address bar, so a copied URL does not carry it. Calls `onDone` once the hold is extended.
 */
export function useConfirmHold(id: number | string, token: string, onDone: () => void): void {
  useEffect(() => {
    const url = new URL(window.location.href);
    const confirm = url.searchParams.get('confirm');
    if (!confirm || !token) return;
    url.searchParams.delete('confirm');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    const q = new URLSearchParams({ token, confirm });
    request(`/api/public/orders/${encodeURIComponent(String(id))}/confirm?${q.toString()}`, { method: 'POST' }).then(onDone, () => {
      // A wrong or old key changes nothing; the page shows the order as it is.
    });
    // Once per page load: the key is gone from the URL afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, token]);
}
