import type { ActivityDetail } from '@bookla/shared/catalogue-activities';
import { Anchor, Group, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../../lib/api-client';
import { useLang } from '../../../../lib/language';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useUpdateActivity } from '../api/activities-api';
import { ActivityStatusBadge } from './activity-status-badge';
import { PublishChecklist, publishReady } from './publish-checklist';

/**
 * Under the activity's name: its type, status badge, the publish switch for editors and, until it
 * could be published, the checklist of what publishing needs.
 */
export function ActivityEditHeader({ course, canEdit }: { course: ActivityDetail; canEdit: boolean }) {
  const { t } = useTranslation('activities');
  const lang = useLang();
  const update = useUpdateActivity(course.id);
  const published = course.status === 'published';
  const checks = course.publish_checks;
  const ready = !checks || publishReady(checks);

  const toggle = async (next: boolean) => {
    try {
      const result = await update.mutateAsync({ status: next ? 'published' : 'draft' });
      notifySuccess(result.message || (next ? t('edit.publishedNotice') : t('edit.unpublishedNotice')));
    } catch (error) {
      // Publishing refused: every reason at once (the checklist shows them too).
      const reasons = isApiError(error, 422) ? error.errors?.status : undefined;
      if (reasons?.length)
        notifications.show({ color: 'red', title: error instanceof Error ? error.message : undefined, message: reasons.join(' ') });
      else notifyError(error);
    }
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="wrap">
          <Anchor component={Link} to={`/${lang}/backend/courses`} size="sm">
            {t('edit.back')}
          </Anchor>
          <Text size="sm" c="dimmed">
            {course.type_set.name}
          </Text>
          <ActivityStatusBadge status={course.status} />
        </Group>
        {canEdit && (
          <Switch
            label={t('edit.publish')}
            checked={published}
            disabled={update.isPending}
            onChange={(e) => void toggle(e.currentTarget.checked)}
          />
        )}
      </Group>
      {canEdit && checks && (!published || !ready) && <PublishChecklist activityId={course.id} checks={checks} />}
    </Stack>
  );
}
