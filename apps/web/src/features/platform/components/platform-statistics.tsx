import { Alert, Box, Button, Grid, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { useLang } from '../../../lib/language';
import { usePlatformStatistics } from '../api/platform-api';
import { formatMonth } from '../month';

const SERIES = [
  { name: 'payg', color: 'var(--mantine-color-teal-7)' },
  { name: 'business', color: 'var(--mantine-color-indigo-6)' },
  { name: 'monthly', color: 'var(--mantine-color-gray-5)' },
] as const;

type Series = { name: (typeof SERIES)[number]['name']; color: string; label: string };
type Row = { key: string; label: string; values: Record<Series['name'], number> };

/**
 * One stacked bar per month (the three kinds of fees side by side), scaled to the largest month.
 * Plain boxes rather than the statistics page's chart: that chart's library and shared pieces
 * would split the chunks of the back office's first screen (its 250 kB budget).
 */
function FeesBars({ rows, series, format }: { rows: Row[]; series: Series[]; format: (v: number) => string }) {
  const sum = (r: Row) => series.reduce((a, s) => a + Math.max(0, r.values[s.name]), 0);
  const max = Math.max(0, ...rows.map(sum));
  return (
    <Stack gap={6}>
      {rows.map((r) => (
        <Group key={r.key} gap="xs" wrap="nowrap" align="center">
          <Text size="sm" w={120} style={{ flex: 'none' }}>
            {r.label}
          </Text>
          <div style={{ flex: 1, display: 'flex', height: 18, minWidth: 0 }}>
            {series.map((s) => {
              const v = Math.max(0, r.values[s.name]);
              return v > 0 && max > 0 ? (
                <div key={s.name} title={`${s.label}: ${format(v)}`} style={{ width: `${(v / max) * 100}%`, background: s.color }} />
              ) : null;
            })}
          </div>
          <Text size="sm" ta="right" w={110} style={{ flex: 'none' }}>
            {format(sum(r))}
          </Text>
        </Group>
      ))}
      <Group component="ul" gap="md" justify="center" wrap="wrap" mt="xs" p={0} style={{ listStyle: 'none' }}>
        {series.map((s) => (
          <Group component="li" key={s.name} gap={6} wrap="nowrap" maw="100%">
            <span aria-hidden style={{ flex: 'none', width: 12, height: 12, borderRadius: 2, background: s.color }} />
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {s.label}
            </Text>
          </Group>
        ))}
      </Group>
    </Stack>
  );
}

/**
 * Internal staff's figures above the invoice list: the platform's fees per month and plan as
 * bars (with the same numbers as a table, for exact values and screen readers) and how many
 * companies are on each plan.
 */
export function PlatformStatistics() {
  const { t } = useTranslation('platform');
  const lang = useLang();
  const id = useId();
  const [table, setTable] = useState(false);
  const stats = usePlatformStatistics();
  const data = stats.data;
  const money = (v: number) => formatMoney(v, data?.currency ?? 'CHF', lang);
  const rows: Row[] = (data?.months ?? []).map((m) => ({
    key: m.month,
    label: formatMonth(m.month, lang),
    values: { payg: m.fees.payg, business: m.fees.business, monthly: m.monthly },
  }));
  const series: Series[] = SERIES.map((s) => ({ ...s, label: t(`statistics.${s.name}`) }));
  const total = rows.reduce((sum, r) => sum + r.values.payg + r.values.business + r.values.monthly, 0);
  const summary = rows.length
    ? t('statistics.summary', { from: rows[0]?.label ?? '', to: rows.at(-1)?.label ?? '', total: money(total) })
    : t('statistics.empty');

  if (stats.isError)
    return (
      <Alert color="red" variant="light" role="alert" title={t('statistics.loadError')}>
        <Button size="compact-sm" variant="default" loading={stats.isFetching} onClick={() => void stats.refetch()}>
          {t('statistics.retry')}
        </Button>
      </Alert>
    );
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Paper withBorder p="md" component="section" aria-labelledby={`${id}-fees`}>
          <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
            <Title order={2} size="h4" id={`${id}-fees`}>
              {t('statistics.title')}
            </Title>
            <Button
              variant="subtle"
              size="compact-sm"
              aria-expanded={table}
              aria-controls={`${id}-table`}
              onClick={() => setTable((v) => !v)}
              disabled={!rows.length}
            >
              {table ? t('statistics.hideTable') : t('statistics.showTable')}
            </Button>
          </Group>
          {stats.isPending ? (
            <Loader size="sm" aria-label={t('statistics.title')} />
          ) : rows.length ? (
            <div role="img" aria-label={summary}>
              <FeesBars rows={rows} series={series} format={money} />
            </div>
          ) : (
            <Text c="dimmed">{summary}</Text>
          )}
          {table && (
            <Box mt="sm" id={`${id}-table`} style={{ overflowX: 'auto' }}>
              <Table striped withTableBorder fz="sm" miw={420}>
                <Table.Caption>{t('statistics.title')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('statistics.month')}</Table.Th>
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
                          {money(r.values[s.name])}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Box>
          )}
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Paper withBorder p="md" component="section" aria-labelledby={`${id}-teams`} h="100%">
          <Stack gap="sm">
            <Title order={2} size="h4" id={`${id}-teams`}>
              {t('statistics.teams')}
            </Title>
            {(['payg', 'business'] as const).map((plan) => (
              <Group key={plan} justify="space-between" wrap="nowrap">
                <Text>{t(`statistics.plan.${plan}`)}</Text>
                <Text fw={700} fz="xl" data-testid={`teams-${plan}`}>
                  {data ? new Intl.NumberFormat(`${lang}-CH`).format(data.teams[plan]) : '–'}
                </Text>
              </Group>
            ))}
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
