import {
  SEATS_PER_BOOKING_MAX,
  TIER_CREDITS_MAX,
  TIER_INTERVALS,
  TIER_VALID_DAYS_MAX,
  tierSchema,
  type TierItem,
} from '@bookla/shared/subscriptions';
import { Button, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useId, useMemo } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormNumberInput } from '../../../components/form/number-field';
import { FormSwitch } from '../../../components/form/switch-field';
import { FormTextInput } from '../../../components/form/text-fields';
import { TranslatedTextField, useTeamLanguages } from '../../../components/form/translated-fields';
import { PriceInput } from '../../../components/price-input';
import { useAppState } from '../../../lib/app-state';
import { applyApiError, translateValidation } from '../../../lib/forms';
import { useLang } from '../../../lib/language';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useZodForm } from '../../../lib/use-zod-form';
import { useSaveTier } from '../api/tiers-api';
import { blankTier, tierBody, tierInput, tierToValues, type TierValues } from '../subscription-values';
import { useDeleteTierFlow } from './delete-flows';

/**
 * `/backend/subscription/{sid}/tier/create` and `…/tier/{id}`: one tier of a subscription. The
 * valid days belong to a one-off pass only (shown and required for it); "Unlimited" sends no
 * credit limit (null). The server decides the rest, and its 422 shows beside the fields.
 */
export function TierForm({ sid, item }: { sid: number; item: TierItem | null }) {
  const { t } = useTranslation('subscriptions');
  const lang = useLang();
  const navigate = useNavigate();
  const languages = useTeamLanguages();
  const teamCurrency = useAppState().team?.currency;
  const currency = item?.currency ?? teamCurrency ?? 'CHF';
  const schema = useMemo(() => tierSchema(languages), [languages]);
  const initial = useMemo(() => (item ? tierToValues(item, languages) : blankTier(languages)), [item, languages]);
  const save = useSaveTier(sid);
  const onDelete = useDeleteTierFlow(sid);
  const intervalLabel = useId();
  const backPath = `/${lang}/backend/subscription/${sid}`;
  const { control, handleSubmit, setError, formState } = useZodForm<TierValues>(schema, {
    toInput: tierInput,
    defaultValues: initial,
    mode: 'onTouched',
  });
  const interval = useWatch({ control, name: 'interval' });
  const unlimited = useWatch({ control, name: 'unlimited' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const reply = await save.mutateAsync({ id: item?.id ?? null, body: tierBody(values) });
      notifySuccess(reply.message || t(item ? 'tierForm.saved' : 'tierForm.created'));
      void navigate(backPath);
    } catch (error) {
      if (!applyApiError(error, setError)) notifyError(error);
    }
  });

  return (
    <Paper withBorder p="md" component="form" onSubmit={onSubmit} noValidate aria-label={item ? t('tierForm.edit') : t('tierForm.new')}>
      <Stack gap="md">
        <TranslatedTextField control={control} name="name" languages={languages} label={t('tierForm.name')} required maxLength={120} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Controller
            control={control}
            name="price"
            render={({ field, fieldState }) => (
              <PriceInput
                ref={field.ref}
                name={field.name}
                onBlur={field.onBlur}
                value={field.value}
                onChange={field.onChange}
                label={t('tierForm.price')}
                currency={currency}
                required
                error={translateValidation(fieldState.error?.message) || undefined}
              />
            )}
          />
          <FormTextInput
            control={control}
            name="tax_rate"
            inputMode="decimal"
            label={t('tierForm.taxRate')}
            description={t('tierForm.taxRateHint')}
            rightSection="%"
          />
        </SimpleGrid>

        <Stack gap={4}>
          <Text component="span" id={intervalLabel} size="sm" fw={500}>
            {t('tierForm.interval')}
          </Text>
          <Controller
            control={control}
            name="interval"
            render={({ field }) => (
              <SegmentedControl
                aria-labelledby={intervalLabel}
                value={field.value}
                onChange={(value) => field.onChange(value)}
                data={TIER_INTERVALS.map((value) => ({ value, label: t(`interval.${value}`) }))}
                fullWidth
                maw={480}
              />
            )}
          />
          <Text size="xs" c="dimmed">
            {t(`tierForm.intervalHint.${interval}`)}
          </Text>
        </Stack>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {interval === 'once' && (
            <FormNumberInput
              control={control}
              name="valid_days"
              label={t('tierForm.validDays')}
              description={t('tierForm.validDaysHint')}
              required
              min={1}
              max={TIER_VALID_DAYS_MAX}
              allowDecimal={false}
              allowNegative={false}
            />
          )}
          <FormNumberInput
            control={control}
            name="seats_per_booking"
            label={t('tierForm.seats')}
            description={t('tierForm.seatsHint')}
            min={1}
            max={SEATS_PER_BOOKING_MAX}
            allowDecimal={false}
            allowNegative={false}
          />
        </SimpleGrid>

        <Stack gap="xs">
          <FormSwitch control={control} name="unlimited" label={t('tierForm.unlimited')} description={t('tierForm.unlimitedHint')} />
          {!unlimited && (
            <FormNumberInput
              control={control}
              name="credits"
              label={interval === 'once' ? t('tierForm.creditsOnce') : t('tierForm.credits')}
              description={t('tierForm.creditsHint')}
              required
              min={1}
              max={TIER_CREDITS_MAX}
              allowDecimal={false}
              allowNegative={false}
              maw={{ base: '100%', sm: 'calc(50% - var(--mantine-spacing-sm) / 2)' }}
            />
          )}
        </Stack>

        <FormSwitch control={control} name="active" label={t('tierForm.active')} description={t('tierForm.activeHint')} />
      </Stack>

      <Group justify="space-between" mt="lg" gap="sm">
        {item ? (
          <Button
            variant="subtle"
            color="#c92a2a"
            onClick={() =>
              void onDelete(item).then((deleted) => {
                if (deleted) void navigate(backPath);
              })
            }
          >
            {t('tierForm.delete')}
          </Button>
        ) : (
          <span />
        )}
        <Group gap="sm">
          <Button component={Link} to={backPath} variant="default">
            {t('tierForm.back')}
          </Button>
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? t('form.saving') : t('form.save')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
