import { Link } from '../router';
import { useFetch } from '../use-fetch';
import { subscriptionsApi, subscriptionsKey } from './model';
import { useSubscriptionsShop } from './texts';

/**
 * The list page's way to the memberships and passes: shown only when the team sells at least one
 * (no subscriptions, the feature off (404) or a failed call: nothing at all).
 */
export function SubscriptionsLink() {
  const { t, team, lang, base } = useSubscriptionsShop();
  const list = useFetch(subscriptionsKey(team.id, lang), (signal) => subscriptionsApi.list(team.id, lang, signal));
  if (!list.data?.length) return null;
  return (
    <Link to={`${base}/subscriptions`} className="button button-secondary subscriptions-link">
      {t('subscriptions.link')}
    </Link>
  );
}
