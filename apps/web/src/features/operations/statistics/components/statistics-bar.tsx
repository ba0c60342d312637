import { Button, Group, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAppState } from '../../../../lib/app-state';
import { formatMoney } from '../../../../lib/format';
import { useLang } from '../../../../lib/language';
import { useDashboardStatistics } from '../api/statistics-api';
import { formatCount } from './figures';

/**
 * Spec §2's statistics bar: courses, participants (of paid and free orders), additional sales
 * (products sold) and total sales in the company's currency (after refunds).
 */
export function StatisticsBar() {
  const { t } = useTranslation('backend');
  const { t: ts } = useTranslation('statistics');
  const lang = useLang();
  const currency = useAppState().team?.currency ?? 'CHF';
  const { data, isPending, isError, isFetching, refetch } = useDashboardStatistics();
  const count = (n: number) => formatCount(n, lang);
  const figures = [
    { key: 'courses', label: t('dashboard.stats.courses'), value: data && count(data.course_count) },
    {
      key: 'participants',
      label: t('dashboard.stats.participants'),
      hint: t('dashboard.stats.participantsHint'),
      value: data && count(data.participant_count),
    },
    { key: 'additionalSales', label: t('dashboard.stats.additionalSales'), value: data && count(data.products_sold_count) },
    { key: 'totalSales', label: t('dashboard.stats.totalSales'), value: data && formatMoney(data.total, currency, lang) },
  ];
  return (
    <section aria-label={t('dashboard.stats.title')} aria-busy={isPending}>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        {figures.map((f) => (
          <Paper key={f.key} withBorder p="md">
            <Text size="sm" c="dimmed" component="h2" m={0} fw={400}>
              {f.label}
            </Text>
            {isPending ? (
              <Skeleton h={28} mt={6} w="70%" />
            ) : (
              <Text size="xl" fw={700} mt={4} style={{ overflowWrap: 'anywhere' }}>
                {f.value ?? '–'}
              </Text>
            )}
            {/* What the figure counts (issue 22 item 12). */}
            {'hint' in f && (
              <Text size="xs" c="dimmed" mt={2}>
                {f.hint}
              </Text>
            )}
          </Paper>
        ))}
      </SimpleGrid>
      {isError && (
        <Group gap="sm" mt="xs">
          <Text size="sm" c="red.8" role="alert">
            {ts('bar.loadError')}
          </Text>
          <Button size="compact-sm" variant="default" loading={isFetching} onClick={() => void refetch()}>
            {ts('retry')}
          </Button>
        </Group>
      )}
      {data && data.participant_count === 0 && data.total === 0 && (
        <Text size="sm" c="dimmed" mt="xs">
          {t('dashboard.stats.empty')}
        </Text>
      )}
    </section>
  );
}
