import {
  isBlankValue,
  isIsoDate,
  ownValue,
  pickText,
  type AddressAnswer,
  type ChoiceOption,
  type FieldType,
  type Language,
  type ParticipantAnswer,
} from '@bookla/shared';
import { translate } from '../../../lib/i18n.ts';

/**
 * Booking-field answers as people read them: the field's label and the answer as text in the
 * request language (a select's option label, "Yes" for a ticked checkbox, an address on one
 * line, a date in the language's format). Answers are stored keyed by field id, as the checkout
 * validated them; a field deleted since is shown with a generic label.
 */

export interface AnswerField {
  id: number;
  type: FieldType;
  label: Record<string, string>;
  options: ChoiceOption[];
  scope: 'order' | 'participant';
  sort: number;
}

const DATE_ORDER: Record<Language, (y: string, m: string, d: string) => string> = {
  de: (y, m, d) => `${d}.${m}.${y}`,
  en: (y, m, d) => `${m}/${d}/${y}`,
  fr: (y, m, d) => `${d}/${m}/${y}`,
};

const isChecked = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on';

function optionLabel(field: AnswerField | undefined, value: unknown, lang: Language): string {
  const text = String(value);
  const option = field?.options.find((o) => o.value === text);
  return option ? pickText(option.label, lang) || text : text;
}

/** One answer as text; '' when nothing was answered. */
export function answerText(field: AnswerField | undefined, value: unknown, lang: Language): string {
  if (isBlankValue(value)) return '';
  switch (field?.type) {
    case 'checkbox':
      return translate(lang, isChecked(value) ? 'customers:answers.yes' : 'customers:answers.no');
    case 'select':
      return optionLabel(field, value, lang);
    case 'multiselect':
      return (Array.isArray(value) ? value : [value]).map((v) => optionLabel(field, v, lang)).join(', ');
    case 'date': {
      const text = String(value);
      if (!isIsoDate(text)) return text;
      const [y, m, d] = text.split('-') as [string, string, string];
      return DATE_ORDER[lang](y, m, d);
    }
    case 'address': {
      const part = (key: keyof AddressAnswer) => {
        const v = ownValue(value, key);
        return typeof v === 'string' ? v.trim() : '';
      };
      const place = [part('postal_code'), part('city')].filter(Boolean).join(' ');
      return [part('street'), place, part('country')].filter(Boolean).join(', ');
    }
    default:
      if (Array.isArray(value)) return value.map(String).join(', ');
      if (typeof value === 'object') return '';
      return String(value);
  }
}

/** The field's label in the language, or "Field 12" for a field deleted since. */
export function fieldLabel(field: AnswerField | undefined, fieldId: number, lang: Language): string {
  return (field && pickText(field.label, lang)) || translate(lang, 'customers:answers.field', { id: fieldId });
}

/** The field ids an answers object names (own keys that are ids). */
export function answeredFieldIds(answers: Record<string, unknown> | null | undefined): number[] {
  if (!answers || typeof answers !== 'object') return [];
  return Object.keys(answers)
    .filter((k) => /^\d{1,10}$/.test(k))
    .map(Number);
}

/**
 * A participant's answers followed by their order's, each in the fields' order; blank ones left
 * out. Keys are read as own properties only (the maps come from stored JSON).
 */
export function describeAnswers(
  participantAnswers: Record<string, unknown>,
  orderAnswers: Record<string, unknown>,
  fields: ReadonlyMap<number, AnswerField>,
  lang: Language,
): ParticipantAnswer[] {
  const out: ParticipantAnswer[] = [];
  const add = (answers: Record<string, unknown>, scope: 'participant' | 'order') => {
    const ids = answeredFieldIds(answers).sort((a, b) => (fields.get(a)?.sort ?? 1e9) - (fields.get(b)?.sort ?? 1e9) || a - b);
    for (const id of ids) {
      const field = fields.get(id);
      const value = answerText(field, ownValue(answers, String(id)), lang);
      if (value === '') continue;
      out.push({ field_id: id, label: fieldLabel(field, id, lang), value, scope });
    }
  };
  add(participantAnswers, 'participant');
  add(orderAnswers, 'order');
  return out;
}
