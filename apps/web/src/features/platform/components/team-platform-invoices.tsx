import type { TeamPlatformInvoice } from '@bookla/shared/platform';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../components/data-table/data-table';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLang } from '../../../lib/language';
import { useListParams } from '../../../lib/list/use-list-params';
import { teamInvoiceListConfig, useTeamPlatformInvoices } from '../api/platform-api';
import { formatMonth } from '../month';
import { InvoiceStatusBadge } from './invoice-badges';
import { InvoicePdfButton } from './invoice-pdf-button';

/**
 * Company settings → billing (team.manage): the platform's invoices to the company, newest month
 * first, each with its PDF; before the first one, when they come (the 1st, for the month before).
 */
export function TeamPlatformInvoices() {
  const { t } = useTranslation('platform');
  const lang = useLang();
  const id = useId();
  const list = useListParams(teamInvoiceListConfig);
  const query = useTeamPlatformInvoices(list.params);

  const columns: DataColumn<TeamPlatformInvoice>[] = [
    { key: 'month', header: t('billing.columns.month'), sortField: 'month', narrow: 'title', cell: (i) => formatMonth(i.month, lang) },
    { key: 'number', header: t('billing.columns.number'), sortField: 'number', cell: (i) => i.number },
    {
      key: 'total',
      header: t('billing.columns.total'),
      sortField: 'total',
      align: 'right',
      cell: (i) => formatMoney(i.total, i.currency, lang),
    },
    { key: 'due', header: t('billing.columns.due'), cell: (i) => formatDate(i.due_at, lang) },
    { key: 'status', header: t('billing.columns.status'), cell: (i) => <InvoiceStatusBadge status={i.status} /> },
    {
      key: 'pdf',
      header: t('billing.pdf'),
      hideHeader: true,
      cell: (i) => (
        <InvoicePdfButton href={i.pdf_url} label={t('billing.pdfLabel', { number: i.number })}>
          {t('billing.pdf')}
        </InvoicePdfButton>
      ),
    },
  ];

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`${id}-title`}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id={`${id}-title`}>
            {t('billing.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('billing.intro')}
          </Text>
        </div>
        <DataTable<TeamPlatformInvoice>
          label={t('billing.title')}
          columns={columns}
          query={query}
          sort={list.params.sort}
          onSort={(field) => list.toggleSort(field as (typeof teamInvoiceListConfig.sortFields)[number])}
          page={list.params.page}
          onPage={list.setPage}
          empty={{ title: t('billing.empty'), text: t('billing.emptyText') }}
          minWidth={640}
        />
      </Stack>
    </Paper>
  );
}
