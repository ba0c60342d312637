import type { Language } from '@bookla/shared/i18n';
import type { TFunction } from 'i18next';
import type { FieldItem } from '@bookla/shared/catalogue-setup';
import { textOf } from '../../timetable';

const labelOf = (field: FieldItem, lang: Language) => field.label_text || textOf(field.label, lang);

/** "Shown when «Diet» is «Vegan» or «Vegetarian»": a field's condition in the reader's words. */
export function describeCondition(field: FieldItem, all: readonly FieldItem[], lang: Language, t: TFunction<'setup'>): string | null {
  const condition = field.visible_if;
  if (!condition) return null;
  const source = all.find((f) => f.id === condition.field_id);
  const name = source ? labelOf(source, lang) : t('activityFields.unknownField');
  if (condition.values.length === 0) return t('activityFields.whenAnswered', { field: name });
  if (source?.type === 'checkbox') return t('activityFields.whenTicked', { field: name });
  const values = condition.values.map((value) => {
    const option = source?.options.find((o) => o.value === value);
    return option ? option.label_text || textOf(option.label, lang) : value;
  });
  return t('activityFields.whenValue', { field: name, values: values.join(t('activityFields.or')) });
}

export { labelOf as fieldLabel };
