import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataColumn, type RowAction } from '../../../../components/data-table/data-table';
import { useListParams } from '../../../../lib/list/use-list-params';
import { useDeleteSetupRecord, useSetupList, type SetupResource } from '../api/setup-api';
import { useDeleteAction } from './use-delete-action';

export interface SetupColumn<T> {
  header: string;
  cell: (item: T) => ReactNode;
}

export interface SetupListProps<T extends { id: number }> {
  resource: SetupResource<{ id: number }, T>;
  /** The create button: a link to the create screen, or an action (a dialog). */
  create?: { label: string; to?: string; onClick?: () => void };
  /** Columns after the first one, which is the record's name linking to its screen. */
  nameHeader: string;
  columns: SetupColumn<T>[];
  name: (item: T) => string;
  /** The record's screen; or `onEdit` for records edited in a dialog. */
  editPath?: (item: T) => string;
  onEdit?: (item: T) => void;
  /** Default true; lists that are short by nature (holidays) go without. */
  searchable?: boolean;
  empty: { title: string; text: string };
  minWidth?: number;
  /** Dialogs and the like that belong to the page. */
  children?: ReactNode;
}

/**
 * A setup list (type sets, attributes, fields, products, locations, resources, holidays): the
 * shared DataTable over server-side pages, a search, a sortable name column, and per row an edit
 * link (or dialog) and a confirmed delete. Page, sort and search live in the address
 * (`useListParams`), so a reload, a link or back/forward keeps them.
 */
export function SetupList<T extends { id: number }>(props: SetupListProps<T>) {
  const { resource, create, nameHeader, columns, name, editPath, onEdit, searchable = true, empty, minWidth = 640, children } = props;
  const { t } = useTranslation('setup');
  const list = useListParams(resource.list);
  const query = useSetupList(resource, list.params);
  const remove = useDeleteSetupRecord(resource);
  const onDelete = useDeleteAction(remove.mutateAsync);

  const createButton = create?.to ? (
    <Button component={Link} to={create.to}>
      {create.label}
    </Button>
  ) : create ? (
    <Button onClick={create.onClick}>{create.label}</Button>
  ) : null;

  const dataColumns: DataColumn<T>[] = [
    {
      key: 'name',
      header: nameHeader,
      sortField: resource.nameSort,
      narrow: 'title',
      cell: (item) =>
        editPath ? (
          <Anchor component={Link} to={editPath(item)} fw={500}>
            {name(item)}
          </Anchor>
        ) : (
          <Text size="sm" fw={500}>
            {name(item)}
          </Text>
        ),
    },
    ...columns.map((c) => ({ key: c.header, header: c.header, cell: c.cell })),
  ];

  const rowActions = (item: T): RowAction[] => [
    editPath
      ? { label: t('list.edit'), ariaLabel: t('list.editLabel', { name: name(item) }), to: editPath(item) }
      : { label: t('list.edit'), ariaLabel: t('list.editLabel', { name: name(item) }), onClick: () => onEdit?.(item) },
    {
      label: t('list.delete'),
      ariaLabel: t('list.deleteLabel', { name: name(item) }),
      danger: true,
      onClick: () => void onDelete(item.id, name(item)),
    },
  ];

  return (
    <Stack gap="lg">
      <Group justify={searchable ? 'space-between' : 'flex-end'} align="flex-end" gap="sm" wrap="wrap">
        {searchable && 'search' in list.inputs && (
          <form
            role="search"
            onSubmit={(e) => {
              e.preventDefault();
              list.flushFilter('search');
            }}
            style={{ flex: '1 1 240px', maxWidth: 360 }}
          >
            <TextInput
              type="search"
              label={t('list.search')}
              value={list.inputs.search}
              onChange={(e) => list.setFilter('search', e.currentTarget.value)}
            />
          </form>
        )}
        {createButton}
      </Group>
      <DataTable<T>
        label={nameHeader}
        columns={dataColumns}
        query={query}
        sort={list.params.sort}
        onSort={list.toggleSort}
        page={list.params.page}
        onPage={list.setPage}
        rowActions={rowActions}
        filtered={list.filtered}
        onResetFilters={list.resetFilters}
        empty={{ title: empty.title, text: empty.text, action: createButton }}
        minWidth={minWidth}
      />
      {children}
    </Stack>
  );
}
