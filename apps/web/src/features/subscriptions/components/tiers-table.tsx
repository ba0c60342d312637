import type { SubscriptionDetail, TierItem } from '@bookla/shared/subscriptions';
import { Anchor, Badge, Box, Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/format';
import { useLang } from '../../../lib/language';

/**
 * A subscription's tiers, in their order: price, interval, credits per period ("unlimited"),
 * valid days of a pass, seats per booking, whether it is sold, and its members; each links to
 * its form. A short list (a handful of tiers), so a plain table that scrolls on a phone.
 */
export function TiersTable({ subscription }: { subscription: SubscriptionDetail }) {
  const { t } = useTranslation('subscriptions');
  const lang = useLang();
  const titleId = useId();
  const base = `/${lang}/backend/subscription/${subscription.id}/tier`;
  const tiers = [...subscription.tiers].sort((a, b) => a.sort - b.sort || a.id - b.id);
  const createButton = (
    <Button component={Link} to={`${base}/create`}>
      {t('tiers.create')}
    </Button>
  );
  const dash = '–';

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Title order={2} size="h3" id={titleId}>
            {t('tiers.title')}
          </Title>
          {createButton}
        </Group>
        {tiers.length === 0 ? (
          <Text c="dimmed">{t('tiers.empty')}</Text>
        ) : (
          <Box style={{ overflowX: 'auto' }}>
            <Table striped highlightOnHover miw={820} aria-labelledby={titleId}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('tiers.name')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('tiers.price')}
                  </Table.Th>
                  <Table.Th scope="col">{t('tiers.interval')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('tiers.credits')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('tiers.validDays')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('tiers.seats')}
                  </Table.Th>
                  <Table.Th scope="col">{t('tiers.active')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('tiers.members')}
                  </Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>{t('tiers.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tiers.map((tier: TierItem) => (
                  <Table.Tr key={tier.id}>
                    <Table.Th scope="row" fw={500}>
                      <Anchor component={Link} to={`${base}/${tier.id}`}>
                        {tier.name_text}
                      </Anchor>
                    </Table.Th>
                    <Table.Td ta="right">{formatMoney(tier.price, tier.currency, lang)}</Table.Td>
                    <Table.Td>{t(`interval.${tier.interval}`)}</Table.Td>
                    <Table.Td ta="right">{tier.credits === null ? t('tiers.unlimited') : tier.credits}</Table.Td>
                    <Table.Td ta="right">{tier.valid_days ?? dash}</Table.Td>
                    <Table.Td ta="right">{tier.seats_per_booking}</Table.Td>
                    <Table.Td>
                      <Badge color={tier.active ? 'green' : 'gray'} variant="light">
                        {tier.active ? t('tiers.yes') : t('tiers.no')}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right">{tier.member_count}</Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`${base}/${tier.id}`} aria-label={t('tiers.editLabel', { name: tier.name_text })}>
                        {t('tiers.edit')}
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
