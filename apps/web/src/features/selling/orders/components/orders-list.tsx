import type { OrderBulkAction, OrderBulkReply } from '@bookla/shared/orders-admin';
import type { Order } from '@bookla/shared/selling';
import { Anchor, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataColumn, type RowAction } from '../../../../components/data-table/data-table';
import { confirm } from '../../../../lib/confirm';
import { formatMoney } from '../../../../lib/format';
import { useLang } from '../../../../lib/language';
import { columnFiltersOf } from '../../../../lib/list/list-params';
import { useListParams } from '../../../../lib/list/use-list-params';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { showDateTime, useTeamZone } from '../../../catalogue/timetable';
import { ExportButton } from '../../../operations/exports';
import { exportUrl, orderListConfig, useBulkOrders, useOrderList } from '../api/orders-api';
import { paymentTypeLabel } from '../order-status';
import { OrderFilters } from './order-filters';
import { PaymentStatusBadge } from './payment-status-badge';

/** "Morning yoga – Adult" and "+2 more" when the order has more lines. */
function itemsSummary(o: Order, more: (count: number) => string): string {
  const [first, ...rest] = o.order_items;
  if (!first) return o.options.map((p) => p.name).join(', ') || '–';
  const head = `${first.quantity} × ${first.name}`;
  return rest.length ? `${head} ${more(rest.length)}` : head;
}

/**
 * `/backend/orders`: the company's orders, paged, sorted and filtered on the server (page, sort
 * and filters in the address; spec §9: 10 per page, newest first), with the payment status in the
 * spec's labels and colours. Orders can be selected across pages for the mass actions: mark paid,
 * send the confirmation again, export the selection as CSV.
 */
export function OrdersList() {
  const { t } = useTranslation('orders');
  const lang = useLang();
  const zone = useTeamZone();
  const list = useListParams(orderListConfig);
  const query = useOrderList(list.params);
  const noOrdersYet = !list.filtered && list.params.page === 1 && query.data?.meta.total === 0;
  const bulk = useBulkOrders();
  const [selected, setSelected] = useState<number[]>([]);
  // Numbers of the orders selected, so results name the order (the selection spans pages).
  const numbers = useRef(new Map<number, number>());
  const select = (ids: number[]) => {
    for (const o of query.data?.data ?? []) numbers.current.set(o.id, o.number);
    setSelected(ids);
  };
  const label = (id: number) => `#${numbers.current.get(id) ?? id}`;
  const editPath = (o: Pick<Order, 'id'>) => `/${lang}/backend/orders/edit/${o.id}`;

  const runBulk = async (action: OrderBulkAction) => {
    const count = selected.length;
    const key = action === 'mark-paid' ? 'markPaid' : 'resend';
    const ok = await confirm({
      title: t(`list.bulk.${key}Title`, { count }),
      message: t(`list.bulk.${key}Text`, { count }),
      confirmLabel: t(`list.bulk.${key}`),
    });
    if (!ok) return;
    let reply: OrderBulkReply;
    try {
      reply = await bulk.mutateAsync({ action, ids: selected });
    } catch (error) {
      notifyError(error);
      return;
    }
    const failed = reply.results.filter((r) => !r.ok);
    if (!failed.length) notifySuccess(reply.message);
    else
      notifications.show({
        color: 'orange',
        title: reply.message,
        autoClose: false,
        message: (
          <List size="sm" spacing={2}>
            {failed.map((r) => (
              <List.Item key={r.id}>
                {label(r.id)}: {r.message}
              </List.Item>
            ))}
          </List>
        ),
      });
    // What could not be done stays selected, to look at or try again.
    setSelected(failed.map((r) => r.id));
  };

  const columns: DataColumn<Order>[] = [
    {
      key: 'number',
      header: t('list.columns.number'),
      sortField: 'number',
      narrow: 'title',
      cell: (o) => (
        <Anchor component={Link} to={editPath(o)} fw={600}>
          #{o.number}
        </Anchor>
      ),
    },
    { key: 'date', header: t('list.columns.date'), sortField: 'created_at', cell: (o) => showDateTime(o.created_at, zone, lang) },
    {
      key: 'customer',
      header: t('list.columns.customer'),
      sortField: 'lastname',
      cell: (o) => (
        <Stack gap={0}>
          <Text size="sm">{`${o.firstname} ${o.lastname}`.trim()}</Text>
          {o.company && (
            <Text size="xs" c="dimmed">
              {o.company}
            </Text>
          )}
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {o.email}
          </Text>
        </Stack>
      ),
    },
    { key: 'items', header: t('list.columns.items'), cell: (o) => itemsSummary(o, (count) => t('list.more', { count })) },
    {
      key: 'total',
      header: t('list.columns.total'),
      sortField: 'total',
      align: 'right',
      cell: (o) => formatMoney(o.total, o.currency, lang),
    },
    {
      key: 'status',
      header: t('list.columns.status'),
      sortField: 'payment_status',
      cell: (o) => <PaymentStatusBadge status={o.payment_status} paidAt={o.paid_at} />,
    },
    {
      key: 'type',
      header: t('list.columns.type'),
      sortField: 'payment_type',
      cell: (o) => paymentTypeLabel(t, o.payment_type),
    },
  ];

  const rowActions = (o: Order): RowAction[] => [
    { label: t('list.open'), ariaLabel: t('list.openLabel', { number: o.number }), to: editPath(o) },
  ];

  return (
    <Stack gap="md">
      {/* Before the first order there is nothing to filter or export: only the empty list's text. */}
      {!noOrdersYet && (
        <>
          <OrderFilters list={list} />
          {/* The filtered orders (or the selected ones) as CSV or Excel; large exports run as a job. */}
          <Group justify="flex-end">
            <ExportButton type="orders" columnFilters={columnFiltersOf(list.params)} ids={selected.length > 0 ? selected : undefined} />
          </Group>
        </>
      )}
      {selected.length > 0 && (
        <Paper withBorder p="sm" role="region" aria-label={t('list.bulk.region')}>
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm" fw={500} aria-live="polite">
              {t('list.bulk.selected', { count: selected.length })}
            </Text>
            <Group gap="xs" wrap="wrap">
              <Button
                size="xs"
                onClick={() => void runBulk('mark-paid')}
                loading={bulk.isPending && bulk.variables?.action === 'mark-paid'}
              >
                {t('list.bulk.markPaid')}
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() => void runBulk('resend')}
                loading={bulk.isPending && bulk.variables?.action === 'resend'}
              >
                {t('list.bulk.resend')}
              </Button>
              <Button size="xs" variant="default" component="a" href={exportUrl(selected, lang)} download>
                {t('list.bulk.export')}
              </Button>
              <Button size="xs" variant="subtle" onClick={() => setSelected([])}>
                {t('list.bulk.clear')}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
      <DataTable<Order>
        label={t('list.title')}
        columns={columns}
        query={query}
        sort={list.params.sort}
        onSort={(field) => list.toggleSort(field as (typeof orderListConfig.sortFields)[number])}
        page={list.params.page}
        onPage={list.setPage}
        selection={{
          ids: selected,
          onChange: select,
          allLabel: t('list.selectAll'),
          rowLabel: (o) => t('list.selectRow', { number: o.number }),
        }}
        rowActions={rowActions}
        filtered={list.filtered}
        onResetFilters={list.resetFilters}
        empty={{ title: t('list.empty'), text: t('list.emptyText') }}
        minWidth={900}
      />
    </Stack>
  );
}
