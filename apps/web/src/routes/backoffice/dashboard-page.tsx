import { Anchor, Group, Paper, SimpleGrid, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Permission } from '../../components/permission';
import { LatestActivities } from '../../features/catalogue/activities';
import { IntroChecklist, LatestOrders, SalesCharts, StatisticsBar } from '../../features/operations/statistics';
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

/**
 * `/{lang}/backend`: the boxes of spec §2, each behind its server-checked permission: the
 * statistics bar, the introduction checklist and the sales and orders charts (`dashboard.stats`),
 * the latest activities (`nav.courses`) and the latest orders (`nav.orders`).
 */
export function DashboardPage() {
  const { t } = useTranslation('backend');
  const lang = useLang();
  const { user } = useAppState();
  const name = typeof user?.firstname === 'string' ? user.firstname : '';
  return (
    <PageFrame title={t('dashboard.title')} intro={name ? t('dashboard.welcome', { name }) : t('dashboard.welcomeAnonymous')}>
      <Permission name="dashboard.stats">
        <StatisticsBar />
        <IntroChecklist />
        <SalesCharts />
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
            <LatestOrders />
          </Box>
        </Permission>
      </SimpleGrid>
    </PageFrame>
  );
}
