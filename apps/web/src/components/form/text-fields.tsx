import { PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { useBound, type Bound, type Managed } from './bound';

export function FormTextInput<T extends FieldValues>({ control, name, ...props }: Bound<T> & Omit<TextInputProps, Managed>) {
  const { value, onChange, input } = useBound({ control, name });
  return (
    <TextInput {...props} {...input} value={(value as string | null | undefined) ?? ''} onChange={(e) => onChange(e.currentTarget.value)} />
  );
}

export function FormPasswordInput<T extends FieldValues>({ control, name, ...props }: Bound<T> & Omit<PasswordInputProps, Managed>) {
  const { value, onChange, input } = useBound({ control, name });
  return (
    <PasswordInput {...props} {...input} value={(value as string | undefined) ?? ''} onChange={(e) => onChange(e.currentTarget.value)} />
  );
}
