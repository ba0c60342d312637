import type { Language } from '@bookla/shared/i18n';
import { pickText } from '@bookla/shared/i18n';
import {
  CONDITION_FIELD_TYPES,
  conditionMakesCycle,
  conditionTargets,
  normalizeOptions,
  visibleFields,
} from '@bookla/shared/catalogue-setup';
import { Alert, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelect } from '../../../../components/form/select-fields';
import { translateValidation } from '../../../../lib/forms';
import { useLang } from '../../../../lib/language';
import { RESOURCES, useAllSetupItems } from '../api/setup-api';
import { hasChoices, toChoiceBody, type FieldValuesForm } from '../form-values';
import type { FieldItem } from '@bookla/shared/catalogue-setup';
import { PreviewInput, type Answer } from './preview-input';

/**
 * "Show only when [field] is [values]": the condition field is one of the team's select,
 * multi-select or checkbox fields (not this one, nor one that depends on it); the values are
 * its choices (a checkbox: ticked). Below it, a live preview shows and hides this field.
 */
export function FieldCondition({ fieldId, languages }: { fieldId: number | null; languages: readonly Language[] }) {
  const { t } = useTranslation('setup');
  const lang = useLang();
  const { control, setValue } = useFormContext<FieldValuesForm>();
  const all = useAllSetupItems<FieldItem>(RESOURCES.fields);
  const conditionField = useWatch({ control, name: 'condition_field' });
  const { field: values, fieldState } = useController({ control, name: 'condition_values' });

  const targets = conditionTargets(all.data ?? []);
  const candidates = (all.data ?? []).filter(
    (f) =>
      (CONDITION_FIELD_TYPES as readonly string[]).includes(f.type) &&
      (fieldId === null || (f.id !== fieldId && !conditionMakesCycle(fieldId, f.id, targets))),
  );
  const parent = candidates.find((f) => String(f.id) === conditionField);
  const chosen = (values.value as string[] | undefined) ?? [];
  const label = (f: FieldItem) => f.label_text ?? pickText(f.label, lang);

  const toggle = (value: string, on: boolean) => values.onChange(on ? [...chosen, value] : chosen.filter((v) => v !== value));

  return (
    <Stack gap="sm" role="group" aria-labelledby="field-condition-title">
      <Title order={2} size="h5" id="field-condition-title">
        {t('fields.condition.title')}
      </Title>
      <FormSelect
        control={control}
        name="condition_field"
        label={t('fields.condition.field')}
        description={t('fields.condition.fieldHint')}
        data={candidates.map((f) => ({ value: String(f.id), label: label(f) }))}
        placeholder={t('fields.condition.always')}
        clearable
        onValueChange={() => setValue('condition_values', [], { shouldDirty: true })}
        disabled={all.isPending}
      />
      {parent && parent.type !== 'checkbox' && (
        <Checkbox.Group
          label={t('fields.condition.values', { field: label(parent) })}
          description={t('fields.condition.valuesHint')}
          value={chosen}
          onChange={values.onChange}
          error={translateValidation(fieldState.error?.message) || undefined}
        >
          <Group gap="md" mt={4}>
            {parent.options.map((o) => (
              <Checkbox key={o.value} value={o.value} label={pickText(o.label, lang) || o.value} />
            ))}
          </Group>
        </Checkbox.Group>
      )}
      {parent?.type === 'checkbox' && (
        <Checkbox
          label={t('fields.condition.whenTicked', { field: label(parent) })}
          checked={chosen.includes('1')}
          onChange={(e) => toggle('1', e.currentTarget.checked)}
        />
      )}
      {parent && <ConditionPreview key={parent.id} parent={parent} fieldId={fieldId} languages={languages} />}
    </Stack>
  );
}

/** Answer the condition field as a customer would, and see this field appear or disappear. */
function ConditionPreview({ parent, fieldId, languages }: { parent: FieldItem; fieldId: number | null; languages: readonly Language[] }) {
  const { t } = useTranslation('setup');
  const lang = useLang();
  const { control } = useFormContext<FieldValuesForm>();
  const [answer, setAnswer] = useState<Answer>(undefined);
  const [own, setOwn] = useState<Answer>(undefined);
  const [type, label, help, required, options, values] = useWatch({
    control,
    name: ['type', 'label', 'help', 'required', 'options', 'condition_values'],
  });

  // The condition field alone, as if always shown, and this field with the condition being edited.
  const self = { id: fieldId ?? -1, type, required, options: [], visible_if: { field_id: parent.id, values: values ?? [] } };
  const shown = visibleFields([{ ...parent, visible_if: null }, self], { [parent.id]: answer }).some((f) => f.id === self.id);
  const text = (value: Record<string, string> | undefined) => pickText(value, lang) || pickText(value, languages[0] ?? lang);
  const ownLabel = text(label) || t('fields.condition.thisField');

  return (
    <Paper withBorder p="sm" bg="var(--mantine-color-gray-0)" component="section" aria-labelledby="field-preview-title">
      <Title order={3} size="h6" id="field-preview-title" mb="xs">
        {t('fields.preview.title')}
      </Title>
      <Stack gap="sm">
        <PreviewInput
          type={parent.type}
          label={parent.label_text ?? pickText(parent.label, lang)}
          options={parent.options}
          value={answer}
          onChange={setAnswer}
        />
        <div aria-live="polite">
          {shown ? (
            <PreviewInput
              type={type}
              label={ownLabel}
              help={text(help)}
              required={required}
              options={hasChoices(type) ? normalizeOptions(toChoiceBody(options ?? []), languages) : []}
              value={own}
              onChange={setOwn}
            />
          ) : (
            <Alert color="gray" variant="light">
              {t('fields.preview.hidden', { field: ownLabel })}
            </Alert>
          )}
        </div>
      </Stack>
      <Text size="xs" c="dimmed" mt="xs">
        {t('fields.preview.hint')}
      </Text>
    </Paper>
  );
}
