import type { ParticipantRow } from '@bookla/shared/customers';
import { Anchor, Badge, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '../../../../components/data-table/data-table';
import { useLang } from '../../../../lib/language';
import { columnFiltersOf } from '../../../../lib/list/list-params';
import { useListParams } from '../../../../lib/list/use-list-params';
import { showDateTime, useTeamZone } from '../../../catalogue/timetable';
import { useHasPermission } from '../../../permissions';
import { PaymentStatusBadge } from '../../../selling/orders';
import { ExportButton } from '../../exports';
import { participantListConfig, useParticipantFilters, useParticipants } from '../api/customers-api';

const STATUS_FILTERS = ['paid', 'unpaid', 'cancelled'] as const;

/**
 * `/backend/customers/participant`: who comes, per activity and date, with their order, ticket,
 * payment status, check-in and booking answers; filtered, sorted and paged on the server (an
 * instructor sees the activities they teach only: the server decides), and exported with the
 * same filters.
 */
export function ParticipantsList() {
  const { t } = useTranslation('customers');
  const lang = useLang();
  const zone = useTeamZone();
  const canSeeOrders = useHasPermission('nav.orders');
  const list = useListParams(participantListConfig);
  const query = useParticipants(list.params);
  const { inputs, setFilter } = list;
  const options = useParticipantFilters(inputs.activity_id);
  const activities = options.data?.activities ?? [];
  const sessions = inputs.activity_id ? (options.data?.sessions ?? []) : [];

  // A date belongs to one activity: once another activity is in the address, the date goes. (Not
  // in the same moment as the activity: two filters written at once would overwrite each other.)
  const committedActivity = list.params.filters.activity_id;
  const committedSession = list.params.filters.session_id;
  const shownActivity = useRef(committedActivity);
  useEffect(() => {
    if (shownActivity.current === committedActivity) return;
    shownActivity.current = committedActivity;
    if (committedSession) setFilter('session_id', '');
  }, [committedActivity, committedSession, setFilter]);

  const columns: DataColumn<ParticipantRow>[] = [
    {
      key: 'name',
      header: t('participants.name'),
      sortField: 'lastname',
      narrow: 'title',
      cell: (p) => (
        <Stack gap={0}>
          <Text fw={500}>{`${p.firstname} ${p.lastname}`}</Text>
          {p.email && (
            <Text size="xs" c="dimmed">
              {p.email}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'activity',
      header: t('participants.activity'),
      sortField: 'activity_name',
      cell: (p) => (
        <Stack gap={0}>
          <Text size="sm">{p.activity_name}</Text>
          <Text size="xs" c="dimmed">
            {p.session_starts_at ? showDateTime(p.session_starts_at, zone, lang) : t('participants.allDates')} · {p.ticket_name}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'order',
      header: t('participants.order'),
      sortField: 'order_number',
      cell: (p) => (
        <Stack gap={0}>
          {canSeeOrders ? (
            <Anchor component={Link} to={`/${lang}/backend/orders/edit/${p.order_id}`} size="sm">
              #{p.order_number}
            </Anchor>
          ) : (
            <Text size="sm">#{p.order_number}</Text>
          )}
          <Text size="xs" c="dimmed">
            {p.buyer_name}
          </Text>
        </Stack>
      ),
    },
    { key: 'payment', header: t('participants.payment'), cell: (p) => <PaymentStatusBadge status={p.payment_status} paidAt={p.paid_at} /> },
    {
      key: 'checkin',
      header: t('participants.checkin'),
      sortField: 'checked_in_at',
      cell: (p) =>
        p.checked_in_at ? (
          <Badge color="green" variant="light">
            {t('participants.checkedInAt', { time: showDateTime(p.checked_in_at, zone, lang) })}
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">
            {t('participants.notCheckedIn')}
          </Text>
        ),
    },
    {
      key: 'answers',
      header: t('participants.answers'),
      cell: (p) =>
        p.answers.length ? (
          <Stack gap={2}>
            {p.answers.map((a) => (
              <Text key={`${a.scope}-${a.field_id}`} size="xs">
                <Text span fw={500} size="xs">
                  {a.label}:
                </Text>{' '}
                {a.value}
              </Text>
            ))}
          </Stack>
        ) : (
          '–'
        ),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm" style={{ flex: '1 1 560px' }}>
          <Select
            label={t('filters.activity')}
            placeholder={t('filters.all')}
            clearable
            searchable
            data={activities.map((a) => ({ value: String(a.id), label: a.name }))}
            value={inputs.activity_id || null}
            onChange={(value) => setFilter('activity_id', value ?? '')}
          />
          <Select
            label={t('filters.session')}
            placeholder={inputs.activity_id ? t('filters.allDates') : t('filters.chooseActivity')}
            clearable
            searchable
            disabled={!inputs.activity_id}
            data={sessions.map((s) => ({
              value: String(s.id),
              label: `${showDateTime(s.starts_at, zone, lang)}${s.cancelled ? ` (${t('filters.cancelled')})` : ''}`,
            }))}
            value={inputs.session_id || null}
            onChange={(value) => setFilter('session_id', value ?? '')}
          />
          <Select
            label={t('filters.status')}
            placeholder={t('filters.all')}
            clearable
            data={STATUS_FILTERS.map((s) => ({ value: s, label: t(`filters.statusOptions.${s}`) }))}
            value={inputs.status || null}
            onChange={(value) => setFilter('status', value ?? '')}
          />
          <Select
            label={t('filters.checkin')}
            placeholder={t('filters.all')}
            clearable
            data={[
              { value: '1', label: t('filters.checkedIn') },
              { value: '0', label: t('filters.notCheckedIn') },
            ]}
            value={inputs.checked_in || null}
            onChange={(value) => setFilter('checked_in', value ?? '')}
          />
          <TextInput
            type="search"
            label={t('filters.search')}
            placeholder={t('filters.searchParticipants')}
            value={inputs.search}
            onChange={(e) => setFilter('search', e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') list.flushFilter('search');
            }}
          />
        </SimpleGrid>
        <ExportButton type="participants" columnFilters={columnFiltersOf(list.params)} />
      </Group>
      <DataTable<ParticipantRow>
        label={t('participants.title')}
        columns={columns}
        query={query}
        sort={list.params.sort}
        onSort={(field) => list.toggleSort(field as (typeof participantListConfig.sortFields)[number])}
        page={list.params.page}
        onPage={list.setPage}
        filtered={list.filtered}
        onResetFilters={list.resetFilters}
        empty={{ title: t('participants.empty'), text: t('participants.emptyText') }}
        minWidth={980}
      />
    </Stack>
  );
}
