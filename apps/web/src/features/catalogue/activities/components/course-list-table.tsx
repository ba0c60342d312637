import { pickText } from '@bookla/shared/i18n';
import { Anchor, Box, Checkbox, Image, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLang } from '../../../../lib/language';
import { showDateTime, useTeamZone } from '../../timetable';
import type { CourseListParams, CourseRow } from '../types';
import { CourseStatusBadge } from './course-status-badge';
import { SeatsCell } from './seats-cell';

type Sort = CourseListParams['sort'];
const SORTABLE = { name: 'name', status: 'status', created: 'created_at' } as const;

export function nextDate(row: CourseRow): string | null {
  return row.next_session !== undefined ? row.next_session : (row.timetables[0]?.start_date ?? null);
}

function SortHeader({ label, field, sort, onSort }: { label: string; field: string; sort: Sort; onSort: (sort: Sort) => void }) {
  const { t } = useTranslation('activities');
  const active = sort.field === field;
  const next: Sort = { field, type: active && sort.type === 'asc' ? 'desc' : 'asc' };
  return (
    <Table.Th aria-sort={active ? (sort.type === 'asc' ? 'ascending' : 'descending') : undefined}>
      <UnstyledButton onClick={() => onSort(next)} fw={700} fz="sm">
        {label} <span aria-hidden="true">{active ? (sort.type === 'asc' ? '▲' : '▼') : '↕'}</span>
        <VisuallyHidden>{t('list.sortBy', { column: label })}</VisuallyHidden>
      </UnstyledButton>
    </Table.Th>
  );
}

export interface CourseListTableProps {
  rows: CourseRow[];
  sort: Sort;
  onSort: (sort: Sort) => void;
  /** Without it, no selection column (no mass action allowed). */
  selection?: { ids: number[]; onChange: (ids: number[]) => void };
}

/** The activities of one page; on a phone the table scrolls sideways. A row opens the activity. */
export function CourseListTable({ rows, sort, onSort, selection }: CourseListTableProps) {
  const { t } = useTranslation('activities');
  const lang = useLang();
  const zone = useTeamZone();
  const navigate = useNavigate();
  const pageIds = rows.map((r) => r.id);
  const selected = new Set(selection?.ids ?? []);
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const someSelected = pageIds.some((id) => selected.has(id));
  const editPath = (id: number) => `/${lang}/backend/courses/edit/${id}/basic`;

  const toggle = (id: number, on: boolean) =>
    selection?.onChange(on ? [...selection.ids, id] : selection.ids.filter((other) => other !== id));

  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t('list.selectPage')}
                  checked={allSelected}
                  indeterminate={someSelected && !allSelected}
                  onChange={(e) =>
                    selection.onChange(
                      e.currentTarget.checked
                        ? [...new Set([...selection.ids, ...pageIds])]
                        : selection.ids.filter((id) => !pageIds.includes(id)),
                    )
                  }
                />
              </Table.Th>
            )}
            <Table.Th w={72}>
              <VisuallyHidden>{t('list.image')}</VisuallyHidden>
            </Table.Th>
            <SortHeader label={t('list.name')} field={SORTABLE.name} sort={sort} onSort={onSort} />
            <Table.Th>{t('list.type')}</Table.Th>
            <SortHeader label={t('list.status')} field={SORTABLE.status} sort={sort} onSort={onSort} />
            <Table.Th>{t('list.nextDate')}</Table.Th>
            <Table.Th>{t('list.location')}</Table.Th>
            <Table.Th ta="right">{t('list.soldStock')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const name = pickText(row.name, lang) || row.name_text;
            const next = nextDate(row);
            const image = row.media.header_image?.url;
            return (
              <Table.Tr key={row.id} style={{ cursor: 'pointer' }} onClick={() => void navigate(editPath(row.id))}>
                {selection && (
                  <Table.Td onClick={(e) => e.stopPropagation()}>
                    <Checkbox
                      aria-label={t('list.select', { name })}
                      checked={selected.has(row.id)}
                      onChange={(e) => toggle(row.id, e.currentTarget.checked)}
                    />
                  </Table.Td>
                )}
                <Table.Td>
                  {image ? (
                    <Image src={image} alt="" w={56} h={36} radius="sm" fit="cover" />
                  ) : (
                    <Box w={56} h={36} bg="gray.1" style={{ borderRadius: 4 }} aria-hidden="true" />
                  )}
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={editPath(row.id)} fw={500} onClick={(e) => e.stopPropagation()}>
                    {name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{row.type.name}</Table.Td>
                <Table.Td>
                  <CourseStatusBadge status={row.status} />
                </Table.Td>
                <Table.Td>
                  {next ? (
                    showDateTime(next, zone, lang)
                  ) : (
                    <Text span c="dimmed" size="sm">
                      {t('list.noDate')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{row.location?.name ?? '–'}</Table.Td>
                <Table.Td ta="right">
                  <SeatsCell row={row} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
