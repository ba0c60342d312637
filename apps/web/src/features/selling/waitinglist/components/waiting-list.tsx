import { WAITING_LIST_STATUSES, type WaitingListEntry } from '@bookla/shared/waiting-list';
import { Anchor, Drawer, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataColumn, type RowAction } from '../../../../components/data-table/data-table';
import { confirm } from '../../../../lib/confirm';
import { useLang } from '../../../../lib/language';
import { columnFiltersOf } from '../../../../lib/list/list-params';
import { useListParams } from '../../../../lib/list/use-list-params';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { showDate, showDateTime, useTeamZone } from '../../../catalogue/timetable';
import { useHasPermission } from '../../../permissions';
import { ExportButton } from '../../../operations/exports';
import { useEntryAction, useWaitingList, useWaitingListFilters, waitingListConfig } from '../api/waiting-list-api';
import { EntryHistory } from './entry-history';
import { WaitingStatus } from './waiting-status';

const nameOf = (e: Pick<WaitingListEntry, 'firstname' | 'lastname'>) => `${e.firstname} ${e.lastname}`;

/**
 * `/backend/customers/waitinglist`: who waits for which activity or date, in line order, with
 * their place, seats wanted and status (offered until …, booked with its order). Staff offer
 * seats by hand (out of line order, when they are free), take people off the list, read an
 * entry's history, and export the filtered list.
 */
