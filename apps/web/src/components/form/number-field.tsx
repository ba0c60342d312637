import { NumberInput, type NumberInputProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { useBound, type Bound, type Managed } from './bound';

/**
 * A number bound to the form: `''` while empty (sent as `null` or a default by the screen); an
 * unfinished decimal such as `47.` stays a string until it is a number again.
 */
export function FormNumberInput<T extends FieldValues>({ control, name, ...props }: Bound<T> & Omit<NumberInputProps, Managed>) {
  const { value, onChange, input } = useBound({ control, name });
  return (
    <NumberInput {...props} {...input} value={(value as number | string | null | undefined) ?? ''} onChange={(next) => onChange(next)} />
  );
}
