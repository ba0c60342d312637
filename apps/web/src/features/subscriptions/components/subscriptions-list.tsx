import { SUBSCRIPTION_STATUSES, type SubscriptionItem } from '@bookla/shared/subscriptions';
import { Anchor, Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataColumn, type RowAction } from '../../../components/data-table/data-table';
import { useLang } from '../../../lib/language';
import { useListParams } from '../../../lib/list/use-list-params';
import { showDate, useTeamZone } from '../../catalogue/timetable';
import { subscriptionListConfig, useSubscriptionList } from '../api/subscriptions-api';
import { useDeleteSubscriptionFlow } from './delete-flows';
import { SubscriptionStatusBadge } from './status-badges';

/**
 * `/backend/subscriptions`: the company's subscriptions, paged, sorted and filtered on the server
 * (page, sort and filters in the address), with their tiers and members; each links to its page,
 * and a confirmed delete (one with members is refused by the server: 409, its message shown).
 */
export function SubscriptionsList() {
  const { t } = useTranslation('subscriptions');
  const lang = useLang();
  const zone = useTeamZone();
  const list = useListParams(subscriptionListConfig);
  const query = useSubscriptionList(list.params);
  const onDelete = useDeleteSubscriptionFlow();
  const createPath = `/${lang}/backend/subscription/create`;
  const editPath = (s: SubscriptionItem) => `/${lang}/backend/subscription/${s.id}`;

  const columns: DataColumn<SubscriptionItem>[] = [
    {
      key: 'name',
      header: t('list.name'),
      sortField: 'name',
      narrow: 'title',
      cell: (s) => (
        <Anchor component={Link} to={editPath(s)} fw={500}>
          {s.name_text}
        </Anchor>
      ),
    },
    { key: 'status', header: t('list.status'), sortField: 'status', cell: (s) => <SubscriptionStatusBadge status={s.status} /> },
    { key: 'tiers', header: t('list.tiers'), align: 'right', cell: (s) => s.tier_count },
    { key: 'members', header: t('list.members'), sortField: 'member_count', align: 'right', cell: (s) => s.member_count },
    { key: 'created', header: t('list.created'), sortField: 'created_at', cell: (s) => showDate(s.created_at, zone, lang) },
  ];

  const rowActions = (s: SubscriptionItem): RowAction[] => [
    { label: t('list.edit'), ariaLabel: t('list.editLabel', { name: s.name_text }), to: editPath(s) },
    {
      label: t('list.delete'),
      ariaLabel: t('list.deleteLabel', { name: s.name_text }),
      danger: true,
      onClick: () => void onDelete(s),
    },
  ];

  const createButton = (
    <Button component={Link} to={createPath}>
      {t('list.create')}
    </Button>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" style={{ flex: '1 1 320px', maxWidth: 560 }}>
          <TextInput
            type="search"
            label={t('list.search')}
            value={list.inputs.name}
            onChange={(e) => list.setFilter('name', e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') list.flushFilter('name');
            }}
          />
          <Select
            label={t('list.filterStatus')}
            placeholder={t('list.all')}
            clearable
            data={SUBSCRIPTION_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
            value={list.inputs.status || null}
            onChange={(value) => list.setFilter('status', value ?? '')}
          />
        </SimpleGrid>
        {createButton}
      </Group>
      <DataTable<SubscriptionItem>
        label={t('list.title')}
        columns={columns}
        query={query}
        sort={list.params.sort}
        onSort={(field) => list.toggleSort(field as (typeof subscriptionListConfig.sortFields)[number])}
        page={list.params.page}
        onPage={list.setPage}
        rowActions={rowActions}
        filtered={list.filtered}
        onResetFilters={list.resetFilters}
        empty={{ title: t('list.empty'), text: t('list.emptyText'), action: createButton }}
        minWidth={720}
      />
    </Stack>
  );
}
