import { useTranslation } from 'react-i18next';
import { CoursesList } from '../../features/courses/components/courses-list';
import { PageFrame, RequirePermission } from './page-frame';

/** `/{lang}/backend/courses`: the activities list (spec §2). */
export function CoursesPage() {
  const { t } = useTranslation('courses');
  return (
    <RequirePermission name="nav.courses">
      <PageFrame title={t('list.title')} intro={t('list.intro')}>
        <CoursesList />
      </PageFrame>
    </RequirePermission>
  );
}
