import { Switch, type SwitchProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { useBound, type Bound, type Managed } from './bound';

export function FormSwitch<T extends FieldValues>({ control, name, ...props }: Bound<T> & Omit<SwitchProps, Managed>) {
  const { value, onChange, input } = useBound({ control, name });
  return <Switch {...props} {...input} checked={value === true} onChange={(e) => onChange(e.currentTarget.checked)} />;
}
