import { Box, Button, Group, Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { yAxisTicks } from './chart-scale';

// The charts library (recharts, ~130 KB gzip) loads with the first chart shown, not with the
// screen: the dashboard's first paint does without it (issue 21 item 6).
const FigureBars = lazy(() => import('./figure-bars'));

export interface ChartSeries {
  /** The value's key in each row (fixed names, never input). */
  name: string;
  label: string;
  color: string;
}

export interface ChartRow {
  /** The bucket's first day, `YYYY-MM-DD`. */
  key: string;
  /** What the x-axis and the table show for it. */
  label: string;
  values: Record<string, number>;
}

export interface FigureChartProps {
  title: string;
  rows: ChartRow[];
  series: ChartSeries[];
  /** Tooltips and the table (money with its currency, counts as counts). */
  format: (value: number) => string;
  /** One sentence for screen readers: what the chart shows in total. */
  summary: string;
  periodHeader: string;
  loading?: boolean;
}

/**
 * Which colour is which series: in the page's flow under the chart, so that long names (in
 * German or French) wrap on a phone instead of running out of the chart's fixed height.
 */
function ChartLegend({ series }: { series: ChartSeries[] }) {
  return (
    <Group
      component="ul"
      gap="xs"
      justify="center"
      wrap="wrap"
      mt="xs"
      p={0}
      style={{ listStyle: 'none', columnGap: 'var(--mantine-spacing-md)' }}
    >
      {series.map((s) => (
        <Group component="li" key={s.name} gap={6} wrap="nowrap" maw="100%">
          <Box
            aria-hidden
            w={12}
            h={12}
            style={{ flex: 'none', borderRadius: 2, background: `var(--mantine-color-${s.color.replace('.', '-')})` }}
          />
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {s.label}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

/**
 * A bar chart of figures per period (Mantine charts), for numbers people compare, with the same
 * numbers as a table one click away (keyboard and screen-reader users, exact values). The
 * y-axis goes in steps of 10 (spec §9; see chart-scale.ts).
 */
export function FigureChart({ title, rows, series, format, summary, periodHeader, loading }: FigureChartProps) {
  const { t } = useTranslation('statistics');
  const id = useId();
  const [table, setTable] = useState(false);
  const max = Math.max(0, ...rows.flatMap((r) => series.map((s) => r.values[s.name] ?? 0)));
  const ticks = yAxisTicks(max);
  const data = rows.map((r) => ({ label: r.label, ...r.values }));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`${id}-title`}>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} size="h4" id={`${id}-title`}>
          {title}
        </Title>
        <Button variant="subtle" size="compact-sm" aria-expanded={table} aria-controls={`${id}-table`} onClick={() => setTable((v) => !v)}>
          {table ? t('charts.hideTable') : t('charts.showTable')}
        </Button>
      </Group>
      {loading ? (
        <Skeleton h={240} />
      ) : (
        <div role="img" aria-label={summary}>
          <Suspense fallback={<Skeleton h={240} />}>
            <FigureBars data={data} series={series} format={format} ticks={ticks} />
          </Suspense>
        </div>
      )}
      {series.length > 1 && <ChartLegend series={series} />}
      {table && (
        // The browser's own scrolling: Mantine's ScrollArea would bring floating-ui into the dashboard (issue 21 item 6).
        <Box mt="sm" id={`${id}-table`} style={{ overflowX: 'auto' }}>
          <Table striped withTableBorder fz="sm" miw={280}>
            <Table.Caption>{title}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{periodHeader}</Table.Th>
                {series.map((s) => (
                  <Table.Th key={s.name} scope="col" ta="right">
                    {s.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.key}>
                  <Table.Th scope="row" fw={400}>
                    {r.label}
                  </Table.Th>
                  {series.map((s) => (
                    <Table.Td key={s.name} ta="right">
                      {format(r.values[s.name] ?? 0)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {!rows.length && (
            <Text size="sm" c="dimmed">
              {t('charts.empty')}
            </Text>
          )}
        </Box>
      )}
    </Paper>
  );
}
