import { Alert, Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { isApiError } from '../../../lib/api-client';
import { useLang } from '../../../lib/language';
import { useSubscription } from '../api/subscriptions-api';
import { useTier } from '../api/tiers-api';
import { MembersList } from './members-list';
import { SubscriptionForm } from './subscription-form';
import { TierForm } from './tier-form';
import { TiersTable } from './tiers-table';

/**
 * `/backend/subscription/create` (the form) and `/backend/subscription/{id}` (the form, its tiers
 * and its members).
 */
export function SubscriptionScreen({ id }: { id: number | null }) {
  const { t } = useTranslation('subscriptions');
  const record = useSubscription(id);
  if (id === null) return <SubscriptionForm item={null} />;
  if (record.isPending) return <PageLoader />;
  if (record.isError) return <Alert color="red">{isApiError(record.error, 404) ? t('form.notFound') : t('form.loadError')}</Alert>;
  return (
    <Stack gap="lg">
      {/* Keyed by the record: the form is filled once from it; the tiers and members follow refetches. */}
      <SubscriptionForm key={record.data.id} item={record.data} />
      <TiersTable subscription={record.data} />
      <MembersList subscription={record.data} />
    </Stack>
  );
}

/** `/backend/subscription/{sid}/tier/create` and `…/tier/{id}`, below a link back to the subscription. */
export function TierScreen({ sid, id }: { sid: number; id: number | null }) {
  const { t } = useTranslation('subscriptions');
  const lang = useLang();
  const subscription = useSubscription(sid);
  const record = useTier(sid, id);
  const back = subscription.data ? (
    <Anchor component={Link} to={`/${lang}/backend/subscription/${sid}`} size="sm">
      {t('tierForm.backTo', { name: subscription.data.name_text })}
    </Anchor>
  ) : null;
  if (id !== null && record.isPending) return <PageLoader />;
  if (id !== null && record.isError)
    return <Alert color="red">{isApiError(record.error, 404) ? t('tierForm.notFound') : t('tierForm.loadError')}</Alert>;
  return (
    <Stack gap="sm">
      {back}
      <TierForm key={id ?? 'create'} sid={sid} item={id === null ? null : (record.data ?? null)} />
    </Stack>
  );
}
