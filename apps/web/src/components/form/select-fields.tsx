import { MultiSelect, Select, type MultiSelectProps, type SelectProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { useBound, type Bound, type Managed } from './bound';

/** A select whose value is a string (`''` when empty); `onValueChange` follows a user's choice. */
export function FormSelect<T extends FieldValues>({
  control,
  name,
  onValueChange,
  ...props
}: Bound<T> & Omit<SelectProps, Managed> & { onValueChange?: (value: string) => void }) {
  const { value, onChange, input } = useBound({ control, name });
  return (
    <Select
      allowDeselect={false}
      {...props}
      {...input}
      value={(value as string | null | undefined) || null}
      onChange={(next) => {
        onChange(next ?? '');
        onValueChange?.(next ?? '');
      }}
    />
  );
}

export function FormMultiSelect<T extends FieldValues>({ control, name, ...props }: Bound<T> & Omit<MultiSelectProps, Managed>) {
  const { value, onChange, input } = useBound({ control, name });
  return <MultiSelect {...props} {...input} value={(value as string[] | undefined) ?? []} onChange={(next) => onChange(next)} />;
}
