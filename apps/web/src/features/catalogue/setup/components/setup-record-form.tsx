import { Alert, Button, Group, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormProvider, type DefaultValues, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Link, useNavigate } from 'react-router';
import { PageLoader } from '../../../../components/page-loader';
import { ApiError, isApiError } from '../../../../lib/api-client';
import { applyApiError } from '../../../../lib/forms';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useZodForm } from '../../../../lib/use-zod-form';
import { useDeleteSetupRecord, useSaveSetupRecord, useSetupRecord, type SetupResource } from '../api/setup-api';
import { useDeleteAction } from './use-delete-action';

export interface SetupRecordFormProps<
  V extends FieldValues,
  T extends { id: number },
  B extends z.ZodType = z.ZodType,
  C extends z.ZodType = B,
> {
  resource: SetupResource<T, { id: number }, B, C>;
  /** `null` creates a record. */
  id: number | null;
  /** The form's accessible name. */
  label: string;
  /** Values of a new record. */
  blank: V;
  toValues: (item: T) => V;
  /**
   * The request body of the form's values, typed by the resource's shared request schema (of
   * `PUT`, and of `POST` where it differs); a stable (module-level) function.
   */
  toBody: (values: V) => z.input<B> & z.input<C>;
  /**
   * The shared schema the server checks the body with, built for the team as the server builds it
   * (`attributeSchema(languages)`), memoized: the form checks `toBody(values)` with it.
   */
  schema: z.ZodType;
  /** Where the list is (after a delete, and the cancel link). */
  listPath: string;
  /** Where to go after a create; default: the list. */
  createdPath?: (item: T) => string;
  /** The record's name in the delete confirmation. */
  name: (item: T) => string;
  /** Where a 422's path of the request body is in the form, when they differ (`visible_if.values`). */
  errorPath?: (path: string) => string;
  /** The fields; they read the form from `FormProvider`. */
  children: ReactNode;
}

/** The 422's field paths renamed to the form's. */
function remapErrors(error: unknown, errorPath?: (path: string) => string): unknown {
  if (!errorPath || !isApiError(error, 422) || !error.errors) return error;
  const errors = Object.fromEntries(Object.entries(error.errors).map(([path, messages]) => [errorPath(path), messages]));
  return new ApiError(error.status, error.message, error.body, errors);
}

/**
 * A setup record's screen: loads the record (or starts blank), saves with POST or PUT, puts a
 * 422's messages beside the fields, toasts the server's message, and deletes after a confirmation.
 */
export function SetupRecordForm<V extends FieldValues, T extends { id: number }, B extends z.ZodType = z.ZodType, C extends z.ZodType = B>(
  props: SetupRecordFormProps<V, T, B, C>,
) {
  const { t } = useTranslation('setup');
  const record = useSetupRecord(props.resource, props.id);
  if (props.id === null) return <LoadedForm {...props} initial={props.blank} />;
  if (record.isPending) return <PageLoader />;
  if (record.isError) return <Alert color="red">{isApiError(record.error, 404) ? t('record.notFound') : t('list.loadError')}</Alert>;
  return <LoadedForm {...props} item={record.data} initial={props.toValues(record.data)} />;
}

function LoadedForm<V extends FieldValues, T extends { id: number }, B extends z.ZodType, C extends z.ZodType>({
  resource,
  id,
  label,
  initial,
  item,
  toBody,
  schema,
  listPath,
  createdPath,
  name,
  errorPath,
  children,
}: SetupRecordFormProps<V, T, B, C> & { initial: V; item?: T }) {
  const { t } = useTranslation('setup');
  const navigate = useNavigate();
  const save = useSaveSetupRecord(resource);
  const remove = useDeleteSetupRecord(resource);
  const onDelete = useDeleteAction(remove.mutateAsync);
  const methods = useZodForm<V>(schema, { toInput: toBody, errorPath, defaultValues: initial as DefaultValues<V>, mode: 'onTouched' });

  const onSubmit = methods.handleSubmit(async (values) => {
    try {
      const reply = await save.mutateAsync({ id, body: toBody(values) });
      notifySuccess(reply.message || t(id === null ? 'record.created' : 'record.saved'));
      if (id === null) void navigate(reply.data && createdPath ? createdPath(reply.data) : listPath);
      else methods.reset(values);
    } catch (error) {
      if (!applyApiError(remapErrors(error, errorPath), methods.setError)) notifyError(error);
    }
  });

  const saving = methods.formState.isSubmitting;
  return (
    <FormProvider {...methods}>
      <Paper withBorder p="md" component="form" onSubmit={onSubmit} noValidate aria-label={label}>
        <Stack gap="md">{children}</Stack>
        <Group justify="space-between" mt="lg" gap="sm">
          {item ? (
            <Button
              variant="subtle"
              color="#c92a2a"
              onClick={async () => {
                if (await onDelete(item.id, name(item))) void navigate(listPath);
              }}
            >
              {t('list.delete')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button component={Link} to={listPath} variant="default">
              {t('record.back')}
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? t('record.saving') : t('record.save')}
            </Button>
          </Group>
        </Group>
      </Paper>
    </FormProvider>
  );
}
