import { zodResolver } from '@hookform/resolvers/zod';
import { courseUpdateSchema, type CourseDetail, type CourseUpdateBody } from '@bookla/shared/catalogue-activities';
import type { Language } from '@bookla/shared/i18n';
import { Button, Group, Paper, SimpleGrid, Stack } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toTranslatedForm, TranslatedTextField, useTeamLanguages } from '../../../../components/form/translated-fields';
import { applyApiError } from '../../../../lib/forms';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useUpdateCourse } from '../api/activities-api';
import { AttributeValues } from './attribute-values';
import { CourseRelationFields, TypeSetField } from './course-relation-fields';
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

export function toBasicValues(course: CourseDetail, languages: readonly Language[]): BasicValues {
  return {
    name: toTranslatedForm(course.name, languages),
    description: toTranslatedForm(course.description, languages),
    type_set_id: String(course.type_set.id),
    location_id: course.location_id ? String(course.location_id) : '',
    instructor_ids: course.instructor_ids.map(String),
    parent_id: course.parent_id ? String(course.parent_id) : '',
  };
}

const BASIC_KEYS = ['name', 'description', 'type_set_id', 'location_id', 'instructor_ids', 'parent_id'] as const;

/** The basic tab: names and texts, type set, location, instructors, parent, attributes, image. */
export function BasicTab({ course, canEdit }: { course: CourseDetail; canEdit: boolean }) {
  const { t } = useTranslation('activities');
  const languages = useTeamLanguages();
  const update = useUpdateCourse(course.id);
  const [attributesDirty, setAttributesDirty] = useState(false);
  const resolver = useMemo(() => zodResolver(courseUpdateSchema(languages)), [languages]);
  const { control, handleSubmit, reset, getValues, setError, formState } = useForm<BasicValues>({
    resolver: resolver as never,
    defaultValues: toBasicValues(course, languages),
  });
  const { isDirty } = formState;
  useUnsavedGuard(canEdit && (isDirty || attributesDirty));

  // A change from elsewhere (publish toggle, another tab) shows up while nothing is being edited.
  useEffect(() => {
    if (!isDirty) reset(toBasicValues(course, languages));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [course.updated_at]);

  const onSubmit = handleSubmit(async (values) => {
    // The resolver hands over the schema's output: ids as numbers, texts trimmed.
    const body = values as unknown as CourseUpdateBody;
    try {
      const payload = Object.fromEntries(BASIC_KEYS.map((k) => [k, body[k] ?? null]));
      const result = await update.mutateAsync(payload);
      reset(result.data ? toBasicValues(result.data, languages) : getValues());
      notifySuccess(result.message || t('saved'));
    } catch (error) {
      if (!applyApiError(error, setError)) notifyError(error);
    }
  });

  const onAttributesDirty = useCallback((dirty: boolean) => setAttributesDirty(dirty), []);
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
              <CourseRelationFields control={control} readOnly={readOnly} courseId={course.id} />
            </SimpleGrid>
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
      <AttributeValues courseId={course.id} canEdit={canEdit} onDirtyChange={onAttributesDirty} />
      <Paper withBorder p="md">
        <HeaderImageField courseId={course.id} image={course.header_image} canEdit={canEdit} />
      </Paper>
    </Stack>
  );
}
