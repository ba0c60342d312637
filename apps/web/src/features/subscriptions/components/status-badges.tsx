import type { MembershipStatus, SubscriptionStatus } from '@bookla/shared/subscriptions';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const SUBSCRIPTION_COLOR: Record<SubscriptionStatus, string> = { draft: 'gray', published: 'green' };
const MEMBERSHIP_COLOR: Record<MembershipStatus, string> = { active: 'green', past_due: 'orange', cancelled: 'gray', expired: 'gray' };

export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  const { t } = useTranslation('subscriptions');
  return (
    <Badge color={SUBSCRIPTION_COLOR[status]} variant="light">
      {t(`status.${status}`)}
    </Badge>
  );
}

export function MembershipStatusBadge({ status }: { status: MembershipStatus }) {
  const { t } = useTranslation('subscriptions');
  return (
    <Badge color={MEMBERSHIP_COLOR[status]} variant="light">
      {t(`memberStatus.${status}`)}
    </Badge>
  );
}
