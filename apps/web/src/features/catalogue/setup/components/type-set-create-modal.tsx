import type { Language } from '@bookla/shared/i18n';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyApiError } from '../../../../lib/forms';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useZodForm } from '../../../../lib/use-zod-form';
import { RESOURCES, useSaveSetupRecord } from '../api/setup-api';
import { blankTypeSet, type TypeSetValues } from '../form-values';
import { typeSetSchema, type TypeSetDetail } from '@bookla/shared/catalogue-setup';
import { TypeSetBasicFields } from './type-set-fields';

/** A new type set's body: its name and kind (attributes and fields are assigned on its screen). */
const createBody = (v: TypeSetValues) => ({ name: v.name, kind: v.kind });

/** "New type set": name and kind, then on to its screen to assign attributes and fields. */
export function TypeSetCreateModal({
  opened,
  onClose,
  onCreated,
  languages,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
  languages: readonly Language[];
}) {
  const { t } = useTranslation('setup');
  const save = useSaveSetupRecord<TypeSetDetail>(RESOURCES.typeSets);
  const schema = useMemo(() => typeSetSchema(languages), [languages]);
  const methods = useZodForm(schema, { toInput: createBody, defaultValues: blankTypeSet(languages) });

  const close = () => {
    methods.reset(blankTypeSet(languages));
    onClose();
  };
  const onSubmit = methods.handleSubmit(async (values) => {
    try {
      const reply = await save.mutateAsync({ id: null, body: createBody(values) });
      notifySuccess(reply.message || t('record.created'));
      close();
      if (reply.data) onCreated(reply.data.id);
    } catch (error) {
      if (!applyApiError(error, methods.setError)) notifyError(error);
    }
  });

  return (
    <Modal opened={opened} onClose={close} title={t('typeSets.new')} size="lg">
      <FormProvider {...methods}>
        <form onSubmit={onSubmit} noValidate aria-label={t('typeSets.new')}>
          <Stack gap="md">
            <TypeSetBasicFields languages={languages} />
          </Stack>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={close}>
              {t('record.cancel')}
            </Button>
            <Button type="submit" disabled={methods.formState.isSubmitting}>
              {t('typeSets.createSubmit')}
            </Button>
          </Group>
        </form>
      </FormProvider>
    </Modal>
  );
}
