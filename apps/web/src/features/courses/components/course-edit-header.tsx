import type { CourseDetail } from '@bookla/shared/catalogue-activities';
import { Anchor, Group, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../../lib/language';
import { notifyError, notifySuccess } from '../../teams/notify';
import { useUpdateCourse } from '../api/courses-api';
import { CourseStatusBadge } from './course-status-badge';

/** Under the activity's name: its type, status badge, and the publish switch for editors. */
export function CourseEditHeader({ course, canEdit }: { course: CourseDetail; canEdit: boolean }) {
  const { t } = useTranslation('courses');
  const lang = useLang();
  const update = useUpdateCourse(course.id);
  const published = course.status === 'published';

  const toggle = async (next: boolean) => {
    try {
      const result = await update.mutateAsync({ status: next ? 'published' : 'draft' });
      notifySuccess(result.message || (next ? t('edit.publishedNotice') : t('edit.unpublishedNotice')));
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="sm" wrap="wrap">
        <Anchor component={Link} to={`/${lang}/backend/courses`} size="sm">
          {t('edit.back')}
        </Anchor>
        <Text size="sm" c="dimmed">
          {course.type_set.name}
        </Text>
        <CourseStatusBadge status={course.status} />
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
  );
}
