import { STATISTICS_INTERVALS, STATISTICS_MAX_DAYS, type StatisticsInterval, type StatisticsTotals } from '@bookla/shared/statistics';
import { Alert, Anchor, Button, Paper, SegmentedControl, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../../lib/api-client';
import { formatDate, formatMoney } from '../../../../lib/format';
import { useLang } from '../../../../lib/language';
import { useTeamZone } from '../../../catalogue/timetable';
import { statisticsExportUrl, useStatisticsReport } from '../api/statistics-api';
import { BreakdownTables } from './breakdown-tables';
import { FigureChart, type ChartRow } from './figure-chart';
import { formatCount, periodLabel, todayIn } from './figures';
import { RangeFields } from './range-fields';
import { DATE_FILTER_DELAY_MS } from './sales-charts';

const MONEY_TOTALS = ['sales', 'sales_all', 'refunds', 'discounts', 'platform_fees', 'average_order'] as const;
const COUNT_TOTALS = ['orders', 'participants', 'products_sold'] as const;

/**
 * `/backend/statistics`: a range (default this month) in days, weeks or months; totals; sales and
 * orders over time; per activity, ticket, payment type and discount code; platform fees; each
 * table as CSV. What counts is said on the page (paid and free orders; money after refunds).
 */
export function StatisticsReport() {
  const { t } = useTranslation('statistics');
  const lang = useLang();
  const zone = useTeamZone();
  const [range, setRange] = useState(() => {
    const today = todayIn(zone);
    return { from: `${today.slice(0, 8)}01`, to: today };
  });
  const [interval, setBucket] = useState<StatisticsInterval>('day');
  const [debounced] = useDebouncedValue(`${range.from}|${range.to}`, DATE_FILTER_DELAY_MS);
  const [from = '', to = ''] = debounced.split('|');
  const params = { from, to, interval };
  const { data, error, isPending, isError, isFetching, refetch } = useStatisticsReport(params, lang);
  const maxDays = STATISTICS_MAX_DAYS[interval];

  const changeInterval = (next: StatisticsInterval) => {
    setBucket(next);
    // A range too long for the finer buckets shrinks to the longest allowed, ending on the same day.
    const limit = STATISTICS_MAX_DAYS[next];
    if (dayjs(range.to).diff(dayjs(range.from), 'day') + 1 > limit)
      setRange({
        from: dayjs(range.to)
          .subtract(limit - 1, 'day')
          .format('YYYY-MM-DD'),
        to: range.to,
      });
  };

  const money = (v: number) => formatMoney(v, data?.currency ?? 'CHF', lang);
  const count = (v: number) => formatCount(v, lang);
  const rows = (pick: (p: NonNullable<typeof data>['series'][number]) => Record<string, number>): ChartRow[] =>
    (data?.series ?? []).map((p) => ({ key: p.period, label: periodLabel(p.period, interval, lang), values: pick(p) }));
  const span = { from: formatDate(from, lang), to: formatDate(to, lang) };
  const totals: StatisticsTotals | undefined = data?.totals;

  return (
    <Stack gap="lg">
      <RangeFields
        from={range.from}
        to={range.to}
        maxDays={maxDays}
        labels={{ from: t('page.from'), to: t('page.to') }}
        onChange={setRange}
      >
        <Stack gap={4}>
          <Text size="sm" fw={500} id="statistics-interval">
            {t('page.interval')}
          </Text>
          <SegmentedControl
            aria-labelledby="statistics-interval"
            value={interval}
            onChange={(v) => changeInterval(v as StatisticsInterval)}
            data={STATISTICS_INTERVALS.map((value) => ({ value, label: t(`page.intervals.${value}`) }))}
          />
        </Stack>
        {data && (
          <Anchor href={statisticsExportUrl(params, 'series', lang)} download size="sm" mb={8}>
            {t('page.export')}
          </Anchor>
        )}
      </RangeFields>

      {isError && (
        <Alert color="red" variant="light" role="alert" title={apiErrorMessage(error) ?? t('page.loadError')}>
          <Button size="compact-sm" variant="default" loading={isFetching} onClick={() => void refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      )}

      <section aria-label={t('page.totalsTitle')} aria-busy={isPending}>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
          {[...COUNT_TOTALS, ...MONEY_TOTALS].map((key) => (
            <Paper key={key} withBorder p="sm">
              <Text size="xs" c="dimmed" component="h2" m={0} fw={400}>
                {t(`page.totals.${key}`)}
              </Text>
              {totals ? (
                <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
                  {(COUNT_TOTALS as readonly string[]).includes(key) ? count(totals[key]) : money(totals[key])}
                </Text>
              ) : (
                <Skeleton h={24} mt={4} w="60%" />
              )}
            </Paper>
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt="xs">
          {t('page.definitions')}
        </Text>
      </section>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <FigureChart
          title={t('page.salesChart')}
          rows={rows((p) => ({ sales: p.sales, sales_all: p.sales_all }))}
          series={[
            { name: 'sales', label: t('charts.sales'), color: 'teal.7' },
            { name: 'sales_all', label: t('charts.salesAll'), color: 'gray.5' },
          ]}
          format={money}
          periodHeader={t('page.columns.period')}
          loading={!data && !isError}
          summary={t('charts.salesSummary', { ...span, sales: money(totals?.sales ?? 0), booked: money(totals?.sales_all ?? 0) })}
        />
        <FigureChart
          title={t('page.ordersChart')}
          rows={rows((p) => ({ orders: p.orders, participants: p.participants }))}
          series={[
            { name: 'orders', label: t('charts.orders'), color: 'blue.7' },
            { name: 'participants', label: t('charts.participants'), color: 'grape.6' },
          ]}
          format={count}
          periodHeader={t('page.columns.period')}
          loading={!data && !isError}
          summary={t('charts.ordersSummary', { ...span, count: totals?.orders ?? 0 })}
        />
        <FigureChart
          title={t('page.feesChart')}
          rows={rows((p) => ({ platform_fees: p.platform_fees, refunds: p.refunds, discounts: p.discounts }))}
          series={[
            { name: 'platform_fees', label: t('page.totals.platform_fees'), color: 'orange.7' },
            { name: 'refunds', label: t('page.totals.refunds'), color: 'red.7' },
            { name: 'discounts', label: t('page.totals.discounts'), color: 'cyan.7' },
          ]}
          format={money}
          periodHeader={t('page.columns.period')}
          loading={!data && !isError}
          summary={t('charts.feesSummary', { ...span, fees: money(totals?.platform_fees ?? 0) })}
        />
      </SimpleGrid>

      {data && <BreakdownTables report={data} csvUrl={(table) => statisticsExportUrl(params, table, lang)} />}
      {isPending && !isError && <Text c="dimmed">{t('page.loading')}</Text>}
    </Stack>
  );
}
