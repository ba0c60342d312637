import type { Language } from '@bookla/shared/i18n';
import { taxSettingsBodySchema, type TaxSettings } from '@bookla/shared/selling';
import { Alert, Button, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { FormProvider, useFieldArray, useFormContext, useFormState, useWatch, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useBound } from '../../../../components/form/bound';
import { FormSwitch } from '../../../../components/form/switch-field';
import { FormTextInput } from '../../../../components/form/text-fields';
import { TranslatedTextField } from '../../../../components/form/translated-fields';
import { PageLoader } from '../../../../components/page-loader';
import { applyApiError, translateValidation } from '../../../../lib/forms';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useZodForm } from '../../../../lib/use-zod-form';
import { useSaveTaxSettings, useTaxSettings } from '../api/settings-api';
import { blankTaxRate, taxBody, taxToValues, type TaxValues } from '../form-values';

/**
 * `/backend/config/tax`: whether the company is registered for VAT (`charges_vat`: only then is VAT
 * charged and shown, issue 22 item 1), the VAT number (needed then), the rates and the default one.
 */
export function TaxSettingsForm({ languages }: { languages: readonly Language[] }) {
  const { t } = useTranslation('sellingSettings');
  const settings = useTaxSettings();
  if (settings.isPending) return <PageLoader />;
  if (settings.isError) return <Alert color="red">{t('loadError')}</Alert>;
  return <LoadedTaxForm initial={settings.data} languages={languages} />;
}

function LoadedTaxForm({ initial, languages }: { initial: TaxSettings; languages: readonly Language[] }) {
  const { t } = useTranslation('sellingSettings');
  const save = useSaveTaxSettings();
  const methods = useZodForm<TaxValues>(taxSettingsBodySchema, {
    toInput: taxBody,
    defaultValues: taxToValues(initial),
    mode: 'onTouched',
  });
  const { control } = methods;
  const registered = useWatch({ control, name: 'charges_vat' }) === true;
  const onSubmit = methods.handleSubmit(async (values) => {
    try {
      const reply = await save.mutateAsync(taxBody(values));
      methods.reset(taxToValues(reply.data));
      notifySuccess(reply.message || t('tax.saved'));
    } catch (error) {
      if (!applyApiError(error, methods.setError)) notifyError(error);
    }
  });
  const saving = methods.formState.isSubmitting;
  return (
    <FormProvider {...methods}>
      <Paper withBorder p="md" component="form" onSubmit={onSubmit} noValidate aria-label={t('tax.formLabel')}>
        <Stack gap="lg">
          <FormSwitch control={control} name="charges_vat" label={t('tax.chargesVat')} description={t('tax.chargesVatHint')} />
          <FormTextInput
            control={control}
            name="vat_number"
            label={t('tax.vatNumber')}
            description={t('tax.vatNumberHint')}
            autoComplete="off"
            required={registered}
            maw={420}
          />
          <RatesEditor languages={languages} />
        </Stack>
        <Group justify="flex-end" mt="lg">
          <Button type="submit" disabled={saving}>
            {saving ? t('tax.saving') : t('tax.save')}
          </Button>
        </Group>
      </Paper>
    </FormProvider>
  );
}

const listMessage = (errors: FieldErrors<TaxValues>) => {
  const rates = errors.rates as { message?: string; root?: { message?: string } } | undefined;
  return translateValidation(rates?.message ?? rates?.root?.message);
};

/** The rates, one card each (rate, label per team language, default mark); one is the default. */
function RatesEditor({ languages }: { languages: readonly Language[] }) {
  const { t } = useTranslation('sellingSettings');
  const { control, getValues, setValue } = useFormContext<TaxValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'rates', keyName: 'key' });
  const { errors } = useFormState({ control, name: 'rates' });
  const defaultRate = useBound({ control, name: 'default_rate' });
  const listError = listMessage(errors);
  const defaultError = defaultRate.input.error;

  const removeAt = (index: number) => {
    const current = Number(getValues('default_rate'));
    remove(index);
    // The default follows its row; a removed default passes to the first rate.
    const next = current === index ? 0 : current > index ? current - 1 : current;
    setValue('default_rate', String(next), { shouldDirty: true });
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="tax-rates-title">
      <div>
        <Title order={2} size="h4" id="tax-rates-title">
          {t('tax.rates')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('tax.ratesHint')}
        </Text>
      </div>
      <Stack gap="sm">
        {fields.map((field, index) => (
          <Paper key={field.key} withBorder p="sm" component="fieldset" m={0} aria-label={t('tax.rateItem', { position: index + 1 })}>
            <Group align="flex-start" gap="sm" wrap="wrap">
              <FormTextInput
                control={control}
                name={`rates.${index}.rate`}
                label={t('tax.rate')}
                inputMode="decimal"
                rightSection="%"
                required
                w={140}
              />
              <div style={{ flex: '1 1 240px' }}>
                <TranslatedTextField control={control} name={`rates.${index}.label`} languages={languages} label={t('tax.label')} />
              </div>
            </Group>
            <Group justify="space-between" mt="xs">
              <Radio
                name="default_rate"
                value={String(index)}
                checked={String(defaultRate.value) === String(index)}
                onChange={() => defaultRate.onChange(String(index))}
                label={t('tax.isDefault')}
                aria-describedby={defaultError ? 'default-rate-error' : undefined}
              />
              <Button
                size="xs"
                variant="subtle"
                color="#c92a2a"
                onClick={() => removeAt(index)}
                disabled={fields.length <= 1}
                aria-label={t('tax.remove', { position: index + 1 })}
              >
                {t('tax.removeShort')}
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
      {defaultError && (
        <Text size="xs" c="error" role="alert" id="default-rate-error">
          {defaultError}
        </Text>
      )}
      {listError && (
        <Text size="xs" c="error" role="alert">
          {listError}
        </Text>
      )}
      <Group>
        <Button variant="light" onClick={() => append(blankTaxRate())} disabled={fields.length >= 10}>
          {t('tax.add')}
        </Button>
      </Group>
    </Stack>
  );
}
