import { BOOKING_SCOPES, FIELD_TYPES } from '@bookla/shared/catalogue-model';
import type { Language } from '@bookla/shared/i18n';
import { Divider, SimpleGrid } from '@mantine/core';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelect } from '../../../../components/form/select-fields';
import { FormSwitch } from '../../../../components/form/switch-field';
import { TranslatedTextField } from '../../../../components/form/translated-fields';
import { hasChoices, type FieldValuesForm } from '../form-values';
import { ChoiceOptionsEditor } from './choice-options-editor';
import { FieldCondition } from './field-condition';

/** A booking field: type, label, help, choices, per order/participant, required, condition. */
export function FieldFields({ fieldId, languages }: { fieldId: number | null; languages: readonly Language[] }) {
  const { t } = useTranslation('setup');
  const { control } = useFormContext<FieldValuesForm>();
  const type = useWatch({ control, name: 'type' });
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FormSelect
          control={control}
          name="type"
          label={t('fields.type')}
          data={FIELD_TYPES.map((value) => ({ value, label: t(`fields.types.${value}`) }))}
          required
        />
        <FormSelect
          control={control}
          name="scope"
          label={t('scope.label')}
          description={t('fields.scopeHint')}
          data={BOOKING_SCOPES.map((value) => ({ value, label: t(`scope.${value}`) }))}
          required
        />
      </SimpleGrid>
      <TranslatedTextField control={control} name="label" languages={languages} label={t('fields.label')} required />
      <TranslatedTextField
        control={control}
        name="help"
        languages={languages}
        label={t('fields.help')}
        description={t('fields.helpHint')}
      />
      {hasChoices(type) && <ChoiceOptionsEditor languages={languages} />}
      <FormSwitch control={control} name="required" label={t('fields.required')} />
      <Divider />
      <FieldCondition fieldId={fieldId} languages={languages} />
    </>
  );
}
