import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPercent } from '../../lib/format';
import { useLang } from '../../lib/language';

/** The two tiers of spec §1; both have full functionality, they differ only in price. */
export const PRICING_TIERS = [
  { key: 'payg', name: 'Pay-As-You-Go', monthly: 0, rate: 0.079, fee: 0.49, text: 'landing.pricing.paygText' },
  { key: 'business', name: 'Business', monthly: 139, rate: 0.039, fee: 0.49, text: 'landing.pricing.businessText' },
] as const;

const CURRENCY = 'CHF';

export function PricingSection() {
  const { t } = useTranslation('public');
  const lang = useLang();
  return (
    <Stack component="section" gap="md" aria-labelledby="pricing-heading">
      <Title id="pricing-heading" order={2}>
        {t('landing.pricing.heading')}
      </Title>
      <Text>{t('landing.pricing.intro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {PRICING_TIERS.map((tier) => (
          <Card key={tier.key} withBorder padding="lg" component="article" aria-labelledby={`tier-${tier.key}`}>
            <Stack gap="xs">
              <Title id={`tier-${tier.key}`} order={3}>
                {tier.name}
              </Title>
              <Text>
                <Text span fz={32} fw={700}>
                  {formatMoney(tier.monthly, CURRENCY, lang, { minimumFractionDigits: 0 })}
                </Text>{' '}
                {t('landing.pricing.perMonth')}
              </Text>
              <Text fw={600}>
                {t('landing.pricing.perSale', {
                  percent: formatPercent(tier.rate, lang),
                  fee: formatMoney(tier.fee, CURRENCY, lang),
                })}
              </Text>
              <Text c="dimmed">{t(tier.text)}</Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
