import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { PriceInput, sanitizePrice } from './price-input';

function Harness({ onChange, initial = '' }: { onChange: (v: string) => void; initial?: string | number }) {
  const [value, setValue] = useState<string | number>(initial);
  return (
    <PriceInput
      label="Price"
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

describe('sanitizePrice', () => {
  it.each([
    ['12,50', '12,50'],
    ['12.50', '12,50'],
    ['1,,5', '1,5'],
    ['1..5', '1,5'],
    ['1,2,3', '1,23'],
    ['a1b2 CHF', '12'],
    ['-5', '5'],
    ['', ''],
  ])('%s → %s', (input, expected) => {
    expect(sanitizePrice(input)).toBe(expected);
  });
});

describe('PriceInput', () => {
  it('shows a comma and hands the dot form to onChange', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    const input = screen.getByLabelText('Price');

    await userEvent.type(input, '12,50');
    expect(input).toHaveValue('12,50');
    expect(onChange).toHaveBeenLastCalledWith('12.50');
  });

  it('turns a typed dot into a comma and drops letters and extra commas', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    const input = screen.getByLabelText('Price');

    await userEvent.type(input, 'x7.,5');
    expect(input).toHaveValue('7,5');
    expect(onChange).toHaveBeenLastCalledWith('7.5');
  });

  it('shows numbers from the API with a comma', () => {
    renderWithProviders(<Harness onChange={vi.fn()} initial={9.9} />);
    expect(screen.getByLabelText('Price')).toHaveValue('9,9');
  });

  it('asks phones for the decimal keypad', () => {
    renderWithProviders(<Harness onChange={vi.fn()} />);
    expect(screen.getByLabelText('Price')).toHaveAttribute('inputmode', 'decimal');
  });
});
