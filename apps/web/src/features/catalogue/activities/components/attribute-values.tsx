import type { ActivityAttributeItem } from '@bookla/shared/catalogue-setup';
import { compactTranslated } from '@bookla/shared/catalogue';
import { pickText, type Language, type Translated } from '@bookla/shared/i18n';
import { Checkbox, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../../components/form/date-fields';
import { toTranslatedForm, TranslatedTextField, useTeamLanguages } from '../../../../components/form/translated-fields';
import { translateValidation } from '../../../../lib/forms';
import { useLang } from '../../../../lib/language';
import type { BasicFormValues } from './basic-tab';

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
  name,
  readOnly,
}: {
  attribute: ActivityAttributeItem;
  control: Control<BasicFormValues>;
  name: `attributes.${string}`;
  readOnly: boolean;
}) {
  const lang = useLang();
  const languages = useTeamLanguages();
  const label = attribute.label_text || pickText(attribute.label, lang);
  if (attribute.type === 'text')
    return (
      <TranslatedTextField
        control={control}
        name={name}
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
      name={name}
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
                allowDeselect={false}
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

/** The form values of the activity's attributes, keyed `a{attribute_id}`. */
export function attributeFormValues(list: readonly ActivityAttributeItem[], languages: readonly Language[]): Values {
  return Object.fromEntries(list.map((a) => [key(a.attribute_id), toFormValue(a, languages)]));
}

/** `PUT /api/courses/:id/attributes`'s `values`: every attribute of the list, empty inputs as null. */
export function attributeBody(list: readonly ActivityAttributeItem[], values: Values): { attribute_id: number; value: unknown }[] {
  return list.map((a) => ({ attribute_id: a.attribute_id, value: toApiValue(a, values[key(a.attribute_id)]) }));
}

/** The form field of a 422's `values.{i}…` path, if it names an attribute of the list. */
export function attributeErrorField(list: readonly ActivityAttributeItem[], path: string): `attributes.${string}` | undefined {
  const index = /^values\.(\d+)/.exec(path)?.[1];
  const attribute = index === undefined ? undefined : list[Number(index)];
  return attribute ? `attributes.${key(attribute.attribute_id)}` : undefined;
}

/**
 * The inputs of the type set's attributes for this activity, part of the basic tab's form (its
 * values live under `attributes`: `{a4: 'easy', a5: 16}`); saved with the tab's one Save.
 */
export function AttributeFields({
  list,
  control,
  readOnly,
}: {
  list: readonly ActivityAttributeItem[];
  control: Control<BasicFormValues>;
  readOnly: boolean;
}) {
  const { t } = useTranslation('activities');
  if (list.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="course-attributes-title">
      <Title order={2} size="h4" id="course-attributes-title">
        {t('attributes.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('attributes.intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {list.map((a) => (
          <AttributeInput
            key={a.attribute_id}
            attribute={a}
            control={control}
            name={`attributes.${key(a.attribute_id)}`}
            readOnly={readOnly}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
