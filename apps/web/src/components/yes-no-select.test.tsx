import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import { renderWithProviders } from '../test/render';
import { YesNoSelect, type YesNo } from './yes-no-select';

function Harness({ onChange, initial }: { onChange: (v: YesNo) => void; initial: YesNoSelectValue }) {
  const [value, setValue] = useState(initial);
  return (
    <YesNoSelect
      label="Public"
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}
type YesNoSelectValue = Parameters<typeof YesNoSelect>[0]['value'];

describe('YesNoSelect', () => {
  it('offers translated Yes/No and sends 1 or 0 as numbers', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} initial={1} />);
    const select = screen.getByLabelText('Public');
    expect(select).toHaveDisplayValue('Yes');

    await userEvent.selectOptions(select, 'No');
    expect(onChange).toHaveBeenLastCalledWith(0);
    await userEvent.selectOptions(select, 'Yes');
    expect(onChange).toHaveBeenLastCalledWith(1);
  });

  it('understands booleans and strings from the API and asks for a choice when empty', () => {
    const { unmount } = renderWithProviders(<Harness onChange={vi.fn()} initial={false} />);
    expect(screen.getByLabelText('Public')).toHaveDisplayValue('No');
    unmount();
    renderWithProviders(<Harness onChange={vi.fn()} initial={null} />);
    expect(screen.getByLabelText('Public')).toHaveDisplayValue('Please choose');
  });

  it('uses the UI language', async () => {
    await i18n.changeLanguage('de');
    renderWithProviders(<Harness onChange={vi.fn()} initial="1" />);
    expect(screen.getByRole('option', { name: 'Ja' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Nein' })).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });
});
