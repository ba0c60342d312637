import { Anchor, EmptyState, Group, Paper, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import dayjs from 'dayjs';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateField } from '../../components/form/date-fields';
import { Permission } from '../../components/permission';
import { LatestActivities } from '../../features/catalogue/activities/components/latest-activities';
import { useAppState } from '../../lib/app-state';
import { useLang } from '../../lib/language';
import { PageFrame } from './page-frame';

/** A dashboard box: a titled section, optionally with a link to its full list. */
function Box({ title, link, children }: { title: string; link?: { to: string; label: string }; children: ReactNode }) {
  const id = useId();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {link && (
          <Anchor component={Link} to={link.to} size="sm">
            {link.label}
          </Anchor>
        )}
      </Group>
      {children}
    </Paper>
  );
}

const FIGURES = ['courses', 'participants', 'additionalSales', 'totalSales'] as const;

/**
 * Spec §2's statistics bar. The figures come with the statistics issue: until then each one
 * says there is nothing yet (no invented numbers).
 */
function StatisticsBar() {
  const { t } = useTranslation('backend');
  return (
    <section aria-label={t('dashboard.stats.title')}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {FIGURES.map((figure) => (
          <Paper key={figure} withBorder p="md">
            <Text size="sm" c="dimmed">
              {t(`dashboard.stats.${figure}`)}
            </Text>
            <Text size="xl" fw={700} mt={4}>
              <span aria-hidden="true">–</span>
              <VisuallyHidden>{t('dashboard.stats.noValue')}</VisuallyHidden>
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed" mt="xs">
        {t('dashboard.stats.empty')}
      </Text>
    </section>
  );
}

/** Sales and orders charts with a from/to filter (default: start of the month to today). */
function Charts() {
  const { t } = useTranslation('backend');
  const [from, setFrom] = useState(() => dayjs().startOf('month').format('YYYY-MM-DD'));
  const [to, setTo] = useState(() => dayjs().format('YYYY-MM-DD'));
  const range = (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <DateField label={t('dashboard.charts.from')} value={from} maxDate={to} onChange={setFrom} clearable={false} w={170} />
      <DateField label={t('dashboard.charts.to')} value={to} minDate={from} onChange={setTo} clearable={false} w={170} />
    </Group>
  );
  return (
    <Stack gap="md">
      {range}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Box title={t('dashboard.charts.sales')}>
          <EmptyState size="sm" title={t('dashboard.charts.emptySales')} />
        </Box>
        <Box title={t('dashboard.charts.orders')}>
          <EmptyState size="sm" title={t('dashboard.charts.emptyOrders')} />
        </Box>
      </SimpleGrid>
    </Stack>
  );
}

/** `/{lang}/backend`: the boxes of spec §2, each behind its server-checked permission. */
export function DashboardPage() {
  const { t } = useTranslation('backend');
  const lang = useLang();
  const { user } = useAppState();
  const name = typeof user?.firstname === 'string' ? user.firstname : '';
  return (
    <PageFrame title={t('dashboard.title')} intro={name ? t('dashboard.welcome', { name }) : t('dashboard.welcomeAnonymous')}>
      <Permission name="dashboard.stats">
        <StatisticsBar />
        <Charts />
      </Permission>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Permission name="nav.courses">
          <Box
            title={t('dashboard.latestCourses.title')}
            link={{ to: `/${lang}/backend/courses`, label: t('dashboard.latestCourses.all') }}
          >
            <LatestActivities />
          </Box>
        </Permission>
        <Permission name="nav.orders">
          <Box title={t('dashboard.latestOrders.title')} link={{ to: `/${lang}/backend/orders`, label: t('dashboard.latestOrders.all') }}>
            <EmptyState size="sm" title={t('dashboard.latestOrders.empty')} description={t('dashboard.latestOrders.emptyText')} />
          </Box>
        </Permission>
      </SimpleGrid>
    </PageFrame>
  );
}
