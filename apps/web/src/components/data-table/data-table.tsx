import type { ListMeta } from '@bookla/shared/pagination';
import { Box, Button, Checkbox, EmptyState, Group, Loader, Stack, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useEffect, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SortType } from '../../lib/list/list-params';
import { Pager } from '../pager';
import classes from './data-table.module.css';

export interface DataColumn<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The server's sort field; makes the header a sort button. */
  sortField?: string;
  align?: 'left' | 'right';
  width?: number | string;
  /** The header is read by screen readers only (an image column). */
  hideHeader?: boolean;
  /** On a phone: `title` opens the card without a label; `hide` leaves the cell out. */
  narrow?: 'title' | 'hide';
}

export interface RowAction {
  label: string;
  /** The accessible name when the label alone is ambiguous ("Edit Yoga"). */
  ariaLabel?: string;
  to?: string;
  onClick?: () => void;
  danger?: boolean;
  disabled?: boolean;
}

/** What DataTable needs of a TanStack list query (`useQuery` of a `{data, meta}` reply fits). */
export interface ListQueryState<T> {
  data: { data: T[]; meta: ListMeta } | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface DataTableProps<T extends { id: number }> {
  /** The table's accessible name (usually the page title). */
  label: string;
  columns: DataColumn<T>[];
  query: ListQueryState<T>;
  sort?: { field: string; type: SortType };
  onSort?: (field: string) => void;
  page: number;
  onPage: (page: number, options?: { replace?: boolean }) => void;
  /** Mass selection: the chosen ids (across pages) for the mass actions. */
  selection?: { ids: number[]; onChange: (ids: number[]) => void; allLabel: string; rowLabel: (row: T) => string };
  rowActions?: (row: T) => RowAction[];
  /** Filters apply: an empty page then says "no matches" and offers to reset them. */
  filtered?: boolean;
  onResetFilters?: () => void;
  /** The first-run empty state, with an optional action (create). */
  empty: { title: string; text?: string; action?: ReactNode };
  /** Below this width the table scrolls inside its box (wide screens only; phones get cards). */
  minWidth?: number;
}

/**
 * The back office's list: a page of records from the server with sortable headers (`aria-sort`),
 * optional mass selection, row actions, the spec's pager, and distinct loading, error (with
 * retry), first-run empty and no-matches states. At 600 px and below the rows become cards.
 */
export function DataTable<T extends { id: number }>(props: DataTableProps<T>) {
  const { label, columns, query, sort, onSort, page, onPage, selection, rowActions, filtered, onResetFilters, empty, minWidth } = props;
  const { t } = useTranslation();
  const rows = query.data?.data ?? [];
  const meta = query.data?.meta;

  // Spec §8: list load failures are logged (and now also shown, with a retry).
  useEffect(() => {
    if (query.isError) console.error(`Could not load the list "${label}"`, query.error);
  }, [query.isError, query.error, label]);

  // A page beyond the last (a deleted last row, an old link) shows the last page instead.
  const lastPage = meta?.last_page ?? 1;
  const settled = Boolean(meta) && !query.isPlaceholderData && !query.isFetching;
  useEffect(() => {
    if (settled && lastPage >= 1 && page > lastPage) onPage(lastPage, { replace: true });
  }, [settled, page, lastPage, onPage]);

  let body: ReactNode;
  if (query.isError) {
    body = (
      <div role="alert">
        <EmptyState size="sm" title={t('dataTable.errorTitle')} description={t('dataTable.errorText')}>
          <EmptyState.Actions>
            <Button onClick={() => void query.refetch()} loading={query.isFetching}>
              {t('dataTable.retry')}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </div>
    );
  } else if (query.isPending) {
    body = (
      <Group justify="center" p="lg">
        <Loader size="sm" aria-label={t('dataTable.loading')} />
      </Group>
    );
  } else if (rows.length === 0) {
    body = filtered ? (
      <EmptyState size="sm" title={t('dataTable.noMatches')} description={t('dataTable.noMatchesText')}>
        {onResetFilters && (
          <EmptyState.Actions>
            <Button variant="default" onClick={onResetFilters}>
              {t('dataTable.resetFilters')}
            </Button>
          </EmptyState.Actions>
        )}
      </EmptyState>
    ) : (
      <EmptyState size="sm" title={empty.title} description={empty.text}>
        {empty.action && <EmptyState.Actions>{empty.action}</EmptyState.Actions>}
      </EmptyState>
    );
  } else {
    body = (
      <>
        <Box className={classes.scroll}>
          <Table
            className={classes.table}
            style={{ '--data-table-min-width': minWidth ? `${minWidth}px` : undefined } as CSSProperties}
            verticalSpacing="xs"
            highlightOnHover
            aria-label={label}
          >
            <Table.Thead>
              <Table.Tr>
                {selection && <SelectAllHeader rows={rows} selection={selection} />}
                {columns.map((column) => (
                  <HeaderCell key={column.key} column={column} sort={sort} onSort={onSort} />
                ))}
                {rowActions && (
                  <Table.Th className={classes.passive}>
                    <VisuallyHidden>{t('dataTable.actions')}</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  {selection && (
                    <Table.Td className={classes.select}>
                      <Checkbox
                        aria-label={selection.rowLabel(row)}
                        checked={selection.ids.includes(row.id)}
                        onChange={(e) =>
                          selection.onChange(
                            e.currentTarget.checked ? [...selection.ids, row.id] : selection.ids.filter((id) => id !== row.id),
                          )
                        }
                      />
                    </Table.Td>
                  )}
                  {columns.map((column) => (
                    <Table.Td
                      key={column.key}
                      ta={column.align}
                      className={column.narrow === 'title' ? classes.title : column.narrow === 'hide' ? classes.hideNarrow : undefined}
                      data-label={column.narrow || column.hideHeader ? undefined : column.header}
                    >
                      {column.cell(row)}
                    </Table.Td>
                  ))}
                  {rowActions && (
                    <Table.Td>
                      <RowActions actions={rowActions(row)} />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
        <Group justify="space-between" wrap="wrap" gap="sm">
          {meta && meta.total > 0 ? (
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('dataTable.range', { from: meta.from ?? 0, to: meta.to ?? 0, total: meta.total })}
            </Text>
          ) : (
            <span />
          )}
          <Pager page={meta?.current_page ?? page} lastPage={lastPage} onChange={(next) => onPage(next)} />
        </Group>
      </>
    );
  }

  return (
    <Stack gap="md" aria-busy={query.isFetching} data-testid="data-table">
      {body}
    </Stack>
  );
}

function HeaderCell<T>({
  column,
  sort,
  onSort,
}: {
  column: DataColumn<T>;
  sort?: DataTableProps<{ id: number }>['sort'];
  onSort?: (field: string) => void;
}) {
  const active = Boolean(column.sortField) && sort?.field === column.sortField;
  const direction = active ? (sort?.type === 'asc' ? 'ascending' : 'descending') : undefined;
  if (!column.sortField || !onSort) {
    return (
      <Table.Th className={classes.passive} w={column.width} ta={column.align}>
        {column.hideHeader ? <VisuallyHidden>{column.header}</VisuallyHidden> : column.header}
      </Table.Th>
    );
  }
  const field = column.sortField;
  return (
    <Table.Th aria-sort={direction ?? 'none'} w={column.width} ta={column.align}>
      <UnstyledButton className={classes.sortButton} onClick={() => onSort(field)}>
        {column.header}
        <span aria-hidden="true">{direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}</span>
      </UnstyledButton>
    </Table.Th>
  );
}

function SelectAllHeader<T extends { id: number }>({
  rows,
  selection,
}: {
  rows: T[];
  selection: NonNullable<DataTableProps<T>['selection']>;
}) {
  const pageIds = rows.map((r) => r.id);
  const chosen = new Set(selection.ids);
  const all = pageIds.length > 0 && pageIds.every((id) => chosen.has(id));
  const some = pageIds.some((id) => chosen.has(id));
  return (
    <Table.Th w={40}>
      <Checkbox
        aria-label={selection.allLabel}
        checked={all}
        indeterminate={some && !all}
        onChange={(e) =>
          selection.onChange(
            e.currentTarget.checked ? [...new Set([...selection.ids, ...pageIds])] : selection.ids.filter((id) => !pageIds.includes(id)),
          )
        }
      />
    </Table.Th>
  );
}

function RowActions({ actions }: { actions: RowAction[] }) {
  if (actions.length === 0) return null;
  return (
    <div className={classes.actions}>
      {actions.map((action) =>
        action.to ? (
          <Button
            key={action.label}
            component={Link}
            to={action.to}
            size="xs"
            variant="subtle"
            color={action.danger ? 'red.9' : undefined}
            aria-label={action.ariaLabel}
          >
            {action.label}
          </Button>
        ) : (
          <Button
            key={action.label}
            size="xs"
            variant="subtle"
            color={action.danger ? 'red.9' : undefined}
            aria-label={action.ariaLabel}
            disabled={action.disabled}
            onClick={action.onClick}
          >
            {action.label}
          </Button>
        ),
      )}
    </div>
  );
}
