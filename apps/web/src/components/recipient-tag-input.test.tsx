import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { RecipientTagInput } from './recipient-tag-input';

function Harness({ initial = [], onChange = vi.fn() }: { initial?: string[]; onChange?: (v: string[]) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RecipientTagInput
        label="Recipients"
        value={value}
        onChange={(v) => {
          setValue(v);
          onChange(v);
        }}
      />
      <button type="button">elsewhere</button>
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

const value = () => JSON.parse(screen.getByTestId('value').textContent ?? '[]') as string[];

describe('RecipientTagInput', () => {
  it('adds the typed text as a tag on Enter, trimmed', async () => {
    renderWithProviders(<Harness />);
    const input = screen.getByLabelText('Recipients');
    await userEvent.type(input, '  anna@example.ch {Enter}');
    expect(value()).toEqual(['anna@example.ch']);
    expect(input).toHaveValue('');
    expect(screen.getByText('anna@example.ch')).toBeInTheDocument();
  });

  it('adds the typed text when the box loses focus', async () => {
    renderWithProviders(<Harness />);
    await userEvent.type(screen.getByLabelText('Recipients'), 'ben@example.ch');
    await userEvent.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(value()).toEqual(['ben@example.ch']);
  });

  it('ignores empty or blank text and duplicates', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness initial={['anna@example.ch']} onChange={onChange} />);
    const input = screen.getByLabelText('Recipients');
    await userEvent.type(input, '   {Enter}');
    await userEvent.type(input, '{Enter}');
    await userEvent.type(input, 'ANNA@example.ch{Enter}');
    expect(onChange).not.toHaveBeenCalled();
    expect(value()).toEqual(['anna@example.ch']);
  });

  it('removes the last tag on Backspace in an empty box, not while text is there', async () => {
    renderWithProviders(<Harness initial={['a@x.ch', 'b@x.ch']} />);
    const input = screen.getByLabelText('Recipients');
    await userEvent.type(input, 'c{Backspace}');
    expect(value()).toEqual(['a@x.ch', 'b@x.ch']);
    await userEvent.type(input, '{Backspace}');
    expect(value()).toEqual(['a@x.ch']);
  });

  it('removes a tag with its labelled remove button', async () => {
    renderWithProviders(<Harness initial={['a@x.ch', 'b@x.ch']} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove a@x.ch' }));
    expect(value()).toEqual(['b@x.ch']);
  });
});
