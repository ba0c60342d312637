import type { WaitingListEvent } from '@bookla/shared/waiting-list';
import { Alert, Anchor, List, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorMessage } from '../../../../lib/api-client';
import { useLang } from '../../../../lib/language';
import { showDateTime, useTeamZone } from '../../../catalogue/timetable';
import { useHasPermission } from '../../../permissions';
import { useWaitingListEntry } from '../api/waiting-list-api';
import { WaitingStatus } from './waiting-status';

const REASONS = ['expired', 'released', 'declined', 'link', 'staff'] as const;
type Reason = (typeof REASONS)[number];
const reasonOf = (e: WaitingListEvent): Reason | null => {
  const r = e.data.reason;
  return typeof r === 'string' && (REASONS as readonly string[]).includes(r) ? (r as Reason) : null;
};

/** An entry of the waiting list: who, for what, where in line, and every step so far (oldest first). */
export function EntryHistory({ id }: { id: number }) {
  const { t } = useTranslation('waiting-list');
  const lang = useLang();
  const zone = useTeamZone();
  const canSeeOrders = useHasPermission('nav.orders');
  const query = useWaitingListEntry(id);
  if (query.isError) return <Alert color="red">{apiErrorMessage(query.error) ?? t('history.failed')}</Alert>;
  const entry = query.data;
  if (!entry) return <Loader size="sm" aria-label={t('history.loading')} />;

  const actor = (e: WaitingListEvent) =>
    e.actor === 'staff'
      ? e.user_name
        ? t('history.actor.staff', { name: e.user_name })
        : t('history.actor.staffUnknown')
      : t(`history.actor.${e.actor}`);
  const detail = (e: WaitingListEvent) => {
    const reason = reasonOf(e);
    const parts = [actor(e)];
    if (reason) parts.push(t(`history.reason.${reason}`));
    if (e.type === 'offered' && typeof e.data.expires_at === 'string')
      parts.push(t('history.heldUntil', { time: showDateTime(e.data.expires_at, zone, lang) }));
    return parts.join(' · ');
  };

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <Text size="sm">
          <Text span fw={500}>
            {t('history.email')}:
          </Text>{' '}
          {entry.email}
        </Text>
        <Text size="sm">
          <Text span fw={500}>
            {t('history.activity')}:
          </Text>{' '}
          {entry.activity_name}
          {entry.session_starts_at ? ` · ${showDateTime(entry.session_starts_at, zone, lang)}` : ''}
        </Text>
        <Text size="sm">
          <Text span fw={500}>
            {t('columns.quantity')}:
          </Text>{' '}
          {entry.quantity}
        </Text>
        <Text size="sm" component="div">
          <Text span fw={500}>
            {t('columns.status')}:
          </Text>{' '}
          <WaitingStatus status={entry.status} />
          {entry.position !== null && ` ${t('positionLabel', { position: entry.position })}`}
        </Text>
        {entry.order_id !== null && entry.order_number !== null && (
          <Text size="sm">
            {canSeeOrders ? (
              <Anchor component={Link} to={`/${lang}/backend/orders/edit/${entry.order_id}`}>
                {t('order', { number: entry.order_number })}
              </Anchor>
            ) : (
              t('order', { number: entry.order_number })
            )}
          </Text>
        )}
      </SimpleGrid>
      <Title order={3} size="h4">
        {t('history.title')}
      </Title>
      <List spacing="xs" listStyleType="none" aria-label={t('history.title')}>
        {entry.events.map((e) => (
          <List.Item key={e.id}>
            <Text size="sm" fw={500}>
              {showDateTime(e.created_at, zone, lang)} – {t(`history.event.${e.type}`)}
            </Text>
            <Text size="xs" c="dimmed">
              {detail(e)}
            </Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
