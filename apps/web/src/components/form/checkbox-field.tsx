import { Checkbox, type CheckboxProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { useBound, type Bound, type Managed } from './bound';

export function FormCheckbox<T extends FieldValues>({ control, name, ...props }: Bound<T> & Omit<CheckboxProps, Managed>) {
  const { value, onChange, input } = useBound({ control, name });
  return <Checkbox {...props} {...input} checked={value === true} onChange={(e) => onChange(e.currentTarget.checked)} />;
}
