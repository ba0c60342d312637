import { useTranslation } from 'react-i18next';
import { FeaturesForm } from '../../features/teams';
import { PageFrame, RequirePermission } from './page-frame';

/** `/{lang}/backend/config/features`. */
export function FeaturesPage() {
  const { t } = useTranslation('settings');
  return (
    <RequirePermission name="nav.config">
      <PageFrame title={t('features.title')} intro={t('features.intro')}>
        <FeaturesForm />
      </PageFrame>
    </RequirePermission>
  );
}
