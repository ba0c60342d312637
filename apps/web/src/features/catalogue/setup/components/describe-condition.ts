import type { Language } from '@bookla/shared/i18n';
import type { TFunction } from 'i18next';
import type { FieldItem } from '@bookla/shared/catalogue-setup';
import { textOf } from '../../timetable';

const labelOf = (field: FieldItem, lang: Language) => field.label_text || textOf(field.label, lang);

/** "Shown when «Diet» is «Vegan» or «Vegetarian»": a field's condition in the reader's words. */
export function describeCondition(field: FieldItem, all: readonly FieldItem[], lang: Language, t: TFunction<'timetable'>): string | null {
  const condition = field.visible_if;
  if (!condition) return null;
  const source = all.find((f) => f.id === condition.field_id);
  const name = source ? labelOf(source, lang) : t('fields.unknownField');
  if (condition.values.length === 0) return t('fields.whenAnswered', { field: name });
  if (source?.type === 'checkbox') return t('fields.whenTicked', { field: name });
  const values = condition.values.map((value) => {
    const option = source?.options.find((o) => o.value === value);
    return option ? option.label_text || textOf(option.label, lang) : value;
  });
  return t('fields.whenValue', { field: name, values: values.join(t('fields.or')) });
}

export { labelOf as fieldLabel };