export function WaitingList() {
  const { t } = useTranslation('waiting-list');
  const lang = useLang();
  const zone = useTeamZone();
  const canSeeOrders = useHasPermission('nav.orders');
  const list = useListParams(waitingListConfig);
  const query = useWaitingList(list.params);
  const { inputs, setFilter } = list;
  const options = useWaitingListFilters(inputs.activity_id);
  const sessions = inputs.activity_id ? (options.data?.sessions ?? []) : [];
  const [open, setOpen] = useState<WaitingListEntry | null>(null);
  const offer = useEntryAction('offer');
  const remove = useEntryAction('remove');

  // A date belongs to one activity: once another activity is in the address, the date goes.
  const committedActivity = list.params.filters.activity_id;
  const committedSession = list.params.filters.session_id;
  const shownActivity = useRef(committedActivity);
  useEffect(() => {
    if (shownActivity.current === committedActivity) return;
    shownActivity.current = committedActivity;
    if (committedSession) setFilter('session_id', '');
  }, [committedActivity, committedSession, setFilter]);

  const run = async (entry: WaitingListEntry, action: 'offer' | 'remove') => {
    const ok = await confirm({
      title: t(action === 'offer' ? 'confirmOffer.title' : 'confirmRemove.title'),
      message: t(action === 'offer' ? 'confirmOffer.text' : 'confirmRemove.text', { name: nameOf(entry), count: entry.quantity }),
      confirmLabel: t(action === 'offer' ? 'confirmOffer.confirm' : 'confirmRemove.confirm'),
      danger: action === 'remove',
    });
    if (!ok) return;
    try {
      const reply = await (action === 'offer' ? offer : remove).mutateAsync(entry.id);
      notifySuccess(reply.message);
    } catch (error) {
      notifyError(error);
    }
  };

  const columns: DataColumn<WaitingListEntry>[] = [
    {
      key: 'position',
      header: t('columns.position'),
      sortField: 'id',
      align: 'right',
      cell: (e) => (e.position === null ? '–' : <span aria-label={t('positionLabel', { position: e.position })}>{e.position}</span>),
    },
    {
      key: 'name',
      header: t('columns.name'),
      sortField: 'lastname',
      narrow: 'title',
      cell: (e) => (
        <Stack gap={0}>
          <Text fw={500}>{nameOf(e)}</Text>
          <Text size="xs" c="dimmed">
            {e.email}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'activity',
      header: t('columns.activity'),
      sortField: 'activity_name',
      cell: (e) => (
        <Stack gap={0}>
          <Text size="sm">{e.activity_name}</Text>
          <Text size="xs" c="dimmed">
            {e.session_starts_at ? showDateTime(e.session_starts_at, zone, lang) : t('allDates')}
          </Text>
        </Stack>
      ),
    },
    { key: 'quantity', header: t('columns.quantity'), sortField: 'quantity', align: 'right', cell: (e) => e.quantity },
    {
      key: 'status',
      header: t('columns.status'),
      sortField: 'status',
      cell: (e) => (
        <Stack gap={2} align="flex-start">
          <WaitingStatus status={e.status} />
          {e.status === 'offered' && e.offer_expires_at && (
            <Text size="xs">{t('offeredUntil', { time: showDateTime(e.offer_expires_at, zone, lang) })}</Text>
          )}
          {e.status === 'booked' && e.order_id !== null && e.order_number !== null && (
            <Text size="xs">
              {canSeeOrders ? (
                <Anchor component={Link} to={`/${lang}/backend/orders/edit/${e.order_id}`} size="xs">
                  {t('order', { number: e.order_number })}
                </Anchor>
              ) : (
                t('order', { number: e.order_number })
              )}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'created', header: t('columns.createdAt'), sortField: 'created_at', cell: (e) => showDate(e.created_at, zone, lang) },
  ];

  const rowActions = (e: WaitingListEntry): RowAction[] => [
    { label: t('actions.history'), ariaLabel: t('actions.historyOf', { name: nameOf(e) }), onClick: () => setOpen(e) },
    ...(e.status === 'waiting' || e.status === 'expired'
      ? [
          {
            label: t('actions.offer'),
            ariaLabel: t('actions.offerOf', { name: nameOf(e) }),
            disabled: offer.isPending,
            onClick: () => void run(e, 'offer'),
          },
        ]
      : []),
    ...(e.status === 'waiting' || e.status === 'offered'
      ? [
          {
            label: t('actions.remove'),
            ariaLabel: t('actions.removeOf', { name: nameOf(e) }),
            danger: true,
            disabled: remove.isPending,
            onClick: () => void run(e, 'remove'),
          },
        ]
      : []),
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" style={{ flex: '1 1 560px' }}>
          <Select
            label={t('filters.activity')}
            placeholder={t('filters.all')}
            clearable
            searchable
            data={(options.data?.activities ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
            value={inputs.activity_id || null}
            onChange={(value) => setFilter('activity_id', value ?? '')}
          />
          <Select
            label={t('filters.session')}
            placeholder={inputs.activity_id ? t('filters.allLines') : t('filters.chooseActivity')}
            clearable
            searchable
            disabled={!inputs.activity_id}
            data={[
              { value: 'none', label: t('filters.wholeActivity') },
              ...sessions.map((s) => ({
                value: String(s.id),
                label: `${showDateTime(s.starts_at, zone, lang)}${s.cancelled ? ` (${t('filters.cancelled')})` : ''}`,
              })),
            ]}
            value={inputs.session_id || null}
            onChange={(value) => setFilter('session_id', value ?? '')}
          />
          <Select
            label={t('filters.status')}
            placeholder={t('filters.all')}
            clearable
            data={WAITING_LIST_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            value={inputs.status || null}
            onChange={(value) => setFilter('status', value ?? '')}
          />
          <TextInput
            type="search"
            label={t('filters.search')}
            placeholder={t('filters.searchPlaceholder')}
            value={inputs.search}
            onChange={(e) => setFilter('search', e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') list.flushFilter('search');
            }}
          />
        </SimpleGrid>
        <ExportButton type="waiting_list" columnFilters={columnFiltersOf(list.params)} />
      </Group>
      <DataTable<WaitingListEntry>
        label={t('title')}
        columns={columns}
        query={query}
        sort={list.params.sort}
        onSort={(field) => list.toggleSort(field as (typeof waitingListConfig.sortFields)[number])}
        page={list.params.page}
        onPage={list.setPage}
        rowActions={rowActions}
        filtered={list.filtered}
        onResetFilters={list.resetFilters}
        empty={{ title: t('empty'), text: t('emptyText') }}
        minWidth={900}
      />
      <Drawer
        opened={open !== null}
        onClose={() => setOpen(null)}
        position="right"
        size="lg"
        title={open ? t('actions.historyOf', { name: nameOf(open) }) : ''}
      >
        {open && <EntryHistory id={open.id} />}
      </Drawer>
    </Stack>
  );
}
