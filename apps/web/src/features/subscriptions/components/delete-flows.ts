import type { SubscriptionItem, TierItem } from '@bookla/shared/subscriptions';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../lib/confirm';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteSubscription } from '../api/subscriptions-api';
import { useDeleteTier } from '../api/tiers-api';

/**
 * A confirmed delete of a subscription; resolves whether it was deleted. One with members is
 * refused by the server (409): its message shows as a toast, as every refused change does.
 */
export function useDeleteSubscriptionFlow() {
  const { t } = useTranslation('subscriptions');
  const remove = useDeleteSubscription();
  return async (s: Pick<SubscriptionItem, 'id' | 'name_text'>): Promise<boolean> => {
    const ok = await confirm({
      title: t('list.deleteTitle'),
      message: t('list.deleteText', { name: s.name_text }),
      confirmLabel: t('list.delete'),
      danger: true,
    });
    if (!ok) return false;
    try {
      const reply = await remove.mutateAsync(s.id);
      notifySuccess(reply.message || t('list.deleted', { name: s.name_text }));
      return true;
    } catch (error) {
      notifyError(error);
      return false;
    }
  };
}

/** The same for a tier (refused with 409 while it has members). */
export function useDeleteTierFlow(sid: number) {
  const { t } = useTranslation('subscriptions');
  const remove = useDeleteTier(sid);
  return async (tier: Pick<TierItem, 'id' | 'name_text'>): Promise<boolean> => {
    const ok = await confirm({
      title: t('tierForm.deleteTitle'),
      message: t('tierForm.deleteText', { name: tier.name_text }),
      confirmLabel: t('tierForm.delete'),
      danger: true,
    });
    if (!ok) return false;
    try {
      const reply = await remove.mutateAsync(tier.id);
      notifySuccess(reply.message || t('tierForm.deleted', { name: tier.name_text }));
      return true;
    } catch (error) {
      notifyError(error);
      return false;
    }
  };
}
