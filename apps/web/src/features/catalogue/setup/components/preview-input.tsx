import type { ChoiceOption, FieldType } from '@bookla/shared/catalogue-model';
import { pickText } from '@bookla/shared/i18n';
import { Checkbox, MultiSelect, Select, Textarea, TextInput } from '@mantine/core';
import { useLang } from '../../../../lib/language';

/** A preview answer: text, choices, or a ticked checkbox. */
export type Answer = string | string[] | boolean | undefined;

export interface PreviewFieldProps {
  type: FieldType;
  label: string;
  help?: string;
  required?: boolean;
  options: ChoiceOption[];
  value: Answer;
  onChange: (value: Answer) => void;
}

/** A booking field as a customer would see it, for the field screen's live preview. */
export function PreviewInput({ type, label, help, required, options, value, onChange }: PreviewFieldProps) {
  const lang = useLang();
  const common = { label, description: help || undefined, required };
  const data = options.map((o) => ({ value: o.value, label: pickText(o.label, lang) || o.value }));
  const text = typeof value === 'string' ? value : '';
  switch (type) {
    case 'select':
      return <Select {...common} data={data} value={text || null} onChange={(v) => onChange(v ?? '')} clearable />;
    case 'multiselect':
      return <MultiSelect {...common} data={data} value={Array.isArray(value) ? value : []} onChange={onChange} />;
    case 'checkbox':
      return <Checkbox {...common} checked={value === true} onChange={(e) => onChange(e.currentTarget.checked)} />;
    case 'textarea':
    case 'address':
      return <Textarea {...common} value={text} autosize minRows={2} onChange={(e) => onChange(e.currentTarget.value)} />;
    default: {
      const inputType = { number: 'number', email: 'email', phone: 'tel', date: 'date' }[type as string] ?? 'text';
      return <TextInput {...common} type={inputType} value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
    }
  }
}
