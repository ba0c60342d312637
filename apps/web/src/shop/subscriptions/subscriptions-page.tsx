import type { PublicSubscription } from '@bookla/shared/subscriptions';
import { useState } from 'react';
import { ApiError } from '../api';
import { accountApi } from '../account/account-api';
import { Link, useLocation } from '../router';
import { isEmbedBase } from '../shop-context';
import { LoadError, Loading, Notice } from '../ui/states';
import { useFetch } from '../use-fetch';
import { useTitle } from '../use-title';
import { BuyForm } from './buy-form';
import { periodText, subscriptionsApi, subscriptionsKey, tierFacts, type PublicTier } from './model';
import { useSubscriptionsShop } from './texts';

/**
 * `/{lang}/shop/{team}/subscriptions` (and the embed's `data-view="subscriptions"`): the team's
 * memberships and passes with their tiers, each bought through a short checkout on the page.
 * `?tier={id}` opens that tier's checkout (an embed that checks out in a new tab links here).
 * `newTab`: buying opens the shop's page in a new tab (an embed with `data-checkout="tab"`).
 */
export function SubscriptionsPage({ newTab = false }: { newTab?: boolean }) {
  const { t, team, lang, base } = useSubscriptionsShop();
  const { search } = useLocation();
  useTitle(t('subscriptions.title'), team.name);
  // The feature off: nothing to ask (the call would answer 404).
  const offered = team.offers_subscriptions;
  const list = useFetch(offered ? subscriptionsKey(team.id, lang) : null, (signal) => subscriptionsApi.list(team.id, lang, signal));
  const embedded = isEmbedBase(base);
  // An account's cookie is usually blocked in an embed: its data is filled in on the shop's own pages only.
  const me = useFetch(embedded ? null : `customer-me:${team.id}`, (signal) => accountApi(team.id, lang).me(signal), { cache: false }).data;
  const [open, setOpen] = useState<number | null>(() => Number(search.get('tier')) || null);

  let body;
  if (list.error && !(list.error instanceof ApiError && list.error.status === 404))
    body = <LoadError error={list.error} onRetry={list.reload} />;
  else if (offered && !list.data && !list.error) body = <Loading lines={5} />;
  else if (!list.data?.length)
    body = (
      <Notice title={t('subscriptions.none')}>
        <p>
          <Link to={base}>{t('subscriptions.toActivities')}</Link>
        </p>
      </Notice>
    );
  else body = list.data.map((s) => <Subscription key={s.id} subscription={s} open={open} onOpen={setOpen} me={me} newTab={newTab} />);

  return (
    <section className="subscriptions">
      <div className="page-head">
        <h1>{t('subscriptions.title')}</h1>
        <Link to={base}>{t('subscriptions.toActivities')}</Link>
      </div>
      {body}
    </section>
  );
}

function Subscription({
  subscription: s,
  open,
  onOpen,
  me,
  newTab,
}: {
  subscription: PublicSubscription;
  open: number | null;
  onOpen(tier: number | null): void;
  me: Parameters<typeof BuyForm>[0]['me'];
  newTab: boolean;
}) {
  const { t } = useSubscriptionsShop();
  const headingId = `subscription-${s.id}`;
  return (
    <article className="panel subscription" aria-labelledby={headingId}>
      <h2 id={headingId}>{s.name}</h2>
      {s.description && <p className="pre-line">{s.description}</p>}
      <p className="muted small">{s.covers_all ? t('subscriptions.coversAll') : t('subscriptions.coversSome')}</p>
      <ul className="tiers plain-list">
        {s.tiers.map((tier) => (
          <li key={tier.id}>
            <Tier tier={tier} subscriptionId={s.id} open={open === tier.id} onOpen={() => onOpen(tier.id)} newTab={newTab} />
            {open === tier.id && !newTab && (
              <BuyForm
                tier={tier}
                subscriptionName={s.name}
                me={me}
                onCancel={() => {
                  onOpen(null);
                  // Back to the tier's "Buy" the form was opened with (keyboard and screen readers).
                  setTimeout(() => document.getElementById(`buy-button-${tier.id}`)?.focus());
                }}
              />
            )}
          </li>
        ))}
      </ul>
    </article>
  );
}

function Tier({
  tier,
  subscriptionId,
  open,
  onOpen,
  newTab,
}: {
  tier: PublicTier;
  subscriptionId: number;
  open: boolean;
  onOpen(): void;
  newTab: boolean;
}) {
  const { t, fmt, base } = useSubscriptionsShop();
  const nameId = `tier-${subscriptionId}-${tier.id}`;
  const buy = t('subscriptions.buy.button');
  const label = `${buy}: ${tier.name}`;
  return (
    <div className="tier" aria-labelledby={nameId} role="group">
      <div>
        <h3 id={nameId} className="tier-name">
          {tier.name}
        </h3>
        <p className="tier-price">
          <strong>{fmt.money(tier.price, tier.currency)}</strong> <span className="muted">{periodText(t, tier)}</span>
        </p>
        <p className="small">{tierFacts(t, tier).join(' · ')}</p>
      </div>
      {newTab ? (
        <a
          className="button"
          href={`${window.location.origin}${base.replace('/embed/', '/shop/')}/subscriptions?tier=${tier.id}`}
          target="_blank"
          rel="noopener"
          aria-label={`${label} (${t('embed.newTab')})`}
        >
          {buy}
        </a>
      ) : (
        <button type="button" id={`buy-button-${tier.id}`} className="button" onClick={onOpen} aria-expanded={open} aria-label={label}>
          {buy}
        </button>
      )}
    </div>
  );
}
