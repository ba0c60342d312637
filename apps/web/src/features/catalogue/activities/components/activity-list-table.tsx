import type { ActivityListItem } from '@bookla/shared/catalogue';
import { pickText } from '@bookla/shared/i18n';
import { Anchor, Box, Image, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataColumn, type ListQueryState, type RowAction } from '../../../../components/data-table/data-table';
import { useLang } from '../../../../lib/language';
import type { ListState } from '../../../../lib/list/use-list-params';
import { showDateTime, useTeamZone } from '../../timetable';
import type { activityListConfig } from '../api/activities-api';
import { ActivityStatusBadge } from './activity-status-badge';
import { SeatsCell } from './seats-cell';

type Config = typeof activityListConfig;
type Sort = Config['sortFields'][number];
type Filter = keyof Config['filters'];

export interface ActivityListTableProps {
  query: ListQueryState<ActivityListItem>;
  list: ListState<Sort, Filter>;
  /** Without it, no selection column (no mass action allowed). */
  selection?: { ids: number[]; onChange: (ids: number[]) => void };
  empty: { title: string; text: string; action?: ReactNode };
}

/** The activities of one page (cards on a phone); the name and the row's actions open the activity. */
export function ActivityListTable({ query, list, selection, empty }: ActivityListTableProps) {
  const { t } = useTranslation('activities');
  const lang = useLang();
  const zone = useTeamZone();
  const editPath = (id: number, tab = 'basic') => `/${lang}/backend/courses/edit/${id}/${tab}`;
  const nameOf = (row: ActivityListItem) => pickText(row.name, lang) || row.name_text;

  const columns: DataColumn<ActivityListItem>[] = [
    {
      key: 'image',
      header: t('list.image'),
      hideHeader: true,
      narrow: 'hide',
      width: 72,
      cell: (row) =>
        row.media.header_image?.url ? (
          <Image src={row.media.header_image.url} alt="" w={56} h={36} radius="sm" fit="cover" />
        ) : (
          <Box w={56} h={36} bg="gray.1" style={{ borderRadius: 4 }} aria-hidden="true" />
        ),
    },
    {
      key: 'name',
      header: t('list.name'),
      sortField: 'name',
      narrow: 'title',
      cell: (row) => (
        <Anchor component={Link} to={editPath(row.id)} fw={500}>
          {nameOf(row)}
        </Anchor>
      ),
    },
    { key: 'type', header: t('list.type'), cell: (row) => row.type.name },
    { key: 'status', header: t('list.status'), sortField: 'status', cell: (row) => <ActivityStatusBadge status={row.status} /> },
    {
      key: 'next',
      header: t('list.nextDate'),
      cell: (row) =>
        row.next_session ? (
          showDateTime(row.next_session, zone, lang)
        ) : (
          <Text span c="dimmed" size="sm">
            {t('list.noDate')}
          </Text>
        ),
    },
    { key: 'location', header: t('list.location'), cell: (row) => row.location?.name ?? '–' },
    { key: 'seats', header: t('list.soldStock'), align: 'right', cell: (row) => <SeatsCell row={row} /> },
  ];

  const rowActions = (row: ActivityListItem): RowAction[] => [
    { label: t('list.edit'), ariaLabel: t('list.editLabel', { name: nameOf(row) }), to: editPath(row.id) },
    { label: t('list.dates'), ariaLabel: t('list.datesLabel', { name: nameOf(row) }), to: editPath(row.id, 'dates') },
  ];

  return (
    <DataTable<ActivityListItem>
      label={t('list.title')}
      columns={columns}
      query={query}
      sort={list.params.sort}
      onSort={(field) => list.toggleSort(field as Sort)}
      page={list.params.page}
      onPage={list.setPage}
      selection={selection && { ...selection, allLabel: t('list.selectPage'), rowLabel: (row) => t('list.select', { name: nameOf(row) }) }}
      rowActions={rowActions}
      filtered={list.filtered}
      onResetFilters={list.resetFilters}
      empty={empty}
      minWidth={960}
    />
  );
}
