import type { ActivityAttributeItem } from '@bookla/shared/catalogue-setup';
import { compactTranslated } from '@bookla/shared/catalogue';
import { pickText, type Language, type Translated } from '@bookla/shared/i18n';
import { Button, Checkbox, Group, MultiSelect, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../../components/form/date-fields';
import { toTranslatedForm, TranslatedTextField, useTeamLanguages } from '../../../../components/form/translated-fields';
import { isApiError } from '../../../../lib/api-client';
import { translateValidation } from '../../../../lib/forms';
import { useLang } from '../../../../lib/language';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useCourseAttributes, useSaveCourseAttributes } from '../api/activities-api';

type Values = Record<string, unknown>;
const key = (id: number) => `a${id}`;

/** The form value of an attribute: what its input shows (text is translatable: `{de, en, fr}`). */
function toFormValue(attribute: ActivityAttributeItem, languages: readonly Language[]): unknown {
  const v = attribute.value;
  switch (attribute.type) {
    case 'text':
      return toTranslatedForm(typeof v === 'string' ? { [languages[0] ?? 'de']: v } : (v as Translated | null), languages);
    case 'multiselect':
      return Array.isArray(v) ? v.map(String) : [];
    case 'boolean':
      return v === true;
    case 'number':
      return typeof v === 'number' ? v : '';
    default:
      return v === null || v === undefined ? '' : String(v);
  }
}

/** What the API takes: empty inputs as null. */
function toApiValue(attribute: ActivityAttributeItem, value: unknown): unknown {
  if (attribute.type === 'boolean') return value === true;
  if (attribute.type === 'multiselect') return Array.isArray(value) ? value : [];
  if (attribute.type === 'text') {
    const text = compactTranslated(value as Record<string, string>);
    return Object.keys(text).length ? text : null;
  }
  if (value === '' || value === undefined) return null;
  return value;
}

function AttributeInput({
  attribute,
  control,
  readOnly,
}: {
  attribute: ActivityAttributeItem;
  control: Control<Values>;
  readOnly: boolean;
}) {
  const lang = useLang();
  const languages = useTeamLanguages();
  const label = attribute.label_text || pickText(attribute.label, lang);
  if (attribute.type === 'text')
    return (
      <TranslatedTextField
        control={control}
        name={key(attribute.attribute_id)}
        languages={languages}
        label={label}
        required={attribute.required}
        rule={attribute.required ? 'any' : 'optional'}
        readOnly={readOnly}
      />
    );
  const options = attribute.options.map((o) => ({ value: o.value, label: pickText(o.label, lang) || o.value }));
  return (
    <Controller
      control={control}
      name={key(attribute.attribute_id)}
      render={({ field, fieldState }) => {
        const common = {
          label,
          required: attribute.required,
          error: translateValidation(fieldState.error?.message) || undefined,
          ref: field.ref,
        };
        switch (attribute.type) {
          case 'number':
            return <NumberInput {...common} value={field.value as number | string} onChange={field.onChange} readOnly={readOnly} />;
          case 'select':
            return (
              <Select
                {...common}
                data={options}
                value={(field.value as string) || null}
                onChange={(v) => field.onChange(v ?? '')}
                clearable={!readOnly}
                readOnly={readOnly}
              />
            );
          case 'multiselect':
            return <MultiSelect {...common} data={options} value={field.value as string[]} onChange={field.onChange} readOnly={readOnly} />;
          case 'boolean':
            return (
              <Checkbox
                {...common}
                mt="lg"
                checked={field.value === true}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
                disabled={readOnly}
              />
            );
          case 'date':
            return (
              <DateField
                {...common}
                value={(field.value as string | null | undefined) ?? ''}
                onChange={field.onChange}
                readOnly={readOnly}
              />
            );
          default:
            return (
              <TextInput
                {...common}
                value={field.value as string}
                onChange={(e) => field.onChange(e.currentTarget.value)}
                readOnly={readOnly}
              />
            );
        }
      }}
    />
  );
}

/** The values of the type set's attributes for this activity (`PUT /api/courses/:id/attributes`). */
export function AttributeValues({
  courseId,
  canEdit,
  onDirtyChange,
}: {
  courseId: number;
  canEdit: boolean;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation('activities');
  const attributes = useCourseAttributes(courseId);
  const save = useSaveCourseAttributes(courseId);
  const languages = useTeamLanguages();
  const list = attributes.data ?? [];
  const { control, handleSubmit, reset, setError, formState } = useForm<Values>();

  useEffect(() => {
    if (attributes.data) reset(Object.fromEntries(attributes.data.map((a) => [key(a.attribute_id), toFormValue(a, languages)])));
  }, [attributes.data, reset, languages]);
  useEffect(() => onDirtyChange(formState.isDirty), [formState.isDirty, onDirtyChange]);
  useEffect(() => {
    if (attributes.error) console.error('Could not load the attribute values', attributes.error);
  }, [attributes.error]);

  if (list.length === 0) return null;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await save.mutateAsync(
        list.map((a) => ({ attribute_id: a.attribute_id, value: toApiValue(a, values[key(a.attribute_id)]) })),
      );
      reset(values);
      notifySuccess(result.message || t('saved'));
    } catch (error) {
      let applied = false;
      if (isApiError(error, 422))
        for (const [path, messages] of Object.entries(error.errors ?? {})) {
          const index = /^values\.(\d+)/.exec(path)?.[1];
          const attribute = index === undefined ? undefined : list[Number(index)];
          if (!attribute || !messages[0]) continue;
          setError(key(attribute.attribute_id), { type: 'server', message: messages[0] }, { shouldFocus: !applied });
          applied = true;
        }
      if (!applied) notifyError(error);
    }
  });

  return (
    <Paper withBorder p="md" component="form" onSubmit={onSubmit} noValidate aria-labelledby="course-attributes-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="course-attributes-title">
          {t('attributes.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('attributes.intro')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {list.map((a) => (
            <AttributeInput key={a.attribute_id} attribute={a} control={control} readOnly={!canEdit} />
          ))}
        </SimpleGrid>
        {canEdit && (
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={formState.isSubmitting} disabled={!formState.isDirty}>
              {t('attributes.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
