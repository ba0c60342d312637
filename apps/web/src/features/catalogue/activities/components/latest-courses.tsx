import { Anchor, EmptyState, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../../../lib/language';
import { useCourseList } from '../api/activities-api';
import { showDateTime, useTeamZone } from '../../timetable';
import { CourseStatusBadge } from './course-status-badge';
import { CreateCourseButton } from './create-course-modal';

const LATEST = {
  page: 1,
  perPage: 10,
  sort: { field: 'created_at', type: 'desc' as const },
  filters: { name: '', status: '', type_set_id: '', location_id: '' },
};

/** The dashboard's box of the 10 latest activities (spec §2, §9), with the create modal. */
export function LatestCourses() {
  const { t } = useTranslation('backend');
  const lang = useLang();
  const zone = useTeamZone();
  const { data, isPending, isError } = useCourseList(LATEST);
  const rows = data?.data ?? [];

  if (isPending) return <Text c="dimmed">{t('dashboard.latestCourses.loading')}</Text>;
  if (isError || rows.length === 0) {
    return (
      <EmptyState size="sm" title={t('dashboard.latestCourses.empty')} description={t('dashboard.latestCourses.emptyText')}>
        <EmptyState.Actions>
          <CreateCourseButton size="sm" label={t('dashboard.latestCourses.create')} />
        </EmptyState.Actions>
      </EmptyState>
    );
  }
  return (
    <Stack gap="xs">
      <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {rows.map((course) => (
          <Group key={course.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Anchor component={Link} to={`/${lang}/backend/courses/edit/${course.id}/basic`} truncate="end">
                {course.name_text}
              </Anchor>
              <Text size="xs" c="dimmed">
                {course.next_session
                  ? t('dashboard.latestCourses.next', { date: showDateTime(course.next_session, zone, lang) })
                  : t('dashboard.latestCourses.noDates')}
              </Text>
            </Stack>
            <CourseStatusBadge status={course.status} />
          </Group>
        ))}
      </Stack>
      <Group>
        <CreateCourseButton size="sm" label={t('dashboard.latestCourses.create')} />
      </Group>
    </Stack>
  );
}
