import { EmptyState, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../../components/pager';
import { useCourseList } from '../api/activities-api';
import type { CourseFilters, CourseListParams } from '../types';
import { CourseListFilters, EMPTY_FILTERS } from './course-list-filters';
import { CourseListTable } from './course-list-table';
import { CourseMassActions, useAllowedMassActions } from './course-mass-actions';
import { CreateCourseButton } from './create-course-modal';

export const COURSES_PER_PAGE = 10;
const DEFAULT_SORT: CourseListParams['sort'] = { field: 'created_at', type: 'desc' };

/**
 * `/backend/courses` (spec §2, §9): the activities list, paged, sorted and filtered on the server,
 * with mass actions on the selected rows. A failed load is only logged (spec §8).
 */
export function CoursesList() {
  const { t } = useTranslation('activities');
  const [params, setParams] = useState<CourseListParams>({
    page: 1,
    perPage: COURSES_PER_PAGE,
    sort: DEFAULT_SORT,
    filters: EMPTY_FILTERS,
  });
  const [selected, setSelected] = useState<number[]>([]);
  const actions = useAllowedMassActions();
  const list = useCourseList(params);

  useEffect(() => {
    if (list.error) console.error('Could not load the activities', list.error);
  }, [list.error]);

  const setFilters = (filters: CourseFilters) => setParams((p) => ({ ...p, page: 1, filters }));
  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;
  const filtered = Object.values(params.filters).some(Boolean);

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <CreateCourseButton />
      </Group>
      <CourseListFilters onChange={setFilters} />
      <CourseMassActions ids={selected} actions={actions} onDone={() => setSelected([])} />
      {list.isPending ? (
        <Group justify="center" p="lg">
          <Loader size="sm" aria-label={t('loading')} />
        </Group>
      ) : rows.length === 0 ? (
        <EmptyState
          size="sm"
          title={filtered ? t('list.noMatches') : t('list.empty')}
          description={filtered ? t('list.noMatchesText') : t('list.emptyText')}
        />
      ) : (
        <>
          <CourseListTable
            rows={rows}
            sort={params.sort}
            onSort={(sort) => setParams((p) => ({ ...p, sort, page: 1 }))}
            selection={actions.length > 0 ? { ids: selected, onChange: setSelected } : undefined}
          />
          <Group justify="space-between" wrap="wrap">
            {meta && meta.total > 0 && (
              <Text size="sm" c="dimmed" aria-live="polite">
                {t('list.range', { from: meta.from ?? 0, to: meta.to ?? 0, total: meta.total })}
              </Text>
            )}
            <Pager page={meta?.current_page ?? 1} lastPage={meta?.last_page ?? 1} onChange={(page) => setParams((p) => ({ ...p, page }))} />
          </Group>
        </>
      )}
    </Stack>
  );
}
