import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { confirm } from './confirm';

function openConfirm(extra: Partial<Parameters<typeof confirm>[0]> = {}) {
  return confirm({ title: 'Delete course?', message: 'This cannot be undone.', ...extra });
}

describe('confirm', () => {
  it('resolves true when confirmed', async () => {
    renderWithProviders(<div />);
    const answer = openConfirm({ confirmLabel: 'Delete', cancelLabel: 'Keep' });
    const dialog = await screen.findByRole('dialog', { name: 'Delete course?' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await expect(answer).resolves.toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('resolves false when cancelled, with translated default labels', async () => {
    renderWithProviders(<div />);
    const answer = openConfirm();
    await screen.findByRole('dialog');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
  });

  it('resolves false when closed with Escape', async () => {
    renderWithProviders(<div />);
    const answer = openConfirm();
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await expect(answer).resolves.toBe(false);
  });
});
