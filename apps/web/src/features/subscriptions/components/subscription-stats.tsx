import { minorToDecimal } from '@bookla/shared/money';
import type { SubscriptionStats as Stats } from '@bookla/shared/subscriptions';
import { Alert, Box, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPercent } from '../../../lib/format';
import { useLang } from '../../../lib/language';
import { useSubscriptionStats } from '../api/subscriptions-api';

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Text fw={700} fz="xl">
          {value}
        </Text>
        {hint && (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The figures of the subscriptions screen (`GET /api/subscriptions/stats`): active and past-due
 * members, monthly recurring revenue in the company's currency, churn over 30 days, and the
 * active members per tier as bars.
 */
export function SubscriptionStats() {
  const { t } = useTranslation('subscriptions');
  const lang = useLang();
  const query = useSubscriptionStats();
  const count = (n: number) => new Intl.NumberFormat(`${lang}-CH`).format(n);

  if (query.isError) return <Alert color="red">{t('stats.loadError')}</Alert>;
  const stats = query.data;
  return (
    <Stack gap="md" component="section" aria-label={t('stats.title')}>
      {stats ? (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Figure label={t('stats.active')} value={count(stats.active_members)} />
          <Figure label={t('stats.pastDue')} value={count(stats.past_due_members)} />
          <Figure
            label={t('stats.mrr')}
            value={formatMoney(minorToDecimal(stats.mrr_minor, stats.currency), stats.currency, lang)}
            hint={t('stats.mrrHint')}
          />
          <Figure label={t('stats.churn')} value={formatPercent(stats.churn_percent / 100, lang, 1)} hint={t('stats.churnHint')} />
        </SimpleGrid>
      ) : (
        <Group justify="center" p="md">
          <Loader size="sm" aria-label={t('stats.loading')} />
        </Group>
      )}
      {stats && stats.tiers.length > 0 && <TierChart stats={stats} count={count} />}
    </Stack>
  );
}

/**
 * Active members per tier as horizontal bars: plain boxes, no chart library (the app's charts
 * live inside the statistics feature, and a second lazy copy of them cost the dashboard's first
 * screen its budget). A list of names and numbers that screen readers read as it is, and long
 * tier names wrap on a phone.
 */
function TierChart({ stats, count }: { stats: Stats; count: (n: number) => string }) {
  const { t } = useTranslation('subscriptions');
  const id = useId();
  const rows = stats.tiers.map((tier) => ({
    key: `${tier.subscription_id}-${tier.tier_id}`,
    label: tier.name,
    value: tier.active_members,
  }));
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`${id}-title`}>
      <Title order={2} size="h4" id={`${id}-title`} mb="sm">
        {t('stats.chartTitle')}
      </Title>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={`${id}-title`}>
        {rows.map((r) => (
          <Box component="li" key={r.key}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {r.label}
              </Text>
              <Text size="sm" fw={500}>
                {count(r.value)}
              </Text>
            </Group>
            <Box aria-hidden h={10} mt={4} style={{ borderRadius: 4, background: 'var(--mantine-color-default-border)' }}>
              <Box
                h="100%"
                style={{
                  width: `${(r.value / max) * 100}%`,
                  minWidth: r.value > 0 ? 4 : 0,
                  borderRadius: 4,
                  background: 'var(--mantine-color-blue-6)',
                }}
              />
            </Box>
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}
