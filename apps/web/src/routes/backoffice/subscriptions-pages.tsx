import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { SubscriptionScreen, SubscriptionStats, SubscriptionsList, TierScreen } from '../../features/subscriptions';
import { BackendNotFoundPage } from './backend-not-found-page';
import { PageFrame, RequirePermission } from './page-frame';

/** A route's id: a number, `null` for `create` (a new record), `undefined` when malformed. */
function routeId(raw: string | undefined): number | null | undefined {
  if (raw === 'create') return null;
  if (raw === undefined) return undefined;
  return /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
}

/** `/{lang}/backend/subscriptions`: the figures and the company's subscriptions (memberships and passes). */
export function SubscriptionsPage() {
  const { t } = useTranslation('subscriptions');
  return (
    <RequirePermission name="nav.subscriptions">
      <PageFrame title={t('list.title')} intro={t('list.intro')}>
        <SubscriptionStats />
        <SubscriptionsList />
      </PageFrame>
    </RequirePermission>
  );
}

/** `/{lang}/backend/subscription/create` and `/{lang}/backend/subscription/{id}`. */
export function SubscriptionPage() {
  const { t } = useTranslation('subscriptions');
  const id = routeId(useParams().id);
  if (id === undefined) return <BackendNotFoundPage />;
  return (
    <RequirePermission name="nav.subscriptions">
      <PageFrame title={id === null ? t('form.new') : t('form.edit')}>
        <SubscriptionScreen key={id ?? 'create'} id={id} />
      </PageFrame>
    </RequirePermission>
  );
}

/** `/{lang}/backend/subscription/{sid}/tier/create` and `/{lang}/backend/subscription/{sid}/tier/{id}`. */
export function TierPage() {
  const { t } = useTranslation('subscriptions');
  const params = useParams();
  const sid = routeId(params.sid);
  const id = routeId(params.id);
  if (sid === undefined || sid === null || id === undefined) return <BackendNotFoundPage />;
  return (
    <RequirePermission name="nav.subscriptions">
      <PageFrame title={id === null ? t('tierForm.new') : t('tierForm.edit')}>
        <TierScreen key={`${sid}-${id ?? 'create'}`} sid={sid} id={id} />
      </PageFrame>
    </RequirePermission>
  );
}
