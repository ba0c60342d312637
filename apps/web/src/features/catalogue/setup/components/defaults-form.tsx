import type { Language } from '@bookla/shared/i18n';
import { Alert, Button, Group, Paper, SimpleGrid, Stack } from '@mantine/core';
import { activityDefaultsBodySchema, type ActivityDefaults } from '@bookla/shared/catalogue-activities';
import { FormProvider, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useBound, type Bound } from '../../../../components/form/bound';
import { FormSelect } from '../../../../components/form/select-fields';
import { TranslatedTextField } from '../../../../components/form/translated-fields';
import { PageLoader } from '../../../../components/page-loader';
import { YesNoSelect } from '../../../../components/yes-no-select';
import { applyApiError } from '../../../../lib/forms';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useZodForm } from '../../../../lib/use-zod-form';
import { useActivityDefaults, useSaveActivityDefaults } from '../api/config-api';
import { RESOURCES, useAllSetupItems } from '../api/setup-api';
import { defaultsBody, defaultsToValues, type DefaultsValues } from '../record-values';
import type { LocationItem } from '@bookla/shared/catalogue';
import { FormNumberInput } from '../../../../components/form/number-field';

function FormYesNo<T extends FieldValues>({ control, name, label }: Bound<T> & { label: string }) {
  const { value, onChange, input } = useBound({ control, name });
  return <YesNoSelect {...input} label={label} value={value as 0 | 1} onChange={onChange} />;
}

/** Course defaults → basic: the values every new activity starts with. */
export function DefaultsForm({ languages }: { languages: readonly Language[] }) {
  const { t } = useTranslation('setup');
  const defaults = useActivityDefaults();
  if (defaults.isPending) return <PageLoader />;
  if (defaults.isError) return <Alert color="red">{t('list.loadError')}</Alert>;
  return <LoadedDefaults initial={defaults.data} languages={languages} />;
}

function LoadedDefaults({ initial, languages }: { initial: ActivityDefaults; languages: readonly Language[] }) {
  const { t } = useTranslation('setup');
  const save = useSaveActivityDefaults();
  const locations = useAllSetupItems<LocationItem>(RESOURCES.locations);
  const methods = useZodForm<DefaultsValues>(activityDefaultsBodySchema, {
    toInput: defaultsBody,
    defaultValues: defaultsToValues(initial, languages),
    mode: 'onTouched',
  });
  const { control } = methods;
  const onSubmit = methods.handleSubmit(async (values) => {
    try {
      const reply = await save.mutateAsync(defaultsBody(values));
      methods.reset(values);
      notifySuccess(reply.message || t('record.saved'));
    } catch (error) {
      if (!applyApiError(error, methods.setError)) notifyError(error);
    }
  });
  const minutes = { min: 0, allowDecimal: false, suffix: ` ${t('defaults.minutes')}` };

  return (
    <FormProvider {...methods}>
      <Paper withBorder p="md" component="form" onSubmit={onSubmit} noValidate aria-label={t('defaults.tabs.basic')}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <FormNumberInput
              control={control}
              name="tax_rate"
              label={t('defaults.taxRate')}
              min={0}
              max={100}
              decimalScale={2}
              suffix=" %"
            />
            <FormNumberInput
              control={control}
              name="reservation_minutes"
              label={t('defaults.reservationMinutes')}
              description={t('defaults.reservationHint')}
              {...minutes}
              min={1}
              max={1440}
            />
            <FormNumberInput
              control={control}
              name="booking_closes_minutes"
              label={t('defaults.bookingCloses')}
              description={t('defaults.bookingClosesHint')}
              {...minutes}
            />
            <FormNumberInput control={control} name="session_minutes" label={t('defaults.sessionMinutes')} {...minutes} min={1} />
            <FormNumberInput
              control={control}
              name="capacity"
              label={t('defaults.capacity')}
              description={t('defaults.capacityHint')}
              min={1}
              allowDecimal={false}
            />
            <FormSelect
              control={control}
              name="location_id"
              label={t('defaults.location')}
              data={(locations.data ?? []).map((l) => ({ value: String(l.id), label: l.name_text }))}
              placeholder={t('defaults.noLocation')}
              clearable
              searchable
            />
            <FormYesNo control={control} name="waiting_list" label={t('defaults.waitingList')} />
          </SimpleGrid>
          <TranslatedTextField
            control={control}
            name="cancellation_policy"
            languages={languages}
            label={t('defaults.cancellationPolicy')}
            description={t('defaults.cancellationHint')}
            multiline
          />
        </Stack>
        <Group justify="flex-end" mt="lg">
          <Button type="submit" disabled={methods.formState.isSubmitting}>
            {methods.formState.isSubmitting ? t('record.saving') : t('record.save')}
          </Button>
        </Group>
      </Paper>
    </FormProvider>
  );
}
