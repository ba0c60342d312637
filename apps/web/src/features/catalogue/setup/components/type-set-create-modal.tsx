import type { Language } from '@bookla/shared/i18n';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyApiError } from '../../../../lib/forms';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { RESOURCES, useSaveSetupRecord } from '../api/setup-api';
import { blankTypeSet, textsResolver, type TypeSetValues } from '../form-values';
import type { TypeSetDetail } from '@bookla/shared/catalogue-setup';
import { TypeSetBasicFields } from './type-set-fields';

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
  const methods = useForm<TypeSetValues>({ defaultValues: blankTypeSet(languages), resolver: textsResolver(languages, ['name']) });

  const close = () => {
    methods.reset(blankTypeSet(languages));
    onClose();
  };
  const onSubmit = methods.handleSubmit(async (values) => {
    try {
      const reply = await save.mutateAsync({ id: null, body: { name: values.name, kind: values.kind } });
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
