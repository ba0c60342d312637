import type { PlatformInvoice } from '@bookla/shared/platform';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../components/data-table/data-table';
import { confirm } from '../../../lib/confirm';
import { formatMoney } from '../../../lib/format';
import { useLang } from '../../../lib/language';
import { useListParams } from '../../../lib/list/use-list-params';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { platformExportUrl, platformInvoiceListConfig, usePlatformActions, usePlatformInvoices } from '../api/platform-api';
import { formatMonth } from '../month';
import { BexioStatusBadge, InvoiceStatusBadge } from './invoice-badges';
import { PlatformInvoiceFilters } from './platform-invoice-filters';
import { InvoicePdfButton } from './invoice-pdf-button';

/**
 * The platform's invoices to every company (CONTRACT §6), paged, sorted and filtered on the
 * server, with bexio's state per invoice: "Sync now" (or "Try again" after a failure), "Mark
 * paid", the PDF; "Retry all failed" and CSV/Excel files of the filtered rows above the list.
 */
export function PlatformInvoicesList() {
  const { t } = useTranslation('platform');
  const lang = useLang();
  const list = useListParams(platformInvoiceListConfig);
  const query = usePlatformInvoices(list.params);
  const { sync, syncFailed, markPaid } = usePlatformActions();

  const runSync = async (invoice: PlatformInvoice) => {
    try {
      const after = await sync.mutateAsync(invoice.id);
      if (after.bexio_status === 'failed')
        notifications.show({
          color: 'orange',
          autoClose: false,
          message: t('list.syncFailed', { number: after.number, error: after.bexio_error ?? '' }),
        });
      else notifySuccess(t('list.synced', { number: after.number }));
    } catch (error) {
      notifyError(error);
    }
  };

  const runSyncFailed = async () => {
    try {
      const { queued } = await syncFailed.mutateAsync();
      notifySuccess(t('list.queued', { count: queued }));
    } catch (error) {
      notifyError(error);
    }
  };

  const runMarkPaid = async (invoice: PlatformInvoice) => {
    const ok = await confirm({
      title: t('list.markPaidTitle', { number: invoice.number }),
      message: t('list.markPaidText', { number: invoice.number, team: invoice.team.name }),
      confirmLabel: t('list.markPaid'),
    });
    if (!ok) return;
    try {
      await markPaid.mutateAsync(invoice.id);
      notifySuccess(t('list.markedPaid', { number: invoice.number }));
    } catch (error) {
      notifyError(error);
    }
  };

  const busy = (mutation: { isPending: boolean; variables?: number }, id: number) => mutation.isPending && mutation.variables === id;

  const columns: DataColumn<PlatformInvoice>[] = [
    {
      key: 'number',
      header: t('list.columns.number'),
      sortField: 'number',
      narrow: 'title',
      cell: (i) => <Text fw={600}>{i.number}</Text>,
    },
    { key: 'team', header: t('list.columns.team'), cell: (i) => i.team.name },
    { key: 'month', header: t('list.columns.month'), sortField: 'month', cell: (i) => formatMonth(i.month, lang) },
    {
      key: 'total',
      header: t('list.columns.total'),
      sortField: 'total',
      align: 'right',
      cell: (i) => formatMoney(i.total, i.currency, lang),
    },
    { key: 'status', header: t('list.columns.status'), cell: (i) => <InvoiceStatusBadge status={i.status} /> },
    {
      key: 'bexio',
      header: t('list.columns.bexio'),
      cell: (i) => (
        <Stack gap={2} align="flex-start">
          <BexioStatusBadge status={i.bexio_status} />
          {i.bexio_id !== undefined && (
            <Text size="xs" c="dimmed">
              {t('bexioId', { id: i.bexio_id })}
            </Text>
          )}
          {i.bexio_status === 'failed' && i.bexio_error && (
            <Text size="xs" c="red.8" style={{ overflowWrap: 'anywhere' }}>
              {i.bexio_error}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'actions',
      header: t('list.columns.actions'),
      hideHeader: true,
      cell: (i) => (
        <Group gap={4} wrap="wrap">
          {i.bexio_status !== 'synced' && (
            <Button
              size="xs"
              variant="subtle"
              loading={busy(sync, i.id)}
              aria-label={t('list.syncLabel', { number: i.number })}
              onClick={() => void runSync(i)}
            >
              {i.bexio_status === 'failed' ? t('list.retry') : t('list.sync')}
            </Button>
          )}
          {i.status === 'open' && (
            <Button
              size="xs"
              variant="subtle"
              loading={busy(markPaid, i.id)}
              aria-label={t('list.markPaidLabel', { number: i.number })}
              onClick={() => void runMarkPaid(i)}
            >
              {t('list.markPaid')}
            </Button>
          )}
          <InvoicePdfButton href={i.pdf_url} label={t('list.pdfLabel', { number: i.number })}>
            {t('list.pdf')}
          </InvoicePdfButton>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <PlatformInvoiceFilters list={list} />
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Button variant="default" loading={syncFailed.isPending} onClick={() => void runSyncFailed()}>
          {t('list.retryAll')}
        </Button>
        <Group gap="xs" wrap="wrap">
          {/* The rows as filtered and sorted, all pages; the browser downloads them with the session. */}
          <Button variant="default" component="a" href={platformExportUrl(list.params, 'csv', lang)} download>
            {t('list.exportCsv')}
          </Button>
          <Button variant="default" component="a" href={platformExportUrl(list.params, 'xlsx', lang)} download>
            {t('list.exportXlsx')}
          </Button>
        </Group>
      </Group>
      <DataTable<PlatformInvoice>
        label={t('list.title')}
        columns={columns}
        query={query}
        sort={list.params.sort}
        onSort={(field) => list.toggleSort(field as (typeof platformInvoiceListConfig.sortFields)[number])}
        page={list.params.page}
        onPage={list.setPage}
        filtered={list.filtered}
        onResetFilters={list.resetFilters}
        empty={{ title: t('list.empty'), text: t('list.emptyText') }}
        minWidth={960}
      />
    </Stack>
  );
}
