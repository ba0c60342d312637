import { ATTRIBUTE_TYPES } from '@bookla/shared/catalogue-model';
import type { Language } from '@bookla/shared/i18n';
import { SimpleGrid } from '@mantine/core';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelect } from '../../../../components/form/select-fields';
import { FormSwitch } from '../../../../components/form/switch-field';
import { TranslatedTextField } from '../../../../components/form/translated-fields';
import { hasChoices, type AttributeValues } from '../form-values';
import { ChoiceOptionsEditor } from './choice-options-editor';

/** An attribute: type, label, its choices (select types) and whether shops filter by it. */
export function AttributeFields({ languages }: { languages: readonly Language[] }) {
  const { t } = useTranslation('setup');
  const { control } = useFormContext<AttributeValues>();
  const type = useWatch({ control, name: 'type' });
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FormSelect
          control={control}
          name="type"
          label={t('attributes.type')}
          data={ATTRIBUTE_TYPES.map((value) => ({ value, label: t(`attributes.types.${value}`) }))}
          required
        />
      </SimpleGrid>
      <TranslatedTextField control={control} name="label" languages={languages} label={t('attributes.label')} required />
      {hasChoices(type) && <ChoiceOptionsEditor languages={languages} />}
      <FormSwitch control={control} name="filterable" label={t('attributes.filterable')} description={t('attributes.filterableHint')} />
    </>
  );
}
