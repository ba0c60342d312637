import { Anchor, Button, EmptyState, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../../../lib/language';
import { activityListConfig, useActivityList, type ActivityListParams } from '../api/activities-api';
import { defaultListParams } from '../../../../lib/list/list-params';
import { showDateTime, useTeamZone } from '../../../../lib/team-zone';
import { ActivityStatusBadge } from './activity-status-badge';
import { CreateActivityButton } from './create-activity-button';

/** Spec §9: the dashboard's box shows the 10 latest activities (the list's defaults). */
const LATEST: ActivityListParams = defaultListParams(activityListConfig);

/** The dashboard's box of the 10 latest activities (spec §2, §9), with the create modal. */
export function LatestActivities() {
  const { t } = useTranslation('backend');
  const { t: tc } = useTranslation();
  const lang = useLang();
  const zone = useTeamZone();
  const { data, isPending, isError, isFetching, refetch } = useActivityList(LATEST);
  const rows = data?.data ?? [];

  if (isError) {
    // A failed load is not "no activities yet" (issue 9 item 4).
    return (
      <EmptyState size="sm" title={tc('dataTable.errorTitle')} description={tc('dataTable.errorText')}>
        <EmptyState.Actions>
          <Button size="sm" variant="default" loading={isFetching} onClick={() => void refetch()}>
            {tc('dataTable.retry')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }
  if (isPending) return <Text c="dimmed">{t('dashboard.latestCourses.loading')}</Text>;
  if (rows.length === 0) {
    return (
      <EmptyState size="sm" title={t('dashboard.latestCourses.empty')} description={t('dashboard.latestCourses.emptyText')}>
        <EmptyState.Actions>
          <CreateActivityButton size="sm" label={t('dashboard.latestCourses.create')} />
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
            <ActivityStatusBadge status={course.status} />
          </Group>
        ))}
      </Stack>
      <Group>
        <CreateActivityButton size="sm" label={t('dashboard.latestCourses.create')} />
      </Group>
    </Stack>
  );
}
