import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { useLang } from '../../../../lib/language';
import type { ChartSeries } from './figure-chart';
import { formatCount } from './figures';

export interface FigureBarsProps {
  data: Record<string, string | number>[];
  series: ChartSeries[];
  format: (value: number) => string;
  /** The y-axis ticks (chart-scale.ts); the last one is the top of the axis. */
  ticks: number[];
}

/** The bars of a FigureChart: a module of its own, so that the charts library loads with it. */
export default function FigureBars({ data, series, format, ticks }: FigureBarsProps) {
  const lang = useLang();
  return (
    <BarChart
      h={240}
      data={data}
      dataKey="label"
      series={series}
      valueFormatter={format}
      // The legend is the chart's own HTML (figure-chart.tsx): it wraps on a phone.
      withLegend={false}
      tickLine="y"
      gridAxis="y"
      yAxisProps={{
        ticks,
        domain: [0, ticks.at(-1) ?? 10],
        interval: 0,
        allowDecimals: false,
        tickFormatter: (v: number) => formatCount(v, lang),
      }}
      xAxisProps={{ minTickGap: 8 }}
      maxBarWidth={28}
    />
  );
}
