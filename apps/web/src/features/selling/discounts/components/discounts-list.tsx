import type { Discount } from '@bookla/shared/selling';
import { Anchor, Badge, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataColumn, type RowAction } from '../../../../components/data-table/data-table';
import { confirm } from '../../../../lib/confirm';
import { formatMoney, formatPercent } from '../../../../lib/format';
import { useLang } from '../../../../lib/language';
import { useListParams } from '../../../../lib/list/use-list-params';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { showDateTime, useTeamZone } from '../../../catalogue/timetable';
import { discountListConfig, useDeleteDiscount, useDiscountList } from '../api/discounts-api';

/** "10.5%" or "CHF 20.00", as the team's currency and the UI language write them. */
export function formatDiscountValue(d: Pick<Discount, 'type' | 'value' | 'currency'>, lang: ReturnType<typeof useLang>): string {
  return d.type === 'percent' ? formatPercent(d.value / 100, lang) : formatMoney(d.value, d.currency, lang);
}

type Status = 'active' | 'inactive' | 'scheduled' | 'expired' | 'usedUp';

/** What a buyer would meet now: inactive, not yet valid, expired, used up, or active. */
export function discountStatus(d: Discount, now = Date.now()): Status {
  if (!d.active) return 'inactive';
  if (d.valid_until && Date.parse(d.valid_until) <= now) return 'expired';
  if (d.max_uses !== null && d.used_count >= d.max_uses) return 'usedUp';
  if (d.valid_from && Date.parse(d.valid_from) > now) return 'scheduled';
  return 'active';
}

const STATUS_COLOR: Record<Status, string> = { active: 'green', inactive: 'gray', scheduled: 'blue', expired: 'orange', usedUp: 'orange' };

/**
 * `/backend/discounts`: the company's discount codes, paged, sorted and filtered on the server
 * (page, sort and filters in the address), with their value, validity, uses and revenue; each
 * code links to its form, and a confirmed delete (a used code is refused by the server: 409).
 */
export function DiscountsList() {
  const { t } = useTranslation('discounts');
  const lang = useLang();
  const zone = useTeamZone();
  const list = useListParams(discountListConfig);
  const query = useDiscountList(list.params);
  const remove = useDeleteDiscount();
  const createPath = `/${lang}/backend/discount/create`;
  const editPath = (d: Discount) => `/${lang}/backend/discount/edit/${d.id}`;

  const onDelete = async (d: Discount) => {
    const ok = await confirm({
      title: t('list.deleteTitle'),
      message: t('list.deleteText', { code: d.code }),
      confirmLabel: t('list.delete'),
      danger: true,
    });
    if (!ok) return;
    try {
      const reply = await remove.mutateAsync(d.id);
      notifySuccess(reply.message || t('list.deleted', { code: d.code }));
    } catch (error) {
      notifyError(error);
    }
  };

  const validity = (d: Discount) => {
    const from = d.valid_from ? showDateTime(d.valid_from, zone, lang) : null;
    const until = d.valid_until ? showDateTime(d.valid_until, zone, lang) : null;
    if (from && until) return t('list.range', { from, until });
    if (from) return t('list.from', { date: from });
    if (until) return t('list.until', { date: until });
    return t('list.always');
  };

  const columns: DataColumn<Discount>[] = [
    {
      key: 'code',
      header: t('list.code'),
      sortField: 'code',
      narrow: 'title',
      cell: (d) => (
        <Anchor component={Link} to={editPath(d)} fw={500} ff="monospace">
          {d.code}
        </Anchor>
      ),
    },
    { key: 'name', header: t('list.name'), sortField: 'name', cell: (d) => d.name ?? '–' },
    { key: 'value', header: t('list.value'), cell: (d) => formatDiscountValue(d, lang) },
    { key: 'validity', header: t('list.validity'), sortField: 'valid_until', cell: validity },
    {
      key: 'uses',
      header: t('list.uses'),
      sortField: 'used_count',
      align: 'right',
      cell: (d) => (d.max_uses === null ? t('list.usesUnlimited', { used: d.used_count }) : `${d.used_count} / ${d.max_uses}`),
    },
    { key: 'revenue', header: t('list.revenue'), align: 'right', cell: (d) => formatMoney(d.revenue, d.currency, lang) },
    {
      key: 'status',
      header: t('list.status'),
      sortField: 'active',
      cell: (d) => {
        const status = discountStatus(d);
        return (
          <Badge color={STATUS_COLOR[status]} variant="light">
            {t(`status.${status}`)}
          </Badge>
        );
      },
    },
  ];

  const rowActions = (d: Discount): RowAction[] => [
    { label: t('list.edit'), ariaLabel: t('list.editLabel', { code: d.code }), to: editPath(d) },
    { label: t('list.delete'), ariaLabel: t('list.deleteLabel', { code: d.code }), danger: true, onClick: () => void onDelete(d) },
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
            value={list.inputs.code}
            onChange={(e) => list.setFilter('code', e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') list.flushFilter('code');
            }}
          />
          <Select
            label={t('list.filterStatus')}
            placeholder={t('list.all')}
            clearable
            data={[
              { value: '1', label: t('status.active') },
              { value: '0', label: t('status.inactive') },
            ]}
            value={list.inputs.active || null}
            onChange={(value) => list.setFilter('active', value ?? '')}
          />
        </SimpleGrid>
        {createButton}
      </Group>
      <DataTable<Discount>
        label={t('list.title')}
        columns={columns}
        query={query}
        sort={list.params.sort}
        onSort={(field) => list.toggleSort(field as (typeof discountListConfig.sortFields)[number])}
        page={list.params.page}
        onPage={list.setPage}
        rowActions={rowActions}
        filtered={list.filtered}
        onResetFilters={list.resetFilters}
        empty={{ title: t('list.empty'), text: t('list.emptyText'), action: createButton }}
        minWidth={860}
      />
      <Text size="xs" c="dimmed">
        {t('list.revenueHint')}
      </Text>
    </Stack>
  );
}
