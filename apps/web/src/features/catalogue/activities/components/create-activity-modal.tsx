import { compactTranslated, activityStoreSchema } from '@bookla/shared/catalogue';
import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormSelect } from '../../../../components/form/select-fields';
import { emptyTranslated, TranslatedTextField, useTeamLanguages } from '../../../../components/form/translated-fields';
import { applyApiError } from '../../../../lib/forms';
import { useZodForm } from '../../../../lib/use-zod-form';
import { useLang } from '../../../../lib/language';
import { useTypeSetOptions } from '../../setup';
import { useCreateActivity } from '../api/activities-api';

/**
 * Spec §4/§5/§8: the create-course modal. Loads the type sets when opened; a type set and a name
 * in every team language are required (errors beside the field, the language switcher jumps to
 * the language in error). Success opens the new activity's basic tab.
 */
export function CreateActivityModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('activities');
  return (
    <Modal opened={opened} onClose={onClose} title={t('create.title')} size="lg">
      {opened && <CreateActivityForm onClose={onClose} />}
    </Modal>
  );
}

function CreateActivityForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('activities');
  const lang = useLang();
  const navigate = useNavigate();
  const languages = useTeamLanguages();
  const typeSets = useTypeSetOptions();
  const create = useCreateActivity();
  const schema = useMemo(() => activityStoreSchema(languages), [languages]);
  // The form holds the select's string; the schema's output (a numeric id) is what is sent.
  const { control, handleSubmit, setError, formState } = useZodForm(schema, {
    defaultValues: { type_set_id: '', name: emptyTranslated(languages) },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await create.mutateAsync({ type_set_id: values.type_set_id, name: compactTranslated(values.name) });
      onClose();
      void navigate(`/${lang}/backend/courses/edit/${result.course_id}/basic`);
    } catch (error) {
      if (applyApiError(error, setError)) return;
      console.error(error);
      notifications.show({ color: 'red', title: t('create.errorTitle'), message: t('create.failed') });
    }
  });

  if (typeSets.isPending) return <Loader size="sm" aria-label={t('loading')} />;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {typeSets.isError && (
          <Text c="error" size="sm" role="alert">
            {t('create.typeSetsFailed')}
          </Text>
        )}
        <FormSelect
          control={control}
          name="type_set_id"
          label={t('fields.typeSet')}
          placeholder={t('choose')}
          data={(typeSets.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          required
          data-autofocus
        />
        <TranslatedTextField control={control} name="name" languages={languages} label={t('fields.name')} required />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            {t('create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
