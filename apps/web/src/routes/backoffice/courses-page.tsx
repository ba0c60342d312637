import { useTranslation } from 'react-i18next';
import { CoursesList } from '../../features/catalogue/activities/components/courses-list';
import { PageFrame, RequirePermission } from './page-frame';

/** `/{lang}/backend/courses`: the activities list (spec §2). */
export function CoursesPage() {
  const { t } = useTranslation('activities');
  return (
    <RequirePermission name="nav.courses">
      <PageFrame title={t('list.title')} intro={t('list.intro')}>
        <CoursesList />
      </PageFrame>
    </RequirePermission>
  );
}
