import { Alert, Anchor, Badge, EmptyState, Group, Table, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateField } from '../../../../components/form/date-fields';
import { ListTable } from '../../../../components/list-table';
import { PageLoader } from '../../../../components/page-loader';
import { PanelSection } from '../../../../components/panel-section';
import { formatDateTime, formatTime } from '../../../../lib/format';
import { useLang } from '../../../../lib/language';
import { useResourceBookings } from '../api/resources-api';

/** The sessions that use a group's resources in a date range, conflicts (over capacity) marked. */
export function ResourceBookings({ groupId }: { groupId: number }) {
  const { t } = useTranslation('setup');
  const lang = useLang();
  const [from, setFrom] = useState(() => dayjs().format('YYYY-MM-DD'));
  const [to, setTo] = useState(() => dayjs().add(30, 'day').format('YYYY-MM-DD'));
  const bookings = useResourceBookings(groupId, from, to);
  const conflicts = bookings.data?.filter((b) => b.conflict).length ?? 0;

  let body;
  if (from > to) body = <Alert color="yellow">{t('bookings.badRange')}</Alert>;
  else if (bookings.isPending) body = <PageLoader />;
  else if (bookings.isError) body = <Alert color="red">{t('list.loadError')}</Alert>;
  else if (bookings.data.length === 0) body = <EmptyState size="sm" title={t('bookings.empty')} description={t('bookings.emptyText')} />;
  else
    body = (
      <>
        {conflicts > 0 && (
          <Alert color="red" variant="light" mb="sm">
            {t('bookings.conflictCount', { count: conflicts })}
          </Alert>
        )}
        <ListTable
          minWidth={680}
          columns={[t('bookings.when'), t('bookings.activity'), t('bookings.resource'), t('bookings.location')]}
          actionsLabel={t('bookings.status')}
        >
          {bookings.data.map((b) => (
            <Table.Tr key={b.id} bg={b.conflict ? 'var(--mantine-color-red-0)' : undefined}>
              <Table.Td>
                {formatDateTime(b.starts_at, lang)} – {formatTime(b.ends_at, lang)}
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/${lang}/backend/courses/edit/${b.activity_id}/dates`}>
                  {b.title}
                </Anchor>
              </Table.Td>
              <Table.Td>{b.resources.map((r) => t('bookings.quantityOf', { name: r.name, quantity: r.quantity })).join(', ')}</Table.Td>
              <Table.Td>{b.location ?? '–'}</Table.Td>
              <Table.Td>
                {b.conflict ? (
                  <Badge color="red" variant="filled">
                    {t('bookings.conflict')}
                  </Badge>
                ) : b.status === 'cancelled' ? (
                  <Text size="sm" c="dimmed">
                    {t('bookings.cancelled')}
                  </Text>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('bookings.ok')}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </>
    );

  return (
    <PanelSection headingId="resource-bookings-title" title={t('bookings.title')}>
      <Group gap="sm" align="flex-end" wrap="wrap" mb="md">
        <DateField label={t('bookings.from')} value={from} maxDate={to} onChange={setFrom} clearable={false} w={170} />
        <DateField label={t('bookings.to')} value={to} minDate={from} onChange={setTo} clearable={false} w={170} />
      </Group>
      {body}
    </PanelSection>
  );
}
