import '@mantine/charts/styles.css';
import type { AdditionalSale, AdditionalSalesTotal } from '@bookla/shared/customers';
import { BarChart } from '@mantine/charts';
import { Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../../components/data-table/data-table';
import { DateField } from '../../../../components/form/date-fields';
import { formatMoney } from '../../../../lib/format';
import { useLang } from '../../../../lib/language';
import { columnFiltersOf } from '../../../../lib/list/list-params';
import { useListParams } from '../../../../lib/list/use-list-params';
import { ExportButton } from '../../exports';
import { additionalSalesListConfig, useAdditionalSales, useParticipantFilters } from '../api/customers-api';

/** At most this many bars: the products that brought in most on this page. */
const CHART_BARS = 10;

/**
 * `/backend/orders/additional_sales`: the products sold with paid orders, per product and
 * activity, for a period; sorted and paged on the server, with the sums over every row of the
 * filtered list (not only this page), a chart of the revenue per product, and the export.
 */
export function AdditionalSalesList() {
  const { t } = useTranslation('customers');
  const lang = useLang();
  const list = useListParams(additionalSalesListConfig);
  const query = useAdditionalSales(list.params);
  const activities = useParticipantFilters('');
  const { inputs, setFilter } = list;
  const money = (amount: number, currency: string) => formatMoney(amount, currency, lang);
  const rows = query.data?.data ?? [];
  const totals = query.data?.totals ?? [];

  const columns: DataColumn<AdditionalSale>[] = [
    {
      key: 'product',
      header: t('sales.product'),
      sortField: 'product_name',
      narrow: 'title',
      cell: (r) => <Text fw={500}>{r.product_name}</Text>,
    },
    { key: 'activity', header: t('sales.activity'), sortField: 'activity_name', cell: (r) => r.activity_name ?? '–' },
    { key: 'quantity', header: t('sales.quantity'), sortField: 'quantity', align: 'right', cell: (r) => r.quantity },
    { key: 'orders', header: t('sales.orders'), align: 'right', cell: (r) => r.order_count },
    { key: 'revenue', header: t('sales.revenue'), sortField: 'revenue', align: 'right', cell: (r) => money(r.revenue, r.currency) },
    { key: 'tax', header: t('sales.tax'), sortField: 'tax', align: 'right', cell: (r) => money(r.tax, r.currency) },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" style={{ flex: '1 1 480px' }}>
          <DateField label={t('filters.from')} value={inputs.from} onChange={(v) => setFilter('from', v)} />
          <DateField label={t('filters.to')} value={inputs.to} onChange={(v) => setFilter('to', v)} />
          <Select
            label={t('filters.activity')}
            placeholder={t('filters.all')}
            clearable
            searchable
            data={(activities.data?.activities ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
            value={inputs.activity_id || null}
            onChange={(value) => setFilter('activity_id', value ?? '')}
          />
          <TextInput
            type="search"
            label={t('filters.product')}
            value={inputs.search}
            onChange={(e) => setFilter('search', e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') list.flushFilter('search');
            }}
          />
        </SimpleGrid>
        <ExportButton type="additional_sales" columnFilters={columnFiltersOf(list.params)} />
      </Group>
      <DataTable<AdditionalSale>
        label={t('sales.title')}
        columns={columns}
        query={query}
        sort={list.params.sort}
        onSort={(field) => list.toggleSort(field as (typeof additionalSalesListConfig.sortFields)[number])}
        page={list.params.page}
        onPage={list.setPage}
        filtered={list.filtered}
        onResetFilters={list.resetFilters}
        empty={{ title: t('sales.empty'), text: t('sales.emptyText') }}
        minWidth={760}
      />
      {totals.length > 0 && <SalesTotals totals={totals} />}
      {rows.length > 1 && <RevenueChart rows={rows} />}
      <Text size="xs" c="dimmed">
        {t('sales.hint')}
      </Text>
    </Stack>
  );
}

/** The sums of the whole filtered list, one line per currency. */
function SalesTotals({ totals }: { totals: AdditionalSalesTotal[] }) {
  const { t } = useTranslation('customers');
  const lang = useLang();
  return (
    <Paper withBorder p="sm" radius="md">
      <Table aria-label={t('sales.totals')} verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('sales.totals')}</Table.Th>
            <Table.Th ta="right">{t('sales.quantity')}</Table.Th>
            <Table.Th ta="right">{t('sales.revenue')}</Table.Th>
            <Table.Th ta="right">{t('sales.tax')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {totals.map((total) => (
            <Table.Tr key={total.currency} data-testid="sales-total">
              <Table.Td>{total.currency}</Table.Td>
              <Table.Td ta="right">{total.quantity}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {formatMoney(total.revenue, total.currency, lang)}
              </Table.Td>
              <Table.Td ta="right">{formatMoney(total.tax, total.currency, lang)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** Revenue per product of this page, highest first: for comparing products at a glance (the table has the exact numbers). */
function RevenueChart({ rows }: { rows: AdditionalSale[] }) {
  const { t } = useTranslation('customers');
  const lang = useLang();
  const id = useId();
  const top = [...rows].sort((a, b) => b.revenue - a.revenue).slice(0, CHART_BARS);
  const currency = top[0]?.currency ?? 'CHF';
  const data = top.map((r) => ({ label: r.activity_name ? `${r.product_name} (${r.activity_name})` : r.product_name, revenue: r.revenue }));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`${id}-title`}>
      <Title order={2} size="h4" id={`${id}-title`} mb="sm">
        {t('sales.chartTitle')}
      </Title>
      <div role="img" aria-label={t('sales.chartSummary', { count: top.length })}>
        <BarChart
          h={Math.max(160, top.length * 32)}
          data={data}
          dataKey="label"
          orientation="vertical"
          series={[{ name: 'revenue', label: t('sales.revenue'), color: 'blue.6' }]}
          valueFormatter={(value) => formatMoney(value, currency, lang)}
          yAxisProps={{ width: 160 }}
          gridAxis="x"
        />
      </div>
    </Paper>
  );
}
