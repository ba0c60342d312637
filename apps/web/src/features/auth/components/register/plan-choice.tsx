import { PLANS } from '@bookla/shared/platform';
import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../../lib/language';
import { planFees } from '../../../../lib/plan-terms';
import type { RegisterFormValues } from './register-model';

/** The platform plan of the new company (CONTRACT §6): two radio cards with their fees. */
export function PlanChoice() {
  const { t } = useTranslation('auth');
  const lang = useLang();
  const { control } = useFormContext<RegisterFormValues>();
  return (
    <Controller
      control={control}
      name="plan"
      render={({ field }) => (
        <Radio.Group
          value={field.value}
          onChange={(value) => field.onChange(value)}
          label={t('register.plan.title')}
          description={t('register.plan.hint')}
          name={field.name}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="xs">
            {PLANS.map((plan) => {
              const fees = planFees(plan, lang);
              return (
                <Radio.Card key={plan} value={plan} p="md" radius="md" aria-label={t(`register.plan.${plan}.name`)}>
                  <Group wrap="nowrap" align="flex-start">
                    <Radio.Indicator />
                    <Stack gap={2}>
                      <Text fw={600}>{t(`register.plan.${plan}.name`)}</Text>
                      <Text size="sm">{t('register.plan.monthly', { amount: fees.monthly })}</Text>
                      <Text size="sm">{t('register.plan.perSale', { percent: fees.percent, fee: fees.fixed })}</Text>
                      <Text size="xs" c="dimmed">
                        {t(`register.plan.${plan}.text`)}
                      </Text>
                    </Stack>
                  </Group>
                </Radio.Card>
              );
            })}
          </SimpleGrid>
        </Radio.Group>
      )}
    />
  );
}
