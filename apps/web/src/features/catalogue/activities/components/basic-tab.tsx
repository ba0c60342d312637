import { activityUpdateSchema, type ActivityDetail } from '@bookla/shared/catalogue-activities';
import type { ActivityAttributeItem } from '@bookla/shared/catalogue-setup';
import type { Language } from '@bookla/shared/i18n';
import { Button, Divider, Group, Paper, SimpleGrid, Stack } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../../components/page-loader';
import { toTranslatedForm, TranslatedTextField, useTeamLanguages } from '../../../../components/form/translated-fields';
import { isApiError } from '../../../../lib/api-client';
import { applyApiError } from '../../../../lib/forms';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useZodForm } from '../../../../lib/use-zod-form';
import { useActivityAttributes, useSaveActivityAttributes, useUpdateActivity } from '../api/activities-api';
import { attributeBody, attributeErrorField, AttributeFields, attributeFormValues } from './attribute-values';
import { ActivityRelationFields, TypeSetField } from './activity-relation-fields';
import { HeaderImageField } from './header-image-field';
import { useUnsavedGuard } from './use-unsaved-guard';

export interface BasicValues {
  name: Record<string, string>;
  description: Record<string, string>;
  type_set_id: string;
  location_id: string;
  instructor_ids: string[];
  parent_id: string;
}

export function toBasicValues(course: ActivityDetail, languages: readonly Language[]): BasicValues {
  return {
    name: toTranslatedForm(course.name, languages),
    description: toTranslatedForm(course.description, languages),
    type_set_id: String(course.type_set.id),
    location_id: course.location_id ? String(course.location_id) : '',
    instructor_ids: course.instructor_ids.map(String),
    parent_id: course.parent_id ? String(course.parent_id) : '',
  };
}

/** The tab's one form: the basic data and the type set's attribute values (`a{attribute_id}`). */
export interface BasicFormValues extends BasicValues {
  attributes: Record<string, unknown>;
}

const toFormValues = (
  course: ActivityDetail,
  attributes: readonly ActivityAttributeItem[],
  languages: readonly Language[],
): BasicFormValues => ({
  ...toBasicValues(course, languages),
  attributes: attributeFormValues(attributes, languages),
});

/** The `PUT /api/courses/:id` body as the shared schema checks it (ids as the selects hold them). */
const basicInput = (v: BasicFormValues) => ({
  name: v.name,
  description: v.description,
  type_set_id: v.type_set_id,
  location_id: v.location_id,
  instructor_ids: v.instructor_ids,
  parent_id: v.parent_id,
});

const NO_ATTRIBUTES: ActivityAttributeItem[] = [];

/**
 * The basic tab: names and texts, type set, location, instructors, parent and the attribute values,
 * saved with one Save (`PUT /api/courses/:id`, then `PUT /api/courses/:id/attributes` when they
 * changed); the header image uploads on its own as soon as one is chosen.
 */
export function BasicTab({ course, canEdit }: { course: ActivityDetail; canEdit: boolean }) {
  const attributes = useActivityAttributes(course.id);
  useEffect(() => {
    if (attributes.error) console.error('Could not load the attribute values', attributes.error);
  }, [attributes.error]);
  if (attributes.isPending) return <PageLoader />;
  return <BasicForm course={course} canEdit={canEdit} attributes={attributes.data ?? NO_ATTRIBUTES} />;
}

function BasicForm({ course, canEdit, attributes }: { course: ActivityDetail; canEdit: boolean; attributes: ActivityAttributeItem[] }) {
  const { t } = useTranslation('activities');
  const languages = useTeamLanguages();
  const update = useUpdateActivity(course.id);
  const saveAttributes = useSaveActivityAttributes(course.id);
  const schema = useMemo(() => activityUpdateSchema(languages), [languages]);
  const { control, handleSubmit, reset, setError, formState } = useZodForm(schema, {
    toInput: basicInput,
    defaultValues: toFormValues(course, attributes, languages),
  });
  const { isDirty, dirtyFields } = formState;
  useUnsavedGuard(canEdit && isDirty);

  // A change from elsewhere (publish toggle, another tab, a new type set's attributes) shows up
  // while nothing is being edited.
  useEffect(() => {
    if (!isDirty) reset(toFormValues(course, attributes, languages));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [course.updated_at, attributes]);

  const onSubmit = handleSubmit(async (values) => {
    const attributesChanged = attributes.length > 0 && Object.keys(dirtyFields.attributes ?? {}).length > 0;
    const basicChanged = Object.keys(dirtyFields).some((k) => k !== 'attributes');
    // A new type set brings other attributes: they are filled in after it is saved.
    const typeSetChanged = values.type_set_id !== String(course.type_set.id);
    let failed = false;
    let message = '';
    let saved: ActivityDetail | undefined;
    if (basicChanged || !attributesChanged) {
      try {
        const result = await update.mutateAsync(schema.parse(basicInput(values)));
        message = result.message;
        saved = result.data;
      } catch (error) {
        failed = true;
        if (!applyApiError(error, setError)) notifyError(error);
      }
    }
    if (attributesChanged && !typeSetChanged) {
      try {
        const result = await saveAttributes.mutateAsync(attributeBody(attributes, values.attributes));
        message ||= result.message;
      } catch (error) {
        failed = true;
        if (!applyAttributeErrors(error)) notifyError(error);
      }
    }
    if (failed) return;
    // The server's copy: translations it filled show as the texts they now are.
    reset(saved ? { ...toBasicValues(saved, languages), attributes: values.attributes } : values);
    notifySuccess(message || t('saved'));
  });

  /** A 422 of the attributes' PUT beside their inputs (`values.{i}.value` → `attributes.a{id}`). */
  const applyAttributeErrors = (error: unknown): boolean => {
    if (!isApiError(error, 422)) return false;
    let applied = false;
    for (const [path, messages] of Object.entries(error.errors ?? {})) {
      const field = attributeErrorField(attributes, path);
      if (!field || !messages[0]) continue;
      setError(field, { type: 'server', message: messages[0] }, { shouldFocus: !applied });
      applied = true;
    }
    return applied;
  };

  const readOnly = !canEdit;
  return (
    <Stack gap="lg">
      <Paper withBorder p="md">
        <form onSubmit={onSubmit} noValidate aria-label={t('tabs.basic')}>
          <Stack gap="md">
            <TranslatedTextField
              control={control}
              name="name"
              languages={languages}
              label={t('fields.name')}
              required
              readOnly={readOnly}
            />
            <TranslatedTextField
              control={control}
              name="description"
              languages={languages}
              label={t('fields.description')}
              multiline
              readOnly={readOnly}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TypeSetField control={control} name="type_set_id" readOnly={readOnly} />
              <ActivityRelationFields control={control} readOnly={readOnly} activityId={course.id} />
            </SimpleGrid>
            {attributes.length > 0 && <Divider />}
            <AttributeFields list={attributes} control={control} readOnly={readOnly} />
            {canEdit && (
              <Group justify="flex-end">
                <Button type="submit" loading={formState.isSubmitting}>
                  {t('save')}
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      </Paper>
      <Paper withBorder p="md">
        <HeaderImageField activityId={course.id} image={course.header_image} canEdit={canEdit} />
      </Paper>
    </Stack>
  );
}
