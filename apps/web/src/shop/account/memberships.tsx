import { useState } from 'react';
import type { MyMembership } from '@bookla/shared/subscriptions';
import { ApiError } from '../api';
import { Link, navigate } from '../router';
import { LoadError, Loading } from '../ui/states';
import { useFetch } from '../use-fetch';
import { useSubscriptionsShop } from '../subscriptions/texts';
import type { AccountApi } from './account-api';

const TONE: Record<MyMembership['status'], string> = { active: 'ok', past_due: 'warning', cancelled: 'muted', expired: 'muted' };

/**
 * "My memberships": the customer's memberships and passes in this shop with their status, the
 * credits left, when the period ends or renews, and whether they can book now. Nothing at all
 * while the team sells none (the call answers 404 while its subscriptions are off).
 */
export function Memberships({ api, verified }: { api: AccountApi; verified: boolean }) {
  const { t, team, base } = useSubscriptionsShop();
  const list = useFetch(`memberships:${team.id}`, (signal) => api.memberships(signal), { cache: false });
  if (list.error && (list.error as { status?: number }).status === 404) return null;
  return (
    <section aria-labelledby="memberships-heading">
      <h2 id="memberships-heading">{t('subscriptions.mine.title')}</h2>
      {list.error ? (
        <LoadError error={list.error} onRetry={list.reload} />
      ) : !list.data ? (
        <Loading lines={2} />
      ) : list.data.length === 0 ? (
        <p className="muted">
          {t('subscriptions.mine.empty')} <Link to={`${base}/subscriptions`}>{t('subscriptions.mine.browse')}</Link>
        </p>
      ) : (
        <ul className="plain-list">
          {list.data.map((m) => (
            <MembershipItem key={m.id} membership={m} verified={verified} api={api} />
          ))}
        </ul>
      )}
    </section>
  );
}

function MembershipItem({ membership: m, verified, api }: { membership: MyMembership; verified: boolean; api: AccountApi }) {
  const { t, fmt } = useSubscriptionsShop();
  const headingId = `membership-${m.id}`;
  const ended = m.status === 'cancelled' || m.status === 'expired';
  const date = fmt.date(m.current_period_end);
  const period = ended
    ? t('subscriptions.mine.endedOn', { date })
    : m.tier.interval === 'once' || m.cancel_at_period_end
      ? t('subscriptions.mine.endsOn', { date })
      : t('subscriptions.mine.renews', { date });
  return (
    <li className="panel membership" aria-labelledby={headingId}>
      <div className="page-head">
        <h3 id={headingId}>
          {m.subscription.name} <span className="muted">· {m.tier.name}</span>
        </h3>
        <span className={`badge badge-${TONE[m.status]}`}>{t(`subscriptions.mine.status.${m.status}`)}</span>
      </div>
      <p className="small">
        {m.credits_left === null ? t('subscriptions.mine.unlimited') : t('subscriptions.mine.creditsLeft', { count: m.credits_left })} ·{' '}
        {period}
      </p>
      {!ended && (
        <p className={m.usable ? 'small success' : 'small muted'}>
          {m.usable ? t('subscriptions.mine.usable') : t('subscriptions.mine.notUsable')}
          {!m.usable && !verified && <> · {t('subscriptions.mine.unconfirmed')}</>}
        </p>
      )}
      {!ended && m.tier.interval !== 'once' && !m.cancel_at_period_end && m.renewal_method !== 'none' && (
        <p className="small muted">
          {m.renewal_method === 'card'
            ? t(m.card_label ? 'subscriptions.mine.renewsByCardLabel' : 'subscriptions.mine.renewsByCard', { card: m.card_label ?? '' })
            : t(`subscriptions.mine.renewsBy.${m.renewal_method}`)}
        </p>
      )}
      {m.status === 'past_due' && !m.can_update_card && (
        <p className="notice notice-warning small" role="note">
          {t('subscriptions.mine.pastDue')}
        </p>
      )}
      {m.can_update_card && <UpdateCard membershipId={m.id} api={api} />}
    </li>
  );
}

/** Past due, the saved card declined: pay the open renewal now on the provider's page with another card (it replaces the saved one). */
function UpdateCard({ membershipId, api }: { membershipId: number; api: AccountApi }) {
  const { t } = useSubscriptionsShop();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const go = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const { payment_url } = await api.updateCard(membershipId);
      navigate(payment_url);
    } catch (e) {
      setBusy(false);
      setFailure(e instanceof ApiError && e.body.message ? e.body.message : t('subscriptions.mine.updateCardFailed'));
    }
  };
  return (
    <div className="notice notice-warning small" role="note">
      <p>{t('subscriptions.mine.cardDeclined')}</p>
      <button type="button" className="button" disabled={busy} aria-busy={busy || undefined} onClick={go}>
        {t('subscriptions.mine.updateCard')}
      </button>
      {failure && (
        <p className="error" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
