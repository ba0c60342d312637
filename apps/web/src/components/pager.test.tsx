import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { Pager, pageItems } from './pager';

const show = (current: number, last: number) =>
  pageItems(current, last)
    .map((i) => (i === 'ellipsis' ? '…' : i))
    .join(' ');

describe('pageItems', () => {
  it('shows first, last and three pages around the current one', () => {
    expect(show(5, 20)).toBe('1 … 4 5 6 … 20');
    expect(show(10, 20)).toBe('1 … 9 10 11 … 20');
  });

  it('keeps three pages at the edges', () => {
    expect(show(1, 20)).toBe('1 2 3 … 20');
    expect(show(20, 20)).toBe('1 … 18 19 20');
    expect(show(19, 20)).toBe('1 … 18 19 20');
  });

  it('shows a single hidden page instead of an ellipsis', () => {
    expect(show(4, 20)).toBe('1 2 3 4 5 … 20');
    expect(show(3, 20)).toBe('1 2 3 4 … 20');
    expect(show(17, 20)).toBe('1 … 16 17 18 19 20');
  });

  it('handles few pages and out-of-range input', () => {
    expect(show(1, 1)).toBe('1');
    expect(show(2, 2)).toBe('1 2');
    expect(show(1, 5)).toBe('1 2 3 4 5');
    expect(show(1, 7)).toBe('1 2 3 … 7');
    expect(show(99, 7)).toBe('1 … 5 6 7');
    expect(show(1, 0)).toBe('');
  });
});

describe('Pager', () => {
  it('is a labelled navigation that marks the current page', () => {
    renderWithProviders(<Pager page={5} lastPage={20} onChange={vi.fn()} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(nav).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 4' })).not.toHaveAttribute('aria-current');
    expect(screen.getAllByRole('button', { name: /^Page \d+$/ }).map((b) => b.textContent)).toEqual(['1', '4', '5', '6', '20']);
  });

  it('changes page by number and with previous/next', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Pager page={5} lastPage={20} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Page 20' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange.mock.calls).toEqual([[20], [4], [6]]);
  });

  it('disables previous on the first page and renders nothing for a single page', () => {
    const { unmount } = renderWithProviders(<Pager page={1} lastPage={3} onChange={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    unmount();
    renderWithProviders(<Pager page={1} lastPage={1} onChange={vi.fn()} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
