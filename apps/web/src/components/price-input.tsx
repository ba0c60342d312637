import { Text, TextInput, type TextInputProps } from '@mantine/core';
import type { Ref } from 'react';

/**
 * Spec §5: only digits and one decimal comma. A typed dot becomes a comma (Swiss and German
 * keyboards give either), and any further comma is dropped, so ",," collapses to ",".
 */
export function sanitizePrice(raw: string): string {
  const unified = raw.replace(/\./g, ',').replace(/[^\d,]/g, '');
  const comma = unified.indexOf(',');
  if (comma < 0) return unified;
  return unified.slice(0, comma + 1) + unified.slice(comma + 1).replace(/,/g, '');
}

/** The form shows "12,50"; the API gets "12.50". */
export const toDotDecimal = (text: string): string => text.replace(',', '.');

export interface PriceInputProps extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'type'> {
  /** Dot form ("12.50"); numbers from API replies are accepted too. */
  value: string | number | null | undefined;
  onChange: (value: string) => void;
  /** The currency code shown in front of the amount ("CHF 12,50"), e.g. the team's currency. */
  currency?: string | null;
  ref?: Ref<HTMLInputElement>;
}

/** Controlled: the displayed text is always derived from `value`, so both never drift apart. */
export function PriceInput({ value, onChange, currency, ...rest }: PriceInputProps) {
  const display = value === null || value === undefined ? '' : sanitizePrice(String(value));
  const section = currency
    ? {
        leftSection: (
          <Text size="sm" c="dimmed" data-testid="price-currency">
            {currency}
          </Text>
        ),
        leftSectionWidth: 48,
        leftSectionPointerEvents: 'none' as const,
      }
    : {};
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      {...section}
      {...rest}
      value={display}
      onChange={(event) => onChange(toDotDecimal(sanitizePrice(event.currentTarget.value)))}
    />
  );
}
