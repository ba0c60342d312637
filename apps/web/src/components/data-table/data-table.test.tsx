import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { DataTable, type ListQueryState } from './data-table';

interface Row {
  id: number;
  name: string;
}
const rows: Row[] = [
  { id: 1, name: 'Yoga' },
  { id: 2, name: 'Pilates' },
];
const meta = { current_page: 1, last_page: 1, per_page: 10, from: 1, to: 2, total: 2 };

function query(over: Partial<ListQueryState<Row>> = {}): ListQueryState<Row> {
  return {
    data: { data: rows, meta },
    isPending: false,
    isError: false,
    isFetching: false,
    isPlaceholderData: false,
    error: null,
    refetch: vi.fn(),
    ...over,
  };
}

function Table(props: {
  q: ListQueryState<Row>;
  filtered?: boolean;
  onReset?: () => void;
  onSort?: (f: string) => void;
  onIds?: (ids: number[]) => void;
}) {
  const [ids, setIds] = useState<number[]>([]);
  return (
    <MemoryRouter>
      <DataTable<Row>
        label="Things"
        columns={[
          { key: 'name', header: 'Name', sortField: 'name', cell: (r) => r.name },
          { key: 'id', header: 'Number', cell: (r) => r.id },
        ]}
        query={props.q}
        sort={{ field: 'name', type: 'desc' }}
        onSort={props.onSort ?? (() => {})}
        page={1}
        onPage={() => {}}
        selection={{
          ids,
          onChange: (next) => {
            setIds(next);
            props.onIds?.(next);
          },
          allLabel: 'Select all on this page',
          rowLabel: (r) => `Select ${r.name}`,
        }}
        rowActions={(r) => [{ label: 'Edit', ariaLabel: `Edit ${r.name}`, to: `/things/${r.id}` }]}
        filtered={props.filtered}
        onResetFilters={props.onReset}
        empty={{ title: 'No things yet', text: 'Create one.' }}
      />
    </MemoryRouter>
  );
}

describe('DataTable', () => {
  it('marks the sorted column with aria-sort and sorts by a header button', async () => {
    const onSort = vi.fn();
    renderWithProviders(<Table q={query()} onSort={onSort} />);
    const table = screen.getByRole('table', { name: 'Things' });
    const name = within(table).getByRole('columnheader', { name: 'Name' });
    expect(name).toHaveAttribute('aria-sort', 'descending');
    expect(within(table).getByRole('columnheader', { name: 'Number' })).not.toHaveAttribute('aria-sort');
    await userEvent.click(within(name).getByRole('button', { name: 'Name' }));
    expect(onSort).toHaveBeenCalledWith('name');
    expect(screen.getByRole('link', { name: 'Edit Yoga' })).toHaveAttribute('href', '/things/1');
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
  });

  it('selects rows one by one (header box indeterminate) and all at once', async () => {
    const onIds = vi.fn();
    renderWithProviders(<Table q={query()} onIds={onIds} />);
    const all = screen.getByRole('checkbox', { name: 'Select all on this page' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Pilates' }));
    expect(onIds).toHaveBeenLastCalledWith([2]);
    expect(all).toHaveAttribute('data-indeterminate', 'true');
    expect(all).not.toBeChecked();
    await userEvent.click(all);
    expect(onIds).toHaveBeenLastCalledWith([2, 1]);
    expect(all).toBeChecked();
    await userEvent.click(all);
    expect(onIds).toHaveBeenLastCalledWith([]);
  });

  it('shows loading (busy), error with retry, empty and no-matches as different states', async () => {
    const { rerender } = renderWithProviders(<Table q={query({ data: undefined, isPending: true, isFetching: true })} />);
    expect(screen.getByTestId('data-table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByLabelText('Loading…')).toBeInTheDocument();

    const refetch = vi.fn();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    rerender(<Table q={query({ data: undefined, isError: true, error: new Error('500'), refetch })} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The list could not be loaded');
    expect(screen.queryByText('No things yet')).not.toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalled();
    error.mockRestore();

    const empty = query({ data: { data: [], meta: { ...meta, from: null, to: null, total: 0 } } });
    rerender(<Table q={empty} />);
    expect(screen.getByText('No things yet')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('data-table')).toHaveAttribute('aria-busy', 'false');

    const onReset = vi.fn();
    rerender(<Table q={empty} filtered onReset={onReset} />);
    expect(screen.queryByText('No things yet')).not.toBeInTheDocument();
    expect(screen.getByText('No matches')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(onReset).toHaveBeenCalled();
  });
});
