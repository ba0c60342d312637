import type { CustomerMeReply } from '@bookla/shared/customer-accounts';
import { lazy, Suspense } from 'react';
import { Link } from '../router';
import { useFetch } from '../use-fetch';
import { subscriptionsApi, subscriptionsKey } from './model';
import { useSubscriptionsShop } from './texts';

// "Included in your membership" on the cards: its own chunk, only for a logged-in customer.
const IncludedBadges = lazy(() => import('./included').then((m) => ({ default: m.IncludedBadges })));

/** Whether a customer of this team is logged in (the customer cookie is the customer API's; null otherwise). */
const customerMe = (teamId: number, signal: AbortSignal) =>
  fetch(`/api/customer/teams/${teamId}/me`, { headers: { Accept: 'application/json' }, credentials: 'same-origin', signal }).then((r) =>
    r.ok ? (r.json() as Promise<CustomerMeReply>) : null,
  );

/**
 * The list page's way to the memberships and passes: shown only when the team sells at least one
 * (no subscriptions, the feature off (not even asked) or a failed call: nothing at all). Then a logged-in
 * customer also gets the cards' "Included in your membership" (subscriptions/included.tsx).
 */
export function SubscriptionsLink() {
  const { t, team, lang, base } = useSubscriptionsShop();
  // The feature off: nothing to ask (the call would answer 404, an error in the browser's console).
  const list = useFetch(team.offers_subscriptions ? subscriptionsKey(team.id, lang) : null, (signal) =>
    subscriptionsApi.list(team.id, lang, signal),
  );
  const sells = !!list.data?.length;
  const me = useFetch(sells ? `customer-me:${team.id}` : null, (signal) => customerMe(team.id, signal), { cache: false });
  if (!sells) return null;
  return (
    <>
      <Link to={`${base}/subscriptions`} className="button button-secondary subscriptions-link">
        {t('subscriptions.link')}
      </Link>
      {me.data?.customer && (
        <Suspense>
          <IncludedBadges />
        </Suspense>
      )}
    </>
  );
}
