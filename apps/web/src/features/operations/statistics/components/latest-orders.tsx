import { paymentStatusLabelKey } from '@bookla/shared/payment-status';
import { Anchor, Badge, Button, EmptyState, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../../../lib/format';
import { useLang } from '../../../../lib/language';
import { showDateTime, useTeamZone } from '../../../../lib/team-zone';
import { useLatestOrders } from '../api/statistics-api';

/** Badge colours of the spec's payment-status labels (§4), shared by the label keys. */
const STATUS_COLOR: Record<string, string> = {
  'status.paid': 'teal',
  'status.unpaid': 'yellow',
  'status.free': 'blue',
  'status.refunded': 'gray',
  'status.partially_refunded': 'grape',
  'status.declined': 'red',
  'status.cancelled': 'gray',
};

type StatusLabel = 'paid' | 'unpaid' | 'free' | 'refunded' | 'partially_refunded' | 'declined' | 'cancelled';

/** The dashboard's box of the latest orders (spec §2), each linking to its edit page. */
export function LatestOrders() {
  const { t } = useTranslation('backend');
  const { t: ts } = useTranslation('statistics');
  const { t: tc } = useTranslation();
  const lang = useLang();
  const zone = useTeamZone();
  const { data, isPending, isError, isFetching, refetch } = useLatestOrders(lang);
  const rows = data?.data ?? [];

  if (isError)
    return (
      <EmptyState size="sm" title={tc('dataTable.errorTitle')} description={tc('dataTable.errorText')}>
        <EmptyState.Actions>
          <Button size="sm" variant="default" loading={isFetching} onClick={() => void refetch()}>
            {tc('dataTable.retry')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  if (isPending) return <Text c="dimmed">{ts('latestOrders.loading')}</Text>;
  if (!rows.length)
    return <EmptyState size="sm" title={t('dashboard.latestOrders.empty')} description={t('dashboard.latestOrders.emptyText')} />;
  return (
    <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {rows.map((order) => {
        const key = paymentStatusLabelKey(order.payment_status, order.paid_at);
        const label = key.startsWith('status.') ? ts(`latestOrders.status.${key.slice(7) as StatusLabel}`) : key;
        const name = [order.firstname, order.lastname].join(' ');
        return (
          <Group key={order.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Anchor component={Link} to={`/${lang}/backend/orders/edit/${order.id}`} truncate="end">
                {ts('latestOrders.number', { number: order.number })} · {order.company || name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {showDateTime(order.created_at, zone, lang)} · {formatMoney(order.total, order.currency, lang)}
              </Text>
            </Stack>
            <Badge variant="light" color={STATUS_COLOR[key] ?? 'gray'} style={{ flexShrink: 0 }}>
              {label}
            </Badge>
          </Group>
        );
      })}
    </Stack>
  );
}
