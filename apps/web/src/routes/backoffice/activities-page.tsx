import { useTranslation } from 'react-i18next';
import { ActivitiesList } from '../../features/catalogue/activities';
import { PageFrame, RequirePermission } from './page-frame';

/** `/{lang}/backend/courses`: the activities list (spec §2). */
export function ActivitiesPage() {
  const { t } = useTranslation('activities');
  return (
    <RequirePermission name="nav.courses">
      <PageFrame title={t('list.title')} intro={t('list.intro')}>
        <ActivitiesList />
      </PageFrame>
    </RequirePermission>
  );
}
