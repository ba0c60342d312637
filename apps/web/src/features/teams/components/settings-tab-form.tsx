import { Alert, Button, Group, Paper } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FormProvider, useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { applyApiError } from '../../../lib/forms';
import { notifyError, notifySuccess } from '../../../lib/notify';

export interface SettingsTabFormProps<V extends FieldValues, O extends V> {
  /** The form's accessible name: the tab's. */
  label: string;
  /** The saved values. */
  query: UseQueryResult<NoInfer<V>>;
  resolver: Resolver<V, unknown, O>;
  save: (values: O) => Promise<{ message?: string }>;
  /** The fields; they read the form from `FormProvider`. */
  children: ReactNode;
}

/**
 * A company-settings tab that is one form (general, billing): loads the saved values, checks a
 * field once it was touched, saves, and puts the server's field errors on the fields.
 */
export function SettingsTabForm<V extends FieldValues, O extends V>({ query, ...form }: SettingsTabFormProps<V, O>) {
  const { t } = useTranslation('backend');
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <Alert color="red">{t('errors.load')}</Alert>;
  return <LoadedForm initial={query.data} {...form} />;
}

function LoadedForm<V extends FieldValues, O extends V>({
  initial,
  label,
  resolver,
  save,
  children,
}: Omit<SettingsTabFormProps<V, O>, 'query'> & { initial: V }) {
  const { t } = useTranslation('settings');
  const methods = useForm<V, unknown, O>({ resolver, defaultValues: initial as DefaultValues<V>, mode: 'onTouched' });
  const onSubmit = methods.handleSubmit(async (values) => {
    try {
      const result = await save(values);
      methods.reset(values);
      notifySuccess(result.message || t('settings.saved'));
    } catch (error) {
      if (!applyApiError(error, methods.setError)) notifyError(error);
    }
  });
  const saving = methods.formState.isSubmitting;
  return (
    <FormProvider {...methods}>
      <Paper withBorder p="md" component="form" onSubmit={onSubmit} noValidate aria-label={label}>
        {children}
        <Group justify="flex-end" mt="md">
          <Button type="submit" disabled={saving}>
            {saving ? t('settings.saving') : t('settings.save')}
          </Button>
        </Group>
      </Paper>
    </FormProvider>
  );
}
