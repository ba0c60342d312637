import { STATISTICS_MAX_DAYS } from '@bookla/shared/statistics-limits';
import { Alert, Button, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppState } from '../../../../lib/app-state';
import { formatDate, formatMoney } from '../../../../lib/format';
import { useLang } from '../../../../lib/language';
import { useTeamZone } from '../../../../lib/team-zone';
import { useSalesStatistics } from '../api/statistics-api';
import { FigureChart, type ChartRow } from './figure-chart';
import { formatCount, periodLabel, todayIn } from './figures';

// The date pickers (Mantine dates, the form helpers) load with the dashboard's charts, after its
// first paint (issue 21 item 6).
const RangeFields = lazy(async () => ({ default: (await import('./range-fields')).RangeFields }));

/** Spec §9: date filters fire after 0.5 s. */
export const DATE_FILTER_DELAY_MS = 500;

/**
 * The dashboard's sales chart and orders chart (spec §2) with their from/to filter; default range
 * start of the month to today (spec §9), at most a year (the server's limit for daily figures).
 */
export function SalesCharts() {
  const { t } = useTranslation('backend');
  const { t: ts } = useTranslation('statistics');
  const lang = useLang();
  const currency = useAppState().team?.currency ?? 'CHF';
  const zone = useTeamZone();
  // Spec §9: start of the month to today, in the company's time zone (the days the server counts in).
  const [{ from, to }, setRange] = useState(() => {
    const today = todayIn(zone);
    return { from: `${today.slice(0, 8)}01`, to: today };
  });
  const [debounced] = useDebouncedValue(`${from}|${to}`, DATE_FILTER_DELAY_MS);
  const [qFrom = '', qTo = ''] = debounced.split('|');
  const { data, isPending, isError, isFetching, refetch } = useSalesStatistics(qFrom, qTo);

  const days = data ? Object.keys(data.order_count) : [];
  const row = (day: string, values: Record<string, number>): ChartRow => ({ key: day, label: periodLabel(day, 'day', lang), values });
  const sales = days.map((d) => row(d, { sales: data?.sales[d] ?? 0, sales_all: data?.sales_all[d] ?? 0 }));
  const orders = days.map((d) => row(d, { orders: data?.order_count[d] ?? 0 }));
  const money = (v: number) => formatMoney(v, currency, lang);
  const count = (v: number) => formatCount(v, lang);
  const total = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const span = { from: formatDate(qFrom, lang), to: formatDate(qTo, lang) };

  return (
    <Stack gap="md">
      <Suspense fallback={<Skeleton h={60} maw={420} />}>
        <RangeFields
          from={from}
          to={to}
          maxDays={STATISTICS_MAX_DAYS.day}
          labels={{ from: t('dashboard.charts.from'), to: t('dashboard.charts.to') }}
          onChange={(r) => setRange(r)}
        />
      </Suspense>
      {isError && (
        <Alert color="red" variant="light" role="alert" title={ts('charts.loadError')}>
          <Button size="compact-sm" variant="default" loading={isFetching} onClick={() => void refetch()}>
            {ts('retry')}
          </Button>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <FigureChart
          title={t('dashboard.charts.sales')}
          rows={sales}
          series={[
            { name: 'sales', label: ts('charts.sales'), color: 'teal.7' },
            { name: 'sales_all', label: ts('charts.salesAll'), color: 'gray.5' },
          ]}
          format={money}
          periodHeader={ts('charts.date')}
          loading={isPending && !isError}
          summary={ts('charts.salesSummary', {
            ...span,
            sales: money(total(sales.map((r) => r.values.sales ?? 0))),
            booked: money(total(sales.map((r) => r.values.sales_all ?? 0))),
          })}
        />
        <FigureChart
          title={t('dashboard.charts.orders')}
          rows={orders}
          series={[{ name: 'orders', label: ts('charts.orders'), color: 'blue.7' }]}
          format={count}
          periodHeader={ts('charts.date')}
          loading={isPending && !isError}
          summary={ts('charts.ordersSummary', { ...span, count: total(orders.map((r) => r.values.orders ?? 0)) })}
        />
      </SimpleGrid>
    </Stack>
  );
}
