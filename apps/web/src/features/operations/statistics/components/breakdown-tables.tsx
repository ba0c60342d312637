import type { StatisticsReport, StatisticsTable } from '@bookla/shared/statistics';
import { Anchor, Group, Paper, ScrollArea, Table, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../lib/format';
import { useLang } from '../../../../lib/language';
import { formatCount } from './figures';

interface Column<R> {
  header: string;
  cell: (row: R) => ReactNode;
  numeric?: boolean;
}

/** One breakdown of the statistics page: a titled table with its CSV download. */
function Breakdown<R>({
  title,
  rows,
  columns,
  rowKey,
  csvUrl,
}: {
  title: string;
  rows: R[];
  columns: Column<R>[];
  rowKey: (row: R, index: number) => string;
  csvUrl: string;
}) {
  const { t } = useTranslation('statistics');
  const id = useId();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        <Anchor href={csvUrl} download size="sm">
          {t('page.exportTable', { table: title })}
        </Anchor>
      </Group>
      {rows.length ? (
        <ScrollArea type="auto">
          <Table striped highlightOnHover fz="sm" miw={420}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th key={c.header} scope="col" ta={c.numeric ? 'right' : undefined}>
                    {c.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, i) => (
                <Table.Tr key={rowKey(row, i)}>
                  {columns.map((c) => (
                    <Table.Td key={c.header} ta={c.numeric ? 'right' : undefined}>
                      {c.cell(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      ) : (
        <Text size="sm" c="dimmed">
          {t('page.emptyTable')}
        </Text>
      )}
    </Paper>
  );
}

type PaymentTypeKey = 'free' | 'invoice' | 'stripe' | 'datatrans' | 'test' | 'manual';
const PAYMENT_TYPES: readonly string[] = ['free', 'invoice', 'stripe', 'datatrans', 'test', 'manual'];

/** Per activity, per ticket, per payment type, per discount code (statistics page). */
export function BreakdownTables({ report, csvUrl }: { report: StatisticsReport; csvUrl: (table: StatisticsTable) => string }) {
  const { t } = useTranslation('statistics');
  const lang = useLang();
  const money = (v: number) => formatMoney(v, report.currency, lang);
  const count = (v: number) => formatCount(v, lang);
  const col = {
    orders: { header: t('page.columns.orders'), numeric: true },
    participants: { header: t('page.columns.participants'), numeric: true },
    sales: { header: t('page.columns.sales'), numeric: true },
  };
  return (
    <>
      <Breakdown
        title={t('page.tables.activities')}
        rows={report.activities}
        rowKey={(r, i) => `${r.activity_id ?? 'x'}-${i}`}
        csvUrl={csvUrl('activities')}
        columns={[
          { header: t('page.columns.activity'), cell: (r) => r.name || '–' },
          { ...col.orders, cell: (r) => count(r.orders) },
          { ...col.participants, cell: (r) => count(r.participants) },
          // Paid and booked side by side (issue 22 item 12): unpaid orders still hold their seats.
          { header: t('page.columns.participantsBooked'), numeric: true, cell: (r) => count(r.participants_booked) },
          { ...col.sales, cell: (r) => money(r.sales) },
        ]}
      />
      <Breakdown
        title={t('page.tables.tickets')}
        rows={report.tickets}
        rowKey={(r, i) => `${r.ticket_id ?? 'x'}-${r.activity_id ?? 'x'}-${i}`}
        csvUrl={csvUrl('tickets')}
        columns={[
          { header: t('page.columns.ticket'), cell: (r) => r.name || '–' },
          { header: t('page.columns.activity'), cell: (r) => r.activity_name || '–' },
          { ...col.participants, cell: (r) => count(r.participants) },
          { ...col.sales, cell: (r) => money(r.sales) },
        ]}
      />
      <Breakdown
        title={t('page.tables.payment_types')}
        rows={report.payment_types}
        rowKey={(r) => r.payment_type}
        csvUrl={csvUrl('payment_types')}
        columns={[
          {
            header: t('page.columns.paymentType'),
            cell: (r) =>
              PAYMENT_TYPES.includes(r.payment_type) ? t(`page.paymentTypes.${r.payment_type as PaymentTypeKey}`) : r.payment_type,
          },
          { ...col.orders, cell: (r) => count(r.orders) },
          { ...col.sales, cell: (r) => money(r.sales) },
        ]}
      />
      <Breakdown
        title={t('page.tables.discounts')}
        rows={report.discounts}
        rowKey={(r, i) => `${r.discount_id ?? r.code}-${i}`}
        csvUrl={csvUrl('discounts')}
        columns={[
          { header: t('page.columns.code'), cell: (r) => r.code },
          { ...col.orders, cell: (r) => count(r.orders) },
          { header: t('page.columns.discountTotal'), numeric: true, cell: (r) => money(r.discount_total) },
          { ...col.sales, cell: (r) => money(r.sales) },
        ]}
      />
    </>
  );
}
