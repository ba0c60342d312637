import { Link } from '../router';
import { useShop } from '../shop-context';

/** "My account" for the shop's header: the customer's log-in, bookings and cancellations. */
export function AccountLink({ className }: { className?: string }) {
  const { t, team, base } = useShop();
  if (!team) return null;
  return (
    <Link to={`${base}/account`} className={className ?? 'account-link'}>
      {t('account.myAccount')}
    </Link>
  );
}
