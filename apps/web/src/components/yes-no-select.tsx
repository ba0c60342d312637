import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';

export type YesNo = 0 | 1;

export interface YesNoSelectProps extends Omit<NativeSelectProps, 'value' | 'defaultValue' | 'onChange' | 'data'> {
  /** 1/0, but booleans and "1"/"0" from API replies are understood too. */
  value: YesNo | boolean | string | null | undefined;
  onChange: (value: YesNo) => void;
  ref?: Ref<HTMLSelectElement>;
}

function toOption(value: YesNoSelectProps['value']): '' | '1' | '0' {
  if (value === 1 || value === true || value === '1') return '1';
  if (value === 0 || value === false || value === '0') return '0';
  return '';
}

/** Spec §5: a yes/no choice that sends 1 or 0. A native select works well on phones. */
export function YesNoSelect({ value, onChange, ...rest }: YesNoSelectProps) {
  const { t } = useTranslation();
  const current = toOption(value);
  const data = [
    ...(current === '' ? [{ value: '', label: t('choose'), disabled: true }] : []),
    { value: '1', label: t('yes') },
    { value: '0', label: t('no') },
  ];
  return <NativeSelect {...rest} data={data} value={current} onChange={(event) => onChange(event.currentTarget.value === '1' ? 1 : 0)} />;
}
