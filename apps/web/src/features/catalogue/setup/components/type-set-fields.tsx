import { ACTIVITY_KINDS } from '@bookla/shared/catalogue';
import type { Language } from '@bookla/shared/i18n';
import { pickText } from '@bookla/shared/i18n';
import { Alert, Divider, SimpleGrid } from '@mantine/core';
import { useController, useFormContext, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelect } from '../../../../components/form/select-fields';
import { TranslatedTextField } from '../../../../components/form/translated-fields';
import { translateValidation } from '../../../../lib/forms';
import { useLang } from '../../../../lib/language';
import { RESOURCES, useAllSetupItems } from '../api/setup-api';
import { firstError } from '../../../../lib/first-error';
import type { TypeSetValues } from '../form-values';
import type { AttributeItem, FieldItem } from '@bookla/shared/catalogue-setup';
import { OrderedPicker } from './ordered-picker';

/** Name and kind of a type set (also the create dialog's fields). */
export function TypeSetBasicFields({ languages }: { languages: readonly Language[] }) {
  const { t } = useTranslation('setup');
  const { control } = useFormContext<TypeSetValues>();
  return (
    <>
      <TranslatedTextField control={control} name="name" languages={languages} label={t('typeSets.name')} required />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <FormSelect
          control={control}
          name="kind"
          label={t('typeSets.kind')}
          data={ACTIVITY_KINDS.map((value) => ({ value, label: t(`typeSets.kinds.${value}`) }))}
          required
        />
      </SimpleGrid>
    </>
  );
}

/** A type set's screen: name, kind, and which attributes and booking fields it uses, in order. */
export function TypeSetFields({ languages }: { languages: readonly Language[] }) {
  const { t } = useTranslation('setup');
  const lang = useLang();
  const { control } = useFormContext<TypeSetValues>();
  const attributes = useAllSetupItems<AttributeItem>(RESOURCES.attributes);
  const fields = useAllSetupItems<FieldItem>(RESOURCES.fields);
  const assignedAttributes = useController({ control, name: 'attributes' }).field;
  const assignedFields = useController({ control, name: 'fields' }).field;
  const { errors } = useFormState({ control });
  const errorOf = (path: string) => translateValidation(firstError(errors, path)) || undefined;

  return (
    <>
      <TypeSetBasicFields languages={languages} />
      <Divider />
      {attributes.isError || fields.isError ? <Alert color="red">{t('list.loadError')}</Alert> : null}
      <OrderedPicker
        title={t('typeSets.attributes')}
        items={(attributes.data ?? []).map((a) => ({
          id: a.id,
          label: a.label_text ?? pickText(a.label, lang),
          detail: t(`attributes.types.${a.type}`),
        }))}
        value={assignedAttributes.value}
        onChange={assignedAttributes.onChange}
        withRequired
        empty={t('typeSets.noAttributes')}
        error={errorOf('attributes')}
      />
      <Divider />
      <OrderedPicker
        title={t('typeSets.fields')}
        items={(fields.data ?? []).map((f) => ({
          id: f.id,
          label: f.label_text ?? pickText(f.label, lang),
          detail: t(`fields.types.${f.type}`),
        }))}
        value={assignedFields.value}
        onChange={assignedFields.onChange}
        empty={t('typeSets.noFields')}
        error={errorOf('fields')}
      />
    </>
  );
}
