import { Alert, Anchor, Button, EmptyState, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ListTable } from '../../../../components/list-table';
import { PageLoader } from '../../../../components/page-loader';
import { Pager } from '../../../../components/pager';
import { useDeleteSetupRecord, useSetupList, type SetupResource } from '../api/setup-api';
import { useDeleteAction } from './use-delete-action';

export interface SetupColumn<T> {
  header: string;
  cell: (item: T) => ReactNode;
}

export interface SetupListProps<T extends { id: number }> {
  resource: SetupResource;
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

const PER_PAGE = 10;
/** Spec §9: text filters fire after 1.5 s (Enter searches at once). */
const SEARCH_DELAY = 1500;

/**
 * A setup list (type sets, attributes, fields, products, locations, resources): server-side
 * pages, a search, an empty state, and per row a link to its screen and a confirmed delete.
 * Page and search live in the address, so a reload or a link keeps them.
 */
export function SetupList<T extends { id: number }>(props: SetupListProps<T>) {
  const { resource, create, nameHeader, columns, name, editPath, onEdit, searchable = true, empty, minWidth = 640, children } = props;
  const { t } = useTranslation('setup');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const [typed, setTyped] = useState(search);
  const [debounced] = useDebouncedValue(typed, SEARCH_DELAY);
  const list = useSetupList<T>(resource, { page, perPage: PER_PAGE, search });
  const remove = useDeleteSetupRecord(resource);
  const onDelete = useDeleteAction(remove.mutateAsync);

  const go = (next: { page?: number; search?: string }) => {
    const p = new URLSearchParams(params);
    const text = next.search ?? search;
    if (text) p.set('search', text);
    else p.delete('search');
    if (next.page && next.page > 1) p.set('page', String(next.page));
    else p.delete('page');
    setParams(p, { replace: true });
  };

  // The typed text searches once the user paused; a new search starts on page 1.
  useEffect(() => {
    if (debounced.trim() !== search.trim()) go({ search: debounced.trim(), page: 1 });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  // After deleting the last row of the last page, show the page that now is the last.
  const lastPage = list.data?.meta.last_page ?? 1;
  useEffect(() => {
    if (list.isSuccess && !list.isPlaceholderData && page > lastPage) go({ page: lastPage });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list.isSuccess, list.isPlaceholderData, page, lastPage]);

  const createButton = create?.to ? (
    <Button component={Link} to={create.to}>
      {create.label}
    </Button>
  ) : create ? (
    <Button onClick={create.onClick}>{create.label}</Button>
  ) : null;

  let body: ReactNode;
  if (list.isPending) body = <PageLoader />;
  else if (list.isError) body = <Alert color="red">{t('list.loadError')}</Alert>;
  else if (list.data.data.length === 0)
    body = search ? (
      <EmptyState title={t('list.noMatch', { search })} description={t('list.noMatchText')} />
    ) : (
      <EmptyState title={empty.title} description={empty.text}>
        {createButton && <EmptyState.Actions>{createButton}</EmptyState.Actions>}
      </EmptyState>
    );
  else
    body = (
      <>
        <ListTable minWidth={minWidth} columns={[nameHeader, ...columns.map((c) => c.header)]} actionsLabel={t('list.actions')}>
          {list.data.data.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>
                {editPath ? (
                  <Anchor component={Link} to={editPath(item)} fw={500}>
                    {name(item)}
                  </Anchor>
                ) : (
                  <Text size="sm" fw={500}>
                    {name(item)}
                  </Text>
                )}
              </Table.Td>
              {columns.map((c) => (
                <Table.Td key={c.header}>{c.cell(item)}</Table.Td>
              ))}
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  {editPath ? (
                    <Button
                      component={Link}
                      to={editPath(item)}
                      size="xs"
                      variant="subtle"
                      aria-label={t('list.editLabel', { name: name(item) })}
                    >
                      {t('list.edit')}
                    </Button>
                  ) : (
                    <Button
                      size="xs"
                      variant="subtle"
                      aria-label={t('list.editLabel', { name: name(item) })}
                      onClick={() => onEdit?.(item)}
                    >
                      {t('list.edit')}
                    </Button>
                  )}
                  <Button
                    size="xs"
                    variant="subtle"
                    color="#c92a2a"
                    aria-label={t('list.deleteLabel', { name: name(item) })}
                    onClick={() => void onDelete(item.id, name(item))}
                  >
                    {t('list.delete')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
        <Pager page={page} lastPage={lastPage} onChange={(next) => go({ page: next })} />
      </>
    );

  return (
    <Stack gap="lg">
      <Group justify={searchable ? 'space-between' : 'flex-end'} align="flex-end" gap="sm" wrap="wrap">
        {searchable && (
          <form
            role="search"
            onSubmit={(e) => {
              e.preventDefault();
              go({ search: typed.trim(), page: 1 });
            }}
            style={{ flex: '1 1 240px', maxWidth: 360 }}
          >
            <TextInput type="search" label={t('list.search')} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} />
          </form>
        )}
        {createButton}
      </Group>
      <Stack gap="md">{body}</Stack>
      {children}
    </Stack>
  );
}
