import { Textarea, type TextareaProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { useBound, type Bound, type Managed } from '../../../../components/form/bound';

/** A multi-line answer bound to the form (the shared form fields have no textarea yet). */
export function FormTextarea<T extends FieldValues>({ control, name, ...props }: Bound<T> & Omit<TextareaProps, Managed>) {
  const { value, onChange, input } = useBound({ control, name });
  return <Textarea {...props} {...input} value={(value as string | undefined) ?? ''} onChange={(e) => onChange(e.currentTarget.value)} />;
}
