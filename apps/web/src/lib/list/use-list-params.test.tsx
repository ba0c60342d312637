import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineList, readListParams } from './list-params';
import { useListParams } from './use-list-params';

const config = defineList({
  sortFields: ['created_at', 'name'],
  defaultSort: { field: 'created_at', type: 'desc' },
  filters: { name: 'text', status: 'choice' },
});

/** Runs the hook inside a memory router at `path`; `location()` reads the current address. */
function setup(path = '/list') {
  const { result } = renderHook(() => ({ list: useListParams(config), search: useLocation().search, navigate: useNavigate() }), {
    wrapper: ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>,
  });
  return { get: () => result.current.list, location: () => result.current.search, back: () => result.current.navigate(-1) };
}

describe('readListParams', () => {
  it('reads defaults for malformed values and only whitelisted sort fields', () => {
    const p = readListParams(new URLSearchParams('page=abc&perPage=1000&sort=password&order=up'), config);
    expect(p).toEqual({ page: 1, perPage: 10, sort: { field: 'created_at', type: 'desc' }, filters: { name: '', status: '' } });
    const q = readListParams(new URLSearchParams('page=4&perPage=25&sort=name&order=desc&status=draft'), config);
    expect(q).toEqual({ page: 4, perPage: 25, sort: { field: 'name', type: 'desc' }, filters: { name: '', status: 'draft' } });
  });

  it('refuses a filter named like a list parameter', () => {
    expect(() => defineList({ sortFields: ['id'], defaultSort: { field: 'id', type: 'asc' }, filters: { page: 'text' } })).toThrow(
      /clashes/,
    );
  });
});

describe('useListParams', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes page and sort to the address, leaving defaults out', () => {
    const list = setup();
    expect(list.location()).toBe('');
    act(() => list.get().setPage(3));
    expect(list.location()).toBe('?page=3');
    act(() => list.get().toggleSort('name'));
    expect(list.location()).toBe('?sort=name&order=asc');
    expect(list.get().params.sort).toEqual({ field: 'name', type: 'asc' });
    act(() => list.get().toggleSort('name'));
    expect(list.get().params.sort).toEqual({ field: 'name', type: 'desc' });
    act(() => list.get().toggleSort('created_at'));
    act(() => list.get().toggleSort('created_at'));
    // created_at descending is the default again: a plain address.
    expect(list.location()).toBe('');
  });

  it('shows typed text at once and writes it after 1.5 s; a choice after 0.5 s; both reset the page', () => {
    const list = setup('/list?page=4');
    act(() => list.get().setFilter('name', 'Yog'));
    expect(list.get().inputs.name).toBe('Yog');
    expect(list.get().params.filters.name).toBe('');
    act(() => vi.advanceTimersByTime(1499));
    expect(list.location()).toBe('?page=4');
    act(() => vi.advanceTimersByTime(1));
    expect(list.location()).toBe('?name=Yog');
    expect(list.get().params.page).toBe(1);

    act(() => list.get().setPage(2));
    act(() => list.get().setFilter('status', 'draft'));
    act(() => vi.advanceTimersByTime(499));
    expect(list.get().params.filters.status).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(list.get().params).toMatchObject({ page: 1, filters: { name: 'Yog', status: 'draft' } });
  });

  it('restarts the delay while typing, and Enter writes at once', () => {
    const list = setup();
    act(() => list.get().setFilter('name', 'Y'));
    act(() => vi.advanceTimersByTime(1000));
    act(() => list.get().setFilter('name', 'Yo'));
    act(() => vi.advanceTimersByTime(1000));
    expect(list.location()).toBe('');
    act(() => list.get().flushFilter('name'));
    expect(list.location()).toBe('?name=Yo');
  });

  it('follows back/forward: the inputs show what the address says', async () => {
    const list = setup('/list?name=Yoga');
    expect(list.get().inputs.name).toBe('Yoga');
    act(() => list.get().setFilter('name', 'Pilates'));
    act(() => vi.advanceTimersByTime(1500));
    expect(list.get().inputs.name).toBe('Pilates');
    await act(async () => {
      await list.back();
    });
    expect(list.location()).toBe('?name=Yoga');
    expect(list.get().inputs.name).toBe('Yoga');
  });

  it('resets every filter and the page', () => {
    const list = setup('/list?page=2&name=x&status=draft&sort=name&order=asc');
    expect(list.get().filtered).toBe(true);
    act(() => list.get().resetFilters());
    expect(list.location()).toBe('?sort=name&order=asc');
    expect(list.get().filtered).toBe(false);
    expect(list.get().inputs).toEqual({ name: '', status: '' });
  });
});
