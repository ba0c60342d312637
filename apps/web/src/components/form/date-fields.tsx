import '@mantine/dates/styles.css';
import { TextInput, type TextInputProps } from '@mantine/core';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { useEffect, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { DATE_FORMATS, formatTimeOfDay, parseDateInput, parseDateTimeInput, parseTimeInput } from '../../lib/format';
import { useLang } from '../../lib/language';
import { useBound, type Bound, type Managed } from './bound';

/**
 * Date and time inputs in the UI language's format (spec §9: `DD.MM.YYYY` / `MM/DD/YYYY`, French
 * `DD/MM/YYYY`), whatever the browser's locale: a native `<input type="date">` would show the
 * browser's. Values stay ISO: `YYYY-MM-DD`, `HH:mm`, `YYYY-MM-DDTHH:mm`, `''` for none.
 */

type DateFieldOwn = Omit<DateInputProps, 'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser' | 'withTime'>;

export interface DateFieldProps extends DateFieldOwn {
  value: string;
  onChange: (value: string) => void;
}

/** A day, typed in the language's format or picked from the calendar. Optional ones can be cleared. */
export function DateField({ value, onChange, required, clearable, ...props }: DateFieldProps) {
  const lang = useLang();
  return (
    <DateInput
      locale={lang}
      firstDayOfWeek={1}
      placeholder={DATE_FORMATS[lang].placeholder.date}
      {...props}
      required={required}
      clearable={clearable ?? !required}
      valueFormat={DATE_FORMATS[lang].date}
      dateParser={(text) => parseDateInput(text, lang)}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
    />
  );
}

/** `YYYY-MM-DDTHH:mm` (the forms' value) ↔ `YYYY-MM-DD HH:mm:ss` (the date input's). */
const toPicker = (value: string) => (value ? `${value.slice(0, 10)} ${value.slice(11, 16)}:00` : null);
const fromPicker = (value: string | null) => (value ? `${value.slice(0, 10)}T${value.slice(11, 16)}` : '');

/** A day and time in one input (`31.12.2026 18:30`); the calendar keeps the typed time. */
export function DateTimeField({ value, onChange, required, clearable, ...props }: DateFieldProps) {
  const lang = useLang();
  return (
    <DateInput
      locale={lang}
      firstDayOfWeek={1}
      placeholder={DATE_FORMATS[lang].placeholder.dateTime}
      {...props}
      required={required}
      clearable={clearable ?? !required}
      withTime
      valueFormat={DATE_FORMATS[lang].dateTime}
      dateParser={(text) => {
        const parsed = parseDateTimeInput(text, lang);
        return parsed ? toPicker(parsed) : null;
      }}
      value={toPicker(value)}
      onChange={(next) => onChange(fromPicker(next))}
    />
  );
}

export interface TimeFieldProps extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
}

/**
 * A time of day, shown in the language's format (`18:30`, `6:30 PM`) and typed in any usual way
 * (`18.30`, `18h30`, `6:30 pm`). Text that is no time is passed on as typed, so the form's
 * validation names it instead of silently keeping the previous time.
 */
export function TimeField({ value, onChange, onBlur, ...props }: TimeFieldProps) {
  const lang = useLang();
  const [text, setText] = useState(() => formatTimeOfDay(value, lang) || value);

  // A value set from outside (a reset, a loaded record, another language) replaces the text.
  useEffect(() => {
    setText((current) => (parseTimeInput(current) === value || current === value ? current : formatTimeOfDay(value, lang) || value));
  }, [value, lang]);
  useEffect(() => {
    setText((current) => formatTimeOfDay(parseTimeInput(current) ?? '', lang) || current);
  }, [lang]);

  return (
    <TextInput
      inputMode="text"
      autoComplete="off"
      placeholder={DATE_FORMATS[lang].placeholder.time}
      {...props}
      value={text}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setText(next);
        onChange(next.trim() === '' ? '' : (parseTimeInput(next) ?? next));
      }}
      onBlur={(e) => {
        const parsed = parseTimeInput(text);
        if (parsed) setText(formatTimeOfDay(parsed, lang));
        onBlur?.(e);
      }}
    />
  );
}

type BoundDateProps = Omit<DateFieldOwn, Managed>;

export function FormDateInput<T extends FieldValues>({ control, name, ...props }: Bound<T> & BoundDateProps) {
  const { value, onChange, input } = useBound({ control, name });
  return <DateField {...props} {...input} value={(value as string | null | undefined) ?? ''} onChange={onChange} />;
}

export function FormDateTimeInput<T extends FieldValues>({ control, name, ...props }: Bound<T> & BoundDateProps) {
  const { value, onChange, input } = useBound({ control, name });
  return <DateTimeField {...props} {...input} value={(value as string | null | undefined) ?? ''} onChange={onChange} />;
}

export function FormTimeInput<T extends FieldValues>({ control, name, ...props }: Bound<T> & Omit<TextInputProps, Managed>) {
  const { value, onChange, input } = useBound({ control, name });
  return <TimeField {...props} {...input} value={(value as string | null | undefined) ?? ''} onChange={onChange} />;
}
