import type { MembershipEvent, SubscriptionMember, TierItem } from '@bookla/shared/subscriptions';
import { Alert, Anchor, Divider, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../../lib/language';
import { showDate, showDateTime, useTeamZone } from '../../catalogue/timetable';
import { useHasPermission } from '../../permissions';
import { useMember } from '../api/members-api';
import { MemberActions } from './member-actions';
import { MembershipStatusBadge } from './status-badges';

/** How the member renews: card (with its brand and last digits when the provider told them), invoice, free. */
export function RenewalMethod({ member: m }: { member: Pick<SubscriptionMember, 'renewal_method' | 'card_label'> }) {
  const { t } = useTranslation('subscriptions');
  return (
    <>
      {m.renewal_method === 'card' && m.card_label
        ? t('members.cardLabel', { card: m.card_label })
        : t(`members.renewalMethod.${m.renewal_method}`)}
    </>
  );
}

/** "+2", "−1", or nothing where no credit moved. */
const creditsText = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${Math.abs(n)}` : '');

/** One event of the history: what happened, when, by whom, credits moved, its order, a note. */
function HistoryItem({ event }: { event: MembershipEvent }) {
  const { t } = useTranslation('subscriptions');
  const lang = useLang();
  const zone = useTeamZone();
  const canSeeOrders = useHasPermission('nav.orders');
  const credits = creditsText(event.credits);
  return (
    <Stack component="li" gap={2} pb="xs" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={500}>{t(`events.${event.kind}`)}</Text>
        <Text size="sm" c="dimmed">
          {showDateTime(event.created_at, zone, lang)}
        </Text>
      </Group>
      <Group gap="md" wrap="wrap">
        {credits && <Text size="sm">{t('history.credits', { credits })}</Text>}
        <Text size="sm" c="dimmed">
          {event.by ? t('history.by', { name: event.by }) : t('history.bySystem')}
        </Text>
        {event.order_id !== null &&
          (canSeeOrders ? (
            <Anchor component={Link} to={`/${lang}/backend/orders/edit/${event.order_id}`} size="sm">
              {t('history.order', { id: event.order_id })}
            </Anchor>
          ) : (
            <Text size="sm">{t('history.order', { id: event.order_id })}</Text>
          ))}
      </Group>
      {event.note && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {event.note}
        </Text>
      )}
    </Stack>
  );
}

/**
 * A member in the drawer: the membership (tier, status, period, credits), its history newest
 * first, and what staff may do while it runs (cancel, give credits back).
 */
export function MemberDetail({ sid, member, tier }: { sid: number; member: SubscriptionMember; tier: TierItem | null }) {
  const { t } = useTranslation('subscriptions');
  const lang = useLang();
  const zone = useTeamZone();
  const detail = useMember(sid, member.id);
  // The list's row shows at once; the detail (and the history) replaces it when it is there.
  const m = detail.data ?? member;
  const rows: [string, ReactNode][] = [
    [t('members.email'), m.customer.email],
    [t('members.tier'), m.tier_name],
    [
      t('members.status'),
      <Group gap={6} key="status">
        <MembershipStatusBadge status={m.status} />
        {m.cancel_at_period_end && m.status === 'active' && <Text size="sm">{t('members.endsWithPeriod')}</Text>}
      </Group>,
    ],
    [
      t('members.period'),
      t('members.periodRange', { from: showDate(m.current_period_start, zone, lang), until: showDate(m.current_period_end, zone, lang) }),
    ],
    [t('members.creditsLeft'), m.credits_left === null ? t('tiers.unlimited') : String(m.credits_left)],
    [t('members.renewal'), <RenewalMethod key="renewal" member={m} />],
    [t('members.since'), showDate(m.created_at, zone, lang)],
  ];

  return (
    <Stack gap="md">
      <Table variant="vertical" withTableBorder layout="fixed" fz="sm">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" w={{ base: 120, xs: 160 }}>
                {label}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>

      {detail.data && (m.status === 'active' || m.status === 'past_due') && <MemberActions sid={sid} member={detail.data} tier={tier} />}

      <Divider />
      <Title order={3} size="h4">
        {t('history.title')}
      </Title>
      {detail.isPending ? (
        <Group justify="center" p="md">
          <Loader size="sm" aria-label={t('history.loading')} />
        </Group>
      ) : detail.isError ? (
        <Alert color="red">{t('history.loadError')}</Alert>
      ) : detail.data.events.length === 0 ? (
        <Text c="dimmed">{t('history.empty')}</Text>
      ) : (
        <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('history.title')}>
          {detail.data.events.map((e) => (
            <HistoryItem key={e.id} event={e} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
