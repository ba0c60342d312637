import { Group } from '@mantine/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import type { Bound } from './bound';
import { FormTextInput } from './text-fields';

export interface FormPhoneFieldsProps<T extends FieldValues> extends Pick<Bound<T>, 'control'> {
  /** The country code, e.g. `+41`. */
  prefix: FieldPath<T>;
  number: FieldPath<T>;
  prefixLabel: string;
  numberLabel: string;
}

/** A phone number as prefix and number, side by side (both required). */
export function FormPhoneFields<T extends FieldValues>({ control, prefix, number, prefixLabel, numberLabel }: FormPhoneFieldsProps<T>) {
  return (
    <Group gap="sm" align="flex-start" wrap="nowrap">
      <FormTextInput control={control} name={prefix} label={prefixLabel} autoComplete="tel-country-code" maxLength={5} w={130} required />
      <FormTextInput
        control={control}
        name={number}
        type="tel"
        label={numberLabel}
        autoComplete="tel-national"
        style={{ flex: 1 }}
        required
      />
    </Group>
  );
}
