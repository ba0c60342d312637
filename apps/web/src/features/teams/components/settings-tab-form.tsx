import { Alert, Button, Group, Paper } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FormProvider, type DefaultValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PageLoader } from '../../../components/page-loader';
import { applyApiError } from '../../../lib/forms';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useZodForm, type FormSchema } from '../../../lib/use-zod-form';

export interface SettingsTabFormProps<S extends FormSchema> {
  /** The form's accessible name: the tab's. */
  label: string;
  /** The saved values. */
  query: UseQueryResult<NoInfer<z.input<S>>>;
  /** The shared schema of the tab's request body (`teamGeneralSchema`). */
  schema: S;
  save: (values: z.output<S>) => Promise<{ message?: string }>;
  /** The fields; they read the form from `FormProvider`. */
  children: ReactNode;
}

/**
 * A company-settings tab that is one form (general, billing): loads the saved values, checks a
 * field once it was touched, saves, and puts the server's field errors on the fields.
 */
export function SettingsTabForm<S extends FormSchema>({ query, ...form }: SettingsTabFormProps<S>) {
  const { t } = useTranslation('backend');
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <Alert color="red">{t('errors.load')}</Alert>;
  return <LoadedForm initial={query.data} {...form} />;
}

function LoadedForm<S extends FormSchema>({
  initial,
  label,
  schema,
  save,
  children,
}: Omit<SettingsTabFormProps<S>, 'query'> & { initial: z.input<S> }) {
  const { t } = useTranslation('settings');
  const methods = useZodForm(schema, { defaultValues: initial as DefaultValues<z.input<S>>, mode: 'onTouched' });
  const onSubmit = methods.handleSubmit(async (values) => {
    try {
      const result = await save(values);
      methods.reset(methods.getValues());
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
