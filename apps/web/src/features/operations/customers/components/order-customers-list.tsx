import type { CustomerOrder, OrderCustomer } from '@bookla/shared/customers';
import { Anchor, Button, Drawer, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataColumn, type RowAction } from '../../../../components/data-table/data-table';
import { formatMoney } from '../../../../lib/format';
import { useLang } from '../../../../lib/language';
import { useListParams } from '../../../../lib/list/use-list-params';
import { showDate, showDateTime, useTeamZone } from '../../../catalogue/timetable';
import { useHasPermission } from '../../../permissions';
import { PaymentStatusBadge } from '../../../selling/orders';
import { orderCustomerListConfig, useCustomerOrders, useOrderCustomers } from '../api/customers-api';

/**
 * `/backend/customers/order`: the people who ordered, one per e-mail address (any case), with how
 * many orders they placed and paid, what they paid and their latest order. "Orders" opens their
 * orders (newest first), each linking to its page, and the orders list filtered by the address.
 */
export function OrderCustomersList() {
  const { t } = useTranslation('customers');
  const lang = useLang();
  const zone = useTeamZone();
  const list = useListParams(orderCustomerListConfig);
  const query = useOrderCustomers(list.params);
  const [open, setOpen] = useState<OrderCustomer | null>(null);

  const columns: DataColumn<OrderCustomer>[] = [
    {
      key: 'name',
      header: t('orderCustomers.name'),
      sortField: 'lastname',
      narrow: 'title',
      cell: (c) => (
        <Stack gap={0}>
          <Text fw={500}>{`${c.firstname} ${c.lastname}`}</Text>
          {c.company && (
            <Text size="xs" c="dimmed">
              {c.company}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'email', header: t('orderCustomers.email'), sortField: 'email', cell: (c) => c.email },
    {
      key: 'orders',
      header: t('orderCustomers.orders'),
      sortField: 'order_count',
      align: 'right',
      cell: (c) => t('orderCustomers.orderCount', { count: c.order_count, paid: c.paid_order_count }),
    },
    {
      key: 'total',
      header: t('orderCustomers.totalPaid'),
      sortField: 'total_paid',
      align: 'right',
      cell: (c) => formatMoney(c.total_paid, c.currency, lang),
    },
    {
      key: 'last',
      header: t('orderCustomers.lastOrder'),
      sortField: 'last_order_at',
      cell: (c) => `${showDate(c.last_order_at, zone, lang)} · #${c.last_order_number}`,
    },
  ];

  const rowActions = (c: OrderCustomer): RowAction[] => [
    {
      label: t('orderCustomers.showOrders'),
      ariaLabel: t('orderCustomers.showOrdersOf', { name: `${c.firstname} ${c.lastname}` }),
      onClick: () => setOpen(c),
    },
  ];

  return (
    <Stack gap="md">
      <TextInput
        type="search"
        label={t('filters.search')}
        placeholder={t('filters.searchCustomers')}
        maw={420}
        value={list.inputs.search}
        onChange={(e) => list.setFilter('search', e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') list.flushFilter('search');
        }}
      />
      <DataTable<OrderCustomer>
        label={t('orderCustomers.title')}
        columns={columns}
        query={query}
        sort={list.params.sort}
        onSort={(field) => list.toggleSort(field as (typeof orderCustomerListConfig.sortFields)[number])}
        page={list.params.page}
        onPage={list.setPage}
        rowActions={rowActions}
        filtered={list.filtered}
        onResetFilters={list.resetFilters}
        empty={{ title: t('orderCustomers.empty'), text: t('orderCustomers.emptyText') }}
        minWidth={820}
      />
      <Drawer
        opened={open !== null}
        onClose={() => setOpen(null)}
        position="right"
        size="lg"
        title={open ? t('orderCustomers.ordersOf', { name: `${open.firstname} ${open.lastname}` }) : ''}
      >
        {open && <CustomerOrders customer={open} />}
      </Drawer>
    </Stack>
  );
}

/** A customer's orders, newest first, ten at a time. */
function CustomerOrders({ customer }: { customer: OrderCustomer }) {
  const { t } = useTranslation('customers');
  const lang = useLang();
  const zone = useTeamZone();
  const canSeeOrders = useHasPermission('nav.orders');
  const [page, setPage] = useState(1);
  const query = useCustomerOrders(customer.id, page);

  const columns: DataColumn<CustomerOrder>[] = [
    {
      key: 'number',
      header: t('orderCustomers.number'),
      narrow: 'title',
      cell: (o) =>
        canSeeOrders ? (
          <Anchor component={Link} to={`/${lang}/backend/orders/edit/${o.id}`} fw={500}>
            #{o.number}
          </Anchor>
        ) : (
          `#${o.number}`
        ),
    },
    { key: 'date', header: t('orderCustomers.date'), cell: (o) => showDateTime(o.created_at, zone, lang) },
    { key: 'activities', header: t('orderCustomers.activities'), cell: (o) => o.activities.join(', ') || '–' },
    { key: 'status', header: t('orderCustomers.status'), cell: (o) => <PaymentStatusBadge status={o.payment_status} paidAt={o.paid_at} /> },
    { key: 'total', header: t('orderCustomers.total'), align: 'right', cell: (o) => formatMoney(o.total, o.currency, lang) },
  ];

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {customer.email}
      </Text>
      <DataTable<CustomerOrder>
        label={t('orderCustomers.ordersOf', { name: `${customer.firstname} ${customer.lastname}` })}
        columns={columns}
        query={query}
        page={page}
        onPage={setPage}
        empty={{ title: t('orderCustomers.noOrders') }}
      />
      {canSeeOrders && (
        <Group>
          <Button component={Link} to={`/${lang}/backend/orders?email=${encodeURIComponent(customer.email)}`} variant="default">
            {t('orderCustomers.inOrderList')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
