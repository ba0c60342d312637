import type { ExportType } from '@bookla/shared/exports';
import { MEMBERSHIP_STATUSES, type SubscriptionDetail, type SubscriptionMember } from '@bookla/shared/subscriptions';
import { Anchor, Drawer, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn, type RowAction } from '../../../components/data-table/data-table';
import { useLang } from '../../../lib/language';
import { columnFiltersOf } from '../../../lib/list/list-params';
import { useListParams } from '../../../lib/list/use-list-params';
import { showDate, useTeamZone } from '../../catalogue/timetable';
import { ExportButton } from '../../operations/exports';
import { memberListConfig, useMemberList } from '../api/members-api';
import { MemberDetail, RenewalMethod } from './member-detail';
import { MembershipStatusBadge } from './status-badges';

/** The export type of a subscription's members (the server's exports feature answers it). */
const MEMBERS_EXPORT: ExportType = 'subscription_members';

const fullName = (m: SubscriptionMember) => `${m.customer.firstname} ${m.customer.lastname}`.trim();

/**
 * The members of a subscription (`GET /api/subscriptions/{sid}/members`): paged, sorted and
 * filtered on the server (search on name or e-mail, status, tier; all in the address), exported
 * with the same filters; a member opens in a drawer with the history and the staff's actions.
 */
export function MembersList({ subscription }: { subscription: SubscriptionDetail }) {
  const { t } = useTranslation('subscriptions');
  const lang = useLang();
  const zone = useTeamZone();
  const titleId = useId();

  const list = useListParams(memberListConfig);
  const query = useMemberList(subscription.id, list.params);
  const [open, setOpen] = useState<SubscriptionMember | null>(null);
  const tierOf = (m: SubscriptionMember) => subscription.tiers.find((tier) => tier.id === m.tier_id) ?? null;

  const columns: DataColumn<SubscriptionMember>[] = [
    {
      key: 'name',
      header: t('members.name'),
      sortField: 'lastname',
      narrow: 'title',
      cell: (m) => (
        <Anchor component="button" type="button" fw={500} onClick={() => setOpen(m)} aria-haspopup="dialog">
          {fullName(m)}
        </Anchor>
      ),
    },
    { key: 'email', header: t('members.email'), sortField: 'email', cell: (m) => m.customer.email },
    { key: 'tier', header: t('members.tier'), cell: (m) => m.tier_name },
    {
      key: 'status',
      header: t('members.status'),
      sortField: 'status',
      cell: (m) => (
        <Group gap={4} wrap="wrap">
          <MembershipStatusBadge status={m.status} />
          {m.cancel_at_period_end && m.status === 'active' && (
            <Text size="xs" c="dimmed">
              {t('members.endsWithPeriod')}
            </Text>
          )}
        </Group>
      ),
    },
    {
      key: 'periodEnd',
      header: t('members.periodEnd'),
      sortField: 'current_period_end',
      cell: (m) => showDate(m.current_period_end, zone, lang),
    },
    { key: 'renewal', header: t('members.renewal'), cell: (m) => <RenewalMethod member={m} /> },
    {
      key: 'credits',
      header: t('members.creditsLeft'),
      align: 'right',
      cell: (m) => (m.credits_left === null ? t('tiers.unlimited') : m.credits_left),
    },
  ];

  const rowActions = (m: SubscriptionMember): RowAction[] => [
    { label: t('members.open'), ariaLabel: t('members.openLabel', { name: fullName(m) }), onClick: () => setOpen(m) },
  ];

  const exportFilters = { ...columnFiltersOf(list.params), subscription_id: String(subscription.id) };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap" align="flex-start">
          <Title order={2} size="h3" id={titleId}>
            {t('members.title')}
          </Title>
          <ExportButton type={MEMBERS_EXPORT} columnFilters={exportFilters} label={t('members.export')} />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            type="search"
            label={t('members.search')}
            value={list.inputs.search}
            onChange={(e) => list.setFilter('search', e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') list.flushFilter('search');
            }}
          />
          <Select
            label={t('members.filterStatus')}
            placeholder={t('list.all')}
            clearable
            data={MEMBERSHIP_STATUSES.map((value) => ({ value, label: t(`memberStatus.${value}`) }))}
            value={list.inputs.status || null}
            onChange={(value) => list.setFilter('status', value ?? '')}
          />
          <Select
            label={t('members.filterTier')}
            placeholder={t('list.all')}
            clearable
            data={subscription.tiers.map((tier) => ({ value: String(tier.id), label: tier.name_text }))}
            value={list.inputs.tier_id || null}
            onChange={(value) => list.setFilter('tier_id', value ?? '')}
          />
        </SimpleGrid>
        <DataTable<SubscriptionMember>
          label={t('members.title')}
          columns={columns}
          query={query}
          sort={list.params.sort}
          onSort={(field) => list.toggleSort(field as (typeof memberListConfig.sortFields)[number])}
          page={list.params.page}
          onPage={list.setPage}
          rowActions={rowActions}
          filtered={list.filtered}
          onResetFilters={list.resetFilters}
          empty={{ title: t('members.empty'), text: t('members.emptyText') }}
          minWidth={860}
        />
      </Stack>
      <Drawer
        opened={open !== null}
        onClose={() => setOpen(null)}
        position="right"
        size="lg"
        title={open ? fullName(open) : ''}
        closeButtonProps={{ 'aria-label': t('members.close') }}
      >
        {open && <MemberDetail sid={subscription.id} member={open} tier={tierOf(open)} />}
      </Drawer>
    </Paper>
  );
}
